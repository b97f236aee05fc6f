/**
 * Share links of a submitted inspection's report: a link anyone may open without a
 * session, until it expires or is revoked, to download the report PDF.
 *
 * The token (docs/questionnaires.md, "Share links") is a tenant token (_platform/tokens.ts: the
 * client's registry id then a 256-bit secret, only its SHA-256 stored), shown once, at creation
 * (an idempotent replay answers the link without it).
 *
 * Who: whoever may read the report (the repository's read rule: the assignee its own, a manager
 * of the family everyone's) creates, lists and revokes its links; a link then stands on its
 * own until it expires or is revoked, whatever happens to its creator's rights.
 */
import {
  FAMILIES,
  REPORT_SHARES_MODULE,
  sharedReportPath,
  type Inspection,
  type ReportShare,
  type ReportShareCreated,
  type ReportShareDelivery,
  type ReportShareMailCreate,
} from '../../../../common/modules/questionnaires/schemas.js';
import type { Databases } from '../../db/databases.js';
import type { Database, Queryable } from '../../db/types.js';
import { ApiError } from '../../lib/errors.js';
import { sharedReportMail } from '../../mail/messages.js';
import { MAIL_LAPSED, mailDeliveries, queueRecordMails, withdrawQueuedMails, type MailDelivery } from '../../mail/outbox.js';
import { actorNames, actorOf, iso, type RecordScope } from '../_platform/records.js';
import { newTenantToken, openTenantToken, tokenHash } from '../_platform/tokens.js';
import { QuestionnairesRepository } from './repository.js';

/** The socket's module name of share links (records:changed with the inspection's id). */
export const SHARES_MODULE = REPORT_SHARES_MODULE;
export const SHARE_NOT_FOUND = 'questionnaires.share_not_found';
export const SHARE_NOT_SUBMITTED = 'questionnaires.share_not_submitted';
/** What a link's e-mails are about in the mail outbox: revoking the link withdraws those not delivered yet. */
const mailsAbout = (shareId: string) => `questionnaires.share:${shareId}`;
/** last_error of a link's e-mails withdrawn by its revoke. */
const MAIL_REVOKED = 'link revoked before delivery';

/** A sending by e-mail with a token that is not this link's, or of a link no longer live. */
export const SHARE_MAIL_REFUSED = 'questionnaires.share_mail_refused';
/** The public route's one answer for an unknown, malformed, expired or revoked token (no oracle). */
export const SHARED_REPORT_NOT_FOUND = 'questionnaires.shared_report_not_found';

interface ShareRow {
  id: string;
  inspection_id: string;
  created_at: Date;
  created_by: string;
  expires_at: Date;
  revoked_at: Date | null;
  revoked_by: string | null;
  expired: boolean;
  downloads: number;
  last_downloaded_at: Date | null;
}

interface MailRow {
  share_id: string;
  sent_at: Date;
  sent_by: string;
  recipients: string[];
  outbox_ids: string[];
}

/** An outbox row as the link's row tells it: why a failed one failed (the mail server's answer only when it refused it). */
function delivery(mail: MailDelivery): ReportShareDelivery {
  const failure = mail.state !== 'failed' ? null : mail.lastError === MAIL_LAPSED ? 'link_expired' : mail.lastError === MAIL_REVOKED ? 'link_revoked' : 'undeliverable';
  return {
    recipient: mail.recipient,
    state: mail.state,
    sentAt: mail.sentAt === null ? null : iso(mail.sentAt),
    failure,
    error: failure === 'undeliverable' ? mail.lastError : null,
  };
}

const SHARE_COLUMNS = 'id, inspection_id, created_at, created_by, expires_at, revoked_at, revoked_by, expires_at <= now() as expired, downloads, last_downloaded_at';

/** The links of one inspection, held to the caller's read rule on it (QuestionnairesRepository.get: 404 otherwise). */
export class ReportSharesRepository {
  constructor(
    private readonly scope: RecordScope,
    private readonly inspections: QuestionnairesRepository,
  ) {}

  private async toShares(rows: ShareRow[]): Promise<ReportShare[]> {
    const { rows: mails } = await this.scope.db.query<MailRow>(
      'select share_id, sent_at, sent_by, recipients, outbox_ids from inspection_share_mails where share_id = any($1::uuid[]) order by sent_at, id',
      [rows.map((r) => r.id)],
    );
    const deliveries = await mailDeliveries(this.scope.db, mails.flatMap((m) => m.outbox_ids));
    const names = await actorNames(this.scope.control, [...rows.flatMap((r) => [r.created_by, r.revoked_by]), ...mails.map((m) => m.sent_by)]);
    return rows.map((row) => ({
      id: row.id,
      inspectionId: row.inspection_id,
      createdAt: iso(row.created_at),
      createdBy: actorOf(names, row.created_by),
      expiresAt: iso(row.expires_at),
      revokedAt: row.revoked_at === null ? null : iso(row.revoked_at),
      revokedBy: row.revoked_by === null ? null : actorOf(names, row.revoked_by),
      state: row.revoked_at !== null ? 'revoked' : row.expired ? 'expired' : 'active',
      downloads: row.downloads,
      lastDownloadedAt: row.last_downloaded_at === null ? null : iso(row.last_downloaded_at),
      mails: mails
        .filter((m) => m.share_id === row.id)
        .map((m) => ({
          sentAt: iso(m.sent_at),
          sentBy: actorOf(names, m.sent_by),
          recipients: m.recipients,
          deliveries: m.outbox_ids.flatMap((id) => {
            const mail = deliveries.get(id);
            return mail ? [delivery(mail)] : [];
          }),
        })),
    }));
  }

  /** The report must be readable by the caller, and submitted (locked): a link never shows a filling in progress. */
  private async readable(inspectionId: string): Promise<Inspection> {
    const inspection = await this.inspections.get(inspectionId);
    if (inspection.deletedAt !== null) throw ApiError.notFound('questionnaires.not_found');
    return inspection;
  }

  async create(inspectionId: string, days: number, clientId: string): Promise<ReportShareCreated> {
    const inspection = await this.readable(inspectionId);
    if (inspection.status !== 'submitted') throw new ApiError(409, { message: SHARE_NOT_SUBMITTED });
    const token = newTenantToken(clientId);
    const { rows } = await this.scope.db.query<ShareRow>(
      `insert into inspection_shares (id, district_id, inspection_id, token_hash, created_by, expires_at)
       values (gen_random_uuid(), $1, $2, $3, $4, now() + make_interval(days => $5::int))
       returning ${SHARE_COLUMNS}`,
      [this.scope.districtId, inspection.id, tokenHash(token), this.scope.actor.id, days],
    );
    const [share] = await this.toShares(rows);
    return { ...share!, token, path: sharedReportPath(token) };
  }

  /** Newest first; never a token (none is kept). */
  async list(inspectionId: string): Promise<ReportShare[]> {
    const inspection = await this.readable(inspectionId);
    const { rows } = await this.scope.db.query<ShareRow>(
      `select ${SHARE_COLUMNS} from inspection_shares where district_id = $1 and inspection_id = $2 order by created_at desc, id`,
      [this.scope.districtId, inspection.id],
    );
    return this.toShares(rows);
  }

  /**
   * Sends a live link by e-mail, once to each address (compared without case), through the mail
   * outbox in this transaction, and records who sent it to whom. The token must be this link's
   * (only its hash is kept: whoever holds the link, the page that made it, may mail it).
   */
  async mail(inspectionId: string, shareId: string, body: ReportShareMailCreate, link: (path: string) => string): Promise<ReportShare> {
    const inspection = await this.readable(inspectionId);
    const { rows } = await this.scope.db.query<ShareRow & { token_hash: string }>(
      `select ${SHARE_COLUMNS}, token_hash from inspection_shares where id = $1 and district_id = $2 and inspection_id = $3`,
      [shareId, this.scope.districtId, inspection.id],
    );
    const share = rows[0];
    if (!share) throw ApiError.notFound(SHARE_NOT_FOUND);
    if (share.token_hash !== tokenHash(body.token) || share.revoked_at !== null || share.expired) throw new ApiError(409, { message: SHARE_MAIL_REFUSED });
    const seen = new Set<string>();
    const recipients = body.recipients.filter((address) => !seen.has(address.toLowerCase()) && seen.add(address.toLowerCase()));
    const names = await actorNames(this.scope.control, [this.scope.actor.id]);
    const outboxIds = await queueRecordMails(
      this.scope.db,
      recipients,
      sharedReportMail({ link: link(sharedReportPath(body.token)), expiresAt: share.expires_at, sender: names.get(this.scope.actor.id) ?? '' }),
      // Delivered while the link works, never after: the mail worker drops it once the link
      // expired, and revoke() withdraws it.
      { validUntil: share.expires_at, regarding: mailsAbout(share.id) },
    );
    await this.scope.db.query('insert into inspection_share_mails (id, share_id, sent_by, recipients, outbox_ids) values (gen_random_uuid(), $1, $2, $3, $4)', [
      share.id,
      this.scope.actor.id,
      recipients,
      outboxIds,
    ]);
    const [mailed] = await this.toShares([share]);
    return mailed!;
  }

  /** Revoked from now on; a revoked link stays revoked (revoking it again changes nothing). */
  async revoke(inspectionId: string, shareId: string): Promise<ReportShare> {
    const inspection = await this.readable(inspectionId);
    const { rows } = await this.scope.db.query<ShareRow>(
      `update inspection_shares set revoked_at = coalesce(revoked_at, now()), revoked_by = coalesce(revoked_by, $4)
        where id = $1 and district_id = $2 and inspection_id = $3
        returning ${SHARE_COLUMNS}`,
      [shareId, this.scope.districtId, inspection.id, this.scope.actor.id],
    );
    if (!rows[0]) throw ApiError.notFound(SHARE_NOT_FOUND);
    // Its e-mails still queued would carry a dead link: withdrawn with it.
    await withdrawQueuedMails(this.scope.db, mailsAbout(rows[0].id), MAIL_REVOKED);
    const [share] = await this.toShares(rows);
    return share!;
  }
}

/** What the public route reads for a live link: the client database, the district and the inspection as the report shows it. */
export interface SharedReport {
  db: Database;
  districtId: string;
  inspection: Inspection;
  /** The link's token hash (its row's key). */
  hash: string;
}

/**
 * The report behind a public token, or the one 404 (unknown client, unknown token, expired,
 * revoked, malformed: the same answer, so the route tells nothing about which).
 */
export async function findSharedReport(databases: Databases, token: string): Promise<SharedReport> {
  const notFound = () => ApiError.notFound(SHARED_REPORT_NOT_FOUND);
  const tenant = await openTenantToken(databases, token);
  if (!tenant) throw notFound();
  const { db } = tenant;
  const { rows } = await db.query<{ district_id: string; inspection_id: string; created_by: string }>(
    `select district_id, inspection_id, created_by from inspection_shares
      where token_hash = $1 and revoked_at is null and expires_at > now()`,
    [tenant.hash],
  );
  const share = rows[0];
  if (!share) throw notFound();
  // The link is the authority: it reads its inspection whatever the family (it was checked
  // readable by its creator when made), in its district only, and only once submitted.
  const reader = new QuestionnairesRepository(
    { db, control: databases.control, districtId: share.district_id, actor: { id: share.created_by } },
    { fill: [], manage: FAMILIES, readTemplates: [], buildTemplates: [] },
  );
  const inspection = await reader.get(share.inspection_id).catch((error: unknown) => {
    if (error instanceof ApiError && error.statusCode === 404) throw notFound();
    throw error;
  });
  if (inspection.status !== 'submitted' || inspection.deletedAt !== null) throw notFound();
  return { db, districtId: share.district_id, inspection, hash: tenant.hash };
}

/** One more download of the link (its PDF was served). */
export async function countSharedDownload(db: Queryable, hash: string): Promise<void> {
  await db.query('update inspection_shares set downloads = downloads + 1, last_downloaded_at = now() where token_hash = $1', [hash]);
}
