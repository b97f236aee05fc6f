/**
 * Every query of the cartography's records (map_layers, poi_categories, points_of_interest,
 * map_area_groups, map_areas), scoped to the session's district: the repository is built from
 * the session and never takes a district as an argument, so another district's id finds
 * nothing (404). The five kinds share one record core (`RecordKind` below): creation with the
 * caller's id (a replay of the same id is 409 `record.exists`), edits from a base version (409
 * `record.version_conflict` with the record as it is now), the changed fields in the history,
 * reversible deletion, restore. What differs is each kind's columns, checks and answer.
 *
 * A layer, a category or a group still used by live points or areas cannot be deleted (409
 * `cartography.*_in_use`, as a site type given to sites): its points and areas would vanish
 * from the map with it.
 */
import {
  type Area,
  type AreaCreate,
  type AreaFields,
  type AreaGeometry,
  type AreaGroup,
  type AreaGroupCreate,
  type AreaGroupFields,
  type AreaGroupUpdate,
  type AreaListQuery,
  type AreaUpdate,
  type Layer,
  type LayerCreate,
  type LayerFields,
  type LayerKind,
  type LayerUpdate,
  type Poi,
  type PoiCategory,
  type PoiCategoryCreate,
  type PoiCategoryFields,
  type PoiCategoryUpdate,
  type PoiCreate,
  type PoiFields,
  type PoiIcon,
  type PoiListQuery,
  type PoiUpdate,
} from '../../../../common/modules/cartography/schemas.js';
import type { MapPowers } from '../../../../common/modules/cartography/access.js';
import { LIST_LIMIT_DEFAULT, type HistoryEntry, type Page } from '../../../../common/schemas/platform.js';
import type { Queryable } from '../../db/types.js';
import { ApiError } from '../../lib/errors.js';
import { containsPattern, decodeCursor, encodeCursor } from '../_platform/list.js';
import {
  actorNames,
  changesBetween,
  readHistory,
  recordMetaOf,
  requireEditable,
  requireLiveRecord,
  requireLiveSite,
  setRecordDeleted,
  writeCreationHistories,
  writeHistory,
  type RecordMetaRow,
  type RecordScope,
} from '../_platform/records.js';
import { areaSquareMetres, boundsOf, checkArea } from './geometry.js';

/** The history's module names, one per kind (records:changed carries them too). */
export const CARTOGRAPHY_MODULES = {
  layers: 'map_layers',
  categories: 'poi_categories',
  points: 'points_of_interest',
  groups: 'map_area_groups',
  areas: 'map_areas',
} as const;
export const CARTOGRAPHY_MODULE_NAMES: readonly string[] = Object.values(CARTOGRAPHY_MODULES);

export const LAYER_NOT_FOUND = 'cartography.layer_not_found';
export const CATEGORY_NOT_FOUND = 'cartography.category_not_found';
export const POINT_NOT_FOUND = 'cartography.point_not_found';
export const GROUP_NOT_FOUND = 'cartography.group_not_found';
export const AREA_NOT_FOUND = 'cartography.area_not_found';
export const SITE_NOT_FOUND = 'cartography.site_not_found';
export const LAYER_KIND = 'cartography.layer_kind';
export const MANAGERS_ONLY = 'cartography.managers_only';

// ---------------------------------------------------------------- the record core

/** One kind of record: its table, how its row reads as fields and as the API's record, and its checks. */
interface RecordKind<Row extends RecordMetaRow, F extends object, R> {
  module: string;
  table: string;
  notFound: string;
  /** `select … from <table> t …`: the row with what its answer needs (joined names, counts). */
  select: string;
  historyFields: readonly (keyof F & string)[];
  fieldsOf: (row: Row) => F;
  /** The table's columns of the fields (derived ones included: an area's bounds). */
  columns: (fields: F) => Record<string, unknown>;
  toRecord: (row: Row, names: Map<string, string>) => R;
  /** Fields trimmed as they are stored. */
  clean?: (fields: F) => F;
  /** Before a create or an update: the references exist, the geometry holds. */
  check?: (fields: F, before: F | null) => Promise<void>;
  /** Before a delete: why it may not be deleted, if it may not (the key of a 409). */
  inUse?: (row: Row) => string | null;
}

interface LayerRow extends RecordMetaRow {
  name: string;
  kind: LayerKind;
  colour: string;
  position: number;
  visible_by_default: boolean;
  feature_count: number;
}

interface CategoryRow extends RecordMetaRow {
  name: string;
  icon: PoiIcon;
  colour: string;
  point_count: number;
}

interface PointRow extends RecordMetaRow {
  name: string;
  description: string;
  category_id: string;
  layer_id: string;
  lat: number;
  lng: number;
  site_id: string | null;
  category_name: string;
  icon: PoiIcon;
  category_colour: string;
  layer_name: string;
  site_name: string | null;
  sort_value: string;
}

interface GroupRow extends RecordMetaRow {
  name: string;
  description: string;
  colour: string;
  area_count: number;
}

interface AreaRow extends RecordMetaRow {
  name: string;
  description: string;
  layer_id: string;
  group_id: string | null;
  colour: string | null;
  geometry: AreaGeometry;
  min_lng: number;
  min_lat: number;
  max_lng: number;
  max_lat: number;
  area_m2: number;
  layer_name: string;
  group_name: string | null;
  sort_value: string;
}

const trimmed = <F extends { name: string }>(fields: F): F => ({ ...fields, name: fields.name.trim() });

export const POINT_SELECT = `select t.*, c.name as category_name, c.icon, c.colour as category_colour, l.name as layer_name, s.name as site_name, vigie_fold(t.name) as sort_value
  from points_of_interest t
  join poi_categories c on c.id = t.category_id
  join map_layers l on l.id = t.layer_id
  left join sites s on s.id = t.site_id`;
export const AREA_SELECT = `select t.*, l.name as layer_name, g.name as group_name, vigie_fold(t.name) as sort_value
  from map_areas t
  join map_layers l on l.id = t.layer_id
  left join map_area_groups g on g.id = t.group_id`;

export const pointOf = (row: PointRow, names: Map<string, string>): Poi => ({
  ...recordMetaOf(row, names),
  name: row.name,
  description: row.description,
  categoryId: row.category_id,
  layerId: row.layer_id,
  position: { lat: row.lat, lng: row.lng },
  siteId: row.site_id,
  categoryName: row.category_name,
  icon: row.icon,
  colour: row.category_colour,
  layerName: row.layer_name,
  siteName: row.site_name,
});

export const areaOf = (row: AreaRow, names: Map<string, string>): Area => ({
  ...recordMetaOf(row, names),
  name: row.name,
  description: row.description,
  layerId: row.layer_id,
  groupId: row.group_id,
  colour: row.colour,
  geometry: row.geometry,
  layerName: row.layer_name,
  groupName: row.group_name,
  bbox: [row.min_lng, row.min_lat, row.max_lng, row.max_lat],
  areaSquareMetres: row.area_m2,
});

export type { AreaRow, PointRow };

export class CartographyRepository {
  readonly db: Queryable;
  readonly districtId: string;

  constructor(
    private readonly scope: RecordScope,
    private readonly powers: MapPowers,
  ) {
    this.db = scope.db;
    this.districtId = scope.districtId;
  }

  // ---------------------------------------------------------------- the kinds

  /** A live layer of the district of `kind`, or 404 (unknown) / 400 (of the other kind). */
  async requireLayer(id: string, kind: LayerKind): Promise<void> {
    const { rows } = await this.db.query<{ kind: LayerKind }>('select kind from map_layers where id = $1 and district_id = $2 and deleted_at is null', [id, this.districtId]);
    if (!rows[0]) throw ApiError.notFound(LAYER_NOT_FOUND);
    if (rows[0].kind !== kind) throw ApiError.badRequest(LAYER_KIND, `the layer holds ${rows[0].kind}, not ${kind}`);
  }

  readonly layers: RecordKind<LayerRow, LayerFields, Layer> = {
    module: CARTOGRAPHY_MODULES.layers,
    table: 'map_layers',
    notFound: LAYER_NOT_FOUND,
    select: `select t.*, ((select count(*) from points_of_interest p where p.layer_id = t.id and p.deleted_at is null)
        + (select count(*) from map_areas a where a.layer_id = t.id and a.deleted_at is null))::int as feature_count
      from map_layers t`,
    historyFields: ['name', 'kind', 'colour', 'position', 'visibleByDefault'],
    fieldsOf: (row) => ({ name: row.name, kind: row.kind, colour: row.colour, position: row.position, visibleByDefault: row.visible_by_default }),
    columns: (f) => ({ name: f.name, kind: f.kind, colour: f.colour, position: f.position, visible_by_default: f.visibleByDefault }),
    toRecord: (row, names) => ({ ...recordMetaOf(row, names), ...this.layers.fieldsOf(row), featureCount: row.feature_count }),
    clean: trimmed,
    inUse: (row) => (row.feature_count > 0 ? 'cartography.layer_in_use' : null),
  };

  readonly categories: RecordKind<CategoryRow, PoiCategoryFields, PoiCategory> = {
    module: CARTOGRAPHY_MODULES.categories,
    table: 'poi_categories',
    notFound: CATEGORY_NOT_FOUND,
    select: `select t.*, (select count(*)::int from points_of_interest p where p.category_id = t.id and p.deleted_at is null) as point_count from poi_categories t`,
    historyFields: ['name', 'icon', 'colour'],
    fieldsOf: (row) => ({ name: row.name, icon: row.icon, colour: row.colour }),
    columns: (f) => ({ name: f.name, icon: f.icon, colour: f.colour }),
    toRecord: (row, names) => ({ ...recordMetaOf(row, names), ...this.categories.fieldsOf(row), pointCount: row.point_count }),
    clean: trimmed,
    inUse: (row) => (row.point_count > 0 ? 'cartography.category_in_use' : null),
  };

  readonly points: RecordKind<PointRow, PoiFields, Poi> = {
    module: CARTOGRAPHY_MODULES.points,
    table: 'points_of_interest',
    notFound: POINT_NOT_FOUND,
    select: POINT_SELECT,
    historyFields: ['name', 'description', 'categoryId', 'layerId', 'position', 'siteId'],
    fieldsOf: (row) => ({
      name: row.name,
      description: row.description,
      categoryId: row.category_id,
      layerId: row.layer_id,
      position: { lat: row.lat, lng: row.lng },
      siteId: row.site_id,
    }),
    columns: (f) => ({ name: f.name, description: f.description, category_id: f.categoryId, layer_id: f.layerId, lat: f.position.lat, lng: f.position.lng, site_id: f.siteId }),
    toRecord: pointOf,
    clean: trimmed,
    check: async (f, before) => {
      if (f.categoryId !== before?.categoryId) await requireLiveRecord(this.db, 'poi_categories', this.districtId, f.categoryId, CATEGORY_NOT_FOUND);
      if (f.layerId !== before?.layerId) await this.requireLayer(f.layerId, 'points');
      if (f.siteId !== before?.siteId) await requireLiveSite(this.db, this.districtId, f.siteId, SITE_NOT_FOUND);
    },
  };

  readonly groups: RecordKind<GroupRow, AreaGroupFields, AreaGroup> = {
    module: CARTOGRAPHY_MODULES.groups,
    table: 'map_area_groups',
    notFound: GROUP_NOT_FOUND,
    select: `select t.*, (select count(*)::int from map_areas a where a.group_id = t.id and a.deleted_at is null) as area_count from map_area_groups t`,
    historyFields: ['name', 'description', 'colour'],
    fieldsOf: (row) => ({ name: row.name, description: row.description, colour: row.colour }),
    columns: (f) => ({ name: f.name, description: f.description, colour: f.colour }),
    toRecord: (row, names) => ({ ...recordMetaOf(row, names), ...this.groups.fieldsOf(row), areaCount: row.area_count }),
    clean: trimmed,
    inUse: (row) => (row.area_count > 0 ? 'cartography.group_in_use' : null),
  };

  readonly areas: RecordKind<AreaRow, AreaFields, Area> = {
    module: CARTOGRAPHY_MODULES.areas,
    table: 'map_areas',
    notFound: AREA_NOT_FOUND,
    select: AREA_SELECT,
    historyFields: ['name', 'description', 'layerId', 'groupId', 'colour', 'geometry'],
    fieldsOf: (row) => ({ name: row.name, description: row.description, layerId: row.layer_id, groupId: row.group_id, colour: row.colour, geometry: row.geometry }),
    columns: (f) => {
      const [minLng, minLat, maxLng, maxLat] = boundsOf(f.geometry);
      return {
        name: f.name,
        description: f.description,
        layer_id: f.layerId,
        group_id: f.groupId,
        colour: f.colour,
        geometry: JSON.stringify(f.geometry),
        min_lng: minLng,
        min_lat: minLat,
        max_lng: maxLng,
        max_lat: maxLat,
        area_m2: areaSquareMetres(f.geometry),
      };
    },
    toRecord: areaOf,
    clean: trimmed,
    check: async (f, before) => {
      checkArea(f.geometry);
      if (f.layerId !== before?.layerId) await this.requireLayer(f.layerId, 'areas');
      if (f.groupId !== before?.groupId) await requireLiveRecord(this.db, 'map_area_groups', this.districtId, f.groupId, GROUP_NOT_FOUND);
    },
  };

  // ---------------------------------------------------------------- the core

  private async rowOr404<Row extends RecordMetaRow, F extends object, R>(kind: RecordKind<Row, F, R>, id: string, lock = false): Promise<Row> {
    const { rows } = await this.db.query<Row>(`${kind.select} where t.id = $1 and t.district_id = $2${lock ? ' for update of t' : ''}`, [id, this.districtId]);
    if (!rows[0]) throw ApiError.notFound(kind.notFound);
    return rows[0];
  }

  private async one<Row extends RecordMetaRow, F extends object, R>(kind: RecordKind<Row, F, R>, row: Row): Promise<R> {
    return kind.toRecord(row, await actorNames(this.scope.control, [row.created_by, row.updated_by]));
  }

  async get<Row extends RecordMetaRow, F extends object, R>(kind: RecordKind<Row, F, R>, id: string): Promise<R> {
    return this.one(kind, await this.rowOr404(kind, id));
  }

  async history<Row extends RecordMetaRow, F extends object, R>(kind: RecordKind<Row, F, R>, id: string): Promise<HistoryEntry[]> {
    await this.rowOr404(kind, id);
    return readHistory(this.scope, kind.module, id);
  }

  /** The deleted records are for the kind's managers, who may restore them. */
  private deletedFilter(deleted: 'true' | 'false' | undefined, manage: boolean): string {
    if (deleted !== 'true') return 't.deleted_at is null';
    if (!manage) throw ApiError.forbidden(MANAGERS_ONLY);
    return 't.deleted_at is not null';
  }

  /** Every record of a small kind (layers, categories, groups), ordered. */
  private async all<Row extends RecordMetaRow, F extends object, R>(kind: RecordKind<Row, F, R>, order: string, deleted: 'true' | 'false' | undefined, manage: boolean): Promise<R[]> {
    const { rows } = await this.db.query<Row>(`${kind.select} where t.district_id = $1 and ${this.deletedFilter(deleted, manage)} order by ${order}`, [this.districtId]);
    const names = await actorNames(this.scope.control, rows.flatMap((r) => [r.created_by, r.updated_by]));
    return rows.map((row) => kind.toRecord(row, names));
  }

  /** A page of a large kind (points, areas) by name, with the kind's filters. */
  private async page<Row extends RecordMetaRow & { sort_value: string }, F extends object, R>(
    kind: RecordKind<Row, F, R>,
    query: { search?: string; cursor?: string; limit?: number; deleted?: 'true' | 'false' },
    filters: [column: string, value: string | undefined][],
    manage: boolean,
  ): Promise<Page<R>> {
    const limit = query.limit ?? LIST_LIMIT_DEFAULT;
    const params: unknown[] = [this.districtId];
    const where = ['t.district_id = $1', this.deletedFilter(query.deleted, manage)];
    for (const [column, value] of filters) {
      if (value === undefined) continue;
      params.push(value);
      where.push(`t.${column} = $${params.length}::uuid`);
    }
    const search = query.search?.trim();
    if (search) {
      params.push(containsPattern(search));
      where.push(`vigie_fold(t.name || ' ' || t.description) like vigie_fold($${params.length})`);
    }
    const filtered = [...where];
    const filterParams = params.length;
    if (query.cursor) {
      const cursor = decodeCursor(query.cursor, 'name');
      params.push(cursor.value, cursor.id);
      where.push(`(vigie_fold(t.name), t.id) > ($${params.length - 1}::text, $${params.length}::uuid)`);
    }
    params.push(limit + 1);
    const { rows } = await this.db.query<Row>(`${kind.select} where ${where.join(' and ')} order by vigie_fold(t.name), t.id limit $${params.length}`, params);
    const counted = await this.db.query<{ total: number }>(`select count(*)::int as total from ${kind.table} t where ${filtered.join(' and ')}`, params.slice(0, filterParams));
    const more = rows.length > limit;
    const page = more ? rows.slice(0, limit) : rows;
    const names = await actorNames(this.scope.control, page.flatMap((r) => [r.created_by, r.updated_by]));
    const last = page[page.length - 1];
    return {
      items: page.map((row) => kind.toRecord(row, names)),
      nextCursor: more && last ? encodeCursor('name', last.sort_value, last.id) : null,
      total: counted.rows[0]?.total ?? 0,
    };
  }

  async create<Row extends RecordMetaRow, F extends object, R>(kind: RecordKind<Row, F, R>, id: string, raw: F): Promise<R> {
    const fields = kind.clean ? kind.clean(raw) : raw;
    await kind.check?.(fields, null);
    const columns = Object.entries(kind.columns(fields));
    const names = columns.map(([column]) => column);
    const values = columns.map(([, value]) => value);
    const { rows } = await this.db.query(
      `insert into ${kind.table} (id, district_id, ${names.join(', ')}, created_by, updated_by)
       values ($1, $2, ${names.map((_, i) => `$${i + 3}`).join(', ')}, $${names.length + 3}, $${names.length + 3})
       on conflict (id) do nothing returning id`,
      [id, this.districtId, ...values, this.scope.actor.id],
    );
    if (rows.length === 0) throw new ApiError(409, { message: 'record.exists' });
    const changes = changesBetween({} as F, fields, kind.historyFields).filter((c) => c.after !== null && c.after !== '');
    await writeHistory(this.scope, { module: kind.module, recordId: id, version: 1, action: 'create', changes });
    return this.get(kind, id);
  }

  async update<Row extends RecordMetaRow, F extends object, R>(kind: RecordKind<Row, F, R>, id: string, body: { baseVersion: number; changes: Partial<F> }): Promise<R> {
    const row = await this.rowOr404(kind, id, true);
    await requireEditable(row, body.baseVersion, () => this.one(kind, row));
    const before = kind.fieldsOf(row);
    const asked = Object.fromEntries(Object.entries(body.changes).filter(([, value]) => value !== undefined)) as Partial<F>;
    const merged = { ...before, ...asked };
    const next = kind.clean ? kind.clean(merged) : merged;
    const changes = changesBetween(before, next, kind.historyFields);
    if (changes.length === 0) return this.one(kind, row);
    await kind.check?.(next, before);
    const columns = Object.entries(kind.columns(next));
    await this.db.query(
      `update ${kind.table} set ${columns.map(([column], i) => `${column} = $${i + 3}`).join(', ')},
              version = version + 1, updated_at = now(), updated_by = $${columns.length + 3}
        where id = $1 and district_id = $2`,
      [id, this.districtId, ...columns.map(([, value]) => value), this.scope.actor.id],
    );
    await writeHistory(this.scope, { module: kind.module, recordId: id, version: row.version + 1, action: 'update', changes });
    return this.get(kind, id);
  }

  async setDeleted<Row extends RecordMetaRow, F extends object, R>(kind: RecordKind<Row, F, R>, id: string, baseVersion: number, deleted: boolean): Promise<R> {
    const row = await this.rowOr404(kind, id, true);
    if (deleted && row.version === baseVersion && row.deleted_at === null) {
      const reason = kind.inUse?.(row);
      if (reason) throw new ApiError(409, { message: reason });
    }
    if (!deleted && row.deleted_at !== null) await kind.check?.(kind.fieldsOf(row), null);
    await setRecordDeleted(
      this.scope,
      { table: kind.table, module: kind.module, id, version: row.version, deletedAt: row.deleted_at, current: () => this.one(kind, row) },
      baseVersion,
      deleted,
    );
    return this.get(kind, id);
  }

  // ---------------------------------------------------------------- the lists

  listLayers(deleted?: 'true' | 'false'): Promise<Layer[]> {
    return this.all(this.layers, 't.position, vigie_fold(t.name), t.id', deleted, this.powers.manageLayers);
  }

  listCategories(deleted?: 'true' | 'false'): Promise<PoiCategory[]> {
    return this.all(this.categories, 'vigie_fold(t.name), t.id', deleted, this.powers.manageCategories);
  }

  listGroups(deleted?: 'true' | 'false'): Promise<AreaGroup[]> {
    return this.all(this.groups, 'vigie_fold(t.name), t.id', deleted, this.powers.manageGroups);
  }

  listPoints(query: PoiListQuery): Promise<Page<Poi>> {
    return this.page(this.points, query, [['category_id', query.category], ['layer_id', query.layer], ['site_id', query.site]], this.powers.managePoints);
  }

  listAreas(query: AreaListQuery): Promise<Page<Area>> {
    return this.page(this.areas, query, [['layer_id', query.layer], ['group_id', query.group]], this.powers.manageAreas);
  }

  // ---------------------------------------------------------------- import and export

  /** Many new points at once (an import, checked before): one statement, and their creation entries. */
  async insertPoints(points: (PoiFields & { id: string })[]): Promise<void> {
    if (points.length === 0) return;
    await this.db.query(
      `insert into points_of_interest (id, district_id, name, description, category_id, layer_id, lat, lng, site_id, created_by, updated_by)
       select id, $1, name, description, category_id, layer_id, lat, lng, site_id, $2, $2
         from unnest($3::uuid[], $4::text[], $5::text[], $6::uuid[], $7::uuid[], $8::float8[], $9::float8[], $10::uuid[])
           as t(id, name, description, category_id, layer_id, lat, lng, site_id)`,
      [
        this.districtId,
        this.scope.actor.id,
        points.map((p) => p.id),
        points.map((p) => p.name),
        points.map((p) => p.description),
        points.map((p) => p.categoryId),
        points.map((p) => p.layerId),
        points.map((p) => p.position.lat),
        points.map((p) => p.position.lng),
        points.map((p) => p.siteId),
      ],
    );
    await this.creationHistories(this.points, points);
  }

  /** Many new areas at once (an import, checked before). */
  async insertAreas(areas: (AreaFields & { id: string })[]): Promise<void> {
    if (areas.length === 0) return;
    const columns = areas.map((a) => this.areas.columns(a));
    const column = (name: string) => columns.map((c) => c[name]);
    await this.db.query(
      `insert into map_areas (id, district_id, name, description, layer_id, group_id, colour, geometry, min_lng, min_lat, max_lng, max_lat, area_m2, created_by, updated_by)
       select id, $1, name, description, layer_id, group_id, colour, geometry, min_lng, min_lat, max_lng, max_lat, area_m2, $2, $2
         from unnest($3::uuid[], $4::text[], $5::text[], $6::uuid[], $7::uuid[], $8::text[], $9::jsonb[], $10::float8[], $11::float8[], $12::float8[], $13::float8[], $14::float8[])
           as t(id, name, description, layer_id, group_id, colour, geometry, min_lng, min_lat, max_lng, max_lat, area_m2)`,
      [
        this.districtId,
        this.scope.actor.id,
        areas.map((a) => a.id),
        column('name'),
        column('description'),
        column('layer_id'),
        column('group_id'),
        column('colour'),
        column('geometry'),
        column('min_lng'),
        column('min_lat'),
        column('max_lng'),
        column('max_lat'),
        column('area_m2'),
      ],
    );
    await this.creationHistories(this.areas, areas);
  }

  private async creationHistories<Row extends RecordMetaRow, F extends object, R>(kind: RecordKind<Row, F, R>, records: (F & { id: string })[]): Promise<void> {
    const at = new Date().toISOString();
    await writeCreationHistories(this.db, {
      module: kind.module,
      districtId: this.districtId,
      actorId: this.scope.actor.id,
      ids: records.map((r) => r.id),
      changes: records.map((r) => JSON.stringify(changesBetween({} as F, r, kind.historyFields).filter((c) => c.after !== null && c.after !== ''))),
      at: records.map(() => at),
    });
  }

  /** The live points and areas of live layers (`layerIds`, or all), for the export. */
  async exportRecords(layerIds: string[] | null): Promise<{ points: Poi[]; areas: Area[] }> {
    const params: unknown[] = [this.districtId];
    const where = ['t.district_id = $1', 't.deleted_at is null', 'l.deleted_at is null'];
    if (layerIds) {
      params.push(layerIds);
      where.push('t.layer_id = any($2::uuid[])');
    }
    const order = 'order by l.position, vigie_fold(t.name), t.id';
    const [points, areas] = [
      await this.db.query<PointRow>(`${POINT_SELECT} where ${where.join(' and ')} ${order}`, params),
      await this.db.query<AreaRow>(`${AREA_SELECT} where ${where.join(' and ')} ${order}`, params),
    ];
    const names = new Map<string, string>();
    return { points: points.rows.map((r) => pointOf(r, names)), areas: areas.rows.map((r) => areaOf(r, names)) };
  }

  // ---------------------------------------------------------------- the writes, by kind

  createLayer = (body: LayerCreate) => {
    const { id, ...fields } = body;
    return this.create(this.layers, id, fields);
  };
  updateLayer = (id: string, body: LayerUpdate) => this.update(this.layers, id, body);
  createCategory = (body: PoiCategoryCreate) => {
    const { id, ...fields } = body;
    return this.create(this.categories, id, fields);
  };
  updateCategory = (id: string, body: PoiCategoryUpdate) => this.update(this.categories, id, body);
  createPoint = (body: PoiCreate) => {
    const { id, ...fields } = body;
    return this.create(this.points, id, fields);
  };
  updatePoint = (id: string, body: PoiUpdate) => this.update(this.points, id, body);
  createGroup = (body: AreaGroupCreate) => {
    const { id, ...fields } = body;
    return this.create(this.groups, id, fields);
  };
  updateGroup = (id: string, body: AreaGroupUpdate) => this.update(this.groups, id, body);
  createArea = (body: AreaCreate) => {
    const { id, ...fields } = body;
    return this.create(this.areas, id, fields);
  };
  updateArea = (id: string, body: AreaUpdate) => this.update(this.areas, id, body);
}
