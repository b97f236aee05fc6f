import { describe, expect, it } from 'vitest';
import type { BBox } from '../../../../common/modules/cartography/schemas';
import { chooseZoom, estimateBytes, padBBox, rangeCount, rangeTiles, sampleTiles, tileCount, tileRange, tileRanges, tileUrl, tileX, tileY } from '../../../../src/features/cartography/tiles';

// Lyon's demo district, about 10 km across.
const LYON: BBox = [4.78, 45.7, 4.9, 45.8];

describe('the tile grid', () => {
  it('puts a place in the tile the map asks for', () => {
    // Lyon at zoom 10 is tile 525/365 (OpenStreetMap's grid, the one MapLibre asks for).
    expect([tileX(4.835, 10), tileY(45.76, 10)]).toEqual([525, 365]);
    expect([tileX(-180, 3), tileX(180, 3), tileY(85.06, 3), tileY(-85.06, 3)]).toEqual([0, 7, 0, 7]);
    // Beyond mercator's latitudes, the edge row.
    expect(tileY(89.9, 4)).toBe(0);
    expect(tileY(-89.9, 4)).toBe(15);
  });

  it('counts the tiles of an area at each zoom', () => {
    expect(tileCount(tileRanges(LYON, 0, 0))).toBe(1);
    const z14 = tileRange(LYON, 14);
    expect(rangeCount(z14)).toBe((z14.maxX - z14.minX + 1) * (z14.maxY - z14.minY + 1));
    expect([...rangeTiles(z14)]).toHaveLength(rangeCount(z14));
    // Each zoom holds about four times the tiles of the one above, once the area spans several.
    expect(rangeCount(tileRange(LYON, 16)) / rangeCount(tileRange(LYON, 14))).toBeGreaterThan(10);
    expect(tileRanges(LYON, 0, 16).map((range) => range.z)).toEqual(Array.from({ length: 17 }, (_, z) => z));
  });

  it('takes an area across the antimeridian from west to the grid’s end and on from its start', () => {
    const pacific: BBox = [179, -18, -179, -16];
    const range = tileRange(pacific, 6);
    expect(range.minX).toBeGreaterThan(range.maxX);
    const xs = new Set([...rangeTiles(range)].map((tile) => tile.x));
    expect([...xs].sort((a, b) => a - b)).toEqual([0, 63]);
  });

  it('samples tiles spread over the range, each once, all of a small one', () => {
    const range = tileRange(LYON, 16);
    const sample = sampleTiles(range, 3);
    expect(sample).toHaveLength(3);
    expect(new Set(sample.map((tile) => `${tile.x}/${tile.y}`)).size).toBe(3);
    for (const tile of sample) {
      expect(tile.x).toBeGreaterThanOrEqual(range.minX);
      expect(tile.x).toBeLessThanOrEqual(range.maxX);
      expect(tile.y).toBeGreaterThanOrEqual(range.minY);
      expect(tile.y).toBeLessThanOrEqual(range.maxY);
    }
    expect(sampleTiles(tileRange(LYON, 2), 3)).toEqual([{ z: 2, x: 2, y: 1 }]);
  });

  it('writes a tile’s address from the style’s template', () => {
    expect(tileUrl('/api/cartography/basemap/tiles/{z}/{x}/{y}.pbf', { z: 7, x: 65, y: 45 })).toBe('/api/cartography/basemap/tiles/7/65/45.pbf');
  });

  it('grows an area by a margin, within the world', () => {
    expect(padBBox(LYON, 0.1, 0.005).map((v) => Number(v.toFixed(3)))).toEqual([4.768, 45.69, 4.912, 45.81]);
    expect(padBBox([4.8, 45.7, 4.8, 45.7], 0.1, 0.005).map((v) => Number(v.toFixed(3)))).toEqual([4.795, 45.695, 4.805, 45.705]);
    expect(padBBox([-179.9, -85, 179.9, 85], 0.1, 0)).toEqual([-180, -85.0511287798, 180, 85.0511287798]);
  });
});

describe('the size estimate and the zoom kept', () => {
  const ranges = tileRanges(LYON, 0, 16);

  it('multiplies each zoom’s mean sampled size by its count, borrowing the nearest zoom’s mean', () => {
    const bytes = estimateBytes(ranges, new Map([[0, [1000, 3000]], [16, [500]]]));
    expect(bytes[0]).toBe(2000);
    expect(bytes[16]).toBe(500 * rangeCount(ranges[16]!));
    // Zoom 5 is nearer 0 than 16: it takes 2,000 bytes a tile.
    expect(bytes[5]).toBe(2000 * rangeCount(ranges[5]!));
    expect(estimateBytes(ranges, new Map())).toEqual(ranges.map(() => 0));
  });

  it('keeps every zoom asked when all fit', () => {
    const bytes = ranges.map(() => 1000);
    expect(chooseZoom(ranges, bytes, { budget: 1e9, free: null, maxTiles: 1e6 })).toEqual({ maxZoom: 16, tiles: tileCount(ranges), bytes: 17_000, limit: 'none' });
  });

  it('lowers the zoom to the budget, the free space or the tile limit, saying which', () => {
    const bytes = ranges.map((range) => rangeCount(range) * 10_000);
    const total = (z: number) => bytes.slice(0, z + 1).reduce((a, b) => a + b, 0);
    const budget = chooseZoom(ranges, bytes, { budget: total(12), free: null, maxTiles: 1e6 });
    expect(budget).toMatchObject({ maxZoom: 12, bytes: total(12), limit: 'budget' });
    const free = chooseZoom(ranges, bytes, { budget: 1e12, free: total(10) + 1, maxTiles: 1e6 });
    expect(free).toMatchObject({ maxZoom: 10, limit: 'free_space' });
    const tiles = chooseZoom(ranges, bytes, { budget: 1e12, free: null, maxTiles: tileCount(ranges.slice(0, 14)) });
    expect(tiles).toMatchObject({ maxZoom: 13, tiles: tileCount(ranges.slice(0, 14)), limit: 'tiles' });
  });

  it('keeps nothing when not even the first zoom fits', () => {
    expect(chooseZoom(ranges, ranges.map(() => 5000), { budget: 1e9, free: 100, maxTiles: 1e6 })).toEqual({ maxZoom: -1, tiles: 0, bytes: 0, limit: 'free_space' });
  });
});
