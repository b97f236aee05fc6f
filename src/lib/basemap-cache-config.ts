/**
 * The basemap's cache, named once for its two users: the service worker (sw/sw.ts), which
 * keeps the style and tiles the map asks for, and the page's one module that reads and writes
 * it (lib/basemap-cache.ts: "make this area available offline", the profile's figures).
 * Constants only: the worker's build imports this file.
 */
export const BASEMAP_CACHE = { name: 'vigie-basemap', maxEntries: 4000, maxAgeSeconds: 90 * 24 * 3600 } as const;
/** The style and tiles' addresses (same origin), the only /api addresses the worker caches. */
export const BASEMAP_PATH = '/api/cartography/basemap/';
/** Where the cache says which area was kept, when, and how big (never asked by the map). */
export const KEPT_AREA_PATH = `${BASEMAP_PATH}kept-area.json`;
/** Marks the page's own downloads of tiles to keep: the worker lets them through untouched. */
export const KEEP_HEADER = 'x-vigie-keep';
