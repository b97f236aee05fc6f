/**
 * The inventory family's stock part (../part.ts): areas, the movement ledger and its levels,
 * loans, counts, the recap table; its demo and bench data; its job (overdue loans, low stock,
 * each noticed once); the loans' returns in the calendar; the low-stock card on the dashboard.
 */
import { STOCK_PATHS } from '../../../../../common/modules/inventory/stock.js';
import { can } from '../../../../../common/rights.js';
import type { CalendarItem } from '../../../../../common/schemas/calendar.js';
import { DASHBOARD_ROWS, type DashboardCard } from '../../../../../common/schemas/dashboard.js';
import { districtToday } from '../../_platform/dates.js';
import type { CalendarEvents } from '../../_platform/module.js';
import type { ModulePart } from '../../_platform/parts.js';
import { seedBenchMovements } from './bench-seed.js';
import { runStockJob } from './jobs.js';
import { stockRoutes } from './routes.js';
import { seedStock } from './seed.js';

/** A loan's return day in the calendar of every reader of the stock's loans (its own right or the managers'). */
const canReadLoans = (rights: readonly string[]) => rights.includes('stockManagement.loanStuff_read') || rights.includes('stockManagement.admin');

export const stockCalendarEvents: CalendarEvents = {
  async items(reader, from, to, now) {
    if (!can(reader.rights, 'stock', 'read') || !canReadLoans(reader.rights)) return [];
    const today = districtToday(now);
    const { rows } = await reader.db.query<{ id: string; due_on: string; borrower: string; quantity: number; article_name: string; unit: string; site_name: string | null }>(
      `select l.id, l.due_on::text as due_on, l.borrower, l.quantity::float8 as quantity, a.name as article_name, a.unit,
              (select si.name from stock_areas ar join sites si on si.id = ar.site_id where ar.id = l.area_id) as site_name
         from stock_loans l join inventory_articles a on a.id = l.article_id
        where l.district_id = $1 and l.returned_at is null and l.due_on between $2::date and $3::date
        order by l.due_on, l.id limit 500`,
      [reader.districtId, from, to],
    );
    return rows.map(
      (r): CalendarItem => ({
        kind: 'stockLoanReturn',
        id: r.id,
        title: `${r.article_name} × ${r.quantity} (${r.borrower})`,
        date: r.due_on,
        at: null,
        status: r.due_on < today ? 'overdue' : 'open',
        overdue: r.due_on < today,
        siteName: r.site_name,
        path: STOCK_PATHS.loan(r.id),
      }),
    );
  },
  words: { stockLoanReturn: { fr: 'Retour de prêt : ', en: 'Loan return: ' } },
  statusWords: { open: { fr: 'en cours', en: 'open' }, overdue: { fr: 'en retard', en: 'overdue' } },
};

const fmt = (n: number) => String(Math.round(n * 1000) / 1000);

export const stockPart: ModulePart = {
  routes: stockRoutes,
  seed: seedStock,
  benchSeeds: [{ option: 'movements', what: 'stock movements', run: seedBenchMovements }],
  jobs: [runStockJob],
  calendarEvents: stockCalendarEvents,
  namedTables: [{ table: 'stock_areas', name: 'name' }],
  dashboardCards: async (reader): Promise<DashboardCard[]> => {
    if (!can(reader.rights, 'stock', 'read')) return [];
    const { rows } = await reader.db.query<{ article_id: string; article_name: string; unit: string; area_path: string; quantity: number; min_quantity: number; total: number }>(
      `select l.article_id, a.name as article_name, a.unit, stock_area_path(l.area_id) as area_path, l.quantity::float8 as quantity, l.min_quantity::float8 as min_quantity,
              count(*) over ()::int as total
         from stock_levels l join inventory_articles a on a.id = l.article_id and a.deleted_at is null join stock_areas ar on ar.id = l.area_id and ar.deleted_at is null
        where l.district_id = $1 and l.quantity < l.min_quantity
        order by l.quantity / nullif(l.min_quantity, 0), vigie_fold(a.name), l.id limit ${DASHBOARD_ROWS}`,
      [reader.districtId],
    );
    const count = rows[0]?.total ?? 0;
    return [
      {
        id: 'inventory.lowStock',
        namespace: 'common',
        title: 'dashboard.cards.lowStock',
        count,
        tone: count > 0 ? 'warning' : 'neutral',
        path: STOCK_PATHS.lowStock,
        items: rows.map((r) => ({
          id: r.article_id,
          label: `${r.article_name} · ${r.area_path}`,
          detail: `${fmt(r.quantity)}/${fmt(r.min_quantity)} ${r.unit}`.trim(),
          day: null,
          tone: r.quantity <= 0 ? 'danger' : 'warning',
          path: STOCK_PATHS.article(r.article_id),
        })),
      },
    ];
  },
};
