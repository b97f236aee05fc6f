/**
 * "Keep the whole tour on this device": every image the viewer reads for the site's stages (a
 * small panorama whole, a large one's base and every tile of its grid: the one level of tiles
 * the viewer uses at every zoom) and the tour's answer (stages, arrows, markers), stored in the
 * Cache Storage under the same keys as the images kept as they are seen (api.ts keptKey,
 * panoramas.ts reads them first), so a stage never opened online opens offline, after any
 * number of restarts.
 *
 * The server says first what it is (GET /api/360/sites/:siteId/download: each image's size), so
 * the size is shown before anything is downloaded. A note kept beside the images says what the
 * tour holds and whether its download finished: one cut short (a reload, the network lost) is
 * taken up again, and what is already on the device is not downloaded again. Removing it drops
 * the note and the tour's images.
 */
import type { Tour, TourDownload } from '../../../common/modules/view360/schemas';
import { apiGet } from '../../lib/api-client';
import { fetchApiImage } from '../../lib/api-images';
import { keptKey, VIEW360_CACHE } from './api';

export { storageEstimate } from '../../lib/storage-estimate';

export interface KeptTour {
  siteId: string;
  /** 'keeping': started, not finished (taken up again by the next keep). */
  state: 'keeping' | 'kept';
  urls: string[];
  bytes: number;
  /** Tiles the server had not cut yet when it was kept (keep it again later to have them). */
  pending: number;
  keptAt: string;
}

/** Images downloaded at once: enough to fill the link, few enough not to starve the screen. */
const PARALLEL = 4;

const noteKey = (siteId: string) => keptKey(`kept/${siteId}`);

async function openCache(): Promise<Cache | null> {
  if (typeof caches === 'undefined') return null;
  try {
    return await caches.open(VIEW360_CACHE);
  } catch {
    return null;
  }
}

/** What the device holds of the site's tour (null: nothing kept, or no Cache Storage). */
export async function keptTour(siteId: string): Promise<KeptTour | null> {
  const cache = await openCache();
  const note = await cache?.match(noteKey(siteId));
  return note ? ((await note.json()) as KeptTour) : null;
}

/** What keeping the tour downloads (each image and its size), as the server has it now. */
export const tourDownload = (siteId: string): Promise<TourDownload> => apiGet<TourDownload>(`360/sites/${siteId}/download`);


const writeNote = (cache: Cache, note: KeptTour) => cache.put(noteKey(note.siteId), new Response(JSON.stringify(note), { headers: { 'content-type': 'application/json' } }));

/**
 * Downloads what `download` lists and the device does not hold yet, then the tour's answer;
 * `onProgress` is told the bytes on the device out of the whole. The note says 'keeping' until
 * every image is there.
 */
export async function keepTour(download: TourDownload, onProgress?: (done: number, total: number) => void): Promise<KeptTour> {
  const cache = await openCache();
  if (!cache) throw new Error('view360.keep_unavailable');
  const { siteId, images, bytes } = download;
  const note: KeptTour = { siteId, state: 'keeping', urls: images.map((i) => i.url), bytes, pending: download.pending, keptAt: new Date().toISOString() };
  await writeNote(cache, note);
  // The tour's answer first: the stages, arrows and markers the kept images are shown with.
  const tourPath = `360/sites/${siteId}`;
  const tour = await apiGet<Tour>(tourPath);
  await cache.put(keptKey(tourPath), new Response(JSON.stringify(tour), { headers: { 'content-type': 'application/json' } }));
  let done = 0;
  onProgress?.(done, bytes);
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (next < images.length && !failed) {
      const image = images[next]!;
      next += 1;
      const key = keptKey(image.url);
      try {
        if (!(await cache.match(key))) {
          const blob = await fetchApiImage(image.url);
          await cache.put(key, new Response(blob, { headers: { 'content-type': blob.type, 'content-length': String(blob.size) } }));
        }
      } catch (error) {
        // The others stop too: the note stays 'keeping', the next keep takes it up again.
        failed = true;
        throw error;
      }
      done += image.bytes;
      onProgress?.(done, bytes);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, images.length) }, worker));
  const kept: KeptTour = { ...note, state: 'kept', keptAt: new Date().toISOString() };
  await writeNote(cache, kept);
  return kept;
}

/** Removes the kept tour: its note and its images (those seen since are read again online). */
export async function forgetTour(siteId: string): Promise<void> {
  const cache = await openCache();
  const note = await keptTour(siteId);
  if (!cache || !note) return;
  await cache.delete(noteKey(siteId));
  await Promise.all(note.urls.map((url) => cache.delete(keptKey(url))));
}
