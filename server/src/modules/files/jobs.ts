/**
 * The Files job (one of the scheduled jobs, run every minute over every client database, and by
 * the tests at the times they choose: `runFilesJob(ctx, now)`): a document whose validity ends
 * within DOCUMENT_EXPIRING_DAYS of the district's day is announced once, as a bell and an
 * e-mail in each reader's language, to those who manage the site's files: the district's
 * administrators of the explorer (feature `files` manage) and the sites' managers (`sites`
 * manage). The claim is the document's `reminded_for`, set to the end date in the statement that
 * picks it (`for update skip locked`): a second run, or a second server at once, finds it set
 * and sends nothing; moving the end date makes the document due again.
 */
import { DOCUMENT_EXPIRING_DAYS, documentPath } from '../../../../common/modules/files/schemas.js';
import type { Language } from '../../../../common/constants.js';
import { can } from '../../../../common/rights.js';
import type { MailContent } from '../../mail/messages.js';
import type { RouteContext } from '../../routes/context.js';
import { addDays, dayText, districtToday } from '../_platform/dates.js';
import { NOTICES_PER_RUN, noticesJob, sendNotice, type Rung } from '../_platform/notices.js';

export interface FilesJobReport {
  reminded: number;
}

interface DueRow {
  id: string;
  district_id: string;
  name: string;
  folder_id: string;
  site_id: string;
  site_name: string;
  valid_until: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const WORDS: Record<Language, { bell: (name: string, site: string, day: string) => string; subject: (name: string) => string; body: (name: string, site: string, day: string) => string; open: string }> = {
  fr: {
    bell: (name, site, day) => `Document à renouveler avant le ${day} : ${name} (${site})`,
    subject: (name) => `Validité bientôt échue : ${name}`,
    body: (name, site, day) => `La validité du document « ${name} » du site ${site} prend fin le ${day}. Déposez sa nouvelle version avant cette date.`,
    open: 'Ouvrir le document',
  },
  en: {
    bell: (name, site, day) => `Document to renew by ${day}: ${name} (${site})`,
    subject: (name) => `Validity ending soon: ${name}`,
    body: (name, site, day) => `The validity of the document "${name}" of the site ${site} ends on ${day}. Upload its new version before then.`,
    open: 'Open the document',
  },
};

function expiryMail(row: DueRow, day: Record<Language, string>, link: string, language: Language): MailContent {
  const w = WORDS[language];
  const body = w.body(row.name, row.site_name, day[language]);
  return {
    subject: w.subject(row.name),
    text: `${body}\n\n${w.open} : ${link}\n`,
    html: `<p>${escapeHtml(body)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(w.open)}</a></p>`,
  };
}

async function runDatabase(ctx: RouteContext, database: string, now: Date): Promise<FilesJobReport & { rung: Rung }> {
  const db = await ctx.databases.client(database);
  const today = districtToday(now);
  const rung: Rung = [];
  const reminded = await db.transaction(async (tx) => {
    const { rows } = await tx.query<DueRow>(
      `update file_documents d set reminded_for = d.valid_until
        where d.id in (select x.id from file_documents x
                        where x.deleted_at is null and x.valid_until between $1::date and $2::date and x.reminded_for is distinct from x.valid_until
                          and exists (select 1 from file_folders f where f.id = x.folder_id and f.deleted_at is null)
                        order by x.valid_until, x.id limit ${NOTICES_PER_RUN} for update skip locked)
          and d.reminded_for is distinct from d.valid_until
        returning d.id, d.district_id, d.name, d.folder_id, d.site_id, (select s.name from sites s where s.id = d.site_id) as site_name, d.valid_until::text as valid_until`,
      [today, addDays(today, DOCUMENT_EXPIRING_DAYS)],
    );
    const managers = new Map<string, string[]>();
    for (const row of rows) {
      let to = managers.get(row.district_id);
      if (!to) {
        const { rows: members } = await tx.query<{ account_id: string; rights: string[] }>('select account_id, rights from memberships where district_id = $1', [row.district_id]);
        to = members.filter((m) => can(m.rights, 'files', 'manage') || can(m.rights, 'sites', 'manage')).map((m) => m.account_id);
        managers.set(row.district_id, to);
      }
      const day = dayText(row.valid_until);
      const items = await sendNotice(ctx, tx, {
        districtId: row.district_id,
        to,
        bell: (language) => WORDS[language].bell(row.name, row.site_name, day[language]),
        path: documentPath(row.site_id, row.folder_id, row.id),
        openKey: 'files.reminderOpen',
        mail: (link, language) => expiryMail(row, day, link, language),
      });
      if (items.length > 0) rung.push({ districtId: row.district_id, items });
    }
    return rows.length;
  });
  return { reminded, rung };
}

/** Every client database's run at `now` (the tests' clock); a database that fails is skipped and logged. */
export const runFilesJob = noticesJob<FilesJobReport>('files', { reminded: 0 }, runDatabase);
