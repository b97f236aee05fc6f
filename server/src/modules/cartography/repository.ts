/**
 * Every query of the cartography's records (map_layers, poi_categories, points_of_interest,
 * map_area_groups, map_areas), scoped to the session's district: the repository is built from
 * the session and never takes a district as an argument, so another district's id finds
 * nothing (404). The five kinds are described for the platform's record core (`RecordKind`,
 * _platform/record-kind.ts), which gives them creation with the
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
import type { Page } from '../../../../common/schemas/platform.js';
import type { Queryable } from '../../db/types.js';
import { ApiError } from '../../lib/errors.js';
import { RecordStore, splitCreate, trimmedName, type RecordKind } from '../_platform/record-kind.js';
import { recordMetaOf, requireLiveRecord, requireLiveSite, type RecordMetaRow, type RecordScope } from '../_platform/records.js';
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

  /** The record core of the five kinds (create, edit, delete, restore, history, lists). */
  readonly store: RecordStore;

  constructor(
    scope: RecordScope,
    private readonly powers: MapPowers,
  ) {
    this.db = scope.db;
    this.districtId = scope.districtId;
    this.store = new RecordStore(scope);
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
    clean: trimmedName,
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
    clean: trimmedName,
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
    clean: trimmedName,
    search: "t.name || ' ' || t.description",
    filters: { category: { column: 't.category_id', type: 'uuid' }, layer: { column: 't.layer_id', type: 'uuid' }, site: { column: 't.site_id', type: 'uuid' } },
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
    clean: trimmedName,
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
    clean: trimmedName,
    search: "t.name || ' ' || t.description",
    filters: { layer: { column: 't.layer_id', type: 'uuid' }, group: { column: 't.group_id', type: 'uuid' } },
    check: async (f, before) => {
      checkArea(f.geometry);
      if (f.layerId !== before?.layerId) await this.requireLayer(f.layerId, 'areas');
      if (f.groupId !== before?.groupId) await requireLiveRecord(this.db, 'map_area_groups', this.districtId, f.groupId, GROUP_NOT_FOUND);
    },
  };

  // ---------------------------------------------------------------- the core (the platform's)

  get = <Row extends RecordMetaRow, F extends object, R>(kind: RecordKind<Row, F, R>, id: string): Promise<R> => this.store.get(kind, id);

  // ---------------------------------------------------------------- the lists

  /** The deleted records are for the kind's managers, who may restore them. */
  private deleted = (deleted: 'true' | 'false' | undefined, manage: boolean) => RecordStore.deletedFilter(deleted, manage, MANAGERS_ONLY);

  listLayers(deleted?: 'true' | 'false'): Promise<Layer[]> {
    return this.store.all(this.layers, 't.position, vigie_fold(t.name), t.id', this.deleted(deleted, this.powers.manageLayers));
  }

  listCategories(deleted?: 'true' | 'false'): Promise<PoiCategory[]> {
    return this.store.all(this.categories, 'vigie_fold(t.name), t.id', this.deleted(deleted, this.powers.manageCategories));
  }

  listGroups(deleted?: 'true' | 'false'): Promise<AreaGroup[]> {
    return this.store.all(this.groups, 'vigie_fold(t.name), t.id', this.deleted(deleted, this.powers.manageGroups));
  }

  listPoints(query: PoiListQuery): Promise<Page<Poi>> {
    return this.store.page(this.points, query, this.deleted(query.deleted, this.powers.managePoints));
  }

  listAreas(query: AreaListQuery): Promise<Page<Area>> {
    return this.store.page(this.areas, query, this.deleted(query.deleted, this.powers.manageAreas));
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
        this.store.scope.actor.id,
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
    await this.store.creationHistories(this.points, points);
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
        this.store.scope.actor.id,
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
    await this.store.creationHistories(this.areas, areas);
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

  createLayer = (body: LayerCreate) => this.store.create(this.layers, body.id, splitCreate(body).fields);
  updateLayer = (id: string, body: LayerUpdate) => this.store.update(this.layers, id, body);
  createCategory = (body: PoiCategoryCreate) => this.store.create(this.categories, body.id, splitCreate(body).fields);
  updateCategory = (id: string, body: PoiCategoryUpdate) => this.store.update(this.categories, id, body);
  createPoint = (body: PoiCreate) => this.store.create(this.points, body.id, splitCreate(body).fields);
  updatePoint = (id: string, body: PoiUpdate) => this.store.update(this.points, id, body);
  createGroup = (body: AreaGroupCreate) => this.store.create(this.groups, body.id, splitCreate(body).fields);
  updateGroup = (id: string, body: AreaGroupUpdate) => this.store.update(this.groups, id, body);
  createArea = (body: AreaCreate) => this.store.create(this.areas, body.id, splitCreate(body).fields);
  updateArea = (id: string, body: AreaUpdate) => this.store.update(this.areas, id, body);
}
