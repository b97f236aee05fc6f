/**
 * The data-sharing area's scheduled job (every minute over every client database, and by the
 * tests at the times they choose: `runDsaJob(ctx, now)`), and the notice of a finished deposit.
 *
 * - **Abandoned deposits**: a deposit started DSA_ABANDONED_HOURS (24 h) ago or more whose bytes
 *   never all arrived is removed: its row and its attachment's go, its bytes are freed in the
 *   storage (the tus upload and its description), and its room in the link's quota is given
 *   back. Its depositor's page, if it comes back, starts the file again.
 * - **The notice of a deposit**: when a deposit's last byte arrives, the area's managers (the
 *   district's members with `dsa.dsaManagement_admin`) get a bell and an e-mail (mail outbox), in
 *   each reader's language, linking to the area's sheet. One notice per depositor's batch: the
 *   deposits of one depositor on one link are told together once none of that batch is still
 *   arriving (or an hour after the last one started). The claim is `noticed_at`, set in the
 *   statement that picks the rows (`for update skip locked`): the page's last PATCH, the job, a
 *   second server, all at once, tell it once.
 */
import { DSA_ABANDONED_HOURS, DSA_AREAS, dsaAreaPath } from '../../../../common/modules/dsa/schemas.js';
import type { Language } from '../../../../common/constants.js';
import { can } from '../../../../common/rights.js';
import type { Queryable } from '../../db/types.js';
import type { MailContent } from '../../mail/messages.js';
import { notifyMailQueued } from '../../mail/worker.js';
import type { RouteContext } from '../../routes/context.js';
import { emitRecordChanged } from '../_platform/events.js';
import { NOTICES_PER_RUN, noticesJob, sendNotice, type Rung } from '../_platform/notices.js';

export interface DsaJobReport {
  noticed: number;
  abandoned: number;
}

interface DepositRow {
  id: string;
  district_id: string;
  area_id: string;
  area_name: string;
  link_id: string;
  name: string;
  size: string;
  depositor_name: string;
  depositor_email: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function sizeText(bytes: number, language: Language): string {
  const units = language === 'fr' ? ['octets', 'Ko', 'Mo', 'Go'] : ['bytes', 'kB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value)} ${units[unit]}`;
}

const WORDS: Record<Language, { bell: (who: string, count: number, area: string) => string; subject: (who: string, area: string) => string; intro: (who: string, email: string, area: string) => string; open: string }> = {
  fr: {
    bell: (who, count, area) => `${who} a déposé ${count === 1 ? 'un fichier' : `${count} fichiers`} dans « ${area} »`,
    subject: (who, area) => `Nouveau dépôt de ${who} : ${area}`,
    intro: (who, email, area) => `${who}${email ? ` (${email})` : ''} a déposé dans l’espace de partage « ${area} » :`,
    open: 'Ouvrir l’espace',
  },
  en: {
    bell: (who, count, area) => `${who} deposited ${count === 1 ? 'a file' : `${count} files`} in "${area}"`,
    subject: (who, area) => `New deposit from ${who}: ${area}`,
    intro: (who, email, area) => `${who}${email ? ` (${email})` : ''} deposited in the data-sharing area "${area}":`,
    open: 'Open the area',
  },
};

function depositMail(batch: DepositRow[], link: string, language: Language): MailContent {
  const w = WORDS[language];
  const first = batch[0]!;
  const intro = w.intro(first.depositor_name, first.depositor_email, first.area_name);
  const lines = batch.map((d) => `${d.name} (${sizeText(Number(d.size), language)})`);
  return {
    subject: w.subject(first.depositor_name, first.area_name),
    text: `${intro}\n${lines.map((l) => `- ${l}`).join('\n')}\n\n${w.open} : ${link}\n`,
    html: `<p>${escapeHtml(intro)}</p><ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul><p><a href="${escapeHtml(link)}">${escapeHtml(w.open)}</a></p>`,
  };
}

/**
 * Claims the finished deposits not told yet (of one area, or all) whose batch is over, and
 * writes their notices in `tx`; answers how many deposits were told and the bells to announce.
 */
async function noticeIn(ctx: RouteContext, tx: Queryable, now: Date, areaId: string | null): Promise<{ noticed: number; rung: Rung }> {
  const { rows } = await tx.query<DepositRow>(
    `update dsa_deposits p set noticed_at = $1
      where p.id in (select d.id from dsa_deposits d join attachments a on a.id = d.id and a.state = 'complete' and a.deleted_at is null
                      where d.noticed_at is null and ($2::uuid is null or d.area_id = $2)
                        and not exists (select 1 from dsa_deposits o join attachments oa on oa.id = o.id and oa.state = 'uploading' and oa.deleted_at is null
                                         where o.link_id = d.link_id and o.depositor_name = d.depositor_name and o.created_at > $1::timestamptz - interval '1 hour')
                      order by d.created_at, d.id limit ${NOTICES_PER_RUN} for update of d skip locked)
        and p.noticed_at is null
      returning p.id, p.district_id, p.area_id, (select a.name from dsa_areas a where a.id = p.area_id) as area_name, p.link_id, p.name, p.size::text as size,
                p.depositor_name, p.depositor_email`,
    [now, areaId],
  );
  const batches = new Map<string, DepositRow[]>();
  for (const row of rows) {
    const key = `${row.link_id}\u0000${row.depositor_name}`;
    batches.set(key, [...(batches.get(key) ?? []), row]);
  }
  const managers = new Map<string, string[]>();
  const rung: Rung = [];
  for (const batch of batches.values()) {
    batch.sort((a, b) => a.name.localeCompare(b.name));
    const first = batch[0]!;
    let to = managers.get(first.district_id);
    if (!to) {
      const { rows: members } = await tx.query<{ account_id: string; rights: string[] }>('select account_id, rights from memberships where district_id = $1', [first.district_id]);
      to = members.filter((m) => can(m.rights, 'dsa', 'manage')).map((m) => m.account_id);
      managers.set(first.district_id, to);
    }
    const items = await sendNotice(ctx, tx, {
      districtId: first.district_id,
      to,
      bell: (language) => WORDS[language].bell(first.depositor_name, batch.length, first.area_name),
      path: dsaAreaPath(first.area_id),
      openKey: 'dsa.depositOpen',
      mail: (link, language) => depositMail(batch, link, language),
    });
    if (items.length > 0) rung.push({ districtId: first.district_id, items });
  }
  return { noticed: rows.length, rung };
}

/** Tells the area's managers of its finished deposits now (the last byte of one just arrived); sockets and mail workers told after the commit. */
export async function noticeAreaDeposits(ctx: RouteContext, database: string, areaId: string): Promise<number> {
  const db = await ctx.databases.client(database);
  const { noticed, rung } = await db.transaction((tx) => noticeIn(ctx, tx, new Date(), areaId));
  for (const { districtId, items } of rung) ctx.notifier.announce(database, districtId, items);
  if (rung.length > 0) notifyMailQueued();
  return noticed;
}

/** Removes the deposits started DSA_ABANDONED_HOURS before `now` and never finished, and frees their bytes. */
async function removeAbandoned(ctx: RouteContext, database: string, now: Date): Promise<number> {
  const db = await ctx.databases.client(database);
  const removed = await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string; district_id: string; area_id: string; storage_key: string }>(
      `with gone as (
         delete from dsa_deposits p using attachments a
          where a.id = p.id and a.state = 'uploading' and p.created_at <= $1::timestamptz - make_interval(hours => $2)
            and p.id in (select d.id from dsa_deposits d where d.created_at <= $1::timestamptz - make_interval(hours => $2) and d.noticed_at is null
                          order by d.created_at limit ${NOTICES_PER_RUN})
          returning p.id, p.district_id, p.area_id, a.storage_key)
       delete from attachments a using gone where a.id = gone.id and a.state = 'uploading'
       returning gone.id, gone.district_id, gone.area_id, gone.storage_key`,
      [now, DSA_ABANDONED_HOURS],
    );
    return rows;
  });
  for (const row of removed) {
    // The tus upload (FileStore: the file and its description; S3: the multipart upload and its info), then whatever object is left.
    await ctx.storage.uploads.remove(row.storage_key).catch(() => undefined);
    await ctx.storage.delete(row.storage_key).catch(() => undefined);
  }
  const areas = new Map(removed.map((r) => [r.area_id, r.district_id]));
  for (const [areaId, districtId] of areas) emitRecordChanged(ctx.io, database, districtId, { module: DSA_AREAS, id: areaId, version: null });
  return removed.length;
}

async function runDatabase(ctx: RouteContext, database: string, now: Date): Promise<DsaJobReport & { rung: Rung }> {
  const abandoned = await removeAbandoned(ctx, database, now);
  const db = await ctx.databases.client(database);
  const { noticed, rung } = await db.transaction((tx) => noticeIn(ctx, tx, now, null));
  return { noticed, abandoned, rung };
}

/** Every client database's run at `now` (the tests' clock); a database that fails is skipped and logged. */
export const runDsaJob = noticesJob<DsaJobReport>('dsa', { noticed: 0, abandoned: 0 }, runDatabase);
