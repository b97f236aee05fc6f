/**
 * What runs on its own in the Questionnaires module, every minute (and in the tests at a time
 * they choose: `runSchedules(ctx, now)`), for every client database:
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
 * Bells and e-mails are written in the transaction that marks them sent (the mail outbox
 * delivers them), and the sockets told after it commits.
 */
import { occurrencesFrom } from '../../../../common/modules/questionnaryV2/recurrence.js';
import type { Recurrence } from '../../../../common/modules/questionnaryV2/schemas.js';
import type { Queryable } from '../../db/types.js';
import { inspectionMail } from '../../mail/messages.js';
import { queueRecordMails } from '../../mail/outbox.js';
import { notifyMailQueued } from '../../mail/worker.js';
import type { RecordedNotification } from '../../notifications/notifier.js';
import type { RouteContext } from '../../routes/context.js';
import { DISTRICT_TIME_ZONE } from '../_platform/time-zone.js';
import { QUESTIONNAIRES_MODULE } from './repository.js';

const DAY_MS = 86_400_000;
/** How far ahead an occurrence is made at most. */
const AHEAD_MAX_MS = 30 * DAY_MS;
/** Occurrences one schedule makes in one run at most (a schedule far behind catches up over several). */
export const OCCURRENCES_PER_RUN = 24;
/** Reminders and overdue notices one run sends per database at most. */
const NOTICES_PER_RUN = 500;
export const SCHEDULER_INTERVAL_MS = 60_000;

/** The dates are the shared recurrence's (the planners' form previews them with the same code). */
export { occurrence } from '../../../../common/modules/questionnaryV2/recurrence.js';

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
        await tx.query(`insert into record_history (module, record_id, district_id, version, action, changes, actor_id, at) values ($1, $2, $3, 1, 'create', $4, $5, $6)`, [
          QUESTIONNAIRES_MODULE,
          rows[0].id,
          schedule.district_id,
          JSON.stringify(changes),
          schedule.created_by,
          now,
        ]);
      }
    }
    next = nextAfter(schedule, due);
  }
  await tx.query('update inspection_schedules set next_due_at = $2 where id = $1', [schedule.id, next]);
  return made;
}

interface NoticeRow {
  id: string;
  district_id: string;
  assignee_id: string;
  planner: string;
  due_at: Date;
  template_name: string;
  site_name: string | null;
}

const dueText = (due: Date) => {
  const format = (locale: string) =>
    new Intl.DateTimeFormat(locale, { timeZone: DISTRICT_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }).format(due);
  return { fr: format('fr-FR'), en: format('en-GB') };
};

export interface SchedulerReport {
  made: number;
  reminded: number;
  overdue: number;
}

/** One database's run: occurrences, reminders, overdue notices; answers what to announce once committed. */
async function runDatabase(ctx: RouteContext, database: string, now: Date): Promise<SchedulerReport & { rung: { districtId: string; items: RecordedNotification[] }[] }> {
  const db = await ctx.databases.client(database);
  const report = { made: 0, reminded: 0, overdue: 0, rung: [] as { districtId: string; items: RecordedNotification[] }[] };
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
      const when = kind === 'reminder' ? 'i.remind_at <= $1 and i.reminded_at is null and i.due_at > $1' : 'i.due_at <= $1 and i.overdue_notified_at is null';
      const { rows } = await tx.query<NoticeRow>(
        `select i.id, i.district_id, i.assignee_id, coalesce(sc.created_by, i.created_by) as planner, i.due_at, t.name as template_name, s.name as site_name
           from inspections i
           join questionnaire_templates t on t.id = i.template_id
           left join sites s on s.id = i.site_id
           left join inspection_schedules sc on sc.id = i.schedule_id
          where ${when} and i.status <> 'submitted' and i.deleted_at is null
          order by i.due_at
          limit ${NOTICES_PER_RUN}
          for update of i skip locked`,
        [now],
      );
      for (const row of rows) {
        const recipients = [...new Set(kind === 'reminder' ? [row.assignee_id] : [row.assignee_id, row.planner])];
        const { rows: members } = await tx.query<{ account_id: string }>('select account_id from memberships where district_id = $1 and account_id = any($2::uuid[])', [
          row.district_id,
          recipients,
        ]);
        const to = members.map((m) => m.account_id);
        const { rows: accounts } = await ctx.databases.control.query<{ id: string; email: string }>('select id, email from accounts where id = any($1::uuid[])', [
          [...new Set([...to, row.assignee_id])],
        ]);
        const assigneeName = accounts.find((a) => a.id === row.assignee_id)?.email ?? '';
        const where = `${row.template_name}${row.site_name ? `, ${row.site_name}` : ''}`;
        const dueAt = dueText(new Date(row.due_at));
        if (to.length > 0) {
          const items = await ctx.notifier.record(tx, row.district_id, to, {
            name: kind === 'reminder' ? `Inspection à réaliser avant le ${dueAt.fr} : ${where}` : `Inspection en retard (échéance ${dueAt.fr}) : ${where}`,
            translate: false,
            actions: [{ name: 'questionnaires.open', translate: true, link: `/questionnary-v2/inspections/${row.id}` }],
          });
          report.rung.push({ districtId: row.district_id, items });
          await queueRecordMails(
            tx,
            accounts.filter((a) => to.includes(a.id)).map((a) => a.email),
            inspectionMail({ kind, templateName: row.template_name, siteName: row.site_name, assigneeName, due: dueAt, link: `${ctx.config.publicUrl}/questionnary-v2/inspections/${row.id}` }),
          );
        }
        await tx.query(
          kind === 'reminder'
            ? 'update inspections set reminded_at = $2 where id = $1'
            : 'update inspections set overdue_notified_at = $2, reminded_at = coalesce(reminded_at, $2) where id = $1',
          [row.id, now],
        );
      }
      return rows.length;
    });
  report.overdue = await notices('overdue');
  report.reminded = await notices('reminder');
  return report;
}

/** Every client database's run at `now` (the tests' clock); a database that fails is skipped and logged. */
export async function runSchedules(ctx: RouteContext, now: Date, log?: { error: (o: object, m: string) => void }): Promise<SchedulerReport> {
  const { rows } = await ctx.databases.control.query<{ database: string }>('select database from clients order by database');
  const total: SchedulerReport = { made: 0, reminded: 0, overdue: 0 };
  for (const { database } of rows) {
    try {
      const report = await runDatabase(ctx, database, now);
      for (const { districtId, items } of report.rung) ctx.notifier.announce(database, districtId, items);
      if (report.reminded + report.overdue > 0) notifyMailQueued();
      total.made += report.made;
      total.reminded += report.reminded;
      total.overdue += report.overdue;
    } catch (error) {
      log?.error({ err: error, database }, 'questionnaires scheduler: client database skipped');
    }
  }
  return total;
}

/** The scheduler of this process: a run every minute until `stop()`. */
export function startScheduler(ctx: RouteContext, log: { error: (o: object, m: string) => void }): { stop: () => Promise<void> } {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    running ??= runSchedules(ctx, new Date(), log).finally(() => {
      running = null;
    });
  }, SCHEDULER_INTERVAL_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
