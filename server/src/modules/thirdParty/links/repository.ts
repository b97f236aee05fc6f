/**
 * The share links of a district, as their sharers make, read, extend and revoke them (holders
 * of third-party.read: the manifest has no manage right). A link is one recipient's: the token
 * is a tenant token (_platform/tokens.ts) whose SHA-256 alone is stored, answered once at
 * creation and e-mailed to the recipient through the mail outbox (withdrawn if the link is
 * revoked before it left). Each item is checked against the district when the link is made:
 * its kind must be registered (_platform/shareables.ts) and its read must find it.
 */
import { LINK_DEFAULT_DAYS, LINK_ERRORS, LINK_MAX_DAYS, ACCESS_LOG_MAX, viewerPath, type AccessEntry, type Link, type LinkCreate, type LinkCreated, type LinkDetail, type LinkItem, type LinkListQuery, type ItemChoices, type ShareItem } from '../../../../../common/modules/thirdParty/links.js';
import { ApiError } from '../../../lib/errors.js';
import { queueRecordMails, withdrawQueuedMails } from '../../../mail/outbox.js';
import { actorNames, actorOf, iso, isoOrNull, type RecordScope } from '../../_platform/records.js';
import { shareableKind, shareableKinds } from '../../_platform/shareables.js';
import { clientIdOf, newTenantToken, tokenHash } from '../../_platform/tokens.js';
import { linkMail } from './mails.js';

/** The kinds whose item is the site itself (its id is the site's). */
export const SITE_KINDS = ['site', 'stages', 'contacts'] as const;
const DAY_MS = 86_400_000;
/** What a link's e-mails are about in the mail outbox (its revoke withdraws those not sent yet). */
export const mailsAbout = (linkId: string): string => `thirdParty.link:${linkId}`;
export const MAIL_REVOKED = 'link revoked before delivery';

export interface LinkRow {
  id: string;
  district_id: string;
  site_id: string;
  site_name: string;
  recipient_name: string;
  recipient_email: string;
  message: string;
  items: LinkItem[];
  language: 'fr' | 'en';
  otp: boolean;
  expires_at: Date;
  created_at: Date;
  created_by: string;
  revoked_at: Date | null;
  revoked_by: string | null;
  expired: boolean;
  access_count: number;
  last_access_at: Date | null;
}

export const LINK_COLUMNS = `l.id, l.district_id, l.site_id, s.name as site_name, l.recipient_name, l.recipient_email, l.message, l.items, l.language, l.otp,
  l.expires_at, l.created_at, l.created_by, l.revoked_at, l.revoked_by, l.expires_at <= now() as expired,
  (select count(*)::int from third_party_link_access a where a.link_id = l.id and a.action in ('open', 'download')) as access_count,
  (select max(a.at) from third_party_link_access a where a.link_id = l.id and a.action in ('open', 'download')) as last_access_at`;
export const LINK_FROM = 'third_party_links l join sites s on s.id = l.site_id';

export const stateOf = (row: Pick<LinkRow, 'revoked_at' | 'expired'>): Link['state'] => (row.revoked_at !== null ? 'revoked' : row.expired ? 'expired' : 'active');

export function toLink(row: LinkRow, names: Map<string, string>): Link {
  return {
    id: row.id,
    siteId: row.site_id,
    siteName: row.site_name,
    recipientName: row.recipient_name,
    recipientEmail: row.recipient_email,
    message: row.message,
    items: row.items,
    otp: row.otp,
    language: row.language,
    state: stateOf(row),
    createdAt: iso(row.created_at),
    createdBy: actorOf(names, row.created_by),
    expiresAt: iso(row.expires_at),
    revokedAt: isoOrNull(row.revoked_at),
    revokedBy: row.revoked_by === null ? null : actorOf(names, row.revoked_by),
    accessCount: row.access_count,
    lastAccessAt: isoOrNull(row.last_access_at),
  };
}

/** The expiry a sharer asks, or the default; refused in the past or beyond the maximum. */
export function expiryOf(asked: string | undefined, now = Date.now()): Date {
  if (asked === undefined) return new Date(now + LINK_DEFAULT_DAYS * DAY_MS);
  const at = Date.parse(asked);
  // A minute of slack: a form filled at the limit and sent a little later.
  if (!Number.isFinite(at) || at <= now || at > now + LINK_MAX_DAYS * DAY_MS + 60_000) throw new ApiError(400, { message: LINK_ERRORS.expiryInvalid });
  return new Date(at);
}

export class LinksRepository {
  constructor(private readonly scope: RecordScope & { dbName: string }) {}

  private async toLinks(rows: LinkRow[]): Promise<Link[]> {
    const names = await actorNames(this.scope.control, rows.flatMap((r) => [r.created_by, r.revoked_by]));
    return rows.map((row) => toLink(row, names));
  }

  private async row(id: string): Promise<LinkRow> {
    const { rows } = await this.scope.db.query<LinkRow>(`select ${LINK_COLUMNS} from ${LINK_FROM} where l.id = $1 and l.district_id = $2`, [id, this.scope.districtId]);
    if (!rows[0]) throw ApiError.notFound(LINK_ERRORS.notFound);
    return rows[0];
  }

  /** The district's links, newest first. */
  async list(query: LinkListQuery): Promise<Link[]> {
    const state = query.state ?? null;
    const { rows } = await this.scope.db.query<LinkRow>(
      `select ${LINK_COLUMNS} from ${LINK_FROM}
        where l.district_id = $1 and ($2::uuid is null or l.site_id = $2)
          and ($3::text is null
               or ($3 = 'revoked' and l.revoked_at is not null)
               or ($3 = 'expired' and l.revoked_at is null and l.expires_at <= now())
               or ($3 = 'active' and l.revoked_at is null and l.expires_at > now()))
        order by l.created_at desc, l.id`,
      [this.scope.districtId, query.siteId ?? null, state],
    );
    return this.toLinks(rows);
  }

  /** One link with its items' titles as they are now and its access log, newest first. */
  async get(id: string, language: 'fr' | 'en'): Promise<LinkDetail> {
    const row = await this.row(id);
    const items = await Promise.all(row.items.map(async (item) => ({ kind: item.kind, id: item.id, title: (await this.readItem(item, language))?.title ?? null })));
    const { rows } = await this.scope.db.query<{ at: Date; action: AccessEntry['action']; item_kind: string | null; item_id: string | null; file_name: string | null; address: string; user_agent: string }>(
      `select at, action, item_kind, item_id, file_name, address, user_agent from third_party_link_access where link_id = $1 order by at desc, id limit $2`,
      [row.id, ACCESS_LOG_MAX],
    );
    const [link] = await this.toLinks([row]);
    return {
      ...link!,
      items,
      access: rows.map((r) => ({ at: iso(r.at), action: r.action, itemKind: r.item_kind, itemId: r.item_id, fileName: r.file_name, address: r.address, userAgent: r.user_agent })),
    };
  }

  private readItem(item: ShareItem, language: 'fr' | 'en') {
    const kind = shareableKind(item.kind);
    return kind ? kind.read(this.scope.db, this.scope.districtId, item.id, language) : Promise.resolve(null);
  }

  /** What the create form offers for a site: the registered kinds, and the titles of the asked items. */
  async choices(siteId: string, asked: ShareItem[], language: 'fr' | 'en'): Promise<ItemChoices> {
    const site = await this.liveSite(siteId);
    const kinds = [...shareableKinds()].sort();
    const items = await Promise.all(asked.map(async (item) => ({ ...item, title: (await this.readItem(item, language))?.title ?? null })));
    return { siteName: site.name, siteKinds: SITE_KINDS.filter((k) => kinds.includes(k)), kinds, items };
  }

  private async liveSite(siteId: string): Promise<{ name: string }> {
    const { rows } = await this.scope.db.query<{ name: string }>('select name from sites where id = $1 and district_id = $2 and deleted_at is null', [siteId, this.scope.districtId]);
    if (!rows[0]) throw ApiError.notFound(LINK_ERRORS.siteNotFound);
    return rows[0];
  }

  async create(body: LinkCreate, publicUrl: string): Promise<LinkCreated> {
    const site = await this.liveSite(body.siteId);
    const language = body.language ?? 'fr';
    const expiresAt = expiryOf(body.expiresAt);
    const seen = new Set<string>();
    const items: LinkItem[] = [];
    for (const item of body.items) {
      const key = `${item.kind}:${item.id.toLowerCase()}`;
      if (seen.has(key)) continue;
      seen.add(key);
      if (!shareableKind(item.kind)) throw new ApiError(400, { message: LINK_ERRORS.kindUnknown, details: item.kind });
      const content = await this.readItem(item, language);
      if (!content) throw ApiError.notFound(LINK_ERRORS.itemNotFound);
      items.push({ kind: item.kind, id: item.id.toLowerCase(), title: content.title });
    }
    const token = newTenantToken(await clientIdOf(this.scope.control, this.scope.dbName));
    const { affectedRows } = await this.scope.db.query(
        `insert into third_party_links (id, district_id, site_id, token_hash, recipient_name, recipient_email, message, items, language, otp, expires_at, created_by)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) on conflict (id) do nothing`,
      [body.id, this.scope.districtId, body.siteId, tokenHash(token), body.recipientName.trim(), body.recipientEmail.trim(), (body.message ?? '').trim(), JSON.stringify(items), language, body.otp, expiresAt, this.scope.actor.id],
    );
    if (affectedRows === 0) throw new ApiError(409, { message: LINK_ERRORS.exists });
    const url = `${publicUrl}${viewerPath(token)}`;
    const names = await actorNames(this.scope.control, [this.scope.actor.id]);
    await queueRecordMails(
      this.scope.db,
      [body.recipientEmail.trim()],
      linkMail({ language, recipientName: body.recipientName.trim(), senderName: names.get(this.scope.actor.id) ?? '', siteName: site.name, link: url, expiresAt, message: body.message ?? '', otp: body.otp }),
      { validUntil: expiresAt, regarding: mailsAbout(body.id) },
    );
    const [link] = await this.toLinks([await this.row(body.id)]);
    return { ...link!, token, url };
  }

  /** A new expiry for a link not revoked (an expired one comes back to life). */
  async extend(id: string, expiresAt: string): Promise<Link> {
    const at = expiryOf(expiresAt);
    const row = await this.row(id);
    if (row.revoked_at !== null) throw new ApiError(409, { message: LINK_ERRORS.notActive });
    await this.scope.db.query('update third_party_links set expires_at = $3 where id = $1 and district_id = $2', [id, this.scope.districtId, at]);
    const [link] = await this.toLinks([await this.row(id)]);
    return link!;
  }

  /** Revoked at once and for good (again: nothing changes); its unsent e-mails and open passes go with it. */
  async revoke(id: string): Promise<Link> {
    await this.row(id);
    await this.scope.db.query(
      'update third_party_links set revoked_at = coalesce(revoked_at, now()), revoked_by = coalesce(revoked_by, $3), code_hash = null where id = $1 and district_id = $2',
      [id, this.scope.districtId, this.scope.actor.id],
    );
    await this.scope.db.query('delete from third_party_link_passes where link_id = $1', [id]);
    await withdrawQueuedMails(this.scope.db, mailsAbout(id), MAIL_REVOKED);
    const [link] = await this.toLinks([await this.row(id)]);
    return link!;
  }
}

/** The CSV of a district's links (the list's export). */
export function linksCsv(links: Link[], language: 'fr' | 'en'): string {
  const head = language === 'fr'
    ? ['Destinataire', 'E-mail', 'Site', 'Éléments', 'État', 'Créé le', 'Par', 'Expire le', 'Révoqué le', 'Accès', 'Dernier accès']
    : ['Recipient', 'E-mail', 'Site', 'Items', 'State', 'Created', 'By', 'Expires', 'Revoked', 'Accesses', 'Last access'];
  const states = language === 'fr' ? { active: 'actif', expired: 'expiré', revoked: 'révoqué' } : { active: 'active', expired: 'expired', revoked: 'revoked' };
  const cell = (value: string | number | null): string => {
    const text = value === null ? '' : String(value);
    // A formula-looking cell is defused (spreadsheet injection).
    const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
    return /[";\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  const lines = links.map((l) =>
    [l.recipientName, l.recipientEmail, l.siteName, l.items.map((i) => i.title ?? i.kind).join(' | '), states[l.state], l.createdAt, l.createdBy.name, l.expiresAt, l.revokedAt, l.accessCount, l.lastAccessAt].map(cell).join(';'),
  );
  return `\uFEFF${[head.join(';'), ...lines].join('\r\n')}\r\n`;
}
