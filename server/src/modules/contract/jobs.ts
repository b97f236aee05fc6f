/**
 * The Contracts job (one of the scheduled jobs, run every minute over every client database, and
 * by the tests at the times they choose: `runContractJob(ctx, now)`). On the district's day
 * (_platform/dates.ts, Europe/Paris):
 *
 * 1. Terms: a tacitly renewed contract past its term's end rolls to its next term
 *    (common/modules/contract/deadline.ts): `term_end_on` and `notice_on` move forward.
 * 2. Statuses by rule (history entries without an author, reason `rule:<status>`):
 *    active → toRenew once the notice deadline is within the reminder window (the contract's
 *    largest reminder day, RENEWAL_WINDOW_DEFAULT_DAYS without any); active or toRenew →
 *    expired after the end of a contract without tacit renewal; toRenew → active when a tacit
 *    renewal took its notice deadline out of the window again.
 * 3. Reminders before the notice deadline and before the end, at the contract's reminder days
 *    (90, 30, 7 by default): on a given day the smallest reminder day the deadline is within is
 *    due, to the contract's manager, as a bell and an e-mail in the manager's language. Each is
 *    recorded in `contract_reminders` (primary key: contract, kind, days, deadline) in the
 *    transaction that writes its bell and e-mail, the row inserted first: a second run, or a
 *    second server at once, finds the row and sends nothing.
 */
import { addDaysTo, daysFrom } from '../../../../common/modules/contract/deadline.js';
import { contractPagePath, RENEWAL_WINDOW_DEFAULT_DAYS, type ContractStatus } from '../../../../common/modules/contract/schemas.js';
import { contractMail } from '../../mail/messages.js';
import type { RouteContext } from '../../routes/context.js';
import { dayText, districtToday } from '../_platform/dates.js';
import { noticesJob, sendNotice, type Rung } from '../_platform/notices.js';
import { emitRecordChanged } from '../_platform/events.js';
import { UNKNOWN_ACTOR_ID } from '../_platform/records.js';
import { CONTRACT_MODULES, moveStatus, termOf } from './repository.js';

export interface ContractJobReport {
  rolled: number;
  moved: number;
  reminded: number;
}

/** Contracts one run handles per database and step at most (a backlog goes over the next runs). */
const PER_RUN = 500;

const WINDOW = `coalesce((select max(d) from unnest(t.reminder_days) d), ${RENEWAL_WINDOW_DEFAULT_DAYS})`;

const BELLS: Record<'notice' | 'end', Record<'fr' | 'en', (deadline: string, what: string) => string>> = {
  notice: { fr: (d, what) => `Préavis à donner avant le ${d} : ${what}`, en: (d, what) => `Notice due by ${d}: ${what}` },
  end: { fr: (d, what) => `Contrat à échéance le ${d} : ${what}`, en: (d, what) => `Contract ends ${d}: ${what}` },
};

interface DueRow {
  id: string;
  district_id: string;
  name: string;
  owner_id: string;
  reminder_days: number[];
  notice_on: string | null;
  term_end_on: string | null;
  supplier_name: string;
}

/** The reminder due on `today` for a deadline: the smallest of `days` the deadline is within, if any. */
export function dueReminder(deadline: string | null, days: readonly number[], today: string): number | null {
  if (!deadline) return null;
  const left = daysFrom(today, deadline);
  if (left < 0) return null;
  const within = days.filter((d) => left <= d);
  return within.length === 0 ? null : Math.min(...within);
}

async function runDatabase(ctx: RouteContext, database: string, now: Date): Promise<ContractJobReport & { rung: Rung }> {
  const db = await ctx.databases.client(database);
  const today = districtToday(now);
  const rung: Rung = [];

  // 1. Terms rolled forward.
  const rolled = await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string; end_on: string; tacit_renewal: boolean; renewal_months: number | null; notice_days: number }>(
      `select id, end_on::text as end_on, tacit_renewal, renewal_months, notice_days from contracts
        where deleted_at is null and tacit_renewal and term_end_on < $1::date and status in ('draft', 'active', 'toRenew')
        order by term_end_on, id limit ${PER_RUN} for update skip locked`,
      [today],
    );
    for (const row of rows) {
      const term = termOf({ endOn: row.end_on, tacitRenewal: row.tacit_renewal, renewalMonths: row.renewal_months, noticeDays: row.notice_days }, today);
      await tx.query('update contracts set term_end_on = $2, notice_on = $3 where id = $1', [row.id, term?.endOn ?? null, term?.noticeOn ?? null]);
    }
    return rows.length;
  });

  // 2. Statuses by rule.
  const movedRows = await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string; district_id: string; version: number; status: ContractStatus; status_reason: string; next: ContractStatus }>(
      `select t.id, t.district_id, t.version, t.status, t.status_reason,
              case when not t.tacit_renewal and t.term_end_on < $1::date then 'expired'
                   when t.status = 'active' and t.notice_on <= $1::date + ${WINDOW} then 'toRenew'
                   else 'active' end as next
         from contracts t
        where t.deleted_at is null and t.status in ('active', 'toRenew') and (
              (not t.tacit_renewal and t.term_end_on < $1::date)
           or (t.status = 'active' and t.notice_on <= $1::date + ${WINDOW})
           or (t.status = 'toRenew' and t.tacit_renewal and t.notice_on > $1::date + ${WINDOW}))
        order by t.term_end_on, t.id limit ${PER_RUN} for update of t skip locked`,
      [today],
    );
    for (const row of rows) {
      await moveStatus({ db: tx, control: ctx.databases.control, districtId: row.district_id, actor: { id: UNKNOWN_ACTOR_ID } }, row, row.next, `rule:${row.next}`);
    }
    return rows;
  });
  // Once committed: the open sheets and lists read the moved contracts again.
  for (const row of movedRows) emitRecordChanged(ctx.io, database, row.district_id, { module: CONTRACT_MODULES.contracts, id: row.id, version: row.version + 1 });
  const moved = movedRows.length;

  // 3. Reminders, each once.
  const reminded = await db.transaction(async (tx) => {
    const { rows } = await tx.query<DueRow>(
      `select t.id, t.district_id, t.name, t.owner_id, t.reminder_days, t.notice_on::text as notice_on, t.term_end_on::text as term_end_on, s.name as supplier_name
         from contracts t join suppliers s on s.id = t.supplier_id
        where t.deleted_at is null and t.status in ('active', 'toRenew') and cardinality(t.reminder_days) > 0
          and ((t.notice_on between $1::date and $1::date + ${WINDOW}) or (t.term_end_on between $1::date and $1::date + ${WINDOW}))
        order by t.notice_on, t.id limit ${PER_RUN}`,
      [today],
    );
    let sent = 0;
    for (const row of rows) {
      for (const kind of ['notice', 'end'] as const) {
        const deadline = kind === 'notice' ? row.notice_on : row.term_end_on;
        const days = dueReminder(deadline, row.reminder_days, today);
        if (days === null || !deadline) continue;
        // The record of the reminder first: a run that finds it sends nothing.
        const { rows: claimed } = await tx.query(
          `insert into contract_reminders (contract_id, kind, days, deadline, sent_at) values ($1, $2, $3, $4, $5) on conflict do nothing returning contract_id`,
          [row.id, kind, days, deadline, now],
        );
        if (claimed.length === 0) continue;
        const text = dayText(deadline);
        const left = daysFrom(today, deadline);
        const what = `${row.name} (${row.supplier_name})`;
        const items = await sendNotice(ctx, tx, {
          districtId: row.district_id,
          to: [row.owner_id],
          bell: (language) => BELLS[kind][language](text[language], what),
          path: contractPagePath(row.id),
          openKey: 'contractNotices.open',
          mail: (link, language) => contractMail({ kind, title: row.name, supplierName: row.supplier_name, deadline: text, days: left, link, language }),
        });
        if (items.length > 0) rung.push({ districtId: row.district_id, items });
        sent += 1;
      }
    }
    return sent;
  });
  return { rolled, moved, reminded, rung };
}

/** Every client database's run at `now` (the tests' clock); a database that fails is skipped and logged. */
export const runContractJob = noticesJob<ContractJobReport>('contracts', { rolled: 0, moved: 0, reminded: 0 }, runDatabase);

/** The deadline `days` before `deadline` (the day a reminder becomes due). */
export const reminderDay = (deadline: string, days: number): string => addDaysTo(deadline, -days);
