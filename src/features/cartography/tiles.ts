/**
 * The tile maths of "make this area available offline" (pure, unit-tested): which tiles of the
 * web-mercator grid (the one MapLibre and the server's basemap cut, XYZ, y from the north) an
 * area needs at each zoom, how many they are, what they should weigh from a sample, and the
 * deepest zoom that fits a storage budget. An area across the antimeridian (west above east)
 * takes the columns from west to the grid's end and from its start to east.
 */
import type { BBox } from '../../../common/modules/cartography/schemas';

/** Web mercator stops short of the poles. */
const MAX_LAT = 85.0511287798;

export interface TileRange {
  z: number;
  /** Columns, west to east (minX above maxX: across the antimeridian, wrapping). */
  minX: number;
  maxX: number;
  /** Rows, north to south. */
  minY: number;
  maxY: number;
}

export interface Tile {
  z: number;
  x: number;
  y: number;
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** The column of a longitude at zoom z (0 to 2^z - 1). */
export function tileX(lng: number, z: number): number {
  const n = 2 ** z;
  return clamp(Math.floor(((lng + 180) / 360) * n), 0, n - 1);
}

/** The row of a latitude at zoom z (0 at the north). */
export function tileY(lat: number, z: number): number {
  const n = 2 ** z;
  const rad = (clamp(lat, -MAX_LAT, MAX_LAT) * Math.PI) / 180;
  return clamp(Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n), 0, n - 1);
}

export function tileRange(bbox: BBox, z: number): TileRange {
  const [west, south, east, north] = bbox;
  return { z, minX: tileX(west, z), maxX: tileX(east, z), minY: tileY(north, z), maxY: tileY(south, z) };
}

const columns = (range: TileRange) => (range.minX <= range.maxX ? range.maxX - range.minX + 1 : 2 ** range.z - range.minX + range.maxX + 1);

export const rangeCount = (range: TileRange) => columns(range) * (range.maxY - range.minY + 1);

/** The ranges of zooms `minZoom` to `maxZoom`. */
export const tileRanges = (bbox: BBox, minZoom: number, maxZoom: number): TileRange[] =>
  Array.from({ length: Math.max(0, maxZoom - minZoom + 1) }, (_, i) => tileRange(bbox, minZoom + i));

export const tileCount = (ranges: readonly TileRange[]) => ranges.reduce((sum, range) => sum + rangeCount(range), 0);

/** Every tile of a range, row by row. */
export function* rangeTiles(range: TileRange): Generator<Tile> {
  const n = 2 ** range.z;
  for (let y = range.minY; y <= range.maxY; y += 1) for (let i = 0; i < columns(range); i += 1) yield { z: range.z, x: (range.minX + i) % n, y };
}

/** `count` tiles spread evenly over a range (its corners and middle first), for the size estimate. */
export function sampleTiles(range: TileRange, count: number): Tile[] {
  const total = rangeCount(range);
  if (total <= count) return [...rangeTiles(range)];
  const wide = columns(range);
  const n = 2 ** range.z;
  const seen = new Set<number>();
  const out: Tile[] = [];
  for (let i = 0; i < count; i += 1) {
    const index = Math.min(total - 1, Math.floor(((i + 0.5) * total) / count));
    if (seen.has(index)) continue;
    seen.add(index);
    out.push({ z: range.z, x: (range.minX + (index % wide)) % n, y: range.minY + Math.floor(index / wide) });
  }
  return out;
}

/** A tile's address from a style source's template ({z}, {x}, {y}). */
export const tileUrl = (template: string, tile: Tile) =>
  template.replace('{z}', String(tile.z)).replace('{x}', String(tile.x)).replace('{y}', String(tile.y));

/**
 * The estimated bytes of each zoom's tiles: the mean size of that zoom's sampled tiles times its
 * count; a zoom without a sample takes the nearest sampled zoom's mean (tiles of a small area
 * grow little from one zoom to the next: each holds less of the world, drawn finer).
 */
export function estimateBytes(ranges: readonly TileRange[], samples: ReadonlyMap<number, readonly number[]>): number[] {
  const means = new Map<number, number>();
  for (const [z, sizes] of samples) if (sizes.length > 0) means.set(z, sizes.reduce((a, b) => a + b, 0) / sizes.length);
  return ranges.map((range) => {
    let mean = means.get(range.z);
    if (mean === undefined) {
      const nearest = [...means.keys()].sort((a, b) => Math.abs(a - range.z) - Math.abs(b - range.z))[0];
      mean = nearest === undefined ? 0 : (means.get(nearest) ?? 0);
    }
    return Math.round(mean * rangeCount(range));
  });
}

export type ZoomLimit = 'none' | 'budget' | 'free_space' | 'tiles';

export interface ZoomChoice {
  /** The deepest zoom kept; -1 when even the first does not fit. */
  maxZoom: number;
  tiles: number;
  bytes: number;
  /** Why the zoom is below the deepest asked (the first limit met). */
  limit: ZoomLimit;
}

/**
 * The deepest zoom whose tiles (all zooms down to it) fit the budget, the device's free space
 * and the tile limit, from the ranges (one a zoom, shallowest first) and their estimated bytes.
 */
export function chooseZoom(ranges: readonly TileRange[], bytes: readonly number[], limits: { budget: number; free: number | null; maxTiles: number }): ZoomChoice {
  let tiles = 0;
  let total = 0;
  let chosen: ZoomChoice = { maxZoom: -1, tiles: 0, bytes: 0, limit: 'none' };
  for (const [i, range] of ranges.entries()) {
    tiles += rangeCount(range);
    total += bytes[i] ?? 0;
    const limit: ZoomLimit = tiles > limits.maxTiles ? 'tiles' : total > limits.budget ? 'budget' : limits.free !== null && total > limits.free ? 'free_space' : 'none';
    if (limit !== 'none') return { ...chosen, limit };
    chosen = { maxZoom: range.z, tiles, bytes: total, limit: 'none' };
  }
  return chosen;
}

/** An area grown by a share of its size on each side (at least `minDegrees`), so its edges are kept too. */
export function padBBox(bbox: BBox, share: number, minDegrees: number): BBox {
  const [west, south, east, north] = bbox;
  const dx = Math.max((east - west) * share, minDegrees);
  const dy = Math.max((north - south) * share, minDegrees);
  return [clamp(west - dx, -180, 180), clamp(south - dy, -MAX_LAT, MAX_LAT), clamp(east + dx, -180, 180), clamp(north + dy, -MAX_LAT, MAX_LAT)];
}
