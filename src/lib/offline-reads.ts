/**
 * Offline reads (MODULES.md "Reads, offline"): each module declares what a field user needs on
 * a site without network, and this module keeps it on the device.
 *
 * A declaration names:
 * - `persist`: the query keys (prefixes) kept in IndexedDB by the read cache's offline
 *   persister (app/query-client.ts); a query can also opt in alone with `meta: { offline: true }`.
 *   Nothing else goes there: the shell's small state stays in localStorage.
 * - `lists()`: the queries asked afresh at every run (a list's first pages: one request
 *   each, and a record added or removed must show);
 * - `records(listsData)`: from the lists' data, the per-record queries (each site's sheet),
 *   asked only when missing or older than `recordsStaleMs` (a district of many records must
 *   not send them all at every reconnection).
 *
 * When (startOfflineDataSync, the shell's useOfflineData): at the first idle moment of an
 * online session once the first screen has settled (offlineSyncTiming: a few seconds after the
 * page's load event), again when the connection comes back (the
 * browser's `online`, a socket (re)connection, a successful reconnection after a temporary
 * logout), and again for a new tenant (the caller's key). One run per declaration and query
 * client at a time; a run stops when the session's tenant changes under it; a run never
 * rejects (offline, a server error: the next trigger tries again, what was cached stays).
 *
 * Background reads: a run's requests are marked as such (lib/background-reads.ts), and the
 * server counts them apart from the user's own.
 *
 * Writes first: a run starts once this tab's outbox drain under way is over (the drainer is
 * woken by the same events), and a run under way waits for a drain between two of its reads
 * (a run cut by the network's loss resumes when it comes back, as the drain starts). The
 * writes kept while offline are what the user is waiting for,
 * and lists read before them are stale at once; run beside a replay of hundreds of queued
 * writes, a refresh of every listed sheet and stage list (hundreds of reads) took the server
 * and the page from it (the Sites outbox bench).
 */
import { hashKey, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import { asBackgroundRead } from './background-reads';
import { currentCacheOwner } from './cache-owner';
import { cacheDb } from './idb';
import { offlineCopyTimes } from './offline-copy';
import { offlineDeclarations, offlineModuleOf, type OfflineDeclaration } from './offline-declarations';
import { whenModulesStarted } from './module-starts';
import { outboxDrainSettled } from './outbox/drainer';
import { currentTenant } from './outbox/tenant';
import { onReconnectionStateChange } from './reconnection';
import { onSocketConnect } from './socket';
import { offlineSyncTiming } from './offline-timing';
import { whenIdle, yieldToMain } from './when-idle';

export const OFFLINE_RECORDS_REFRESH_MS = 5 * 60_000;
/** Per-record requests in flight at once during a run. */
export const OFFLINE_PREFETCH_CONCURRENCY = 2;
/** The first run waits for the browser's first idle moment, at the latest this long. */
export const OFFLINE_PREFETCH_MAX_DELAY_MS = 2000;

export { offlineSyncTiming } from './offline-timing';
export {
  isOfflineQuery,
  offlineDeclarations,
  offlineModuleOf,
  registerOfflineData,
  type AnyFetchOptions,
  type OfflineDeclaration,
} from './offline-declarations';

const tenantKey = (): string => JSON.stringify(currentTenant());

async function run(queryClient: QueryClient, declaration: OfflineDeclaration): Promise<void> {
  const tenant = tenantKey();
  // A paged list (infinite query options: they name an initialPageParam) is fetched as one, its
  // first `pages` pages (default 1), so the screen that reads it finds the shape it expects.
  const listsData = await Promise.all(
    declaration.lists().map((options) =>
      'initialPageParam' in options
        ? queryClient.fetchInfiniteQuery(asBackgroundRead({ pages: 1, ...options, staleTime: 0 }) as unknown as Parameters<QueryClient['fetchInfiniteQuery']>[0])
        : queryClient.fetchQuery(asBackgroundRead({ ...options, staleTime: 0 })),
    ),
  );
  if (tenantKey() !== tenant) return;
  const staleTime = declaration.recordsStaleMs ?? OFFLINE_RECORDS_REFRESH_MS;
  let wanted = declaration.records?.(listsData) ?? [];
  // A record not in memory (an `onDemand` one, or one the app's start left on the device until
  // a screen observes it: app/query-client.ts OfflineRestore): its age is its saved copy's.
  const onDevice = wanted.filter((options) => declaration.onDemand === true || queryClient.getQueryData(options.queryKey) === undefined);
  if (onDevice.length > 0) {
    const keys: QueryKey[] = onDevice.map((options) => options.queryKey as QueryKey);
    const saved = await offlineCopyTimes(keys).catch(() => new Map<string, number>());
    const freshSince = Date.now() - staleTime;
    const fresh = new Set(keys.filter((key) => (saved.get(hashKey(key)) ?? Number.NEGATIVE_INFINITY) > freshSince).map((key) => hashKey(key)));
    wanted = wanted.filter((options) => !fresh.has(hashKey(options.queryKey as QueryKey)));
    if (tenantKey() !== tenant) return;
  }
  // prefetchQuery never throws: a record that failed is asked again at the next run.
  const records = wanted.map((options) => () => queryClient.prefetchQuery(asBackgroundRead({ ...options, staleTime })));
  let next = 0;
  const worker = async () => {
    while (next < records.length && tenantKey() === tenant) {
      // Between two reads, a drain of the outbox under way goes first (a run cut by the
      // network's loss resumes with it when the network is back).
      await outboxDrainSettled();
      // Each read starts in a task of its own: the runs of every module resume together (the
      // drain's end, the device's copy read), and their first reads started in one task of
      // 70 ms on a desktop (ky's request set-up), a blocked phone for a quarter of a second.
      await yieldToMain();
      if (next >= records.length || tenantKey() !== tenant) break;
      const prefetch = records[next];
      next += 1;
      await prefetch?.();
    }
  };
  await Promise.all(Array.from({ length: Math.min(OFFLINE_PREFETCH_CONCURRENCY, records.length) }, worker));
}

const runs = new WeakMap<QueryClient, Map<string, Promise<void>>>();

/**
 * Fetches the declaration's lists and its missing or old records into `queryClient`. A call
 * while a run is under way shares it. Never rejects.
 */
export function refreshOfflineData(queryClient: QueryClient, declaration: OfflineDeclaration): Promise<void> {
  let byModule = runs.get(queryClient);
  if (byModule === undefined) {
    byModule = new Map();
    runs.set(queryClient, byModule);
  }
  const running = byModule.get(declaration.module);
  if (running !== undefined) return running;
  const started = run(queryClient, declaration)
    .catch(() => undefined)
    .finally(() => byModule.delete(declaration.module));
  byModule.set(declaration.module, started);
  return started;
}

/**
 * Starts the first run of each declaration at the first idle moment and the later ones on the
 * connection's return; returns the stop function. Triggers before the first run are left to it.
 * `which` is read at each run (a module registered later joins the next one).
 */
export function startOfflineDataSync(queryClient: QueryClient, which: () => OfflineDeclaration[] = offlineDeclarations): () => void {
  let started = false;
  let stopped = false;
  const refreshAll = () => {
    // After the listeners of the same event (the drainer's among them) have run, and after the
    // drain. One declaration's run starts per task: starting a request costs about a
    // millisecond of main thread (ky's options and headers), and every module's lists at once
    // were one task of 40-55 ms, the longest of a start (160-220 ms at a phone's 4x).
    setTimeout(() => {
      void outboxDrainSettled().then(async () => {
        for (const declaration of which()) {
          if (stopped) return;
          if (declaration.enabled?.() ?? true) void refreshOfflineData(queryClient, declaration);
          await yieldToMain();
        }
      });
    }, 0);
  };
  const refresh = () => {
    if (started) refreshAll();
  };
  let cancelIdle = () => {};
  const atIdle = () => {
    cancelIdle = whenIdle(() => {
      // The declarations are the modules' starts' (lib/module-starts.ts).
      whenModulesStarted().then(
        () => {
          if (stopped) return;
          started = true;
          refreshAll();
        },
        () => undefined,
      );
    }, OFFLINE_PREFETCH_MAX_DELAY_MS);
  };
  const afterSettle = () => {
    if (offlineSyncTiming.firstRunSettleMs <= 0) return atIdle();
    const timer = window.setTimeout(atIdle, offlineSyncTiming.firstRunSettleMs);
    cancelIdle = () => window.clearTimeout(timer);
  };
  if (document.readyState === 'complete') afterSettle();
  else window.addEventListener('load', afterSettle, { once: true });
  const cancelFirst = () => {
    window.removeEventListener('load', afterSettle);
    cancelIdle();
  };
  window.addEventListener('online', refresh);
  const offConnect = onSocketConnect(refresh);
  const offReconnected = onReconnectionStateChange((awaiting) => {
    if (!awaiting) refresh();
  });
  return () => {
    stopped = true;
    cancelFirst();
    window.removeEventListener('online', refresh);
    offConnect();
    offReconnected();
  };
}

/**
 * The shell's hook: keeps the declared data on the device while `enabled`; `tenant` names the
 * session's account, client and district, and a new one starts over.
 */
export function useOfflineData(enabled: boolean, tenant: string | undefined, which?: () => OfflineDeclaration[]): void {
  const queryClient = useQueryClient();
  useEffect(
    () => (enabled && tenant !== undefined ? startOfflineDataSync(queryClient, which) : undefined),
    // `which` is read at each run: a new function each render must not restart the sync.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [enabled, tenant, queryClient],
  );
}

// --- what is kept (the profile page) -------------------------------------------------------

export interface OfflineModuleStats {
  module: string;
  queries: number;
  records: number;
  bytes: number;
}

/** Records in a query's data: a list's rows, a page's items, an infinite query's pages' items; else one. */
function recordCount(data: unknown): number {
  if (Array.isArray(data)) return data.length;
  if (typeof data !== 'object' || data === null) return data === undefined ? 0 : 1;
  const { items, pages } = data as { items?: unknown; pages?: unknown };
  if (Array.isArray(items)) return items.length;
  if (Array.isArray(pages)) return pages.reduce<number>((sum, page) => sum + recordCount(page), 0);
  return 1;
}

/**
 * What the offline copy of the current owner holds, per module (the declaration that persists
 * the key, else the key's first part), biggest first.
 */
export async function offlineCacheStats(): Promise<OfflineModuleStats[]> {
  const owner = currentCacheOwner();
  if (owner === null) return [];
  const saved = await (await cacheDb()).getAllFromIndex('queries', 'byOwner', owner);
  const encoder = new TextEncoder();
  const byModule = new Map<string, OfflineModuleStats>();
  for (const record of saved) {
    let query: { queryKey: QueryKey; state: { data?: unknown } };
    try {
      query = JSON.parse(record.json) as typeof query;
    } catch {
      continue;
    }
    const module = offlineModuleOf(query.queryKey) ?? String(query.queryKey[0]);
    const stats = byModule.get(module) ?? { module, queries: 0, records: 0, bytes: 0 };
    stats.queries += 1;
    stats.records += recordCount(query.state.data);
    stats.bytes += encoder.encode(record.json).length;
    byModule.set(module, stats);
  }
  return [...byModule.values()].sort((a, b) => b.bytes - a.bytes);
}
