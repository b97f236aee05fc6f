/**
 * The service worker (built by vite-plugin-pwa, injectManifest). It precaches the app shell
 * and the translations, answers every navigation with index.html so the installed app starts
 * offline (the public pages' with public.html, their light entry: common/public-pages.ts),
 * refreshes translations stale-while-revalidate, and never caches the API (/api: it carries
 * credentials and per-user data) nor the socket (/ws), with one exception: the
 * basemap's style and tiles (/api/cartography/basemap/...), world data served without a
 * session, kept cache-first within a budget. The map's library (MapLibre, its worker and
 * stylesheet) is listed by the build but kept only once a map was opened on the device, then
 * renewed with each version. The page talks to it through src/lib/sw-bridge.ts: the update
 * prompt posts SKIP_WAITING, the first map drawn KEEP_MAP_CODE.
 */
/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { BASEMAP_CACHE, BASEMAP_PATH, KEEP_HEADER } from '../src/lib/basemap-cache-config';
import { KEEP_MAP_CODE_MESSAGE, MAP_CODE_CACHE, MAP_CODE_PATH, MAP_CODE_URL_PATTERN } from '../src/lib/map-code-config';
import { PUBLIC_PAGE_FILE, PUBLIC_PAGE_PATTERN } from '../common/public-pages';
import { SOCKET_PATH } from '../common/constants';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null } | string>;
};

const NEVER_HANDLED = [/^\/api(\/|$)/, /^\/ws(\/|$)/];

const manifest = self.__WB_MANIFEST;
const urlOf = (entry: string | { url: string }) => (typeof entry === 'string' ? entry : entry.url);

cleanupOutdatedCaches();
// The build lists the shell, the page chunks, the icons and every /locales file here, so a
// first visit caches the translations even though they were fetched before the worker ran.
// The map's library is listed too, but kept apart (below).
precacheAndRoute(manifest.filter((entry) => !MAP_CODE_PATH.test(urlOf(entry))));

// The public pages (a share link's viewer, an upload-only link, the terms) have their own light
// entry: a staff member's installed app opening such a link gets the page an outsider gets, from
// the precache when offline. Registered first: the first matching route answers.
registerRoute(new NavigationRoute(createHandlerBoundToURL(PUBLIC_PAGE_FILE), { allowlist: [PUBLIC_PAGE_PATTERN] }));
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [...NEVER_HANDLED, PUBLIC_PAGE_PATTERN] }),
);

registerRoute(
  ({ url, request }) => url.origin === self.location.origin && request.method === 'GET' && url.pathname.startsWith('/locales/'),
  new StaleWhileRevalidate({ cacheName: 'vigie-locales' }),
);

/**
 * The basemap kept offline: its style and tiles, cache-first (their addresses change with the
 * data: the server answers them with long cache headers and an ETag). Budget: 4,000 entries
 * (the tiles of a district's extent to zoom 16 are a few hundred; the built-in basemap's
 * tiles weigh 0.1 to 30 KiB, so at most about 40 MB), the oldest used going first, and the
 * whole cache dropped if the browser's quota is reached. Not the basemap's description
 * (/api/cartography/basemap itself: a session's read, kept by the read cache). The page's
 * "make this area available offline" writes its tiles into the same cache itself
 * (src/lib/basemap-cache.ts); they are not in this plugin's list, so only their removal there
 * takes them away, and the tiles they hold are served from here like the others.
 */
registerRoute(
  ({ url, request }) => url.origin === self.location.origin && request.method === 'GET' && url.pathname.startsWith(BASEMAP_PATH) && !request.headers.has('range') && !request.headers.has(KEEP_HEADER),
  new CacheFirst({
    cacheName: BASEMAP_CACHE.name,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: BASEMAP_CACHE.maxEntries, maxAgeSeconds: BASEMAP_CACHE.maxAgeSeconds, purgeOnQuotaError: true }),
    ],
  }),
);

/**
 * The map's library (MapLibre's code, its worker and stylesheet: 1.7 MB, 0.37 MB as the server
 * sends it compressed) is not precached: every installation would download it for a screen
 * many users never open. It is kept whole once a map was opened on the device: the page asks
 * (KEEP_MAP_CODE) as soon as it has loaded the library, which often came past this worker (a
 * first visit opens the map before the install ends, and the page never asks for a loaded
 * module again). Then each new version keeps its own files at install, and
 * drops the earlier ones at activation: a device that used the map keeps it offline across
 * updates. The files' names carry their content's hash, so a kept file never changes.
 */
const mapCode = manifest.map(urlOf).filter((url) => MAP_CODE_PATH.test(url)).map((url) => new URL(url, self.location.href).href);

async function keepMapCode(): Promise<void> {
  const cache = await caches.open(MAP_CODE_CACHE);
  const held = new Set((await cache.keys()).map((request) => request.url));
  await Promise.all(mapCode.filter((url) => !held.has(url)).map((url) => cache.add(url)));
}

/** Whether this device opened a map with an earlier version (its cache holds some of the library). */
async function mapCodeKept(): Promise<boolean> {
  if (!(await caches.has(MAP_CODE_CACHE))) return false;
  return (await (await caches.open(MAP_CODE_CACHE)).keys()).length > 0;
}

async function dropOtherMapCode(): Promise<void> {
  if (!(await caches.has(MAP_CODE_CACHE))) return;
  const cache = await caches.open(MAP_CODE_CACHE);
  const current = new Set(mapCode);
  await Promise.all((await cache.keys()).filter((request) => !current.has(request.url)).map((request) => cache.delete(request)));
}

self.addEventListener('install', (event: ExtendableEvent) => {
  // Not kept now (no network, say) is not a failed install: the next map opened asks again.
  event.waitUntil(mapCodeKept().then((kept) => (kept ? keepMapCode() : undefined)).catch(() => undefined));
});

/** A rule of the browser's static routing (InstallEvent.addRoutes, Chromium 123 and later). */
interface StaticRoute {
  condition: { urlPattern: string; requestMethod?: string };
  source: 'cache' | 'network' | 'fetch-event';
}

/**
 * What the browser answers without waking this worker's JavaScript, in order (the first rule a
 * request matches decides):
 * - the map's library goes through the fetch handler (its cache-first route keeps what it fetches);
 * - the other built files (/assets/: hashed names, precached under their own address) come from
 *   the caches, and from the network when no cache has them (an earlier version's file, say);
 * - the basemap's style and tiles go through the fetch handler (cache-first, within a budget);
 * - the rest of the API and the socket go to the network, which the fetch handler did anyway.
 * An installed app's start asks for a hundred files: each went through this worker's fetch
 * event, a task of its thread and two hops between processes, on a phone's cores beside the page.
 * Navigations (the app's page) and translations (stale-while-revalidate) keep the fetch handler.
 * A browser without static routing (Safari, Firefox) uses the fetch handler for everything,
 * which answers the same.
 */
const STATIC_ROUTES: StaticRoute[] = [
  { condition: { urlPattern: MAP_CODE_URL_PATTERN }, source: 'fetch-event' },
  { condition: { urlPattern: '/assets/*', requestMethod: 'GET' }, source: 'cache' },
  { condition: { urlPattern: `${BASEMAP_PATH}*` }, source: 'fetch-event' },
  { condition: { urlPattern: '/api/*' }, source: 'network' },
  { condition: { urlPattern: `${SOCKET_PATH}/*` }, source: 'network' },
];

self.addEventListener('install', (event: ExtendableEvent) => {
  const install = event as ExtendableEvent & { addRoutes?: (rules: StaticRoute[]) => Promise<void> };
  // Rules the browser refuses leave every request to the fetch handler: not a failed install.
  if (typeof install.addRoutes === 'function') event.waitUntil(install.addRoutes(STATIC_ROUTES).catch(() => undefined));
});

registerRoute(
  ({ url, request }) => url.origin === self.location.origin && request.method === 'GET' && MAP_CODE_PATH.test(url.pathname),
  new CacheFirst({ cacheName: MAP_CODE_CACHE, plugins: [new CacheableResponsePlugin({ statuses: [200] })] }),
);

// A first visit's page is controlled as soon as this worker is active, not from the next load
// on: a field user who logs in and walks out of coverage at once still gets the page chunks
// the app loads later (a module's screen, the toast host) from the precache. (An update
// still waits for the user's "Reload": a waiting worker is not active, so it claims nothing.)
self.addEventListener('activate', (event: ExtendableEvent) => {
  event.waitUntil(Promise.all([self.clients.claim(), dropOtherMapCode().catch(() => undefined)]));
});

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data: unknown = event.data;
  const type = typeof data === 'object' && data !== null ? (data as { type?: unknown }).type : undefined;
  if (type === 'SKIP_WAITING') void self.skipWaiting();
  // Not kept now (the network went): the next map opened asks again.
  if (type === KEEP_MAP_CODE_MESSAGE.type) event.waitUntil(keepMapCode().catch(() => undefined));
});

/** Background Sync tag the page registers when it queues an emergency alert. */
const OUTBOX_SYNC_TAG = 'vigie-outbox';

interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

// Where the browser has Background Sync, the connection coming back wakes this worker even
// when no page is visible: it asks every open page to drain the emergency outbox (the outbox
// lives in the page's IndexedDB and is sent with the page's session, never from here).
self.addEventListener('sync', ((event: SyncEvent) => {
  if (event.tag !== OUTBOX_SYNC_TAG) return;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((pages) => {
      for (const page of pages) page.postMessage({ type: 'outbox-sync' });
    }),
  );
}) as EventListener);
