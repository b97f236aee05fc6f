/**
 * The stock's scheduled job (every minute, over every client database; the tests run it at the
 * times they choose: `runStockJob(ctx, now)`):
 *
 * 1. Overdue loans: a loan not returned after its due day (the district's day) is reminded once
 *    to the person who lent it and to the stock's managers, as a bell and an e-mail in each
 *    reader's language. `stock_loans.reminded_at` is claimed first (_platform/notices.ts): a
 *    second run, or a second server at once, claims nothing and sends nothing.
 * 2. Low stock: a level that went under its minimum is noticed once to the stock's managers
 *    (`stock_levels.low_noticed_at`, claimed the same way); a movement that takes it back to its
 *    minimum or above clears the stamp, so the next crossing is noticed again.
 */
import { STOCK_PATHS } from '../../../../../common/modules/inventory/stock.js';
import type { Language } from '../../../../../common/constants.js';
import type { Queryable } from '../../../db/types.js';
import type { MailContent } from '../../../mail/messages.js';
import type { RouteContext } from '../../../routes/context.js';
import { dayText, districtToday } from '../../_platform/dates.js';
import { claimNotices, noticesJob, sendNotice, type Rung } from '../../_platform/notices.js';
import { ADMIN_RIGHT } from './repository.js';

export interface StockJobReport {
  overdue: number;
  low: number;
}

const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A short e-mail: its subject, one line, the page's link. */
function stockMail(language: Language, subject: string, line: string, href: string): MailContent {
  const greeting = language === 'fr' ? 'Bonjour,' : 'Hello,';
  return {
    subject,
    text: [greeting, '', line, '', href, ''].join('\n'),
    html: `<!doctype html><html><body><div lang="${language}"><p>${escapeHtml(greeting)}</p><p>${escapeHtml(line)}</p><p><a href="${escapeHtml(href)}">${escapeHtml(href)}</a></p></div></body></html>`,
  };
}

/** The district's stock managers (the admin right). */
async function managersOf(tx: Queryable, districtId: string): Promise<string[]> {
  const { rows } = await tx.query<{ account_id: string }>('select account_id from memberships where district_id = $1 and $2 = any(rights)', [districtId, ADMIN_RIGHT]);
  return rows.map((r) => r.account_id);
}

async function runDatabase(ctx: RouteContext, database: string, now: Date): Promise<StockJobReport & { rung: Rung }> {
  const db = await ctx.databases.client(database);
  const today = districtToday(now);
  const rung: Rung = [];

  const overdue = await db.transaction(async (tx) => {
    const ids = await claimNotices(tx, { table: 'stock_loans', stamp: 'reminded_at', due: 'returned_at is null and due_on < $2::date', params: [today], order: 'due_on, id' }, now);
    if (ids.length === 0) return 0;
    const { rows } = await tx.query<{ id: string; district_id: string; lent_by: string; borrower: string; due_on: string; quantity: number; article_name: string; unit: string }>(
      `select l.id, l.district_id, l.lent_by, l.borrower, l.due_on::text as due_on, l.quantity::float8 as quantity, a.name as article_name, a.unit
         from stock_loans l join inventory_articles a on a.id = l.article_id where l.id = any($1::uuid[])`,
      [ids],
    );
    for (const row of rows) {
      const due = dayText(row.due_on);
      const what = `${row.quantity} ${row.unit} ${row.article_name}`.replace(/\s+/g, ' ').trim();
      const words = {
        fr: { bell: `Prêt en retard : ${what}, ${row.borrower} (retour prévu le ${due.fr})`, subject: `Vigie : prêt en retard (${row.article_name})`, line: `Le prêt de ${what} à ${row.borrower} devait être rendu le ${due.fr}.` },
        en: { bell: `Overdue loan: ${what}, ${row.borrower} (due ${due.en})`, subject: `Vigie: overdue loan (${row.article_name})`, line: `The loan of ${what} to ${row.borrower} was due back on ${due.en}.` },
      } as const;
      const items = await sendNotice(ctx, tx, {
        districtId: row.district_id,
        to: [row.lent_by, ...(await managersOf(tx, row.district_id))],
        bell: (language) => words[language].bell,
        path: STOCK_PATHS.loan(row.id),
        openKey: 'inventory.stock.open',
        mail: (href, language) => stockMail(language, words[language].subject, words[language].line, href),
      });
      if (items.length > 0) rung.push({ districtId: row.district_id, items });
    }
    return rows.length;
  });

  const low = await db.transaction(async (tx) => {
    const ids = await claimNotices(tx, { table: 'stock_levels', stamp: 'low_noticed_at', due: 'quantity < min_quantity', order: 'updated_at, id' }, now);
    if (ids.length === 0) return 0;
    const { rows } = await tx.query<{ district_id: string; article_name: string; unit: string; area_path: string; quantity: number; min_quantity: number }>(
      `select l.district_id, a.name as article_name, a.unit, stock_area_path(l.area_id) as area_path, l.quantity::float8 as quantity, l.min_quantity::float8 as min_quantity
         from stock_levels l join inventory_articles a on a.id = l.article_id where l.id = any($1::uuid[])`,
      [ids],
    );
    for (const row of rows) {
      const words = {
        fr: {
          bell: `Stock bas : ${row.article_name} (${row.area_path}) ${row.quantity}/${row.min_quantity} ${row.unit}`.trim(),
          subject: `Vigie : stock bas (${row.article_name})`,
          line: `Il reste ${row.quantity} ${row.unit} de ${row.article_name} dans ${row.area_path}, sous le minimum de ${row.min_quantity}.`,
        },
        en: {
          bell: `Low stock: ${row.article_name} (${row.area_path}) ${row.quantity}/${row.min_quantity} ${row.unit}`.trim(),
          subject: `Vigie: low stock (${row.article_name})`,
          line: `${row.quantity} ${row.unit} of ${row.article_name} left in ${row.area_path}, under its minimum of ${row.min_quantity}.`,
        },
      } as const;
      const items = await sendNotice(ctx, tx, {
        districtId: row.district_id,
        to: await managersOf(tx, row.district_id),
        bell: (language) => words[language].bell,
        path: STOCK_PATHS.lowStock,
        openKey: 'inventory.stock.open',
        mail: (href, language) => stockMail(language, words[language].subject, words[language].line, href),
      });
      if (items.length > 0) rung.push({ districtId: row.district_id, items });
    }
    return rows.length;
  });

  return { overdue, low, rung };
}

/** Every client database's run at `now`; a database that fails is skipped and logged. */
export const runStockJob = noticesJob<StockJobReport>('stock', { overdue: 0, low: 0 }, runDatabase);
