/**
 * Every query of the data-sharing area, scoped to the session's district: the areas (a record
 * kind of the platform's core: creation with the caller's id, edits from a base version,
 * history, reversible deletion), their upload-only links (created with a token answered once,
 * only its hash stored; extended; revoked) and the deposits the outside parties dropped, which a
 * manager moves into a site's folder through the files module's destination
 * (_platform/document-destinations.ts).
 */
import {
  DSA_AREAS,
  DSA_DEPOSITS,
  DSA_DOCUMENTS,
  DSA_ERRORS,
  DSA_LINK_DEFAULT_DAYS,
  DSA_LINK_MAX_DAYS,
  type Area,
  type AreaFields,
  type AreaListQuery,
  type AreaRow as AreaListRow,
  type Deposit,
  type DsaLink,
  type LinkCreate,
} from '../../../../common/modules/dsa/schemas.js';
import type { Page } from '../../../../common/schemas/platform.js';
import { attachmentUrl, listRecordAttachments } from '../../attachments/index.js';
import { ApiError } from '../../lib/errors.js';
import { documentDestination } from '../_platform/document-destinations.js';
import { RecordStore, type RecordKind } from '../_platform/record-kind.js';
import { recordMetaOf, type RecordMetaRow, type RecordScope } from '../_platform/records.js';
import { newTenantToken, tokenHash } from '../_platform/tokens.js';

const DAY = 86_400_000;

interface AreaDbRow extends RecordMetaRow {
  name: string;
  site_id: string | null;
  site_name: string | null;
  counterpart_name: string;
  counterpart_email: string;
  active_links: number;
  deposit_count: number;
  last_deposit_at: Date | null;
  sort_value: string;
}

export interface LinkDbRow {
  id: string;
  area_id: string;
  types: string[];
  quota_bytes: string | number;
  used_bytes: string | number;
  expires_at: Date;
  revoked_at: Date | null;
  created_at: Date;
  deposits: number;
  state: DsaLink['state'];
}

interface DepositDbRow {
  id: string;
  link_id: string;
  name: string;
  type: string;
  size: string | number;
  complete: boolean;
  depositor_name: string;
  depositor_email: string;
  address: string;
  user_agent: string;
  created_at: Date;
  moved_to: string | null;
  moved_at: Date | null;
}

const iso = (d: Date | string): string => new Date(d).toISOString();

/** A link's state now (SQL over alias `l`). */
export const LINK_STATE = `case when l.revoked_at is not null then 'revoked' when l.expires_at <= now() then 'expired' else 'active' end`;
/** The bytes a link's deposits take (declared sizes: an upload under way holds its place). */
export const LINK_USED = `coalesce((select sum(p.size) from dsa_deposits p where p.link_id = l.id), 0)`;

export const LINK_SELECT = `select l.id, l.area_id, l.types, l.quota_bytes, ${LINK_USED} as used_bytes, l.expires_at, l.revoked_at, l.created_at,
  (select count(*)::int from dsa_deposits p where p.link_id = l.id) as deposits, ${LINK_STATE} as state from dsa_links l`;

export const toLink = (r: LinkDbRow): DsaLink => ({
  id: r.id,
  areaId: r.area_id,
  types: r.types as DsaLink['types'],
  quotaBytes: Number(r.quota_bytes),
  usedBytes: Number(r.used_bytes),
  expiresAt: iso(r.expires_at),
  revokedAt: r.revoked_at ? iso(r.revoked_at) : null,
  state: r.state,
  createdAt: iso(r.created_at),
  deposits: r.deposits,
});

const toDeposit = (r: DepositDbRow): Deposit => ({
  id: r.id,
  linkId: r.link_id,
  name: r.name,
  type: r.type,
  size: Number(r.size),
  complete: r.complete,
  depositorName: r.depositor_name,
  depositorEmail: r.depositor_email,
  address: r.address,
  userAgent: r.user_agent,
  createdAt: iso(r.created_at),
  url: attachmentUrl(r.id),
  movedTo: r.moved_to,
  movedAt: r.moved_at ? iso(r.moved_at) : null,
});

const areaFields = (row: AreaDbRow): AreaFields => ({ name: row.name, siteId: row.site_id, counterpartName: row.counterpart_name, counterpartEmail: row.counterpart_email });

const AREA_COLUMNS = `t.*, vigie_fold(t.name) as sort_value, s.name as site_name,
  (select count(*)::int from dsa_links l where l.area_id = t.id and l.revoked_at is null and l.expires_at > now()) as active_links,
  (select count(*)::int from dsa_deposits p where p.area_id = t.id) as deposit_count,
  (select max(p.created_at) from dsa_deposits p where p.area_id = t.id) as last_deposit_at`;

/** The expiry of a new or extended link: default DSA_LINK_DEFAULT_DAYS, in the future, at most DSA_LINK_MAX_DAYS from now. */
export function linkExpiry(requested: string | undefined, now = Date.now()): Date {
  const at = requested ? new Date(requested) : new Date(now + DSA_LINK_DEFAULT_DAYS * DAY);
  if (Number.isNaN(at.getTime()) || at.getTime() <= now || at.getTime() > now + DSA_LINK_MAX_DAYS * DAY + 60_000) throw ApiError.badRequest(DSA_ERRORS.expiry, 'expiresAt');
  return at;
}

export class DsaRepository {
  readonly store: RecordStore;

  constructor(
    readonly scope: RecordScope,
    private readonly manage: boolean,
  ) {
    this.store = new RecordStore(scope);
  }

  private get db() {
    return this.scope.db;
  }

  readonly areas: RecordKind<AreaDbRow, AreaFields, Area> = {
    module: DSA_AREAS,
    table: 'dsa_areas',
    notFound: DSA_ERRORS.notFound,
    select: `select ${AREA_COLUMNS} from dsa_areas t left join sites s on s.id = t.site_id`,
    defaults: { siteId: null, counterpartName: '', counterpartEmail: '' },
    historyFields: ['name', 'siteId', 'counterpartName', 'counterpartEmail'],
    fieldsOf: areaFields,
    columns: (f) => ({ name: f.name, site_id: f.siteId, counterpart_name: f.counterpartName, counterpart_email: f.counterpartEmail }),
    toRecord: (row, names) => ({ ...recordMetaOf(row, names), ...areaFields(row), siteName: row.site_name, files: [], links: [], deposits: [] }),
    readOne: async (row, names) => ({
      ...recordMetaOf(row, names),
      ...areaFields(row),
      siteName: row.site_name,
      files: await listRecordAttachments(this.db, this.scope.districtId, DSA_DOCUMENTS, row.id),
      links: await this.links(row.id),
      deposits: await this.deposits(row.id),
    }),
    clean: (f) => ({ ...f, name: f.name.trim(), counterpartName: f.counterpartName.trim(), counterpartEmail: f.counterpartEmail.trim() }),
    check: async (f, before) => {
      if (f.siteId && f.siteId !== before?.siteId) {
        const { rows } = await this.db.query('select 1 from sites where id = $1 and district_id = $2 and deleted_at is null', [f.siteId, this.scope.districtId]);
        if (rows.length === 0) throw ApiError.notFound(DSA_ERRORS.site);
      }
    },
    search: `t.name || ' ' || t.counterpart_name`,
    filters: { site: { column: 't.site_id', type: 'uuid' } },
    invalidFilter: 'dsa.invalid_filter',
  };

  listAreas(query: AreaListQuery & { limit?: number }): Promise<Page<AreaListRow>> {
    const rowKind: RecordKind<AreaDbRow, AreaFields, AreaListRow> = {
      ...this.areas,
      readOne: undefined,
      toRecord: (row, names) => ({
        ...recordMetaOf(row, names),
        ...areaFields(row),
        siteName: row.site_name,
        activeLinks: row.active_links,
        depositCount: row.deposit_count,
        lastDepositAt: row.last_deposit_at ? iso(row.last_deposit_at) : null,
      }),
    };
    return this.store.page(rowKind, query, RecordStore.deletedFilter(query.deleted, this.manage, 'dsa.managers_only'));
  }

  /** A live area of the district (404 otherwise), locked for a write when asked. */
  async requireArea(id: string, lock = false): Promise<{ id: string; name: string }> {
    const { rows } = await this.db.query<{ id: string; name: string }>(
      `select id, name from dsa_areas where id = $1 and district_id = $2 and deleted_at is null${lock ? ' for update' : ''}`,
      [id, this.scope.districtId],
    );
    if (!rows[0]) throw ApiError.notFound(DSA_ERRORS.notFound);
    return rows[0];
  }

  async links(areaId: string): Promise<DsaLink[]> {
    const { rows } = await this.db.query<LinkDbRow>(`${LINK_SELECT} where l.area_id = $1 and l.district_id = $2 order by l.created_at desc, l.id`, [areaId, this.scope.districtId]);
    return rows.map(toLink);
  }

  async link(areaId: string, linkId: string): Promise<DsaLink> {
    const { rows } = await this.db.query<LinkDbRow>(`${LINK_SELECT} where l.id = $1 and l.area_id = $2 and l.district_id = $3`, [linkId, areaId, this.scope.districtId]);
    if (!rows[0]) throw ApiError.notFound(DSA_ERRORS.linkNotFound);
    return toLink(rows[0]);
  }

  async deposits(areaId: string): Promise<Deposit[]> {
    const { rows } = await this.db.query<DepositDbRow>(
      `select p.*, a.state = 'complete' as complete from dsa_deposits p join attachments a on a.id = p.id
        where p.area_id = $1 and p.district_id = $2 and a.deleted_at is null order by p.created_at desc, p.id`,
      [areaId, this.scope.districtId],
    );
    return rows.map(toDeposit);
  }

  /** A new upload-only link; its token (naming the client database) is answered here only. */
  async createLink(areaId: string, body: LinkCreate, clientId: string): Promise<DsaLink & { token: string }> {
    await this.requireArea(areaId, true);
    const { rows: taken } = await this.db.query('select 1 from dsa_links where id = $1', [body.id]);
    if (taken.length > 0) throw new ApiError(409, { message: 'record.exists' });
    const token = newTenantToken(clientId);
    await this.db.query(
      `insert into dsa_links (id, district_id, area_id, token_hash, types, quota_bytes, expires_at, created_by) values ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [body.id, this.scope.districtId, areaId, tokenHash(token), body.types, body.quotaBytes, linkExpiry(body.expiresAt), this.scope.actor.id],
    );
    return { ...(await this.link(areaId, body.id)), token };
  }

  /** A new expiry (from now, within the maximum); a revoked link stays revoked. */
  async extendLink(areaId: string, linkId: string, expiresAt: string): Promise<DsaLink> {
    const link = await this.link(areaId, linkId);
    if (link.state === 'revoked') throw new ApiError(410, { message: DSA_ERRORS.revoked });
    await this.db.query('update dsa_links set expires_at = $2 where id = $1', [linkId, linkExpiry(expiresAt)]);
    return this.link(areaId, linkId);
  }

  /** Revoked at once; revoking a revoked link changes nothing. */
  async revokeLink(areaId: string, linkId: string): Promise<DsaLink> {
    await this.link(areaId, linkId);
    await this.db.query('update dsa_links set revoked_at = now(), revoked_by = $2 where id = $1 and revoked_at is null', [linkId, this.scope.actor.id]);
    return this.link(areaId, linkId);
  }

  /** A complete deposit filed into a site's folder (the files module's `siteFolder`), marked moved with where it went. */
  async moveDeposit(areaId: string, depositId: string, folderId: string, documentId: string): Promise<Deposit> {
    await this.requireArea(areaId);
    const { rows } = await this.db.query<{ name: string; moved_at: Date | null; state: string }>(
      `select p.name, p.moved_at, a.state from dsa_deposits p join attachments a on a.id = p.id and a.deleted_at is null
        where p.id = $1 and p.area_id = $2 and p.district_id = $3 for update of p`,
      [depositId, areaId, this.scope.districtId],
    );
    const deposit = rows[0];
    if (!deposit) throw ApiError.notFound(DSA_ERRORS.depositNotFound);
    if (deposit.moved_at) throw new ApiError(409, { message: DSA_ERRORS.depositMoved });
    if (deposit.state !== 'complete') throw new ApiError(409, { message: DSA_ERRORS.depositIncomplete });
    const destination = documentDestination('siteFolder');
    if (!destination) throw ApiError.notFound(DSA_ERRORS.destination);
    const place = await destination.place(this.scope, { targetId: folderId, recordId: documentId }, { attachmentId: depositId, name: deposit.name });
    await this.db.query('update dsa_deposits set moved_at = now(), moved_by = $2, moved_document_id = $3, moved_to = $4 where id = $1', [depositId, this.scope.actor.id, place.recordId, place.label]);
    return (await this.deposits(areaId)).find((d) => d.id === depositId)!;
  }
}

export { DSA_DEPOSITS };
