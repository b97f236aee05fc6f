/**
 * A map area's geometry as plain arithmetic, shared by the server (the stored bounds and
 * surface, server/src/modules/cartography/geometry.ts) and the app (the surface shown while a
 * manager draws, and the drawing's own checks): no TypeBox, no DOM.
 *
 * - The surface is the spherical excess formula of Chamberlain and Duquette, as turf's `area`
 *   computes it: exact enough for a site's zone.
 * - A drawn polygon is refused when it has fewer than 3 distinct vertices, crosses itself, is
 *   smaller than MIN_AREA_M2 or has more than AREA_VERTICES_MAX vertices: the first three the
 *   server would store and draw as nonsense (a bow tie fills oddly, a sliver cannot be
 *   tapped), the last the server refuses. Crossing is tested in the plane of longitude and
 *   latitude, which is right for anything the size of a site.
 */
import type { AreaGeometry, BBox } from './schemas';

/** The WGS 84 equatorial radius, as turf and most GIS use for the sphere's area. */
const EARTH_RADIUS_M = 6_378_137;
/** The smallest area a manager may draw, in m² (a sliver smaller than this is a slip of the finger). */
export const MIN_AREA_M2 = 1;

export type LngLat = readonly [number, number];
type Ring = readonly LngLat[];

const polygonsOf = (geometry: AreaGeometry): (readonly Ring[])[] => (geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates);

/** The bounds of an area, [west, south, east, north]. */
export function boundsOf(geometry: AreaGeometry): BBox {
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (const polygon of polygonsOf(geometry)) {
    for (const ring of polygon) {
      for (const [lng, lat] of ring) {
        if (lng < west) west = lng;
        if (lng > east) east = lng;
        if (lat < south) south = lat;
        if (lat > north) north = lat;
      }
    }
  }
  return [west, south, east, north];
}

const rad = (degrees: number) => (degrees * Math.PI) / 180;

/** A ring's area on the sphere, in m² (sign ignored; closed or not). */
export function ringArea(ring: Ring): number {
  const n = ring.length;
  if (n <= 2) return 0;
  let total = 0;
  for (let i = 0; i < n; i++) {
    const lower = ring[i]!;
    const middle = ring[(i + 1) % n]!;
    const upper = ring[(i + 2) % n]!;
    total += (rad(upper[0]) - rad(lower[0])) * Math.sin(rad(middle[1]));
  }
  return Math.abs((total * EARTH_RADIUS_M * EARTH_RADIUS_M) / 2);
}

/** An area's surface in m²: each polygon's outer ring less its holes. */
export function areaSquareMetres(geometry: AreaGeometry): number {
  let total = 0;
  for (const polygon of polygonsOf(geometry)) {
    const [outer, ...holes] = polygon;
    if (!outer) continue;
    total += Math.max(0, ringArea(outer) - holes.reduce((sum, hole) => sum + ringArea(hole), 0));
  }
  return Math.round(total * 100) / 100;
}

const same = (a: LngLat, b: LngLat) => a[0] === b[0] && a[1] === b[1];

/** The ring's vertices without the closing repeat of the first. */
export const openRing = (ring: Ring): LngLat[] => (ring.length > 1 && same(ring[0]!, ring[ring.length - 1]!) ? ring.slice(0, -1) : [...ring]);

/** The ring closed (its first vertex repeated at the end), as GeoJSON wants it. */
export const closeRing = (vertices: readonly LngLat[]): [number, number][] => {
  const open = openRing(vertices).map(([lng, lat]) => [lng, lat] as [number, number]);
  return open.length === 0 ? [] : [...open, [open[0]![0], open[0]![1]]];
};

const cross = (o: LngLat, a: LngLat, b: LngLat) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
const onSegment = (p: LngLat, q: LngLat, r: LngLat) =>
  Math.min(p[0], r[0]) <= q[0] && q[0] <= Math.max(p[0], r[0]) && Math.min(p[1], r[1]) <= q[1] && q[1] <= Math.max(p[1], r[1]);

/** Whether segments ab and cd meet (touching counts). */
export function segmentsMeet(a: LngLat, b: LngLat, c: LngLat, d: LngLat): boolean {
  const d1 = cross(c, d, a);
  const d2 = cross(c, d, b);
  const d3 = cross(a, b, c);
  const d4 = cross(a, b, d);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
  return (d1 === 0 && onSegment(c, a, d)) || (d2 === 0 && onSegment(c, b, d)) || (d3 === 0 && onSegment(a, c, b)) || (d4 === 0 && onSegment(a, d, b));
}

/**
 * The first pair of edges of the closed ring through `vertices` that cross or touch (other
 * than neighbours at their shared vertex), as edge indexes (edge i runs from vertex i to
 * vertex i + 1, the last back to the first); null when the ring is simple.
 */
export function selfCrossing(vertices: readonly LngLat[]): [number, number] | null {
  const points = openRing(vertices);
  const n = points.length;
  if (n < 4) return null;
  for (let i = 0; i < n; i++) {
    const a = points[i]!;
    const b = points[(i + 1) % n]!;
    for (let j = i + 2; j < n; j++) {
      // The last edge and the first share vertex 0.
      if (i === 0 && j === n - 1) continue;
      if (segmentsMeet(a, b, points[j]!, points[(j + 1) % n]!)) return [i, j];
    }
  }
  return null;
}

export type PolygonProblem = 'too_few_vertices' | 'self_crossing' | 'too_small' | 'too_many_vertices';

/**
 * Why the closed ring through `vertices` cannot be a drawn area (null: it can). `maxVertices`
 * is the server's budget (AREA_VERTICES_MAX, closing repeat included).
 */
export function polygonProblem(vertices: readonly LngLat[], maxVertices: number): PolygonProblem | null {
  const points = openRing(vertices);
  const distinct = new Set(points.map(([lng, lat]) => `${lng},${lat}`));
  if (distinct.size < 3) return 'too_few_vertices';
  if (points.length + 1 > maxVertices) return 'too_many_vertices';
  if (selfCrossing(points) !== null) return 'self_crossing';
  if (ringArea(closeRing(points)) < MIN_AREA_M2) return 'too_small';
  return null;
}
