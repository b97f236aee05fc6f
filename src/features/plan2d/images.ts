/**
 * A plan's images on the device: fetched with the session (an image source cannot send the
 * token) and kept in the Cache Storage (`vigie-plan2d`, one entry per account, client, district
 * and image id), so a plan opened once shows offline after any number of restarts, as its pins
 * and zones (queries persisted by the module's offline declaration). A new revision's image is
 * another id; the old ones are dropped when the plan is opened online.
 */
import { api } from '../../lib/api-client';
import { currentCacheOwner } from '../../lib/cache-owner';

export const PLAN2D_CACHE = 'vigie-plan2d';

const base = () => new URL('/__plan2d/', globalThis.location.href).href;
const imageKey = (owner: string, id: string) => `${base()}${encodeURIComponent(owner)}/${id}`;

async function openCache(): Promise<Cache | null> {
  if (typeof caches === 'undefined') return null;
  try {
    return await caches.open(PLAN2D_CACHE);
  } catch {
    return null;
  }
}

const urls = new Map<string, Promise<string>>();

/** An object URL of the plan image `id`: from memory, the device's cache, else fetched and kept. */
export function planImageUrl(id: string): Promise<string> {
  const held = urls.get(id);
  if (held) return held;
  const loading = (async () => {
    const owner = currentCacheOwner();
    const cache = await openCache();
    const kept = cache && owner ? await cache.match(imageKey(owner, id)) : undefined;
    if (kept) return URL.createObjectURL(await kept.blob());
    const blob = await (await api(`attachments/${id}`)).blob();
    if (cache && owner) await cache.put(imageKey(owner, id), new Response(blob, { headers: { 'content-type': blob.type } })).catch(() => undefined);
    return URL.createObjectURL(blob);
  })();
  loading.catch(() => urls.delete(id));
  urls.set(id, loading);
  return loading;
}

/** Drops the kept images of the session's owner that are not in `keep` (the current images of the plans just listed online). */
export async function dropOtherImages(keep: ReadonlySet<string>, planImages: ReadonlySet<string>): Promise<void> {
  const owner = currentCacheOwner();
  const cache = await openCache();
  if (!cache || !owner) return;
  for (const request of await cache.keys()) {
    const id = request.url.split('/').pop() ?? '';
    if (request.url.startsWith(imageKey(owner, '')) && planImages.has(id) && !keep.has(id)) await cache.delete(request);
  }
}
