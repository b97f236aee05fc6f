/**
 * Keeping the whole tour on the device (src/features/view360/keep.ts): every listed image and
 * the tour's answer stored under the keys the viewer reads first, the progress in bytes, a
 * download cut short taken up again without fetching what is already kept, and the removal of
 * the tour's images and note.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TourDownload } from '../../../../common/modules/view360/schemas';

const net = vi.hoisted(() => ({ fetched: [] as string[], failOn: null as string | null }));

vi.mock('../../../../src/lib/api-client', () => ({
  apiGet: vi.fn((path: string) => Promise.resolve({ siteId: 's1', path, stages: [], links: [], markers: [], captures: [] })),
}));
vi.mock('../../../../src/lib/api-images', () => ({
  fetchApiImage: vi.fn((url: string) => {
    if (url === net.failOn) return Promise.reject(new Error('offline'));
    net.fetched.push(url);
    // A Blob of the Response implementation the module stores it with (jsdom has its own).
    return new Response(url, { headers: { 'content-type': 'image/jpeg' } }).blob();
  }),
}));
vi.mock('../../../../src/lib/cache-owner', () => ({ currentCacheOwner: () => 'owner-1' }));

/** A Cache Storage in memory (one cache by name, entries by URL). */
function memoryCaches() {
  const stores = new Map<string, Map<string, Response>>();
  const cache = (entries: Map<string, Response>) => ({
    match: (key: string) => Promise.resolve(entries.get(key)?.clone()),
    put: (key: string, response: Response) => (entries.set(key, response), Promise.resolve()),
    delete: (key: string) => Promise.resolve(entries.delete(key)),
    keys: () => Promise.resolve([...entries.keys()].map((url) => ({ url }))),
  });
  return {
    stores,
    open: (name: string) => {
      if (!stores.has(name)) stores.set(name, new Map());
      return Promise.resolve(cache(stores.get(name)!));
    },
  };
}

const { keepTour, keptTour, forgetTour } = await import('../../../../src/features/view360/keep');
const { keptKey, VIEW360_CACHE } = await import('../../../../src/features/view360/api');

const download: TourDownload = {
  siteId: 's1',
  images: [
    { url: '/api/360/images/a', bytes: 100 },
    { url: '/api/360/images/b/base', bytes: 50 },
    { url: '/api/360/images/b/tiles/0/0', bytes: 30 },
    { url: '/api/360/images/b/tiles/1/0', bytes: 20 },
  ],
  bytes: 200,
  pending: 0,
};

let storage: ReturnType<typeof memoryCaches>;
beforeEach(() => {
  storage = memoryCaches();
  vi.stubGlobal('caches', storage);
  net.fetched = [];
  net.failOn = null;
});

describe('keeping the whole tour', () => {
  it('stores every image and the tour under the keys the viewer reads, with its progress', async () => {
    const progress: number[] = [];
    const kept = await keepTour(download, (done) => progress.push(done));
    expect(kept).toMatchObject({ siteId: 's1', state: 'kept', bytes: 200, urls: download.images.map((i) => i.url) });
    expect(net.fetched.sort()).toEqual(download.images.map((i) => i.url).sort());
    const entries = storage.stores.get(VIEW360_CACHE)!;
    for (const image of download.images) expect(entries.has(keptKey(image.url)), image.url).toBe(true);
    expect(entries.has(keptKey('360/sites/s1'))).toBe(true);
    expect(progress.at(-1)).toBe(200);
    expect(await keptTour('s1')).toMatchObject({ state: 'kept' });
  });

  it('takes a download cut short up again without fetching what is already kept', async () => {
    net.failOn = '/api/360/images/b/tiles/1/0';
    await expect(keepTour(download)).rejects.toThrow('offline');
    expect(await keptTour('s1')).toMatchObject({ state: 'keeping' });
    const before = net.fetched.length;
    expect(before).toBeGreaterThan(0);
    net.failOn = null;
    const kept = await keepTour(download);
    expect(kept.state).toBe('kept');
    // Only what was missing came from the network the second time.
    expect(net.fetched.slice(before)).toEqual(['/api/360/images/b/tiles/1/0']);
  });

  it('removes the tour from the device: its note and its images', async () => {
    await keepTour(download);
    await forgetTour('s1');
    expect(await keptTour('s1')).toBeNull();
    const entries = storage.stores.get(VIEW360_CACHE)!;
    expect(download.images.some((i) => entries.has(keptKey(i.url)))).toBe(false);
  });
});
