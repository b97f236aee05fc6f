/**
 * "Make this area available offline": the basemap's tiles of an area (the district's extent or
 * the map's view), from zoom 0 to the deepest useful one, into the service worker's cache
 * through lib/basemap-cache.ts.
 *
 * - Plan (before anything large is downloaded): the style's tile addresses (its sources served
 *   by Vigie: an operator's external tiles are not the worker's to keep), the tiles of each zoom
 *   (tiles.ts), a sample of each zoom's tiles downloaded (kept: they are part of the area) to
 *   estimate the bytes, and the deepest zoom that fits OFFLINE_BUDGET_BYTES, the device's free
 *   space (navigator.storage.estimate()) and OFFLINE_TILES_MAX, with the reason when it is
 *   lower than asked.
 * - Download: the planned tiles, OFFLINE_CONCURRENCY at a time, those already kept skipped (a
 *   second run resumes), with progress and cancellation (an AbortSignal); the note of the kept
 *   area written at the end, cancelled or not.
 */
import { OFFLINE_MAX_ZOOM, type BasemapInfo, type BBox } from '../../../common/modules/cartography/schemas';
import { BASEMAP_PATH } from '../../lib/basemap-cache-config';
import { downloadToKeep, keptBytes, writeKeptArea, type KeptArea } from '../../lib/basemap-cache';
import { chooseZoom, estimateBytes, rangeTiles, sampleTiles, tileRanges, tileUrl, type TileRange, type ZoomLimit } from './tiles';

/** The most a kept area may weigh (the worker's cache holds the map's browsing too: 4,000 entries). */
export const OFFLINE_BUDGET_BYTES = 40 * 1024 * 1024;
/** Below the worker's 4,000 entries, so that its browsing never pushes a kept tile out. */
export const OFFLINE_TILES_MAX = 3_000;
export const OFFLINE_SAMPLE_PER_ZOOM = 3;
export const OFFLINE_CONCURRENCY = 4;

export interface AreaPlan {
  bbox: BBox;
  templates: string[];
  ranges: TileRange[];
  /** The deepest zoom asked: min(basemap's maxZoom, OFFLINE_MAX_ZOOM). */
  askedZoom: number;
  maxZoom: number;
  tiles: number;
  bytes: number;
  limit: ZoomLimit;
}

export interface Progress {
  done: number;
  total: number;
  bytes: number;
}

export class NotKeepableError extends Error {
  override readonly name = 'NotKeepableError';
}

interface StyleSource {
  tiles?: string[];
  url?: string;
  maxzoom?: number;
}

const ours = (url: string) => {
  const address = new URL(url, globalThis.location.href);
  return address.origin === globalThis.location.origin && address.pathname.startsWith(BASEMAP_PATH);
};

/** The style's tile addresses served by Vigie (the style, and a source's TileJSON, are kept too). */
async function tileTemplates(styleUrl: string, signal: AbortSignal): Promise<{ templates: string[]; maxZoom: number }> {
  if (!ours(styleUrl)) throw new NotKeepableError('external');
  const style = JSON.parse(await (await downloadToKeep(styleUrl, signal)).text()) as { sources?: Record<string, StyleSource> };
  const templates: string[] = [];
  let maxZoom = 0;
  for (const source of Object.values(style.sources ?? {})) {
    let described: StyleSource = source;
    if (source.tiles === undefined && source.url !== undefined && ours(source.url)) described = JSON.parse(await (await downloadToKeep(source.url, signal)).text()) as StyleSource;
    const own = (described.tiles ?? []).filter(ours);
    templates.push(...own);
    if (own.length > 0) maxZoom = Math.max(maxZoom, described.maxzoom ?? 22);
  }
  if (templates.length === 0) throw new NotKeepableError('no_tiles');
  return { templates, maxZoom };
}

async function freeSpace(): Promise<number | null> {
  const estimate = await globalThis.navigator?.storage?.estimate?.().catch(() => undefined);
  return estimate?.quota === undefined || estimate.usage === undefined ? null : Math.max(0, estimate.quota - estimate.usage);
}

/** The plan of an area: its tiles to the deepest zoom that fits, their count and estimated bytes. */
export async function planArea(basemap: BasemapInfo, bbox: BBox, signal: AbortSignal): Promise<AreaPlan> {
  const { templates, maxZoom: sourceZoom } = await tileTemplates(basemap.styleUrl, signal);
  const askedZoom = Math.min(basemap.maxZoom, sourceZoom, OFFLINE_MAX_ZOOM);
  const ranges = tileRanges(bbox, 0, askedZoom);
  const samples = new Map<number, number[]>();
  for (const range of ranges) {
    const sizes: number[] = [];
    for (const tile of sampleTiles(range, OFFLINE_SAMPLE_PER_ZOOM))
      for (const template of templates) {
        const url = tileUrl(template, tile);
        sizes.push((await keptBytes(url)) ?? (await downloadToKeep(url, signal)).size);
      }
    // One sample per tile: a tile is all the templates' files at that place.
    samples.set(range.z, templates.length <= 1 ? sizes : chunkSums(sizes, templates.length));
  }
  const bytes = estimateBytes(ranges, samples);
  const choice = chooseZoom(ranges, bytes, { budget: OFFLINE_BUDGET_BYTES, free: await freeSpace(), maxTiles: OFFLINE_TILES_MAX });
  return { bbox, templates, ranges, askedZoom, maxZoom: choice.maxZoom, tiles: choice.tiles, bytes: choice.bytes, limit: choice.limit };
}

const chunkSums = (sizes: readonly number[], size: number) =>
  Array.from({ length: Math.ceil(sizes.length / size) }, (_, i) => sizes.slice(i * size, (i + 1) * size).reduce((a, b) => a + b, 0));

/**
 * Downloads the plan's tiles (to its chosen zoom) into the cache, skipping those kept, and
 * writes the note of the kept area. Cancelled (the signal) or cut off, it still writes what it
 * kept (complete: false) and rethrows.
 */
export async function downloadArea(plan: AreaPlan, signal: AbortSignal, onProgress: (progress: Progress) => void): Promise<KeptArea> {
  const urls = plan.ranges.filter((range) => range.z <= plan.maxZoom).flatMap((range) => [...rangeTiles(range)].flatMap((tile) => plan.templates.map((template) => tileUrl(template, tile))));
  const progress: Progress = { done: 0, total: urls.length, bytes: 0 };
  onProgress({ ...progress });
  let next = 0;
  let failure: unknown = null;
  // Each worker stops at the first failure (any worker's) or the cancellation.
  const worker = async () => {
    while (next < urls.length && failure === null) {
      const url = urls[next]!;
      next += 1;
      try {
        signal.throwIfAborted();
        progress.bytes += (await keptBytes(url)) ?? (await downloadToKeep(url, signal)).size;
      } catch (error) {
        failure ??= error;
        return;
      }
      progress.done += 1;
      onProgress({ ...progress });
    }
  };
  await Promise.all(Array.from({ length: OFFLINE_CONCURRENCY }, worker));
  const kept: KeptArea = {
    bbox: plan.bbox,
    maxZoom: plan.maxZoom,
    tiles: Math.floor(progress.done / plan.templates.length),
    bytes: progress.bytes,
    keptAt: new Date().toISOString(),
    complete: failure === null,
  };
  await writeKeptArea(kept);
  if (failure !== null) throw failure instanceof Error ? failure : new Error('download failed');
  return kept;
}
