/**
 * The read cache. Server errors are retried once; client errors (4xx) never.
 *
 * Two saved copies, by what they hold (docs/offline.md "The persisted read cache"):
 * - the module data a field user needs offline (queries that opt in: `meta: { offline: true }`
 *   or a key a module's offline declaration persists, lib/offline-reads.ts) goes to IndexedDB
 *   (`vigie-cache`, lib/idb) through the async persister: it can be large (every site's sheet);
 * - everything else, the shell's small state, stays in localStorage as below.
 * Each is saved when one of its own queries gets new data (at most once a second,
 * persistQueryCache): the localStorage copy whole, the IndexedDB one query by query (only the
 * changed ones written); a query's data is turned into JSON only when it changed
 * (lib/cache-serialize.ts).
 * Both belong to one owner (user|client database|district); the IndexedDB copy keeps one
 * owner at a time (a new owner's first write removes the others' copies), is dropped at every
 * end of session and when a persisted query changes shape (OFFLINE_CACHE_BUSTER).
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
import { hydrate, QueryClient, type Query } from '@tanstack/react-query';
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { persistQueryClientRestore, persistQueryClientSave, type PersistedClient, type Persister } from '@tanstack/react-query-persist-client';
import { ApiError } from '../lib/api-client';
import { currentCacheOwner } from '../lib/cache-owner';
import { serializeCache, serializeQuery } from '../lib/cache-serialize';
import { cacheDb, readCacheRecord, timesOf, type CacheRecord } from '../lib/idb';
import { modulesStarted, whenModulesStarted } from '../lib/module-starts';
import { etagOf, isDeviceCopy, usable } from '../lib/offline-copy';
import { yieldToMain } from '../lib/when-idle';
import { isOfflineQuery, isOnDemandOfflineKey, OFFLINE_CACHE_BUSTER, OFFLINE_PAGES_KEPT, PERSISTED_CACHE_MAX_AGE_MS } from '../lib/offline-declarations';
import { onSessionEnded } from '../lib/session';
import { clearQueryCache, getQueryCache, setQueryCache } from '../lib/storage';

export { PERSISTED_CACHE_MAX_AGE_MS };
/** Bump when cached data changes shape: older saved caches are then dropped, not shown. */
export const PERSISTED_CACHE_BUSTER = 'v1';
/** The offline copy's buster (lib/offline-declarations.ts, where lib/offline-copy.ts reads it too). */
export { OFFLINE_CACHE_BUSTER };
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
    serialize: (client) => serializeCache(asLastAnswers(client)),
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

/** Bumped by every clearing of the offline copy: a persister then forgets what it wrote. */
let offlineCopyGeneration = 0;

/** The saved module data (IndexedDB), every owner's: logout and the end of a session. */
export async function clearOfflineCache(): Promise<void> {
  offlineCopyGeneration += 1;
  const tx = (await cacheDb()).transaction(['queries', 'times'], 'readwrite');
  await Promise.all([tx.objectStore('queries').clear(), tx.objectStore('times').clear(), tx.done]);
}

type SavedQuery = PersistedClient['clientState']['queries'][number];

/** A query's JSON from this size on is made in a task of its own when the copy is saved. */
const LARGE_RECORD_CHARS = 100_000;

/** A paged list's query with its first OFFLINE_PAGES_KEPT pages only; any other as it is. */
function firstPagesOf(query: SavedQuery): SavedQuery {
  const data = query.state.data as { pages?: unknown; pageParams?: unknown } | undefined;
  if (!data || !Array.isArray(data.pages) || !Array.isArray(data.pageParams) || data.pages.length <= OFFLINE_PAGES_KEPT) return query;
  const kept = { ...data, pages: data.pages.slice(0, OFFLINE_PAGES_KEPT), pageParams: data.pageParams.slice(0, OFFLINE_PAGES_KEPT) };
  return { ...query, state: { ...query.state, data: kept } };
}

/** A query the device holds whose data this tab has not read (never equal to any data). */
const UNREAD = Symbol('unread');
/**
 * A query of an `onDemand` declaration the device holds and this tab did not put in memory
 * (lib/offline-copy.ts reads it when a screen needs it offline): kept when not in the cache.
 */
const ON_DEVICE = Symbol('on-device');

/** A saved query's key from its hash (TanStack's hashKey is JSON), undefined if unreadable. */
function keyOfHash(hash: string): unknown[] | undefined {
  try {
    const key: unknown = JSON.parse(hash);
    return Array.isArray(key) ? key : undefined;
  } catch {
    return undefined;
  }
}

const isOnDemandHash = (hash: string): boolean => {
  const key = keyOfHash(hash);
  return key !== undefined && isOnDemandOfflineKey(key);
};

/**
 * The persister of the offline module data: one IndexedDB record per query, the current
 * owner's only. A save writes the queries whose data changed since this tab last wrote or read
 * them (the same data object: a refetch bringing the same answer keeps it, structural sharing)
 * and deletes the ones gone from the cache; the others stay as they are. Writing the whole copy
 * at each save (it was one record) cost the page a long task a second while the offline reads
 * filled it (hundreds of sheets beside a district's emergency list: megabytes cloned each time,
 * the Sites app bench's Lighthouse trace). Restoring reads the owner's records; the newest
 * record's buster and time stand for the copy's (persistQueryClientRestore drops it all when the
 * app's saved shapes changed or it is older than its max age); records of another buster are
 * not restored and go at the next save. Mutations are not kept (none waits: the outbox holds
 * the writes). With `restore: 'on-use'` (the app's) the restore reads the keys only and each
 * query comes back when a screen first observes it (OfflineRestore).
 */
export interface OfflinePersister extends Persister {
  /**
   * With `restore: 'on-use'`: puts a query's saved copy into memory when a screen first
   * observes it (restoreClient left them all on the device); returns the function that stops.
   * With 'at-start', nothing to do (restoreClient put them all back).
   */
  restoreOnUse(queryClient: QueryClient): () => void;
}

/**
 * When the saved queries come back into memory:
 * - 'at-start': all of them (but the `onDemand` ones) when the copy is restored;
 * - 'on-use': none at start (the restore reads the records' keys only, not their data); a
 *   query's copy is read, parsed and put into memory when a screen first observes it
 *   (restoreOnUse). The app's mode (main.tsx): restoring the whole copy before the first screen
 *   read every record (megabytes: a district's 10,000 sites for the map and the alert) and
 *   parsed and hydrated hundreds of queries the first screen never shows, the longest part of
 *   the installed app's start at a phone's speed, and growing with every module that keeps data.
 */
export type OfflineRestore = 'at-start' | 'on-use';

export function createOfflinePersister({ restore = 'at-start' }: { restore?: OfflineRestore } = {}): OfflinePersister {
  /** What the device holds for `owner`: each query's data as this tab last wrote or read it. */
  let known: { owner: string; generation: number; data: Map<string, unknown> } | null = null;

  /** Puts the device's copy of `query` into memory, unless it has data by then (a newer answer). */
  async function restoreOne(queryClient: QueryClient, query: Query): Promise<void> {
    const owner = currentCacheOwner();
    const start = known;
    if (owner === null || start?.owner !== owner) return;
    const record = usable(await readCacheRecord(owner, query.queryHash));
    if (record === undefined) return;
    // Logged out, another owner, the copy dropped, or the query gone while the record was read.
    if (known !== start || currentCacheOwner() !== owner || start.generation !== offlineCopyGeneration) return;
    if (queryClient.getQueryCache().get(query.queryHash) !== query || query.state.data !== undefined) return;
    let saved: SavedQuery;
    try {
      saved = JSON.parse(record.json) as SavedQuery;
    } catch {
      return;
    }
    // The saved state, the query's fetch under way kept (hydrate leaves its fetchStatus).
    hydrate(queryClient, { queries: [saved], mutations: [] });
    if (query.state.data !== saved.state.data) return;
    // Hydrating keeps the data object: unchanged, it is not written again.
    start.data.set(query.queryHash, saved.state.data);
    // Shown, but asked again at its next use, as every query restored at start.
    void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true, refetchType: 'none' });
  }

  return {
    restoreOnUse(queryClient) {
      if (restore !== 'on-use') return () => undefined;
      const asked = new Set<string>();
      return queryClient.getQueryCache().subscribe((event) => {
        if (event.type !== 'observerAdded') return;
        const query = event.query as Query;
        const hash = query.queryHash;
        if (query.state.data !== undefined || asked.has(hash) || known?.data.get(hash) !== ON_DEVICE) return;
        // An on-demand query reads the device itself, when the network does not answer (lib/offline-copy.ts).
        if (isOnDemandOfflineKey(query.queryKey)) return;
        asked.add(hash);
        void restoreOne(queryClient, query).catch(() => undefined);
      });
    },
    async persistClient(client) {
      // After a logout nothing is saved: the next session starts clean.
      const owner = currentCacheOwner();
      if (owner === null) return;
      const db = await cacheDb();
      if (known?.owner !== owner || known.generation !== offlineCopyGeneration) {
        // One owner's data on the device at a time: another district's never stays behind.
        const cleanup = db.transaction(['queries', 'times'], 'readwrite');
        const keys = await cleanup.objectStore('queries').getAllKeys();
        const others = (await cleanup.objectStore('times').getAllKeys()).filter(([keyOwner]) => keyOwner !== owner);
        await Promise.all([
          ...keys.filter(([keyOwner]) => keyOwner !== owner).map((key) => cleanup.objectStore('queries').delete(key)),
          ...others.map((key) => cleanup.objectStore('times').delete(key)),
          cleanup.done,
        ]);
        known = {
          owner,
          generation: offlineCopyGeneration,
          data: new Map(keys.filter(([keyOwner]) => keyOwner === owner).map(([, hash]) => [hash, isOnDemandHash(hash) ? ON_DEVICE : UNREAD])),
        };
      }
      const { data, generation } = known;
      const savedAt = Date.now();
      const written = new Map<string, unknown>();
      const records: CacheRecord[] = [];
      for (const query of client.clientState.queries) {
        written.set(query.queryHash, query.state.data);
        // Unchanged, or read from the device's copy (lib/offline-copy.ts): the device holds it.
        if (data.get(query.queryHash) === query.state.data || isDeviceCopy(query.state.data)) continue;
        const etag = etagOf(query.state.data);
        const json = serializeQuery(firstPagesOf(asLastAnswer(query)));
        records.push({
          owner,
          hash: query.queryHash,
          buster: client.buster,
          savedAt,
          dataUpdatedAt: query.state.dataUpdatedAt,
          ...(etag === undefined ? {} : { etag }),
          ...(isOnDemandOfflineKey(query.queryKey) ? { onDemand: true } : {}),
          json,
        });
        // A large answer (a district's 10,000 sites for the alert or the map: 2.5 and 3.2 MB of
        // JSON) is a task of its own: the page draws a frame between two of them instead of one
        // task for them all while the user scrolls. The writes go together below, in one
        // transaction (an IndexedDB transaction ends when a task leaves it nothing to do).
        if (json.length > LARGE_RECORD_CHARS) await yieldToMain();
      }
      // Logged out, or the copy dropped, while the records were made: none of them is written.
      if (currentCacheOwner() !== owner || offlineCopyGeneration !== generation) return;
      const tx = db.transaction(['queries', 'times'], 'readwrite');
      const [queries, times] = [tx.objectStore('queries'), tx.objectStore('times')];
      const writes: Promise<unknown>[] = records.flatMap((record) => [queries.put(record), times.put(timesOf(record))]);
      // Gone from memory: deleted, but an on-demand query's copy stays on the device.
      const gone = [...data.keys()].filter((hash) => !written.has(hash) && data.get(hash) !== ON_DEVICE);
      const kept = gone.filter(isOnDemandHash);
      for (const hash of gone) if (!kept.includes(hash)) writes.push(queries.delete([owner, hash]), times.delete([owner, hash]));
      await Promise.all([...writes, tx.done]);
      for (const hash of gone) data.delete(hash);
      for (const hash of kept) data.set(hash, ON_DEVICE);
      for (const [hash, value] of written) data.set(hash, value);
    },
    async restoreClient() {
      const owner = currentCacheOwner();
      if (owner === null) return undefined;
      if (restore === 'on-use') {
        // The keys only: no record's data is read (nor its JSON parsed) before a screen asks.
        const keys = await (await cacheDb()).getAllKeysFromIndex('queries', 'byOwner', owner);
        known = { owner, generation: offlineCopyGeneration, data: new Map(keys.map(([, hash]) => [hash, ON_DEVICE])) };
        return undefined;
      }
      const records = await (await cacheDb()).getAllFromIndex('queries', 'byOwner', owner);
      if (records.length === 0) return undefined;
      const newest = records.reduce((a, b) => (b.savedAt > a.savedAt ? b : a));
      const data = new Map<string, unknown>(records.map((record) => [record.hash, UNREAD]));
      const queries: PersistedClient['clientState']['queries'] = [];
      for (const record of records) {
        if (record.buster !== newest.buster) continue;
        // Left on the device, parsed only if a screen asks for it (lib/offline-copy.ts). The
        // record says so: at this point of the start no feature has registered its declaration
        // (the emergency list of 10,000 sites was parsed into memory at every start).
        if (record.onDemand === true || isOnDemandHash(record.hash)) {
          data.set(record.hash, ON_DEVICE);
          continue;
        }
        try {
          const query = JSON.parse(record.json) as PersistedClient['clientState']['queries'][number];
          queries.push(query);
          // Hydrating keeps the data object: unchanged, it is not written again.
          data.set(record.hash, query.state.data);
        } catch {
          // A record that cannot be read is not restored, and is deleted by the next save.
        }
      }
      known = { owner, generation: offlineCopyGeneration, data };
      return { timestamp: newest.savedAt, buster: newest.buster, clientState: { queries, mutations: [] } };
    },
    async removeClient() {
      known = null;
      await clearOfflineCache();
    },
  };
}

type Dehydratable = Parameters<typeof isOfflineQuery>[0] & { state: { status: string; data?: unknown; error?: unknown } };

/** A failure that is the server's word on the data (a 4xx: gone, forbidden), not a lack of answer. */
const refusedByServer = (error: unknown): boolean => error instanceof ApiError && error.status >= 400 && error.status < 500;

/**
 * Whether a query is in what the copies save: its last answer, also when it was asked again
 * and got no answer. Every restored query is asked again at its first use; offline that fetch
 * fails and the query keeps its data with an error status. Left out of the save, it would be
 * dropped from both copies by an offline start (the district, the dashboard), and the next
 * start would have nothing to show. Only an answer of the server that refuses the data (4xx)
 * lets it go.
 */
const saved = (query: Dehydratable) =>
  query.state.status === 'success' || (query.state.status === 'error' && query.state.data !== undefined && !refusedByServer(query.state.error));

/**
 * A saved query as its last answer left it: one saved after a fetch that got no answer is
 * restored as a success with its data (the screens show it), not as the error of a run that
 * is over.
 */
export function asLastAnswer<Q extends SavedQuery>(query: Q): Q {
  if (query.state.status !== 'error') return query;
  return { ...query, state: { ...query.state, status: 'success', error: null, fetchFailureCount: 0, fetchFailureReason: null } };
}

/** The persisted client with each query as its last answer left it (asLastAnswer). */
export function asLastAnswers(client: PersistedClient): PersistedClient {
  return { ...client, clientState: { ...client.clientState, queries: client.clientState.queries.map(asLastAnswer) } };
}
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
      // Which copy keeps a query is its module's offline declaration: a session's save waits for
      // the modules' starts (lib/module-starts.ts), or a module's list restored and answered
      // before them would be written to the shell's copy and deleted from the offline one.
      const ready = currentCacheOwner() === null ? Promise.resolve() : whenModulesStarted();
      void ready.then(() => persistQueryClientSave(options)).catch(() => undefined);
    }, wait);
  };
  /** The data each query had when it last asked for a save. */
  const lastData = new WeakMap<object, unknown>();
  const stopQueries = options.queryClient.getQueryCache().subscribe((event) => {
    // Before the modules' starts a query's copy is not known yet: any change asks both to save.
    if (!SAVE_EVENTS.has(event.type) || (modulesStarted() && !keeps(event.query))) return;
    if (event.type === 'updated') {
      if (UNSAVED_ACTIONS.has(event.action.type)) return;
      // A fetch that got no answer leaves the saved copy as good as it was (saved, asLastAnswer).
      if (event.action.type === 'error' && !refusedByServer(event.action.error)) return;
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
 * Puts the owner's saved cache back into `queryClient` (the offline copy's queries at once or
 * as screens observe them: the persister's OfflineRestore), then saves the cache on every change;
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
  offlinePersister: OfflinePersister | null = createOfflinePersister(),
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
  if (offline !== null && offlinePersister !== null) {
    stops.push(offlinePersister.restoreOnUse(queryClient));
    stops.push(saveOnChange(offline, isOfflineQuery, OFFLINE_CACHE_THROTTLE_MS));
    stops.push(onSessionEnded(() => void clearOfflineCache().catch(() => undefined)));
  }
  return () => {
    for (const stop of stops) stop();
  };
}
