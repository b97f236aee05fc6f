/**
 * The map's geometry rules, in one place for the routes, the import and the features: a map
 * area's polygon checked (closed rings of 4 positions or more, at most AREA_VERTICES_MAX
 * vertices, coordinates in range), its bounds and its area on the sphere (the spherical excess
 * formula of Chamberlain and Duquette, as turf's `area` computes it: exact enough for a site's
 * zone), and the `bbox` of a features query.
 */
import { AREA_VERTICES_MAX, type AreaGeometry, type BBox } from '../../../../common/modules/cartography/schemas.js';
import { ApiError } from '../../lib/errors.js';

// The surface and the bounds are the app's too (the surface shown while drawing).
export { areaSquareMetres, boundsOf } from '../../../../common/modules/cartography/geometry.js';

export const INVALID_GEOMETRY = 'cartography.invalid_geometry';
export const INVALID_BBOX = 'cartography.invalid_bbox';

const validPosition = (p: unknown): p is [number, number] =>
  Array.isArray(p) && p.length >= 2 && typeof p[0] === 'number' && typeof p[1] === 'number' && Number.isFinite(p[0]) && Number.isFinite(p[1]) && Math.abs(p[0]) <= 180 && Math.abs(p[1]) <= 90;

/**
 * Why `geometry` cannot be a map area (null: it can): the reason in words, for the 400's
 * details. The schema checks the shape on the routes; this checks what a schema cannot (closed
 * rings, the vertex budget), and the shape too for the import's features.
 */
export function areaProblem(geometry: { type?: unknown; coordinates?: unknown }): string | null {
  if (geometry.type !== 'Polygon' && geometry.type !== 'MultiPolygon') return `a ${String(geometry.type)} is not an area (Polygon or MultiPolygon)`;
  const coordinates = geometry.coordinates;
  if (!Array.isArray(coordinates) || coordinates.length === 0) return 'no coordinates';
  const polygons = (geometry.type === 'Polygon' ? [coordinates] : coordinates) as unknown[];
  let vertices = 0;
  for (const [p, polygon] of polygons.entries()) {
    if (!Array.isArray(polygon) || polygon.length === 0 || polygon.length > 100) return `polygon ${p}: 1 to 100 rings`;
    for (const [r, ring] of (polygon as unknown[]).entries()) {
      if (!Array.isArray(ring)) return `polygon ${p}, ring ${r}: not a list of positions`;
      const bad = ring.findIndex((position) => !validPosition(position));
      if (bad >= 0) return `polygon ${p}, ring ${r}, position ${bad}: not a [longitude, latitude] within [-180, 180] and [-90, 90]`;
      if (ring.length < 4) return `polygon ${p}, ring ${r}: a ring needs 4 positions or more (${ring.length})`;
      const first = ring[0] as number[];
      const last = ring[ring.length - 1] as number[];
      if (first[0] !== last[0] || first[1] !== last[1]) return `polygon ${p}, ring ${r}: the ring is not closed (its last position must repeat its first)`;
      vertices += ring.length;
    }
  }
  if (vertices > AREA_VERTICES_MAX) return `${vertices} vertices, more than ${AREA_VERTICES_MAX}`;
  return null;
}

/** `geometry` as a map area, or a 400 `cartography.invalid_geometry` naming the reason. */
export function checkArea(geometry: AreaGeometry): void {
  const problem = areaProblem(geometry);
  if (problem) throw ApiError.badRequest(INVALID_GEOMETRY, problem);
}

/**
 * A features query's `bbox` (`w,s,e,n`, the schema's pattern already checked): longitudes in
 * [-180, 180], latitudes in [-90, 90], south not above north. West above east is a box across
 * the antimeridian (what a map panned over the Pacific asks), read as two boxes.
 */
export function parseBBox(text: string): BBox {
  const [west, south, east, north] = text.split(',').map(Number) as [number, number, number, number];
  if ([west, east].some((v) => !(v >= -180 && v <= 180))) throw ApiError.badRequest(INVALID_BBOX, 'longitudes must be within [-180, 180]');
  if ([south, north].some((v) => !(v >= -90 && v <= 90))) throw ApiError.badRequest(INVALID_BBOX, 'latitudes must be within [-90, 90]');
  if (south > north) throw ApiError.badRequest(INVALID_BBOX, 'south must not be above north');
  return [west, south, east, north];
}

/**
 * The SQL condition of a point (`lng`, `lat` columns or expressions) in `bbox`, with the
 * parameters it adds through `param`; across the antimeridian, either side.
 */
export function pointInBBox(lng: string, lat: string, bbox: BBox, param: (value: number) => string): string {
  const [west, south, east, north] = bbox;
  const lats = `${lat} between ${param(south)} and ${param(north)}`;
  if (west <= east) return `${lng} between ${param(west)} and ${param(east)} and ${lats}`;
  return `(${lng} >= ${param(west)} or ${lng} <= ${param(east)}) and ${lats}`;
}

/** The SQL condition of stored bounds meeting `bbox` (areas). */
export function boundsMeetBBox(bbox: BBox, param: (value: number) => string): string {
  const [west, south, east, north] = bbox;
  const lats = `a.min_lat <= ${param(north)} and a.max_lat >= ${param(south)}`;
  if (west <= east) return `a.min_lng <= ${param(east)} and a.max_lng >= ${param(west)} and ${lats}`;
  return `(a.max_lng >= ${param(west)} or a.min_lng <= ${param(east)}) and ${lats}`;
}
