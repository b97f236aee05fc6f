/**
 * The page's one door to the basemap's cache (the service worker's `vigie-basemap`, see
 * basemap-cache-config.ts): what "make this area available offline" writes (the style and
 * tiles it downloads, and a note of the area kept: where, to which zoom, when, how big), what
 * the map and the profile page read of it (entries, bytes, the kept area), and its removal.
 * Without the Cache API (an old browser, a test without it) nothing is kept and the figures
 * are null.
 */
import type { BBox } from '../../common/modules/cartography/schemas';
import { BASEMAP_CACHE, KEEP_HEADER, KEPT_AREA_PATH } from './basemap-cache-config';

export interface KeptArea {
  bbox: BBox;
  maxZoom: number;
  tiles: number;
  bytes: number;
  /** ISO instant of the download's end. */
  keptAt: string;
  /** The download stopped before the end (cancelled, or the network went). */
  complete: boolean;
}

export interface BasemapStats {
  /** Style and tiles held (the note of the kept area left out). */
  entries: number;
  bytes: number;
  kept: KeptArea | null;
}

const absolute = (url: string) => new URL(url, globalThis.location.href).href;

async function openCache(): Promise<Cache | null> {
  if (typeof caches === 'undefined') return null;
  try {
    return await caches.open(BASEMAP_CACHE.name);
  } catch {
    return null;
  }
}

/** The bytes the cache holds for this address, null when it holds none (a resumed download skips what it holds). */
export async function keptBytes(url: string): Promise<number | null> {
  const cache = await openCache();
  const response = await cache?.match(absolute(url));
  return response === undefined ? null : (await response.blob()).size;
}

/**
 * Downloads one address into the cache (past the worker: it would keep it in its own list,
 * which expires entries), answering its body; a 204 (an empty tile: open sea) is kept too, so
 * that offline the map is not refused it. Another status, or no network: an error.
 */
export async function downloadToKeep(url: string, signal?: AbortSignal): Promise<Blob> {
  const cache = await openCache();
  if (cache === null) throw new Error('no cache');
  const response = await fetch(absolute(url), { headers: { [KEEP_HEADER]: '1' }, ...(signal === undefined ? {} : { signal }) });
  if (response.status !== 200 && response.status !== 204) throw new Error(`status ${response.status}`);
  const body = await response.blob();
  await cache.put(absolute(url), new Response(response.status === 204 ? null : body, { status: response.status, headers: response.headers }));
  return body;
}

export async function readKeptArea(): Promise<KeptArea | null> {
  const cache = await openCache();
  const response = await cache?.match(absolute(KEPT_AREA_PATH));
  if (response === undefined) return null;
  try {
    return (await response.json()) as KeptArea;
  } catch {
    return null;
  }
}

export async function writeKeptArea(area: KeptArea): Promise<void> {
  const cache = await openCache();
  await cache?.put(absolute(KEPT_AREA_PATH), new Response(JSON.stringify(area), { headers: { 'content-type': 'application/json' } }));
}

/** What the cache holds, read entry by entry (a few thousand at most). */
export async function basemapStats(): Promise<BasemapStats | null> {
  const cache = await openCache();
  if (cache === null) return null;
  const note = absolute(KEPT_AREA_PATH);
  let entries = 0;
  let bytes = 0;
  for (const request of await cache.keys()) {
    if (request.url === note) continue;
    entries += 1;
    const response = await cache.match(request);
    bytes += response === undefined ? 0 : (await response.blob()).size;
  }
  return { entries, bytes, kept: await readKeptArea() };
}

/** Removes the whole basemap kept on the device (the kept area and what the map kept as it was used). */
export async function removeBasemap(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await caches.delete(BASEMAP_CACHE.name);
}
