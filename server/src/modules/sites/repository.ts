/**
 * Every query of the Sites module's tables (sites, site_stages, site_types), scoped to one
 * district in one place: a repository is built from the session (client database, district,
 * acting account) and never takes a district as an argument, so an id of another district
 * simply finds nothing (the routes answer 404). Writes check the version the caller started
 * from (409 `record.version_conflict` with the current record), bump it, and record the
 * changed fields in the history. Deletion is reversible (deleted_at).
 *
 * `SiteReader` is the read side the emergency dialog, the file service and the shares use
 * (no actor needed); deleted sites are invisible there.
 */
import type { EmergencySite } from '../../../../common/api-types.js';
import { API_PREFIX, VIEWER_IMAGE_PATH } from '../../../../common/constants.js';
import { LIST_LIMIT_DEFAULT, type HistoryEntry, type Page } from '../../../../common/schemas/platform.js';
import {
  SITE_FIELDS,
  type Site,
  type SiteCreate,
  type SiteFields,
  type SiteListQuery,
  type SiteSort,
  type SiteStage,
  type SiteSummary,
  type SiteType,
  type SiteTypeCreate,
  type SiteTypeUpdate,
  type SiteUpdate,
  type StageCreate,
  type StageKind,
  type StageOrder,
} from '../../../../common/modules/sites/schemas.js';
import { listRecordAttachments, requireRecordAttachments } from '../../attachments/index.js';
import type { Queryable } from '../../db/types.js';
import { ApiError } from '../../lib/errors.js';
import { containsPattern, CountCache, decodeCursor, encodeCursor, INVALID_CURSOR, PageCache, textKey, timeKey, type SortSpec } from '../_platform/list.js';
import { RecordStore, trimmedName, type RecordKind } from '../_platform/record-kind.js';
import { actorNames, deletedRecord, type FieldChange, iso, recordMetaOf, type RecordMetaRow, type RecordScope, writeVersion } from '../_platform/records.js';

export const SITES_MODULE = 'sites';
/** The history's module name of site types. */
export const SITE_TYPES_HISTORY = 'site_types';

interface TypeRow extends RecordMetaRow {
  name: string;
  site_count: number;
}

export const SITE_NOT_FOUND = 'sites.not_found';
export const STAGE_NOT_FOUND = 'sites.stage_not_found';
export const TYPE_NOT_FOUND = 'sites.type_not_found';

export const attachmentUrl = (id: string) => `${API_PREFIX}/attachments/${id}`;
export const attachmentThumbnailUrl = (id: string) => `${API_PREFIX}/attachments/${id}/thumbnail`;
/** The file-service path of a legacy (bytea) stage image: spec section 7's viewer path. */
export const stageImagePath = (districtId: string, siteId: string, stageName: string): string =>
  `${VIEWER_IMAGE_PATH}/${districtId}/${siteId}/${encodeURIComponent(stageName)}`;

interface SiteRow extends RecordMetaRow {
  name: string;
  description: string;
  full_address: string;
  gps_lat: number | null;
  gps_lng: number | null;
  owner_name: string;
  site_type_id: string | null;
  site_type_name: string | null;
}

/** A row of a list page: only what a summary shows. */
type ListRow = Pick<SiteRow, 'id' | 'name' | 'full_address' | 'gps_lat' | 'gps_lng' | 'owner_name' | 'site_type_id' | 'site_type_name' | 'version' | 'updated_at' | 'deleted_at'> & {
  thumbnail_id: string | null;
  sort_value: string;
  total: number | null;
};

interface StageRow {
  id: string;
  kind: StageKind;
  name: string;
  position: number;
  has_image: boolean;
  attachment_id: string | null;
}


const gpsOf = (row: { gps_lat: number | null; gps_lng: number | null }) =>
  row.gps_lat === null || row.gps_lng === null ? null : { lat: row.gps_lat, lng: row.gps_lng };

/** The editable fields of a row, as the API names them (for change lists). */
const fieldsOf = (row: SiteRow): SiteFields => ({
  name: row.name,
  description: row.description,
  address: row.full_address,
  gps: gpsOf(row),
  ownerName: row.owner_name,
  siteTypeId: row.site_type_id,
});

const stageOf = (districtId: string, siteId: string, row: StageRow): SiteStage => ({
  id: row.id,
  kind: row.kind,
  name: row.name,
  position: row.position,
  imageUrl: row.attachment_id ? attachmentUrl(row.attachment_id) : row.has_image ? stageImagePath(districtId, siteId, row.name) : null,
  thumbnailUrl: row.attachment_id ? attachmentThumbnailUrl(row.attachment_id) : null,
});

const SORTS: Record<'name' | 'address' | 'updatedAt', SortSpec> = {
  name: textKey('s.name_key'),
  address: textKey('s.address_key'),
  updatedAt: timeKey('s.updated_at'),
};

/**
 * A stage's stored 360 image, for the emergency shares and the file service: the legacy bytes
 * kept in the stage row, or the panorama uploaded through this module (an attachment, whose
 * bytes are in the attachment storage under `storageKey`).
 */
export type StoredImage =
  | { name: string; type: string; image: Uint8Array; attachment?: undefined }
  | { name: string; type: string; image?: undefined; attachment: { id: string; storageKey: string } };

/** Reads of the district's live (not deleted) sites, for the emergency dialog, files and shares. */
export class SiteReader {
  constructor(
    protected readonly db: Queryable,
    protected readonly districtId: string,
  ) {}

  private static toEmergency(this: void, row: Pick<SiteRow, 'id' | 'name' | 'description' | 'full_address' | 'gps_lat' | 'gps_lng' | 'owner_name'>): EmergencySite {
    return {
      _id: row.id,
      name: row.name,
      description: row.description,
      address: { fullAddress: row.full_address },
      gps: gpsOf(row),
      owner: { name: row.owner_name },
    };
  }

  async emergencySites(): Promise<EmergencySite[]> {
    const { rows } = await this.db.query<SiteRow>(
      `select id, name, description, full_address, gps_lat, gps_lng, owner_name from sites
        where district_id = $1 and deleted_at is null order by lower(name), id`,
      [this.districtId],
    );
    return rows.map(SiteReader.toEmergency);
  }

  /** The district's live sites among `ids` (any order; missing ones are simply absent). */
  async emergencySitesById(ids: string[]): Promise<EmergencySite[]> {
    const { rows } = await this.db.query<SiteRow>(
      `select id, name, description, full_address, gps_lat, gps_lng, owner_name from sites
        where district_id = $1 and deleted_at is null and id = any($2::uuid[])`,
      [this.districtId, ids],
    );
    return rows.map(SiteReader.toEmergency);
  }

  /** The stages of one kind of a live site of the district, in their order. */
  async stagesOf(siteId: string, kind: StageKind): Promise<SiteStage[]> {
    const { rows } = await this.db.query<StageRow>(
      `select st.id, st.kind, st.name, st.position, st.image is not null as has_image, st.attachment_id
         from site_stages st join sites s on s.id = st.site_id
        where st.site_id = $1 and s.district_id = $2 and s.deleted_at is null and st.kind = $3
        order by st.position, st.name`,
      [siteId, this.districtId, kind],
    );
    return rows.map((row) => stageOf(this.districtId, siteId, row));
  }

  /**
   * The stored 360 images of a live site among `names`: an uploaded panorama (a complete,
   * not deleted attachment) before the legacy bytes of the same stage; stages with neither
   * are left out.
   */
  async stageImages(siteId: string, names: string[]): Promise<StoredImage[]> {
    if (names.length === 0) return [];
    const { rows } = await this.db.query<{ name: string; image: Uint8Array | null; type: string; attachment_id: string | null; storage_key: string | null }>(
      `select st.name, case when a.id is null then st.image end as image, coalesce(a.type, st.image_type, 'image/png') as type,
              a.id as attachment_id, a.storage_key
         from site_stages st join sites s on s.id = st.site_id
         left join attachments a on a.id = st.attachment_id and a.district_id = s.district_id and a.state = 'complete' and a.deleted_at is null
        where st.site_id = $1 and s.district_id = $2 and s.deleted_at is null and st.kind = 'threeSixty'
          and st.name = any($3::text[]) and (a.id is not null or st.image is not null)`,
      [siteId, this.districtId, names],
    );
    return rows.map((row) =>
      row.attachment_id !== null && row.storage_key !== null
        ? { name: row.name, type: row.type, attachment: { id: row.attachment_id, storageKey: row.storage_key } }
        : { name: row.name, type: row.type, image: row.image! },
    );
  }
}

/**
 * What the routes keep between requests for the repository (one set per server): the lists'
 * counts, and, on the embedded database only, whole list pages and the type list
 * (_platform/list.ts says why and when each is dropped).
 */
export interface SitesCaches {
  counts: CountCache;
  pages: PageCache<Page<SiteSummary>> | null;
  types: PageCache<SiteType[]> | null;
}

export class SitesRepository extends SiteReader {
  private readonly counts: CountCache | null;

  constructor(
    private readonly scope: RecordScope & { dbName: string },
    private readonly caches: SitesCaches | null = null,
  ) {
    super(scope.db, scope.districtId);
    this.counts = caches?.counts ?? null;
    this.store = new RecordStore(scope);
  }

  // ---------------------------------------------------------------- sites: reads

  async list(query: SiteListQuery & { limit?: number }): Promise<Page<SiteSummary>> {
    const pages = this.caches?.pages;
    if (!pages) return this.readPage(query);
    const key = JSON.stringify([query.sort ?? 'name', query.deleted ?? null, query.siteType ?? null, query.hasGps ?? null, query.search?.trim() ?? null, query.cursor ?? null, query.limit ?? LIST_LIMIT_DEFAULT]);
    const cached = pages.get(this.scope.dbName, this.districtId, key);
    if (cached) return cached;
    const generation = pages.generation(this.scope.dbName, this.districtId);
    const page = await this.readPage(query);
    pages.set(this.scope.dbName, this.districtId, key, page, generation);
    return page;
  }

  private async readPage(query: SiteListQuery & { limit?: number }): Promise<Page<SiteSummary>> {
    const sort: SiteSort = query.sort ?? 'name';
    const desc = sort.startsWith('-');
    const spec = SORTS[(desc ? sort.slice(1) : sort) as keyof typeof SORTS];
    const limit = query.limit ?? LIST_LIMIT_DEFAULT;

    const params: unknown[] = [this.districtId];
    const where = ['s.district_id = $1', query.deleted === 'true' ? 's.deleted_at is not null' : 's.deleted_at is null'];
    if (query.siteType) {
      params.push(query.siteType);
      where.push(`s.site_type_id = $${params.length}`);
    }
    if (query.hasGps) where.push(query.hasGps === 'true' ? 's.gps_lat is not null' : 's.gps_lat is null');
    const search = query.search?.trim();
    if (search) {
      params.push(containsPattern(search));
      where.push(`s.search_text like vigie_fold($${params.length})`);
    }
    const filtered = where.join(' and ');
    const filterParams = params.length;

    const pageWhere = [...where];
    if (query.cursor) {
      const cursor = decodeCursor(query.cursor, sort);
      if (!spec.valid(cursor.value)) throw ApiError.badRequest(INVALID_CURSOR);
      params.push(cursor.value, cursor.id);
      pageWhere.push(`(${spec.column}, s.id) ${desc ? '<' : '>'} (${spec.bound(`$${params.length - 1}`)}, $${params.length}::uuid)`);
    }
    params.push(limit + 1);
    const direction = desc ? 'desc' : 'asc';
    const countKey = JSON.stringify([query.deleted ?? null, query.siteType ?? null, query.hasGps ?? null, search ?? null]);
    const cached = this.counts?.get(this.scope.dbName, this.districtId, countKey);
    // Without a fresh count, it rides along as an uncorrelated subquery: computed once, one round trip.
    const { rows } = await this.db.query<ListRow>(
      `select s.id, s.name, s.full_address, s.gps_lat, s.gps_lng, s.owner_name, s.site_type_id, t.name as site_type_name,
              s.version, s.updated_at, s.deleted_at, s.thumbnail_id, ${spec.value} as sort_value,
              ${cached === undefined ? `(select count(*) from sites s where ${filtered})::int` : 'null::int'} as total
         from sites s left join site_types t on t.id = s.site_type_id
        where ${pageWhere.join(' and ')}
        order by ${spec.column} ${direction}, s.id ${direction}
        limit $${params.length}`,
      params,
    );
    const more = rows.length > limit;
    const page = more ? rows.slice(0, limit) : rows;
    let total = cached ?? rows[0]?.total ?? undefined;
    if (total === undefined || total === null) {
      const counted = await this.db.query<{ total: number }>(`select count(*)::int as total from sites s where ${filtered}`, params.slice(0, filterParams));
      total = counted.rows[0]?.total ?? 0;
    }
    if (cached === undefined) this.counts?.set(this.scope.dbName, this.districtId, countKey, total);
    const last = page[page.length - 1];
    return {
      items: page.map((row) => ({
        id: row.id,
        name: row.name,
        address: row.full_address,
        ownerName: row.owner_name,
        siteTypeId: row.site_type_id,
        siteTypeName: row.site_type_name,
        gps: gpsOf(row),
        thumbnailUrl: row.thumbnail_id ? attachmentThumbnailUrl(row.thumbnail_id) : null,
        version: row.version,
        updatedAt: iso(row.updated_at),
        deletedAt: row.deleted_at ? iso(row.deleted_at) : null,
      })),
      nextCursor: more && last ? encodeCursor(sort, last.sort_value, last.id) : null,
      total,
    };
  }

  /** The site's row, locked for a write to it or to its stages; 404 in another district. */
  private async rowOr404(id: string, lock = false): Promise<SiteRow> {
    const { rows } = await this.db.query<SiteRow>(`${this.sites.select} where t.id = $1 and t.district_id = $2${lock ? ' for update of t' : ''}`, [id, this.districtId]);
    if (!rows[0]) throw ApiError.notFound(SITE_NOT_FOUND);
    return rows[0];
  }

  private async toSite(row: SiteRow, names?: Map<string, string>): Promise<Site> {
    const [{ rows: stages }, attachments, actors] = await Promise.all([
      this.db.query<StageRow>(
        `select id, kind, name, position, image is not null as has_image, attachment_id from site_stages
          where site_id = $1 order by kind, position, name`,
        [row.id],
      ),
      listRecordAttachments(this.db, this.districtId, SITES_MODULE, row.id),
      names ?? actorNames(this.scope.control, [row.created_by, row.updated_by]),
    ]);
    return {
      ...recordMetaOf(row, actors),
      ...fieldsOf(row),
      siteTypeName: row.site_type_name,
      stages: stages.map((stage) => stageOf(this.districtId, row.id, stage)),
      attachments,
    };
  }

  /**
   * Sites on the platform's record core (_platform/record-kind.ts): created with the client's
   * id, edited from a base version field by field, deleted reversibly, each in the history. A
   * site read alone carries its stages and files; its type must be a live type of the district
   * when it is given or changed (a restored site keeps the type it had, even one deleted since).
   */
  readonly sites: RecordKind<SiteRow, SiteFields, Site> = {
    module: SITES_MODULE,
    table: 'sites',
    notFound: SITE_NOT_FOUND,
    select: `select t.id, t.district_id, t.name, t.description, t.full_address, t.gps_lat, t.gps_lng, t.owner_name, t.site_type_id,
      st.name as site_type_name, t.version, t.created_at, t.created_by, t.updated_at, t.updated_by, t.deleted_at
      from sites t left join site_types st on st.id = t.site_type_id`,
    historyFields: SITE_FIELDS,
    fieldsOf,
    columns: (f) => ({
      name: f.name,
      description: f.description,
      full_address: f.address,
      gps_lat: f.gps?.lat ?? null,
      gps_lng: f.gps?.lng ?? null,
      owner_name: f.ownerName,
      site_type_id: f.siteTypeId,
    }),
    toRecord: () => {
      throw new Error('a site is read alone (readOne)');
    },
    readOne: (row, names) => this.toSite(row, names),
    defaults: { description: '', address: '', gps: null, ownerName: '', siteTypeId: null },
    clean: trimmedName,
    check: async (f, before, _id, restoring) => {
      if (!restoring && f.siteTypeId !== (before?.siteTypeId ?? null)) await this.checkType(f.siteTypeId);
    },
  };

  /** A site of the district, deleted or not; 404 otherwise. */
  get = (id: string): Promise<Site> => this.store.get(this.sites, id);
  history = (id: string): Promise<HistoryEntry[]> => this.store.history(this.sites, id);

  private async checkType(siteTypeId: string | null | undefined): Promise<void> {
    if (!siteTypeId) return;
    const { rows } = await this.db.query('select 1 from site_types where id = $1 and district_id = $2 and deleted_at is null', [siteTypeId, this.districtId]);
    if (rows.length === 0) throw ApiError.badRequest(TYPE_NOT_FOUND);
  }

  create = (body: SiteCreate): Promise<Site> => {
    const { id, ...fields } = body;
    return this.store.create(this.sites, id, fields as SiteFields);
  };
  update = (id: string, body: SiteUpdate): Promise<Site> => this.store.update(this.sites, id, body);
  remove = (id: string, baseVersion: number): Promise<Site> => this.store.setDeleted(this.sites, id, baseVersion, true);
  restore = (id: string, baseVersion: number): Promise<Site> => this.store.setDeleted(this.sites, id, baseVersion, false);

  // ---------------------------------------------------------------- stages

  private async stageNames(siteId: string, kind: StageKind): Promise<string[]> {
    const { rows } = await this.db.query<{ name: string }>(`select name from site_stages where site_id = $1 and kind = $2 order by position, name`, [siteId, kind]);
    return rows.map((r) => r.name);
  }

  /**
   * A stage write is a write of its site: new version, one history entry naming the stage
   * list, and the list thumbnail (the first 360 stage's attachment) kept up to date.
   */
  private async touch(siteId: string, version: number, changes: FieldChange[]): Promise<Site> {
    await writeVersion(this.scope, { table: 'sites', module: SITES_MODULE, id: siteId, version }, changes, {
      set: `thumbnail_id = (select st.attachment_id from site_stages st where st.site_id = $1 and st.kind = 'threeSixty' order by st.position, st.name limit 1)`,
    });
    return this.get(siteId);
  }

  /** The site's live row for a stage write (stages carry no version of their own). */
  private async liveSite(siteId: string): Promise<SiteRow> {
    const row = await this.rowOr404(siteId, true);
    if (row.deleted_at) throw deletedRecord(await this.toSite(row));
    return row;
  }

  private async stageRow(siteId: string, stageId: string): Promise<StageRow> {
    const { rows } = await this.db.query<StageRow>(
      `select id, kind, name, position, image is not null as has_image, attachment_id from site_stages where id = $1 and site_id = $2`,
      [stageId, siteId],
    );
    if (!rows[0]) throw ApiError.notFound(STAGE_NOT_FOUND);
    return rows[0];
  }

  private async nameTaken(siteId: string, kind: StageKind, name: string, except: string | null): Promise<boolean> {
    const { rows } = await this.db.query(`select 1 from site_stages where site_id = $1 and kind = $2 and name = $3 and id is distinct from $4`, [siteId, kind, name, except]);
    return rows.length > 0;
  }

  /**
   * A stage's image must be one of the site's files in the district; the app sends the stage
   * before its image's upload, so an id no upload has taken yet is accepted (requireRecordAttachments).
   */
  private checkStageImage(siteId: string, attachmentId: string | null | undefined): Promise<void> {
    return requireRecordAttachments(this.db, { districtId: this.districtId, module: SITES_MODULE, recordId: siteId }, attachmentId ? [attachmentId] : [], 'attachmentId', {
      uploadsFollow: true,
    });
  }

  async addStage(siteId: string, body: StageCreate): Promise<Site> {
    const site = await this.liveSite(siteId);
    await this.checkStageImage(siteId, body.attachmentId);
    const name = body.name.trim();
    if (await this.nameTaken(siteId, body.kind, name, null)) throw new ApiError(409, { message: 'sites.stage_name_taken' });
    const before = await this.stageNames(siteId, body.kind);
    const { rows } = await this.db.query(
      `insert into site_stages (id, site_id, kind, name, position, attachment_id)
       values ($1, $2, $3, $4, (select coalesce(max(position) + 1, 0) from site_stages where site_id = $2 and kind = $3), $5)
       on conflict do nothing returning id`,
      [body.id, siteId, body.kind, name, body.attachmentId ?? null],
    );
    if (rows.length === 0) throw new ApiError(409, { message: 'record.exists' });
    return this.touch(siteId, site.version, [{ field: `stages.${body.kind}`, before, after: [...before, name] }]);
  }

  async updateStage(siteId: string, stageId: string, body: { name?: string; attachmentId?: string | null }): Promise<Site> {
    const site = await this.liveSite(siteId);
    const stage = await this.stageRow(siteId, stageId);
    const name = body.name?.trim() ?? stage.name;
    const attachmentId = body.attachmentId === undefined ? stage.attachment_id : body.attachmentId;
    if (name === stage.name && attachmentId === stage.attachment_id) return this.toSite(site);
    if (attachmentId !== stage.attachment_id) await this.checkStageImage(siteId, attachmentId);
    if (name !== stage.name && (await this.nameTaken(siteId, stage.kind, name, stageId))) throw new ApiError(409, { message: 'sites.stage_name_taken' });
    await this.db.query('update site_stages set name = $3, attachment_id = $4 where id = $1 and site_id = $2', [stageId, siteId, name, attachmentId]);
    const changes: FieldChange[] = [];
    if (name !== stage.name) changes.push({ field: `stages.${stage.kind}.name`, before: stage.name, after: name });
    if (attachmentId !== stage.attachment_id) changes.push({ field: `stages.${stage.kind}.image`, before: stage.attachment_id, after: attachmentId });
    return this.touch(siteId, site.version, changes);
  }

  async removeStage(siteId: string, stageId: string): Promise<Site> {
    const site = await this.liveSite(siteId);
    const stage = await this.stageRow(siteId, stageId);
    const before = await this.stageNames(siteId, stage.kind);
    await this.db.query('delete from site_stages where id = $1 and site_id = $2', [stageId, siteId]);
    return this.touch(siteId, site.version, [{ field: `stages.${stage.kind}`, before, after: before.filter((n) => n !== stage.name) }]);
  }

  async orderStages(siteId: string, body: StageOrder): Promise<Site> {
    const site = await this.liveSite(siteId);
    const { rows } = await this.db.query<{ id: string; name: string }>(`select id, name from site_stages where site_id = $1 and kind = $2 order by position, name`, [
      siteId,
      body.kind,
    ]);
    const ids = body.ids.map((id) => id.toLowerCase());
    const known = new Set(rows.map((r) => r.id));
    // The new order names each stage of the kind exactly once.
    if (ids.length !== rows.length || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id))) {
      throw ApiError.badRequest('sites.stage_order_mismatch');
    }
    if (ids.every((id, i) => rows[i]!.id === id)) return this.toSite(site);
    await this.db.query(
      `update site_stages st set position = o.position - 1 from unnest($2::uuid[]) with ordinality as o(id, position)
        where st.id = o.id and st.site_id = $1`,
      [siteId, ids],
    );
    const nameOf = new Map(rows.map((r) => [r.id, r.name]));
    return this.touch(siteId, site.version, [{ field: `stages.${body.kind}`, before: rows.map((r) => r.name), after: ids.map((id) => nameOf.get(id)!) }]);
  }

  // ---------------------------------------------------------------- site types

  /**
   * Site types on the platform's record core (_platform/record-kind.ts): created with the
   * client's id, renamed from a base version, deleted reversibly, each in the history. Their own
   * rules: a name unique in the district (folded: 409 `sites.type_name_taken`), and a type still
   * given to live sites stays (409 `sites.type_in_use`: the manager changes those sites first).
   */
  readonly types: RecordKind<TypeRow, { name: string }, SiteType> = {
    module: SITE_TYPES_HISTORY,
    table: 'site_types',
    notFound: TYPE_NOT_FOUND,
    select: `select t.*, (select count(*) from sites s where s.site_type_id = t.id and s.deleted_at is null)::int as site_count from site_types t`,
    historyFields: ['name'],
    fieldsOf: (row) => ({ name: row.name }),
    columns: (fields) => ({ name: fields.name }),
    toRecord: (row) => SitesRepository.toType(row),
    clean: trimmedName,
    check: async (fields, before, id) => {
      if (fields.name !== before?.name && (await this.typeNameTaken(fields.name, id))) throw new ApiError(409, { message: 'sites.type_name_taken' });
    },
    inUse: (row) => (row.site_count > 0 ? 'sites.type_in_use' : null),
  };

  readonly store: RecordStore;

  private static toType(this: void, row: Pick<TypeRow, 'id' | 'name' | 'version' | 'deleted_at' | 'site_count'>): SiteType {
    return { id: row.id, name: row.name, version: row.version, siteCount: row.site_count, deletedAt: row.deleted_at ? iso(row.deleted_at) : null };
  }

  async listTypes(): Promise<SiteType[]> {
    const types = this.caches?.types;
    if (!types) return this.readTypes();
    const cached = types.get(this.scope.dbName, this.districtId, '');
    if (cached) return cached;
    const generation = types.generation(this.scope.dbName, this.districtId);
    const list = await this.readTypes();
    types.set(this.scope.dbName, this.districtId, '', list, generation);
    return list;
  }

  private async readTypes(): Promise<SiteType[]> {
    const { rows } = await this.db.query<{ id: string; name: string; version: number; deleted_at: Date | null; site_count: number }>(
      `select t.id, t.name, t.version, t.deleted_at,
              (select count(*) from sites s where s.site_type_id = t.id and s.deleted_at is null)::int as site_count
         from site_types t where t.district_id = $1 and t.deleted_at is null order by vigie_fold(t.name), t.id`,
      [this.districtId],
    );
    return rows.map(SitesRepository.toType);
  }

  private async typeNameTaken(name: string, except: string | null): Promise<boolean> {
    const { rows } = await this.db.query(
      'select 1 from site_types where district_id = $1 and vigie_fold(name) = vigie_fold($2) and deleted_at is null and id is distinct from $3',
      [this.districtId, name, except],
    );
    return rows.length > 0;
  }

  createType = (body: SiteTypeCreate): Promise<SiteType> => this.store.create(this.types, body.id, { name: body.name });
  updateType = (id: string, body: SiteTypeUpdate): Promise<SiteType> => this.store.update(this.types, id, body);
  removeType = (id: string, baseVersion: number): Promise<SiteType> => this.store.setDeleted(this.types, id, baseVersion, true);
}
