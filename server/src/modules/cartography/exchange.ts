/**
 * Import and export of the map's records (the contract's ImportBody and ExportQuery).
 *
 * Import: GeoJSON (a FeatureCollection, a Feature or a bare geometry) or KML (read with
 * @xmldom/xmldom, turned into GeoJSON by @tmcw/togeojson; a KML MultiGeometry of polygons is one
 * MultiPolygon) into one layer. Points become points of interest of the body's category,
 * polygons map areas of its group. Everything is checked before anything is written: the first
 * feature that cannot be imported (a line, an open ring, a position out of range, no geometry)
 * is a 400 `cartography.invalid_import` whose details name its index and the reason, as are a
 * text that does not parse, too many features, a layer of the other kind and points without a
 * category. Then all of it is written in the request's transaction (bulk inserts, one history
 * entry each), or nothing with `dryRun`. The Idempotency-Key makes a resent import a replay.
 *
 * Export: the chosen layers' live points and areas as one FeatureCollection, each feature's
 * properties holding its name, description, layer, category or group and colour, so that an
 * export imports back as it was.
 */
import { randomUUID } from 'node:crypto';
import { kml } from '@tmcw/togeojson';
import { DOMParser, onErrorStopParsing } from '@xmldom/xmldom';
import type { MapPowers } from '../../../../common/modules/cartography/access.js';
import {
  DESCRIPTION_MAX,
  IMPORT_FEATURES_MAX,
  NAME_MAX,
  type AreaFields,
  type AreaGeometry,
  type ImportBody,
  type ImportResult,
  type PoiFields,
} from '../../../../common/modules/cartography/schemas.js';
import { ApiError } from '../../lib/errors.js';
import type { RecordsChanged } from '../_platform/events.js';
import { requireLiveRecord } from '../_platform/records.js';
import { layerIdsOf } from './features.js';
import { areaProblem } from './geometry.js';
import { CARTOGRAPHY_MODULES, CATEGORY_NOT_FOUND, GROUP_NOT_FOUND, type CartographyRepository } from './repository.js';

export const INVALID_IMPORT = 'cartography.invalid_import';
export const CATEGORY_REQUIRED = 'cartography.import_category_required';

const invalid = (details: string) => ApiError.badRequest(INVALID_IMPORT, details);

interface RawFeature {
  geometry: { type?: unknown; coordinates?: unknown; geometries?: unknown } | null;
  properties: Record<string, unknown> | null;
}

/** The text's features, as GeoJSON features (not yet checked one by one). */
function featuresOf(body: Pick<ImportBody, 'format' | 'text'>): RawFeature[] {
  let root: unknown;
  if (body.format === 'kml') {
    try {
      const doc = new DOMParser({ onError: onErrorStopParsing }).parseFromString(body.text, 'text/xml');
      root = kml(doc);
    } catch (error) {
      throw invalid(`the text is not KML: ${(error as Error).message.split('\n')[0]}`);
    }
  } else {
    try {
      root = JSON.parse(body.text);
    } catch (error) {
      throw invalid(`the text is not JSON: ${(error as Error).message}`);
    }
  }
  if (typeof root !== 'object' || root === null || Array.isArray(root)) throw invalid('the text is not a GeoJSON object');
  const object = root as { type?: unknown; features?: unknown };
  if (object.type === 'FeatureCollection') {
    if (!Array.isArray(object.features)) throw invalid('the FeatureCollection has no features list');
    return object.features as RawFeature[];
  }
  if (object.type === 'Feature') return [object as RawFeature];
  if (typeof object.type === 'string' && 'coordinates' in object) return [{ geometry: object, properties: {} }];
  throw invalid(`a ${String(object.type)} is not a FeatureCollection, a Feature or a geometry`);
}

const textOf = (value: unknown, max: number): string => {
  if (typeof value === 'string') return value.trim().slice(0, max);
  if (value && typeof value === 'object' && 'value' in value && typeof value.value === 'string') return value.value.trim().slice(0, max);
  return '';
};

/** A KML MultiGeometry (a GeometryCollection) of polygons as one MultiPolygon; anything else as it is. */
function flatten(geometry: NonNullable<RawFeature['geometry']>): { type?: unknown; coordinates?: unknown } {
  if (geometry.type !== 'GeometryCollection' || !Array.isArray(geometry.geometries)) return geometry;
  const parts = geometry.geometries as { type?: unknown; coordinates?: unknown }[];
  if (parts.length > 0 && parts.every((g) => g.type === 'Polygon' || g.type === 'MultiPolygon')) {
    return { type: 'MultiPolygon', coordinates: parts.flatMap((g) => (g.type === 'Polygon' ? [g.coordinates] : (g.coordinates as unknown[]))) };
  }
  return { type: `GeometryCollection of ${parts.map((g) => String(g.type)).join(', ') || 'nothing'}` };
}

const validPoint = (c: unknown): c is [number, number] =>
  Array.isArray(c) && c.length >= 2 && typeof c[0] === 'number' && typeof c[1] === 'number' && Math.abs(c[0]) <= 180 && Math.abs(c[1]) <= 90;

export interface ImportOutcome {
  answer: ImportResult;
  /** What the district's open apps are told once committed. */
  written: RecordsChanged[];
}

export async function importText(repo: CartographyRepository, powers: MapPowers, body: ImportBody): Promise<ImportOutcome> {
  const raw = featuresOf(body);
  if (raw.length === 0) throw invalid('the text holds no feature');
  if (raw.length > IMPORT_FEATURES_MAX) throw invalid(`${raw.length} features, more than ${IMPORT_FEATURES_MAX}`);
  const points: (PoiFields & { id: string })[] = [];
  const areas: (AreaFields & { id: string })[] = [];
  for (const [index, feature] of raw.entries()) {
    if (typeof feature !== 'object' || feature === null) throw invalid(`feature ${index}: not a GeoJSON feature`);
    const properties = feature.properties && typeof feature.properties === 'object' ? feature.properties : {};
    if (!feature.geometry || typeof feature.geometry !== 'object') throw invalid(`feature ${index}: no geometry`);
    const geometry = flatten(feature.geometry);
    const name = textOf(properties.name, NAME_MAX) || `${geometry.type === 'Point' ? 'Point' : 'Zone'} ${index + 1}`;
    const description = textOf(properties.description, DESCRIPTION_MAX);
    if (geometry.type === 'Point') {
      if (!validPoint(geometry.coordinates)) throw invalid(`feature ${index}: the point is not a [longitude, latitude] within [-180, 180] and [-90, 90]`);
      const [lng, lat] = geometry.coordinates;
      points.push({ id: randomUUID(), name, description, categoryId: body.categoryId ?? '', layerId: body.layerId, position: { lat, lng }, siteId: null });
      continue;
    }
    if (geometry.type === 'Polygon' || geometry.type === 'MultiPolygon') {
      const problem = areaProblem(geometry);
      if (problem) throw invalid(`feature ${index}: ${problem}`);
      areas.push({ id: randomUUID(), name, description, layerId: body.layerId, groupId: body.groupId ?? null, colour: null, geometry: geometry as AreaGeometry });
      continue;
    }
    throw invalid(`feature ${index}: a ${String(geometry.type)} is neither a point nor an area (Point, Polygon or MultiPolygon)`);
  }

  // What the text holds decides the layer's kind and the right it needs.
  if (points.length > 0) {
    if (!powers.managePoints) throw ApiError.forbidden('auth.missing_rights', { requiredPermissions: ['cartography_advanced'] });
    if (!body.categoryId) throw ApiError.badRequest(CATEGORY_REQUIRED, 'categoryId');
    await repo.requireLayer(body.layerId, 'points');
    await requireLiveRecord(repo.db, 'poi_categories', repo.districtId, body.categoryId, CATEGORY_NOT_FOUND);
  }
  if (areas.length > 0) {
    if (!powers.manageAreas) throw ApiError.forbidden('auth.missing_rights', { requiredPermissions: ['cartography_advanced'] });
    await repo.requireLayer(body.layerId, 'areas');
    await requireLiveRecord(repo.db, 'map_area_groups', repo.districtId, body.groupId, GROUP_NOT_FOUND);
  }
  const dryRun = body.dryRun === true;
  if (!dryRun) {
    await repo.insertPoints(points);
    await repo.insertAreas(areas);
  }
  return {
    answer: { points: points.length, areas: areas.length, dryRun },
    written: dryRun
      ? []
      : [...points.map((p) => ({ module: CARTOGRAPHY_MODULES.points, id: p.id, version: 1 })), ...areas.map((a) => ({ module: CARTOGRAPHY_MODULES.areas, id: a.id, version: 1 }))],
  };
}

/** GET /export: the chosen layers (all when none is named) as one FeatureCollection. */
export async function exportLayers(repo: CartographyRepository, layers: string | undefined): Promise<object> {
  const layerIds = await layerIdsOf(repo, layers);
  const { points, areas } = await repo.exportRecords(layerIds);
  return {
    type: 'FeatureCollection',
    features: [
      ...points.map((p) => ({
        type: 'Feature',
        id: p.id,
        geometry: { type: 'Point', coordinates: [p.position.lng, p.position.lat] },
        properties: { name: p.name, description: p.description, layer: p.layerName, category: p.categoryName, icon: p.icon, colour: p.colour, site: p.siteName },
      })),
      ...areas.map((a) => ({
        type: 'Feature',
        id: a.id,
        geometry: a.geometry,
        properties: { name: a.name, description: a.description, layer: a.layerName, group: a.groupName, colour: a.colour, areaSquareMetres: a.areaSquareMetres },
      })),
    ],
  };
}
