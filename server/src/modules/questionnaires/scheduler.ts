/**
 * What runs on its own in the Questionnaires module, every minute (one of the scheduled jobs:
 * the `jobs` of questionnaires/module.ts; in the tests at a time they choose: `runSchedules(ctx, now)`), for every
 * client database:
 *
 * 1. Occurrences: a live schedule whose next occurrence is within one period (at most 30 days;
 *    a single one at once) makes it: one inspection to do per site and person, due then, with
 *    its reminder time. A schedule behind (the server was stopped) catches up, at most
 *    OCCURRENCES_PER_RUN at a time; the unique index on (schedule, due time, site, person) keeps
 *    two schedulers from making one twice. Dates move in UTC (a monthly one on the 31st falls
 *    on the month's last day).
 * 2. Reminders: an inspection not submitted whose reminder time has come (its schedule's days
 *    before the due time; a day for one planned by hand) tells its assignee, once: bell and
 *    e-mail.
 * 3. Overdue: one past its due time tells its assignee and its planner, once.
 *
 * Reminders and overdue notices are claimed once and written as bells and e-mails in one
 * transaction (_platform/notices.ts), the sockets told after it commits.
 */
import type { Language } from '../../../../common/constants.js';
import { occurrencesFrom } from '../../../../common/modules/questionnaires/recurrence.js';
import { inspectionPagePath, type Recurrence } from '../../../../common/modules/questionnaires/schemas.js';
import type { Queryable } from '../../db/types.js';
import { inspectionMail } from '../../mail/messages.js';
import type { RouteContext } from '../../routes/context.js';
import { dateTimeText } from '../_platform/dates.js';
import { claimNotices, noticesJob, sendNotice, type Claim, type Rung } from '../_platform/notices.js';
import { actorNames, seedHistory } from '../_platform/records.js';
import { QUESTIONNAIRES_MODULE } from './repository.js';

const DAY_MS = 86_400_000;
/** How far ahead an occurrence is made at most. */
const AHEAD_MAX_MS = 30 * DAY_MS;
/** Occurrences one schedule makes in one run at most (a schedule far behind catches up over several). */
export const OCCURRENCES_PER_RUN = 24;

/** The dates are the shared recurrence's (the planners' form previews them with the same code). */
export { occurrence } from '../../../../common/modules/questionnaires/recurrence.js';

/** How long before its due time an occurrence is made. */
function ahead(recurrence: Recurrence, interval: number): number {
  if (recurrence === 'once') return Number.POSITIVE_INFINITY;
  const period = recurrence === 'weekly' ? interval * 7 * DAY_MS : interval * (recurrence === 'yearly' ? 365 : 30) * DAY_MS;
  return Math.min(period, AHEAD_MAX_MS);
}

export interface ScheduleRow {
  id: string;
  district_id: string;
  family: string;
  template_id: string;
  site_ids: string[];
  assignee_ids: string[];
  recurrence: Recurrence;
  interval: number;
  first_due_at: Date;
  until: Date | null;
  remind_days: number;
  next_due_at: Date | null;
  created_by: string;
  deleted_at: Date | null;
}

/** The occurrence after `due` of a schedule (null when it has ended). */
export function nextAfter(schedule: Pick<ScheduleRow, 'first_due_at' | 'recurrence' | 'interval' | 'until'>, due: Date): Date | null {
  if (schedule.recurrence === 'once') return null;
  const pattern = { firstDueAt: new Date(schedule.first_due_at), recurrence: schedule.recurrence, interval: schedule.interval, until: schedule.until ? new Date(schedule.until) : null };
  return occurrencesFrom(pattern, due, 1, true)[0] ?? null;
}

/**
 * Makes the occurrences of one schedule that are due to be made at `now` (the caller holds its
 * row); answers how many inspections were made.
 */
export async function makeOccurrences(tx: Queryable, schedule: ScheduleRow, now: Date): Promise<number> {
  if (schedule.deleted_at) return 0;
  const { rows: template } = await tx.query<{ version: number; name: string; deleted_at: Date | null }>('select version, name, deleted_at from questionnaire_templates where id = $1', [
    schedule.template_id,
  ]);
  if (!template[0] || template[0].deleted_at) return 0;
  // The sites still live and the people still members, each time.
  const { rows: sites } = await tx.query<{ id: string; name: string }>('select id, name from sites where id = any($1::uuid[]) and district_id = $2 and deleted_at is null', [
    schedule.site_ids,
    schedule.district_id,
  ]);
  const { rows: members } = await tx.query<{ account_id: string }>('select account_id from memberships where district_id = $1 and account_id = any($2::uuid[])', [
    schedule.district_id,
    schedule.assignee_ids,
  ]);
  const lead = ahead(schedule.recurrence, schedule.interval);
  let next = schedule.next_due_at ? new Date(schedule.next_due_at) : null;
  let made = 0;
  // Written by the schedule's author, at the scheduler's time.
  const history = seedHistory(tx, schedule.district_id, schedule.created_by);
  for (let n = 0; next && next.getTime() - lead <= now.getTime() && n < OCCURRENCES_PER_RUN; n++) {
    const due = next;
    const places: ({ id: string; name: string } | null)[] = schedule.site_ids.length > 0 ? sites : [null];
    for (const site of places) {
      for (const { account_id: assignee } of members) {
        const { rows } = await tx.query<{ id: string }>(
          `insert into inspections (id, district_id, family, template_id, template_version, site_id, assignee_id, schedule_id, due_at, remind_at, status,
                                    search_text, created_by, updated_by, created_at, updated_at)
           values (gen_random_uuid(), $1, $2, $3, $4, $5, $6, $7, $8, $8::timestamptz - make_interval(days => $9::int), 'todo', vigie_fold($10 || ' ' || coalesce($11, '')), $12, $12, $13, $13)
           on conflict do nothing returning id`,
          [schedule.district_id, schedule.family, schedule.template_id, template[0].version, site?.id ?? null, assignee, schedule.id, due, schedule.remind_days, template[0].name, site?.name ?? null, schedule.created_by, now],
        );
        if (!rows[0]) continue;
        made++;
        const changes = [
          { field: 'template', before: null, after: { id: schedule.template_id, version: template[0].version } },
          { field: 'assigneeId', before: null, after: assignee },
          { field: 'schedule', before: null, after: schedule.id },
          { field: 'dueAt', before: null, after: due.toISOString() },
        ];
        await history(QUESTIONNAIRES_MODULE, rows[0].id, 1, 'create', changes, now);
      }
    }
    next = nextAfter(schedule, due);
  }
  await tx.query('update inspection_schedules set next_due_at = $2 where id = $1', [schedule.id, next]);
  return made;
}

/** The bells' texts in each reader's language: (the due time as the reader writes it, the template and its site). */
const BELLS: Record<'reminder' | 'overdue', Record<Language, (due: string, what: string) => string>> = {
  reminder: { fr: (due, what) => `Inspection à réaliser avant le ${due} : ${what}`, en: (due, what) => `Inspection due ${due}: ${what}` },
  overdue: { fr: (due, what) => `Inspection en retard (échéance ${due}) : ${what}`, en: (due, what) => `Inspection overdue (due ${due}): ${what}` },
};

interface NoticeRow {
  id: string;
  district_id: string;
  assignee_id: string;
  planner: string;
  due_at: Date;
  template_name: string;
  site_name: string | null;
}

export interface SchedulerReport {
  made: number;
  reminded: number;
  overdue: number;
}

const OPEN = `status <> 'submitted' and deleted_at is null`;
const CLAIMS = {
  reminder: { table: 'inspections', stamp: 'reminded_at', due: `remind_at <= $1 and due_at > $1 and ${OPEN}`, order: 'due_at' },
  // An overdue notice also stands for the reminder it makes pointless.
  overdue: { table: 'inspections', stamp: 'overdue_notified_at', due: `due_at <= $1 and ${OPEN}`, order: 'due_at', alsoSet: 'reminded_at = coalesce(reminded_at, $1)' },
} as const satisfies Record<string, Claim>;

/** One database's run: occurrences, reminders, overdue notices; answers what to announce once committed. */
async function runDatabase(ctx: RouteContext, database: string, now: Date): Promise<SchedulerReport & { rung: Rung }> {
  const db = await ctx.databases.client(database);
  const report = { made: 0, reminded: 0, overdue: 0, rung: [] as Rung };
  const { rows: due } = await db.query<{ id: string }>(
    `select id from inspection_schedules where deleted_at is null and next_due_at is not null and next_due_at <= $1::timestamptz + interval '366 days'`,
    [now],
  );
  for (const { id } of due) {
    report.made += await db.transaction(async (tx) => {
      const { rows } = await tx.query<ScheduleRow>('select * from inspection_schedules where id = $1 for update skip locked', [id]);
      return rows[0] ? makeOccurrences(tx, rows[0], now) : 0;
    });
  }

  const notices = async (kind: 'reminder' | 'overdue') =>
    db.transaction(async (tx) => {
      const ids = await claimNotices(tx, CLAIMS[kind], now);
      const { rows } = await tx.query<NoticeRow>(
        `select i.id, i.district_id, i.assignee_id, coalesce(sc.created_by, i.created_by) as planner, i.due_at, t.name as template_name, s.name as site_name
           from inspections i
           join questionnaire_templates t on t.id = i.template_id
           left join sites s on s.id = i.site_id
           left join inspection_schedules sc on sc.id = i.schedule_id
          where i.id = any($1::uuid[])
          order by i.due_at`,
        [ids],
      );
      for (const row of rows) {
        const names = await actorNames(ctx.databases.control, [row.assignee_id]);
        const where = `${row.template_name}${row.site_name ? `, ${row.site_name}` : ''}`;
        const dueAt = dateTimeText(new Date(row.due_at));
        const assigneeName = names.get(row.assignee_id) ?? '';
        const items = await sendNotice(ctx, tx, {
          districtId: row.district_id,
          to: kind === 'reminder' ? [row.assignee_id] : [row.assignee_id, row.planner],
          bell: (language) => BELLS[kind][language](dueAt[language], where),
          path: inspectionPagePath(row.id),
          openKey: 'questionnaires.open',
          mail: (link, language) => inspectionMail({ kind, templateName: row.template_name, siteName: row.site_name, assigneeName, due: dueAt, link, language }),
        });
        if (items.length > 0) report.rung.push({ districtId: row.district_id, items });
      }
      return rows.length;
    });
  report.overdue = await notices('overdue');
  report.reminded = await notices('reminder');
  return report;
}

/** Every client database's run at `now` (the tests' clock); a database that fails is skipped and logged. */
export const runSchedules = noticesJob<SchedulerReport>('questionnaires scheduler', { made: 0, reminded: 0, overdue: 0 }, runDatabase);
