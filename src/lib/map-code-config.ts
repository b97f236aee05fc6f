/**
 * The map's library on the device, named once for its two users: the service worker (sw/sw.ts),
 * which keeps it and serves it, and the page (lib/sw-bridge.ts), which asks for it to be kept
 * when a map is first drawn. Constants only: the worker's build imports this file.
 */
/** The worker's cache of the map's library (MapLibre's code, its worker and stylesheet). */
export const MAP_CODE_CACHE = 'vigie-map-code';
/**
 * The library's files, named by the build after the package: `assets/maplibre-gl-<hash>.js`,
 * `maplibre-gl-worker-<hash>.mjs`, `maplibre-gl-<hash>.css` and the stylesheet's address
 * module. Matches a path (`/assets/...`) and a precache manifest entry (`assets/...`).
 */
export const MAP_CODE_PATH = /^\/?assets\/maplibre-gl[-.]/;
/** The same files as a URL pattern (the worker's static routes, which take URLPattern strings). */
export const MAP_CODE_URL_PATTERN = '/assets/maplibre-gl*';
/** The page's request: keep every file of the map's library now. */
export const KEEP_MAP_CODE_MESSAGE = { type: 'KEEP_MAP_CODE' } as const;
