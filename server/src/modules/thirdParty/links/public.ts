/**
 * A share link as its recipient opens it, without a session: the token names the client
 * database (_platform/tokens.ts) and the link by its hash. Unknown or malformed: 404; revoked:
 * 410 `thirdParty.links.revoked`; expired: 410 `thirdParty.links.expired` (the viewer says
 * which). A link with a one-time code shows nothing until the code e-mailed to its recipient is
 * typed: a right code gives a pass (an HttpOnly cookie scoped to the link's public path, its
 * hash stored, OTP_SESSION_MINUTES), a wrong one counts, and OTP_MAX_ATTEMPTS wrong ones lock
 * the link's codes for OTP_LOCK_MINUTES. Each item is read through its kind's registry entry at
 * request time, in the link's district only; a file is served only if an item lists it now.
 * Every opening, download and code event is written to the link's access log.
 */
import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  LINK_ERRORS,
  OTP_DIGITS,
  OTP_LOCK_MINUTES,
  OTP_MAX_ATTEMPTS,
  OTP_SESSION_MINUTES,
  OTP_TTL_MINUTES,
  SHARED_LINKS_PREFIX,
  type AccessAction,
  type CodeSent,
  type LinkItem,
  type SharedItem,
  type SharedLinkView,
} from '../../../../../common/modules/thirdParty/links.js';
import { API_PREFIX } from '../../../../../common/constants.js';
import type { Databases } from '../../../db/databases.js';
import type { Database } from '../../../db/types.js';
import { ApiError } from '../../../lib/errors.js';
import { queueRecordMails } from '../../../mail/outbox.js';
import { actorNames } from '../../_platform/records.js';
import { shareableKind, type SharedContent } from '../../_platform/shareables.js';
import { openTenantToken } from '../../_platform/tokens.js';
import { codeMail } from './mails.js';
import { mailsAbout } from './repository.js';

/** The pass cookie's name (its path is the link's own public path). */
export const PASS_COOKIE = 'vigie_link_pass';

export interface OpenLink {
  db: Database;
  id: string;
  districtId: string;
  siteName: string;
  recipientName: string;
  recipientEmail: string;
  message: string;
  items: LinkItem[];
  language: 'fr' | 'en';
  otp: boolean;
  expiresAt: Date;
  createdBy: string;
  codeHash: string | null;
  codeExpired: boolean;
  codeAttempts: number;
  codeLocked: boolean;
}

const sha = (value: string): string => createHash('sha256').update(value, 'utf8').digest('hex');
const codeHashOf = (linkId: string, code: string): string => sha(`${linkId}:${code}`);

/** The link behind a token, live; 404 / 410 otherwise. */
export async function openLink(databases: Databases, token: string): Promise<OpenLink> {
  const tenant = await openTenantToken(databases, token);
  if (!tenant) throw ApiError.notFound(LINK_ERRORS.notFound);
  const { rows } = await tenant.db.query<{
    id: string;
    district_id: string;
    site_name: string;
    recipient_name: string;
    recipient_email: string;
    message: string;
    items: LinkItem[];
    language: 'fr' | 'en';
    otp: boolean;
    expires_at: Date;
    created_by: string;
    revoked: boolean;
    expired: boolean;
    code_hash: string | null;
    code_expired: boolean;
    code_attempts: number;
    code_locked: boolean;
  }>(
    `select l.id, l.district_id, s.name as site_name, l.recipient_name, l.recipient_email, l.message, l.items, l.language, l.otp, l.expires_at, l.created_by,
            l.revoked_at is not null as revoked, l.expires_at <= now() as expired, l.code_hash,
            coalesce(l.code_expires_at <= now(), true) as code_expired, l.code_attempts, coalesce(l.code_locked_until > now(), false) as code_locked
       from third_party_links l join sites s on s.id = l.site_id where l.token_hash = $1`,
    [tenant.hash],
  );
  const row = rows[0];
  if (!row) throw ApiError.notFound(LINK_ERRORS.notFound);
  if (row.revoked) throw new ApiError(410, { message: LINK_ERRORS.revoked });
  if (row.expired) throw new ApiError(410, { message: LINK_ERRORS.expired });
  return {
    db: tenant.db,
    id: row.id,
    districtId: row.district_id,
    siteName: row.site_name,
    recipientName: row.recipient_name,
    recipientEmail: row.recipient_email,
    message: row.message,
    items: row.items,
    language: row.language,
    otp: row.otp,
    expiresAt: new Date(row.expires_at),
    createdBy: row.created_by,
    codeHash: row.code_hash,
    codeExpired: row.code_expired,
    codeAttempts: row.code_attempts,
    codeLocked: row.code_locked,
  };
}

/** The request's reader language: the browser's first fr or en, fr otherwise. */
export function readerLanguage(request: FastifyRequest): 'fr' | 'en' {
  const header = String(request.headers['accept-language'] ?? '').toLowerCase();
  const first = /(?:^|,)\s*(fr|en)\b/.exec(header)?.[1];
  return first === 'en' ? 'en' : 'fr';
}

export async function logAccess(
  link: Pick<OpenLink, 'db' | 'id'>,
  request: FastifyRequest,
  action: AccessAction,
  what: { itemKind?: string; itemId?: string; fileName?: string } = {},
): Promise<void> {
  await link.db.query(
    `insert into third_party_link_access (id, link_id, action, item_kind, item_id, file_name, address, user_agent) values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [randomUUID(), link.id, action, what.itemKind ?? null, what.itemId ?? null, what.fileName ?? null, request.ip ?? '', String(request.headers['user-agent'] ?? '').slice(0, 400)],
  );
}

/** The link's public path, the pass cookie's path. */
export const linkPublicPath = (token: string): string => `${API_PREFIX}${SHARED_LINKS_PREFIX}/${token}`;

/** Whether the request carries a live pass of this link (or the link asks no code). */
export async function hasPass(link: OpenLink, request: FastifyRequest): Promise<boolean> {
  if (!link.otp) return true;
  const pass = request.cookies?.[PASS_COOKIE];
  if (typeof pass !== 'string' || pass.length === 0 || pass.length > 100) return false;
  const { rows } = await link.db.query('select 1 from third_party_link_passes where pass_hash = $1 and link_id = $2 and expires_at > now()', [sha(pass), link.id]);
  return rows.length > 0;
}

/** `j***@example.org`: where the code goes, without giving the address away. */
export const maskedEmail = (email: string): string => {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
};

async function readItems(link: OpenLink, language: 'fr' | 'en'): Promise<{ item: LinkItem; content: SharedContent }[]> {
  const read = await Promise.all(
    link.items.map(async (item) => {
      const kind = shareableKind(item.kind);
      const content = kind ? await kind.read(link.db, link.districtId, item.id, language) : null;
      return content ? { item, content } : null;
    }),
  );
  return read.filter((r) => r !== null);
}

/** The viewer's data: the items as they are now, or only the envelope when a code is still to type. */
export async function viewOf(link: OpenLink, request: FastifyRequest, control: Databases['control']): Promise<SharedLinkView> {
  const names = await actorNames(control, [link.createdBy]);
  const open = await hasPass(link, request);
  const base = {
    kind: 'link' as const,
    siteName: link.siteName,
    recipientName: link.recipientName,
    senderName: names.get(link.createdBy) ?? '',
    message: link.message,
    expiresAt: link.expiresAt.toISOString(),
    codeRequired: !open,
    email: link.otp ? maskedEmail(link.recipientEmail) : '',
  };
  if (!open) return { ...base, items: [] };
  const items: SharedItem[] = (await readItems(link, readerLanguage(request))).map(({ item, content }) => ({
    kind: item.kind,
    id: item.id,
    title: content.title,
    fields: [...content.fields],
    files: content.files.map((f) => ({ id: f.attachmentId, name: f.name, type: f.type, size: f.size, path: f.path, updatedAt: f.updatedAt })),
  }));
  await logAccess(link, request, 'open');
  return { ...base, items };
}

/** A file one of the link's items lists now, with the item that lists it; 404 otherwise. */
export async function sharedFile(link: OpenLink, request: FastifyRequest, fileId: string) {
  if (!(await hasPass(link, request))) throw ApiError.unauthorized(LINK_ERRORS.codeRequired);
  const id = fileId.toLowerCase();
  for (const { item, content } of await readItems(link, link.language)) {
    const file = content.files.find((f) => f.attachmentId === id);
    if (!file) continue;
    const { rows } = await link.db.query<{ storage_key: string; sha256: string | null; type: string; name: string; size: string | number }>(
      `select storage_key, sha256, type, name, size from attachments where id = $1 and district_id = $2 and state = 'complete' and deleted_at is null`,
      [id, link.districtId],
    );
    const row = rows[0];
    if (!row) break;
    return { item, file: { key: row.storage_key, etag: `"${row.sha256 ?? id}"`, type: row.type, name: file.name, size: Number(row.size) } };
  }
  throw ApiError.notFound(LINK_ERRORS.fileNotFound);
}

/** Sends a new code to the recipient (the previous one dies); refused while locked. */
export async function sendCode(link: OpenLink, request: FastifyRequest): Promise<CodeSent> {
  if (!link.otp) throw new ApiError(409, { message: LINK_ERRORS.codeNotAsked });
  if (link.codeLocked) throw new ApiError(423, { message: LINK_ERRORS.codeLocked });
  const code = String(randomInt(0, 10 ** OTP_DIGITS)).padStart(OTP_DIGITS, '0');
  const { rows } = await link.db.query<{ code_expires_at: Date }>(
    `update third_party_links set code_hash = $2, code_expires_at = now() + make_interval(mins => $3::int),
            code_attempts = case when code_locked_until is not null and code_locked_until <= now() then 0 else code_attempts end,
            code_locked_until = case when code_locked_until <= now() then null else code_locked_until end
      where id = $1 returning code_expires_at`,
    [link.id, codeHashOf(link.id, code), OTP_TTL_MINUTES],
  );
  await queueRecordMails(link.db, [link.recipientEmail], codeMail({ language: readerLanguage(request), code, siteName: link.siteName, minutes: OTP_TTL_MINUTES }), {
    validUntil: rows[0]!.code_expires_at,
    regarding: mailsAbout(link.id),
  });
  await logAccess(link, request, 'codeSent');
  return { email: maskedEmail(link.recipientEmail), expiresAt: new Date(rows[0]!.code_expires_at).toISOString() };
}

/** Checks a typed code: a pass cookie when right; counted when wrong, locked after OTP_MAX_ATTEMPTS. */
export async function checkCode(link: OpenLink, request: FastifyRequest, reply: FastifyReply, token: string, code: string): Promise<{ until: string }> {
  if (!link.otp) throw new ApiError(409, { message: LINK_ERRORS.codeNotAsked });
  if (link.codeLocked) throw new ApiError(423, { message: LINK_ERRORS.codeLocked });
  if (link.codeHash === null || link.codeExpired) throw new ApiError(400, { message: LINK_ERRORS.codeExpired });
  if (codeHashOf(link.id, code) !== link.codeHash) {
    const { rows } = await link.db.query<{ code_attempts: number }>(
      `update third_party_links set code_attempts = code_attempts + 1,
              code_locked_until = case when code_attempts + 1 >= $2 then now() + make_interval(mins => $3::int) end,
              code_hash = case when code_attempts + 1 >= $2 then null else code_hash end
        where id = $1 returning code_attempts`,
      [link.id, OTP_MAX_ATTEMPTS, OTP_LOCK_MINUTES],
    );
    const attempts = rows[0]?.code_attempts ?? OTP_MAX_ATTEMPTS;
    if (attempts >= OTP_MAX_ATTEMPTS) {
      await link.db.query('update third_party_links set code_attempts = 0 where id = $1', [link.id]);
      await logAccess(link, request, 'codeLocked');
      throw new ApiError(423, { message: LINK_ERRORS.codeLocked });
    }
    await logAccess(link, request, 'codeWrong');
    throw new ApiError(400, { message: LINK_ERRORS.codeWrong, attemptsLeft: OTP_MAX_ATTEMPTS - attempts } as never);
  }
  const pass = randomBytes(32).toString('base64url');
  const { rows } = await link.db.query<{ expires_at: Date }>(
    `insert into third_party_link_passes (pass_hash, link_id, expires_at) values ($1, $2, least(now() + make_interval(mins => $3::int), $4)) returning expires_at`,
    [sha(pass), link.id, OTP_SESSION_MINUTES, link.expiresAt],
  );
  await link.db.query('update third_party_links set code_hash = null, code_attempts = 0 where id = $1', [link.id]);
  await link.db.query('delete from third_party_link_passes where link_id = $1 and expires_at <= now()', [link.id]);
  await logAccess(link, request, 'codeRight');
  const until = new Date(rows[0]!.expires_at);
  reply.setCookie(PASS_COOKIE, pass, { path: linkPublicPath(token), httpOnly: true, sameSite: 'strict', secure: request.protocol === 'https', expires: until });
  return { until: until.toISOString() };
}
