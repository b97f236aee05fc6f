/**
 * The read cache. Server errors are retried once; client errors (4xx) never.
 *
 * Two saved copies, by what they hold (docs/decisions.md "Offline writes and reads"):
 * - the module data a field user needs offline (queries that opt in: `meta: { offline: true }`
 *   or a key a module's offline declaration persists, lib/offline-reads.ts) goes to IndexedDB
 *   (`vigie-cache`, lib/idb) through the async persister: it can be large (every site's sheet);
 * - everything else, the shell's small state, stays in localStorage as below.
 * Each writes its whole copy again when one of its own queries gets new data (at most once a
 * second, persistQueryCache), each query's data turned into JSON only when it changed
 * (lib/cache-serialize.ts).
 * Both belong to one owner (user|client database|district); the IndexedDB copy keeps one
 * owner at a time (a new owner's first write removes the others' copies), is dropped at every
 * end of session and when the app's version changes (OFFLINE_CACHE_BUSTER).
 *
 * In the app (main.tsx, persistQueryCache) the cache is also persisted to localStorage (storage.ts `queryCache`)
 * so the installed app starts offline into the last session's pages with their data:
 * - it belongs to one user in one client and district (the owner is read from the access
 *   token, which is in localStorage from the first instant, before the session is restored);
 *   another owner never reads it, a new owner's first write replaces it;
 * - logout (storage.ts clearSessionStorageKeys) and a client or district change
 *   (features/tenancy/use-tenant-change.ts) delete it;
 * - it is kept PERSISTED_CACHE_MAX_AGE_MS; queries stay in memory as long (gcTime) so a page
 *   left an hour ago is still in what gets saved.
 * Mutations never wait for the network ('always'): offline they fail at once with the
 * communication error instead of spinning (lib/connectivity.ts requireNetwork says it first).
 */
import { QueryClient } from '@tanstack/react-query';
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { persistQueryClientRestore, persistQueryClientSave, type Persister } from '@tanstack/react-query-persist-client';
import { ApiError } from '../lib/api-client';
import { currentCacheOwner } from '../lib/cache-owner';
import { serializeCache } from '../lib/cache-serialize';
import { cacheDb } from '../lib/idb';
import { isOfflineQuery } from '../lib/offline-declarations';
import { onSessionEnded } from '../lib/session';
import { clearQueryCache, getQueryCache, setQueryCache } from '../lib/storage';

/** How long a saved cache may be shown after the last write (an installed app left for a day). */
export const PERSISTED_CACHE_MAX_AGE_MS = 24 * 60 * 60_000;
/** Bump when cached data changes shape: older saved caches are then dropped, not shown. */
export const PERSISTED_CACHE_BUSTER = 'v1';
/**
 * The offline copy's buster, a shape number bumped when a persisted module query changes shape
 * (as PERSISTED_CACHE_BUSTER). Not the app's version: an update must not throw away what a
 * field user keeps for offline work (MODULES.md: data lost when the app updates), and a
 * release whose screens read the same shapes keeps it.
 */
export const OFFLINE_CACHE_BUSTER = 'offline-1';
/** The offline copy is written at most this often while queries keep changing. */
export const OFFLINE_CACHE_THROTTLE_MS = 1000;
/** The shell's copy (localStorage) is written at most this often while its queries keep changing. */
export const QUERY_CACHE_THROTTLE_MS = 1000;

export function createQueryClient({ retry = true, persisted = false }: { retry?: boolean; persisted?: boolean } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        ...(persisted ? { gcTime: PERSISTED_CACHE_MAX_AGE_MS } : {}),
        retry: (failureCount, error) =>
          retry && failureCount < 1 && (!(error instanceof ApiError) || error.status === 0 || error.status >= 500),
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

export { currentCacheOwner };

/**
 * The persister of the read cache, reading and writing only the current owner's copy. It writes
 * at once: persistQueryCache decides when (QUERY_CACHE_THROTTLE_MS).
 */
export function createQueryPersister(): Persister {
  return createSyncStoragePersister({
    throttleTime: 0,
    serialize: serializeCache,
    storage: {
      getItem: () => {
        const owner = currentCacheOwner();
        return owner === null ? null : getQueryCache(owner);
      },
      setItem: (_key, value) => {
        // After a logout nothing is saved: the next session starts clean.
        const owner = currentCacheOwner();
        if (owner !== null) setQueryCache(owner, value);
      },
      removeItem: () => clearQueryCache(),
    },
  });
}

/** The saved module data (IndexedDB), every owner's: logout and the end of a session. */
export async function clearOfflineCache(): Promise<void> {
  await (await cacheDb()).clear('queries');
}

/**
 * The persister of the offline module data, reading and writing only the current owner's copy.
 * It writes at once: persistQueryCache decides when (OFFLINE_CACHE_THROTTLE_MS).
 */
export function createOfflinePersister(): Persister {
  return createAsyncStoragePersister({
    throttleTime: 0,
    serialize: serializeCache,
    storage: {
      getItem: async () => {
        const owner = currentCacheOwner();
        if (owner === null) return null;
        return (await (await cacheDb()).get('queries', owner))?.value ?? null;
      },
      setItem: async (_key, value: string) => {
        // After a logout nothing is saved: the next session starts clean.
        const owner = currentCacheOwner();
        if (owner === null) return;
        const tx = (await cacheDb()).transaction('queries', 'readwrite');
        // One owner's data on the device at a time: another district's never stays behind.
        for (const other of await tx.store.getAllKeys()) if (other !== owner) await tx.store.delete(other);
        await tx.store.put({ owner, value, savedAt: Date.now() });
        await tx.done;
      },
      removeItem: () => clearOfflineCache(),
    },
  });
}

type Dehydratable = Parameters<typeof isOfflineQuery>[0] & { state: { status: string } };
const saved = (query: Dehydratable) => query.state.status === 'success';
/** The cache events that may change what is saved (the library's own list). */
const SAVE_EVENTS: ReadonlySet<string> = new Set(['added', 'removed', 'updated']);
/**
 * Changes of a query that leave its saved copy as good as it was: a fetch starting, pausing,
 * retrying, and an invalidation (every restored query is asked again at its first use).
 */
const UNSAVED_ACTIONS: ReadonlySet<string> = new Set(['fetch', 'pause', 'continue', 'failed', 'invalidate']);

type SaveOptions = Parameters<typeof persistQueryClientSave>[0];

/**
 * Saves the copy of `options` when what it holds changes: one of ITS queries (`keeps`: the
 * localStorage copy the shell's queries, the IndexedDB one the offline ones) added, removed,
 * or answered with other data than it had; at most once per `wait`, the cache read
 * (dehydrated) when the save runs. A refetch that brings the same data back (the query keeps
 * the same object: structural sharing) changes only its time, and is not a reason to rewrite.
 *
 * The library's subscription dehydrated the whole cache at every event of any query, and each
 * copy was rewritten for any change: after reconnecting with an outbox to replay, the
 * deliveries' refetches of the module's (offline) lists and the offline reads' refresh of the
 * emergency stage lists (hundreds of unchanged answers) rewrote both copies every second, the
 * shell's for none of its own queries (bench traces, 100 edits).
 */
function saveOnChange(options: SaveOptions, keeps: (query: Dehydratable) => boolean, wait: number): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const schedule = () => {
    timer ??= setTimeout(() => {
      timer = null;
      void persistQueryClientSave(options).catch(() => undefined);
    }, wait);
  };
  /** The data each query had when it last asked for a save. */
  const lastData = new WeakMap<object, unknown>();
  const stopQueries = options.queryClient.getQueryCache().subscribe((event) => {
    if (!SAVE_EVENTS.has(event.type) || !keeps(event.query)) return;
    if (event.type === 'updated') {
      if (UNSAVED_ACTIONS.has(event.action.type)) return;
      if (event.action.type === 'success') {
        const data: unknown = event.query.state.data;
        if (lastData.has(event.query) && lastData.get(event.query) === data) return;
        lastData.set(event.query, data);
      }
    }
    schedule();
  });
  const stopMutations = options.queryClient.getMutationCache().subscribe((event) => {
    if (SAVE_EVENTS.has(event.type)) schedule();
  });
  return () => {
    stopQueries();
    stopMutations();
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
}

/**
 * Puts the owner's saved cache back into `queryClient`, then saves the cache on every change;
 * returns the function that stops saving. main.tsx awaits it before the route loads and React
 * mounts: the first screen's loaders and queries find the saved data (an offline start shows
 * it at once), and nothing re-renders the whole app when the restore ends, as
 * PersistQueryClientProvider did (one long task on a phone). A saved cache that cannot be read
 * is dropped (the library removes it) and the app starts with an empty one.
 *
 * What was restored is shown at once but is stale: each query is asked again in the background
 * at its first use, so the server confirms the session at every start (an account disabled or
 * a district removed since the last visit is told at once, not when the saved data ages).
 */
export async function persistQueryCache(
  queryClient: QueryClient,
  persister: Persister,
  offlinePersister: Persister | null = createOfflinePersister(),
): Promise<() => void> {
  const options = {
    queryClient,
    persister,
    maxAge: PERSISTED_CACHE_MAX_AGE_MS,
    buster: PERSISTED_CACHE_BUSTER,
    dehydrateOptions: { shouldDehydrateQuery: (query: Dehydratable) => saved(query) && !isOfflineQuery(query) },
  };
  const offline =
    offlinePersister === null
      ? null
      : {
          queryClient,
          persister: offlinePersister,
          maxAge: PERSISTED_CACHE_MAX_AGE_MS,
          buster: OFFLINE_CACHE_BUSTER,
          dehydrateOptions: { shouldDehydrateQuery: (query: Dehydratable) => saved(query) && isOfflineQuery(query) },
        };
  await Promise.all([
    persistQueryClientRestore(options).catch(() => undefined),
    offline === null ? undefined : persistQueryClientRestore(offline).catch(() => undefined),
  ]);
  await queryClient.invalidateQueries({ refetchType: 'none' });
  const stops = [saveOnChange(options, (query) => !isOfflineQuery(query), QUERY_CACHE_THROTTLE_MS)];
  if (offline !== null) {
    stops.push(saveOnChange(offline, isOfflineQuery, OFFLINE_CACHE_THROTTLE_MS));
    stops.push(onSessionEnded(() => void clearOfflineCache().catch(() => undefined)));
  }
  return () => {
    for (const stop of stops) stop();
  };
}
