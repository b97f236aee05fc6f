/**
 * The Sharing bank's reminders: to the members a resource asks who have not acknowledged its
 * current version, as a bell and an e-mail in each reader's language (_platform/notices.ts).
 * Two kinds, each sent once per version: the manager's "remind those who have not" (a second
 * one is refused with 409 `sharingBank.already_reminded`) and the scheduled one, the resource's
 * `remindAfterDays` days after its publication (the scheduler's run, every minute). The
 * reminder's row (sharing_reminders, keyed by resource, version and kind) is written first in
 * the transaction that writes the bells: a run or a manager that finds it sends nothing.
 */
import type { Language } from '../../../../common/constants.js';
import { resourcePagePath, type Reminder, type ResourceKind } from '../../../../common/modules/sharingBank/schemas.js';
import type { Queryable } from '../../db/types.js';
import type { MailContent } from '../../mail/messages.js';
import type { RouteContext } from '../../routes/context.js';
import { noticesJob, NOTICES_PER_RUN, sendNotice, type Rung } from '../_platform/notices.js';
import { audienceBook, audienceOf } from './repository.js';

const BELLS: Record<Language, (title: string, version: number) => string> = {
  fr: (title, version) => `À lire et à valider : ${title}${version > 1 ? ` (version ${version})` : ''}`,
  en: (title, version) => `To read and acknowledge: ${title}${version > 1 ? ` (version ${version})` : ''}`,
};

const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The reminder's e-mail in the reader's language. */
export function reminderMail(title: string, version: number, href: string, language: Language): MailContent {
  const words =
    language === 'fr'
      ? { subject: `Rappel : ${title} à lire et à valider`, lead: `Vous n’avez pas encore indiqué avoir lu le document « ${title} »${version > 1 ? ` (version ${version})` : ''}.`, act: 'Ouvrez-le dans Vigie et validez sa lecture :' }
      : { subject: `Reminder: please read and acknowledge ${title}`, lead: `You have not yet acknowledged “${title}”${version > 1 ? ` (version ${version})` : ''}.`, act: 'Open it in Vigie and acknowledge it:' };
  return {
    subject: words.subject,
    text: `${words.lead}\n\n${words.act}\n${href}\n`,
    html: `<p>${escapeHtml(words.lead)}</p><p>${escapeHtml(words.act)} <a href="${escapeHtml(href)}">${escapeHtml(href)}</a></p>`,
  };
}

export interface ReminderTarget {
  id: string;
  kind: ResourceKind;
  district_id: string;
  title: string;
  audience: string;
  group_ids: string[];
  current_version: number;
}

/**
 * Sends the reminder of `kind` of the resource's current version in `tx`, once: answers null when
 * it was sent already, else the reminder and the bells to announce once committed.
 */
export async function sendReminder(
  ctx: RouteContext,
  tx: Queryable,
  resource: ReminderTarget,
  kind: Reminder['kind'],
  now: Date,
  by: string | null,
): Promise<{ reminder: Reminder; rung: Rung } | null> {
  const { rows: claimed } = await tx.query(
    `insert into sharing_reminders (resource_id, resource_version, kind, sent_at, sent_by) values ($1, $2, $3, $4, $5) on conflict do nothing returning resource_id`,
    [resource.id, resource.current_version, kind, now, by],
  );
  if (claimed.length === 0) return null;
  const audience = audienceOf(await audienceBook(tx, resource.district_id), resource);
  const { rows: done } = await tx.query<{ account_id: string }>(
    'select account_id from sharing_readings where resource_id = $1 and resource_version = $2 and acknowledged_at is not null',
    [resource.id, resource.current_version],
  );
  const acknowledged = new Set(done.map((r) => r.account_id));
  const to = audience.filter((id) => !acknowledged.has(id));
  const items =
    to.length === 0
      ? []
      : await sendNotice(ctx, tx, {
          districtId: resource.district_id,
          to,
          bell: (language) => BELLS[language](resource.title, resource.current_version),
          path: resourcePagePath(resource.id),
          openKey: 'sharingBank.open',
          mail: (href, language) => reminderMail(resource.title, resource.current_version, href, language),
        });
  await tx.query('update sharing_reminders set recipients = $4 where resource_id = $1 and resource_version = $2 and kind = $3', [resource.id, resource.current_version, kind, to.length]);
  return { reminder: { kind, sentAt: now.toISOString(), count: to.length }, rung: items.length > 0 ? [{ districtId: resource.district_id, items }] : [] };
}

async function runDatabase(ctx: RouteContext, database: string, now: Date): Promise<{ reminded: number; rung: Rung }> {
  const db = await ctx.databases.client(database);
  const rung: Rung = [];
  const reminded = await db.transaction(async (tx) => {
    const { rows } = await tx.query<ReminderTarget>(
      `select t.id, t.kind, t.district_id, t.title, t.audience, t.group_ids, t.current_version from sharing_resources t
        where t.deleted_at is null and t.remind_after_days is not null
          and t.published_at + make_interval(days => t.remind_after_days) <= $1
          and not exists (select 1 from sharing_reminders r where r.resource_id = t.id and r.resource_version = t.current_version and r.kind = 'scheduled')
        order by t.published_at, t.id limit ${NOTICES_PER_RUN}
        for update of t skip locked`,
      [now],
    );
    let sent = 0;
    for (const row of rows) {
      const result = await sendReminder(ctx, tx, row, 'scheduled', now, null);
      if (!result) continue;
      rung.push(...result.rung);
      sent += 1;
    }
    return sent;
  });
  return { reminded, rung };
}

/** Every client database's run at `now` (the tests' clock). */
export const runSharingBankJob = noticesJob<{ reminded: number }>('sharing-bank', { reminded: 0 }, runDatabase);
