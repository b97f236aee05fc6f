/**
 * The service worker (built by vite-plugin-pwa, injectManifest). It precaches the app shell
 * and the translations, answers every navigation with index.html so the installed app starts
 * offline, refreshes translations stale-while-revalidate, and never caches the API (/api: it
 * carries credentials and per-user data) nor the socket (/ws), with one exception: the
 * basemap's style and tiles (/api/cartography/basemap/...), world data served without a
 * session, kept cache-first within a budget. The map's library (MapLibre, its worker and
 * stylesheet: left out of the precache by vite.config.ts) is kept cache-first at its first
 * use. The page talks to it through src/lib/sw-bridge.ts: the update prompt posts SKIP_WAITING.
 */
/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { BASEMAP_CACHE, BASEMAP_PATH, KEEP_HEADER } from '../src/lib/basemap-cache-config';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null } | string>;
};

const NEVER_HANDLED = [/^\/api(\/|$)/, /^\/ws(\/|$)/];

cleanupOutdatedCaches();
// The build lists the shell, the page chunks, the icons and every /locales file here, so a
// first visit caches the translations even though they were fetched before the worker ran.
precacheAndRoute(self.__WB_MANIFEST);

registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: NEVER_HANDLED }),
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
 * The map's library, kept at its first use rather than precached: 1.6 MB (about 0.4 MB
 * gzipped) that every installation would download for a screen many users never open. Its
 * file names carry their content's hash: a cached one never changes; the old ones expire.
 */
const MAP_CODE = /^\/assets\/maplibre-gl[-.]/;
registerRoute(
  ({ url, request }) => url.origin === self.location.origin && request.method === 'GET' && MAP_CODE.test(url.pathname),
  new CacheFirst({
    cacheName: 'vigie-map-code',
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 12, purgeOnQuotaError: true })],
  }),
);

// A first visit's page is controlled as soon as this worker is active, not from the next load
// on: a field user who logs in and walks out of coverage at once still gets the page chunks
// the app loads later (a module's screen, the toast host) from the precache. (An update
// still waits for the user's "Reload": a waiting worker is not active, so it claims nothing.)
self.addEventListener('activate', (event: ExtendableEvent) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data: unknown = event.data;
  if (typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'SKIP_WAITING') {
    void self.skipWaiting();
  }
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
