/**
 * The 360 reads: a site's tour, a record's markers, the marker form's choices. A tour opened
 * once stays readable offline: its answer is kept in Cache Storage (VIEW360_CACHE) as it is
 * read, and read back from there when the network fails; its images (the whole panorama, or the
 * tiled one's base and every tile looked at) are kept there too (panoramas.ts).
 */
import { queryOptions } from '@tanstack/react-query';
import type { Marker, RecordMarker, TargetChoice, Tour } from '../../../common/modules/view360/schemas';
import { apiGet } from '../../lib/api-client';
import { currentCacheOwner } from '../../lib/cache-owner';

export const VIEW360_CACHE = 'vigie-view360';
export const VIEW360_MODULE = 'view360';

const cacheStorage = (): CacheStorage | null => (typeof caches === 'undefined' ? null : caches);
/** Where a read is kept: per account, client and district (lib/cache-owner.ts), as the files and plans keep theirs. */
export const keptKey = (path: string) =>
  new URL(`/__view360__/${encodeURIComponent(currentCacheOwner() ?? 'none')}/${path.replace(/^\//, '')}`, window.location.origin).toString();

/** The answer of `load` kept under `path`; the kept one when `load` fails (offline). */
async function keptJson<T>(path: string, load: () => Promise<T>): Promise<T> {
  const storage = cacheStorage();
  try {
    const data = await load();
    if (storage) void storage.open(VIEW360_CACHE).then((cache) => cache.put(keptKey(path), new Response(JSON.stringify(data), { headers: { 'content-type': 'application/json' } })));
    return data;
  } catch (error) {
    const kept = storage ? await (await storage.open(VIEW360_CACHE)).match(keptKey(path)) : undefined;
    if (kept) return (await kept.json()) as T;
    throw error;
  }
}

export const tourKeys = {
  all: [VIEW360_MODULE] as const,
  tour: (siteId: string) => [VIEW360_MODULE, 'tour', siteId] as const,
  record: (kind: string, recordId: string) => [VIEW360_MODULE, 'record', kind, recordId] as const,
  targets: (siteId: string, kind: string) => [VIEW360_MODULE, 'targets', siteId, kind] as const,
};

export const tourQueryOptions = (siteId: string) =>
  queryOptions({
    queryKey: tourKeys.tour(siteId),
    queryFn: () => keptJson(`360/sites/${siteId}`, () => apiGet<Tour>(`360/sites/${siteId}`)),
    networkMode: 'always',
  });

export const recordMarkersQueryOptions = (kind: Marker['kind'], recordId: string) =>
  queryOptions({
    queryKey: tourKeys.record(kind, recordId),
    queryFn: () => keptJson(`360/markers/${kind}/${recordId}`, () => apiGet<RecordMarker[]>(`360/markers?kind=${kind}&recordId=${recordId}`)),
    networkMode: 'always',
  });

export const targetsQueryOptions = (siteId: string, kind: Marker['kind']) =>
  queryOptions({
    queryKey: tourKeys.targets(siteId, kind),
    queryFn: () => keptJson(`360/targets/${siteId}/${kind}`, () => apiGet<TargetChoice[]>(`360/sites/${siteId}/targets?kind=${kind}`)),
    networkMode: 'always',
    enabled: kind !== 'note',
  });
