/**
 * Notices the scheduled jobs send (an inspection's or an action's reminder, its overdue
 * notice): each one claimed once in the database, then written as a bell notification and an
 * e-mail per recipient, all in the transaction that claims it.
 *
 * The claim is one statement, `update … set <stamp> = now where <stamp> is null … returning`,
 * over the rows picked `for update skip locked`: two jobs at once (two processes on one
 * PostgreSQL, or two runs in one) never claim one row twice, and a row another job holds is
 * left to it. Since the bells and the e-mails (mail outbox) are written in that same
 * transaction, a notice exists with its bells and e-mails or not at all; the sockets are told
 * after the commit (`announce`). Each reader's bell and e-mail are in its language (the
 * account's, accounts.language: PUT /api/me/language).
 */
import type { NotificationAction } from '../../../../common/api-types.js';
import { LANGUAGES, type Language } from '../../../../common/constants.js';
import type { Queryable } from '../../db/types.js';
import type { MailContent } from '../../mail/messages.js';
import { queueRecordMails } from '../../mail/outbox.js';
import { notifyMailQueued } from '../../mail/worker.js';
import type { RecordedNotification } from '../../notifications/notifier.js';
import type { RouteContext } from '../../routes/context.js';
import { forEachClientDatabase, type JobLog } from './scheduler.js';

/** Notices one job's run claims per database and kind at most (a backlog goes out over the next runs). */
export const NOTICES_PER_RUN = 500;

export interface Claim {
  /** The table of the records noticed (a constant of the module, never input). */
  table: string;
  /** The column stamped with the time the notice went out: null until then. */
  stamp: string;
  /** When a row is due to be noticed: SQL over the table's columns, `$1` is the run's time, then `params`. */
  due: string;
  params?: readonly unknown[];
  /** Which rows go first when there are more than NOTICES_PER_RUN. */
  order: string;
  /** Other columns the claim sets (SQL assignments, `$1` is the run's time). */
  alsoSet?: string;
}

/** Claims the due notices of one kind at `now`: answers the ids this run now owns (in `tx`). */
export async function claimNotices(tx: Queryable, claim: Claim, now: Date): Promise<string[]> {
  const { rows } = await tx.query<{ id: string }>(
    `update ${claim.table} set ${claim.stamp} = $1${claim.alsoSet ? `, ${claim.alsoSet}` : ''}
      where id in (select id from ${claim.table}
                    where ${claim.stamp} is null and (${claim.due})
                    order by ${claim.order}
                    limit ${NOTICES_PER_RUN}
                    for update skip locked)
        and ${claim.stamp} is null
      returning id`,
    [now, ...(claim.params ?? [])],
  );
  return rows.map((r) => r.id);
}

export interface Notice {
  districtId: string;
  /** Accounts to tell (repeated ones once; those no longer members of the district are left out). */
  to: readonly string[];
  /** The bell's text in a reader's language (the account's: accounts.language, set by the app). */
  bell: (language: Language) => string;
  /** The record's page in the app: the bell's button and the e-mail's link go there. */
  path: string;
  /** The bell's button label (a translation key of the app). */
  openKey: string;
  /** The e-mail in a reader's language, given the page's full address. */
  mail: (href: string, language: Language) => MailContent;
}

/** Writes one notice's bells and e-mails in `tx`, each reader's in its language; answers the bells to announce once committed. */
export async function sendNotice(ctx: RouteContext, tx: Queryable, notice: Notice): Promise<RecordedNotification[]> {
  const wanted = [...new Set(notice.to)];
  const { rows: members } = await tx.query<{ account_id: string }>('select account_id from memberships where district_id = $1 and account_id = any($2::uuid[])', [
    notice.districtId,
    wanted,
  ]);
  const to = members.map((m) => m.account_id);
  if (to.length === 0) return [];
  const open: NotificationAction = { name: notice.openKey, translate: true, link: notice.path };
  const { rows: accounts } = await ctx.databases.control.query<{ id: string; email: string; language: Language; disabled: boolean }>(
    'select id, email, language, disabled from accounts where id = any($1::uuid[]) order by email',
    [to],
  );
  const href = `${ctx.config.publicUrl}${notice.path}`;
  const items: RecordedNotification[] = [];
  for (const language of LANGUAGES) {
    const readers = accounts.filter((a) => a.language === language);
    if (readers.length === 0) continue;
    items.push(...(await ctx.notifier.record(tx, notice.districtId, readers.map((a) => a.id), { name: notice.bell(language), translate: false, actions: [open] })));
    // A disabled account keeps its bell (seen if it is enabled again) but is sent no e-mail.
    const mailed = readers.filter((a) => !a.disabled).map((a) => a.email);
    if (mailed.length > 0) await queueRecordMails(tx, mailed, notice.mail(href, language));
  }
  return items;
}

/** The bells a database's run wrote, to announce once its transactions have committed. */
export type Rung = { districtId: string; items: RecordedNotification[] }[];

/**
 * A scheduled job that sends notices: `runDatabase` runs one client database at `now` and
 * answers its counts with the bells it wrote; then the sockets are told (and the members'
 * cached badges dropped) and the mail workers woken. A database that fails is skipped and logged.
 */
export function noticesJob<R extends { [K in keyof R]: number }>(
  name: string,
  empty: R,
  runDatabase: (ctx: RouteContext, database: string, now: Date) => Promise<R & { rung: Rung }>,
): (ctx: RouteContext, now: Date, log?: JobLog) => Promise<R> {
  return (ctx, now, log) =>
    forEachClientDatabase(
      ctx,
      name,
      empty,
      async (database) => {
        const { rung, ...report } = await runDatabase(ctx, database, now);
        for (const { districtId, items } of rung) ctx.notifier.announce(database, districtId, items);
        if (rung.length > 0) notifyMailQueued();
        return report as unknown as R;
      },
      log,
    );
}
