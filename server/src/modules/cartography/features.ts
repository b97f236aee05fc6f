/**
 * GET /api/cartography/features: the map's GeoJSON FeatureCollection, one query per kind (sites,
 * incidents, points, areas), each served by its bounding-box index (migrations.ts), and the
 * district's extent. What the caller reads:
 * - sites with a position, with the sites read right or cartography.read;
 * - incidents, the declarations with a position, with cartography.read or the incidents' read
 *   right: the declarations' own visibility (their list's filter, declarations/repository.ts
 *   listFilter: the district's live ones) for whoever reads declarations or manages incidents,
 *   else only the caller's own (a field user who reported from the map);
 * - the points and areas of the district's live layers.
 * A built-in layer the caller may not read is left out, as when it is not asked.
 */
import { mapPowers } from '../../../../common/modules/cartography/access.js';
import { FEATURES_MAX, type BBox, type FeatureCollection, type FeaturesQuery } from '../../../../common/modules/cartography/schemas.js';
import { can } from '../../../../common/rights.js';
import type { Queryable } from '../../db/types.js';
import { ApiError } from '../../lib/errors.js';
import { addDays, isRealDay, startOfDistrictDay } from '../_platform/dates.js';
import { filterValues } from '../_platform/list.js';
import { listFilter } from '../declarations/repository.js';
import { boundsMeetBBox, parseBBox, pointInBBox } from './geometry.js';
import { isUuid } from '../../../../common/uuid.js';

export const UNKNOWN_LAYER = 'cartography.unknown_layer';
export const UNKNOWN_TYPE = 'cartography.unknown_type';
export const INVALID_DATE = 'cartography.invalid_date';

export interface FeatureReader {
  db: Queryable;
  districtId: string;
  accountId: string;
  rights: readonly string[];
}

/** Every id a live layer of the district, or a 400 naming the first that is not. */
export async function requireLayers(reader: Pick<FeatureReader, 'db' | 'districtId'>, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const { rows } = await reader.db.query<{ id: string }>('select id from map_layers where district_id = $1 and id = any($2::uuid[]) and deleted_at is null', [reader.districtId, ids]);
  const known = new Set(rows.map((r) => r.id));
  const unknown = ids.find((id) => !known.has(id));
  if (unknown) throw ApiError.badRequest(UNKNOWN_LAYER, unknown);
}

/** A comma-separated list of layer ids (the export's), each checked; null when absent. */
export async function layerIdsOf(reader: Pick<FeatureReader, 'db' | 'districtId'>, text: string | undefined): Promise<string[] | null> {
  const ids = filterValues(text, 'layers', (v) => isUuid(v), UNKNOWN_LAYER);
  if (ids !== null) await requireLayers(reader, ids);
  return ids;
}

/** The layers asked (`sites`, `incidents`, layer ids), each checked: an unknown one is a 400 naming it. */
async function layersOf(reader: FeatureReader, text: string | undefined): Promise<{ sites: boolean; incidents: boolean; layerIds: string[] | null }> {
  const asked = filterValues(text, 'layers', (v) => v === 'sites' || v === 'incidents' || isUuid(v), UNKNOWN_LAYER);
  if (asked === null) return { sites: true, incidents: true, layerIds: null };
  const ids = asked.filter((v) => isUuid(v));
  await requireLayers(reader, ids);
  return { sites: asked.includes('sites'), incidents: asked.includes('incidents'), layerIds: ids };
}

/** The `type` filter's ids by the kind they filter: each must be a site type, a declaration template or a point category of the district. */
async function typesOf(reader: FeatureReader, text: string | undefined): Promise<{ site: string[]; incident: string[]; poi: string[] } | null> {
  const ids = filterValues(text, 'type', (v) => isUuid(v), UNKNOWN_TYPE);
  if (ids === null) return null;
  const { rows } = await reader.db.query<{ kind: 'site' | 'incident' | 'poi'; id: string }>(
    `select 'site' as kind, id from site_types where district_id = $1 and id = any($2::uuid[])
     union all select 'incident', id from declaration_templates where district_id = $1 and id = any($2::uuid[])
     union all select 'poi', id from poi_categories where district_id = $1 and id = any($2::uuid[])`,
    [reader.districtId, ids],
  );
  const unknown = ids.find((id) => !rows.some((r) => r.id === id));
  if (unknown) throw ApiError.badRequest(UNKNOWN_TYPE, unknown);
  const of = (kind: string) => rows.filter((r) => r.kind === kind).map((r) => r.id);
  return { site: of('site'), incident: of('incident'), poi: of('poi') };
}

/** The period's bounds as instants: from the start of `from` to the end of `to` (district days). */
function periodOf(query: FeaturesQuery): { from?: string; to?: string } {
  for (const [name, day] of [['from', query.from], ['to', query.to]] as const) if (day !== undefined && !isRealDay(day)) throw ApiError.badRequest(INVALID_DATE, `${name}: ${day} is not a day`);
  if (query.from && query.to && query.from > query.to) throw ApiError.badRequest(INVALID_DATE, 'from is after to');
  return {
    ...(query.from ? { from: startOfDistrictDay(query.from).toISOString() } : {}),
    ...(query.to ? { to: startOfDistrictDay(addDays(query.to, 1)).toISOString() } : {}),
  };
}

/** A growing parameter list: `param(v)` adds v and answers its placeholder. */
const parameters = (params: unknown[]) => (value: unknown) => {
  params.push(value);
  return `$${params.length}`;
};

/**
 * A point feature's JSON text, built by the database (GeoJSON order: lng, lat), its id its
 * record's, `properties` the SQL pairs given (key, expression, ...). Each row is one text
 * column: PGlite hands 10,000 of them over in a fraction of the time of ten typed columns, and
 * the answer is their join, with no object built or stringified here.
 */
const pointJson = (id: string, lng: string, lat: string, properties: string) =>
  `json_build_object('type', 'Feature', 'id', ${id}, 'geometry', json_build_object('type', 'Point', 'coordinates', json_build_array(${lng}, ${lat})), 'properties', json_build_object(${properties}))::text as f`;

/** An instant as the app's dates are written (Date.toISOString: UTC, milliseconds, Z). */
const isoSql = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The map's features as the text of a FeatureCollection (the route sends it as it is). */
export async function readFeaturesText(reader: FeatureReader, query: FeaturesQuery): Promise<string> {
  const powers = mapPowers(reader.rights);
  const bbox: BBox | null = query.bbox ? parseBBox(query.bbox) : null;
  const layers = await layersOf(reader, query.layers);
  const types = await typesOf(reader, query.type);
  const period = periodOf(query);
  const features: string[] = [];
  const room = () => FEATURES_MAX + 1 - features.length;
  const collect = (rows: readonly { f: string }[]) => {
    for (const r of rows) features.push(r.f);
  };

  // Sites with a position.
  if (layers.sites && (can(reader.rights, 'sites', 'read') || can(reader.rights, 'cartography', 'read')) && room() > 0) {
    const params: unknown[] = [reader.districtId];
    const param = parameters(params);
    const where = ['s.district_id = $1', 's.deleted_at is null', 's.gps_lat is not null', 's.gps_lng is not null'];
    if (bbox) where.push(pointInBBox('s.gps_lng', 's.gps_lat', bbox, param));
    if (types?.site.length) where.push(`s.site_type_id = any(${param(types.site)}::uuid[])`);
    const { rows } = await reader.db.query<{ f: string }>(
      `select ${pointJson('s.id', 's.gps_lng', 's.gps_lat', `'kind', 'site', 'id', s.id, 'layer', 'sites', 'name', s.name, 'typeId', s.site_type_id, 'typeName', t.name, 'version', s.version`)}
         from sites s left join site_types t on t.id = s.site_type_id
        where ${where.join(' and ')} limit ${param(room())}`,
      params,
    );
    collect(rows);
  }

  // Incidents: the declarations with a position the caller may read.
  if (layers.incidents && (can(reader.rights, 'cartography', 'read') || powers.readIncidents) && room() > 0) {
    const seesAll = can(reader.rights, 'declarations', 'read') || powers.readIncidents;
    const { where, params } = listFilter(reader.districtId, {
      ...period,
      ...(query.status ? { status: query.status } : {}),
      ...(types?.incident.length ? { template: types.incident.join(',') } : {}),
      ...(seesAll ? {} : { author: reader.accountId }),
    });
    const param = parameters(params);
    where.push('d.position is not null', `jsonb_typeof(d.position -> 'lat') = 'number'`, `jsonb_typeof(d.position -> 'lng') = 'number'`);
    if (bbox) where.push(pointInBBox(`(d.position ->> 'lng')::double precision`, `(d.position ->> 'lat')::double precision`, bbox, param));
    const { rows } = await reader.db.query<{ f: string }>(
      `select ${pointJson(
        'd.id',
        `(d.position ->> 'lng')::double precision`,
        `(d.position ->> 'lat')::double precision`,
        `'kind', 'incident', 'id', d.id, 'layer', 'incidents', 'name', d.title, 'typeId', d.template_id, 'typeName', t.name, 'status', d.status, 'severity', d.severity,
         'occurredAt', ${isoSql('d.occurred_at')}, 'accuracy', (d.position ->> 'accuracy')::double precision, 'version', d.version`,
      )}
         from declarations d join declaration_templates t on t.id = d.template_id
        where ${where.join(' and ')} limit ${param(room())}`,
      params,
    );
    collect(rows);
  }

  // Points of interest of the live layers asked.
  if (layers.layerIds === null || layers.layerIds.length > 0) {
    if (room() > 0) {
      const params: unknown[] = [reader.districtId];
      const param = parameters(params);
      const where = ['p.district_id = $1', 'p.deleted_at is null', 'l.deleted_at is null'];
      if (layers.layerIds) where.push(`p.layer_id = any(${param(layers.layerIds)}::uuid[])`);
      if (bbox) where.push(pointInBBox('p.lng', 'p.lat', bbox, param));
      if (types?.poi.length) where.push(`p.category_id = any(${param(types.poi)}::uuid[])`);
      const { rows } = await reader.db.query<{ f: string }>(
        `select ${pointJson('p.id', 'p.lng', 'p.lat', `'kind', 'poi', 'id', p.id, 'layer', p.layer_id, 'name', p.name, 'typeId', p.category_id, 'typeName', c.name, 'icon', c.icon, 'colour', c.colour, 'version', p.version`)}
           from points_of_interest p join map_layers l on l.id = p.layer_id join poi_categories c on c.id = p.category_id
          where ${where.join(' and ')} limit ${param(room())}`,
        params,
      );
      collect(rows);
    }
    // Map areas: their own colour, else their group's, else their layer's.
    if (room() > 0) {
      const params: unknown[] = [reader.districtId];
      const param = parameters(params);
      const where = ['a.district_id = $1', 'a.deleted_at is null', 'l.deleted_at is null'];
      if (layers.layerIds) where.push(`a.layer_id = any(${param(layers.layerIds)}::uuid[])`);
      if (bbox) where.push(boundsMeetBBox(bbox, param));
      const { rows } = await reader.db.query<{ f: string }>(
        `select json_build_object('type', 'Feature', 'id', a.id, 'geometry', a.geometry, 'properties', json_build_object(
                  'kind', 'area', 'id', a.id, 'layer', a.layer_id, 'name', a.name, 'typeId', a.group_id, 'typeName', g.name, 'colour', coalesce(a.colour, g.colour, l.colour), 'version', a.version))::text as f
           from map_areas a join map_layers l on l.id = a.layer_id left join map_area_groups g on g.id = a.group_id
          where ${where.join(' and ')} limit ${param(room())}`,
        params,
      );
      collect(rows);
    }
  }

  const truncated = features.length > FEATURES_MAX;
  const kept = truncated ? features.slice(0, FEATURES_MAX) : features;
  return `{"type":"FeatureCollection","features":[${kept.join(',')}],"truncated":${truncated},"extent":${JSON.stringify(await districtExtent(reader))}}`;
}

/** The map's features as a FeatureCollection (readFeaturesText's, parsed). */
export async function readFeatures(reader: FeatureReader, query: FeaturesQuery): Promise<FeatureCollection> {
  return JSON.parse(await readFeaturesText(reader, query)) as FeatureCollection;
}

/** The district's extent: every live site with a position, point and area; null when it has none. */
export async function districtExtent(reader: Pick<FeatureReader, 'db' | 'districtId'>): Promise<BBox | null> {
  const { rows } = await reader.db.query<{ w: number | null; s: number | null; e: number | null; n: number | null }>(
    `select min(w) as w, min(s) as s, max(e) as e, max(n) as n from (
       select min(gps_lng) as w, min(gps_lat) as s, max(gps_lng) as e, max(gps_lat) as n from sites where district_id = $1 and deleted_at is null and gps_lat is not null and gps_lng is not null
       union all select min(lng), min(lat), max(lng), max(lat) from points_of_interest where district_id = $1 and deleted_at is null
       union all select min(min_lng), min(min_lat), max(max_lng), max(max_lat) from map_areas where district_id = $1 and deleted_at is null
     ) bounds`,
    [reader.districtId],
  );
  const r = rows[0];
  return r && r.w !== null && r.s !== null && r.e !== null && r.n !== null ? [r.w, r.s, r.e, r.n] : null;
}

/** What GET /features reads, per table: its rows and latest change (every write sets updated_at; nothing is deleted for good). */
const STAMPED_TABLES = ['sites', 'site_types', 'declarations', 'declaration_templates', 'points_of_interest', 'poi_categories', 'map_layers', 'map_areas', 'map_area_groups'] as const;

/**
 * The district's map data's state in one short text: each table's row count and latest
 * `updated_at`. Equal stamps, equal features for the same caller and query (the route's ETag
 * adds those): a reopened map is answered 304 for the cost of this query.
 */
export async function featuresStamp(reader: Pick<FeatureReader, 'db' | 'districtId'>): Promise<string> {
  const parts = STAMPED_TABLES.map((table) => `(select count(*) || ':' || coalesce(max(updated_at)::text, '') from ${table} where district_id = $1)`);
  const { rows } = await reader.db.query<{ stamp: string }>(`select concat_ws('/', ${parts.join(', ')}) as stamp`, [reader.districtId]);
  return rows[0]?.stamp ?? '';
}
