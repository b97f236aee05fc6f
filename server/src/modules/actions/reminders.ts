/**
 * The actions' reminder and escalation job (one of the scheduled jobs: the `jobs` of actions/module.ts), run
 * every minute over every client database, and by the tests at the times they choose
 * (`runActionReminders(ctx, now)`). For open actions (todo, in progress, not deleted):
 *
 * 1. Overdue: an action whose due day has passed (`due_on` before today) tells its assignee and
 *    its plan's owner, once each (once if they are the same person); it also stands for the
 *    reminder, which would come too late.
 * 2. Reminder: an action whose reminder day has come (`remind_on`, ACTION_REMIND_DAYS before its
 *    due day, set by the repository with the due date) tells its assignee, once.
 *
 * "Today" is the district's day (_platform/dates.ts, Europe/Paris). Each notice is claimed once
 * in the database and written as bells and e-mails in the claiming transaction
 * (_platform/notices.ts): two processes on one PostgreSQL send it once. A new due date or
 * assignee clears `reminded_at` and `overdue_notified_at` (the repository), so the notices
 * follow the new date.
 */
import type { Language } from '../../../../common/constants.js';
import { actionPagePath } from '../../../../common/modules/actions/schemas.js';
import { actionMail } from '../../mail/messages.js';
import type { RouteContext } from '../../routes/context.js';
import { dayText, districtToday } from '../_platform/dates.js';
import { claimNotices, noticesJob, sendNotice, type Claim, type Rung } from '../_platform/notices.js';
import { actorNames } from '../_platform/records.js';

export interface ActionRemindersReport {
  reminded: number;
  overdue: number;
}

const OPEN = `status in ('todo', 'inProgress') and deleted_at is null`;
/** `$1` the run's time, `$2` the district's today (the partial indexes actions_remind_idx and actions_overdue_idx). */
const CLAIMS = {
  reminder: { table: 'actions', stamp: 'reminded_at', due: `remind_on <= $2::date and ${OPEN}`, order: 'remind_on, id' },
  overdue: { table: 'actions', stamp: 'overdue_notified_at', due: `due_on < $2::date and ${OPEN}`, order: 'due_on, id', alsoSet: 'reminded_at = coalesce(reminded_at, $1)' },
} as const satisfies Record<string, Claim>;

/** The bells' texts in each reader's language: (the due day as the reader writes it, the action and its site). */
const BELLS: Record<'reminder' | 'overdue', Record<Language, (due: string, what: string) => string>> = {
  reminder: { fr: (due, what) => `Action à réaliser pour le ${due} : ${what}`, en: (due, what) => `Action due ${due}: ${what}` },
  overdue: { fr: (due, what) => `Action en retard (échéance ${due}) : ${what}`, en: (due, what) => `Action overdue (due ${due}): ${what}` },
};

interface NoticeRow {
  id: string;
  district_id: string;
  title: string;
  assignee_id: string | null;
  owner_id: string | null;
  due_on: string;
  site_name: string | null;
}

async function runDatabase(ctx: RouteContext, database: string, now: Date): Promise<ActionRemindersReport & { rung: Rung }> {
  const db = await ctx.databases.client(database);
  const today = districtToday(now);
  const rung: Rung = [];
  const notices = (kind: 'reminder' | 'overdue') =>
    db.transaction(async (tx) => {
      const ids = await claimNotices(tx, { ...CLAIMS[kind], params: [today] }, now);
      if (ids.length === 0) return 0;
      const { rows } = await tx.query<NoticeRow>(
        `select a.id, a.district_id, a.title, a.assignee_id, p.owner_id, a.due_on::text as due_on, s.name as site_name
           from actions a
           left join action_plans p on p.id = a.plan_id and p.deleted_at is null
           left join sites s on s.id = a.site_id
          where a.id = any($1::uuid[])
          order by a.due_on, a.id`,
        [ids],
      );
      const names = await actorNames(ctx.databases.control, rows.map((r) => r.assignee_id));
      for (const row of rows) {
        const due = dayText(row.due_on);
        const where = `${row.title}${row.site_name ? ` (${row.site_name})` : ''}`;
        const to = kind === 'reminder' ? [row.assignee_id] : [row.assignee_id, row.owner_id];
        const assigneeName = row.assignee_id ? (names.get(row.assignee_id) ?? '') : '';
        const items = await sendNotice(ctx, tx, {
          districtId: row.district_id,
          to: to.filter((id): id is string => id !== null),
          bell: (language) => BELLS[kind][language](due[language], where),
          path: actionPagePath(row.id),
          openKey: 'actionNotices.open',
          mail: (link, language) => actionMail({ kind, title: row.title, siteName: row.site_name, assigneeName, due, link, language }),
        });
        if (items.length > 0) rung.push({ districtId: row.district_id, items });
      }
      return rows.length;
    });
  const overdue = await notices('overdue');
  const reminded = await notices('reminder');
  return { overdue, reminded, rung };
}

/** Every client database's run at `now` (the tests' clock); a database that fails is skipped and logged. */
export const runActionReminders = noticesJob<ActionRemindersReport>('actions reminders', { reminded: 0, overdue: 0 }, runDatabase);
