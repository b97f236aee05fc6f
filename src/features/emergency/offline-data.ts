/**
 * The emergency dialog's data on this device before anyone opens it (issue 14 item 1): an
 * alert must be possible offline after a normal online session, so the district's sites and
 * each site's stage lists (everything the dialog and the payload need but the 360 images,
 * which the server fills when the app sends null) are fetched early in an online session and
 * kept in the read cache, which is persisted per user, client and district
 * (app/query-client.ts). An offline start (reload, relaunched installed app) restores them and
 * the dialog works from them.
 *
 * When:
 * - at the first idle moment of the shell (not in the first screen's work: the dashboard's
 *   own requests go first);
 * - again when the connection comes back (the browser's `online`, a socket (re)connection, a
 *   successful reconnection after a temporary logout): the list may have changed meanwhile;
 * - again for a new tenant (client or district change, another account): the caller's key.
 * The site list is asked at each of these; a site's stage lists only when missing or older
 * than EMERGENCY_STAGES_REFRESH_MS (one request per list and site: a district of many sites
 * must not send them all at every reconnection). One run at a time; a run stops when the
 * session's tenant changes under it.
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onReconnectionStateChange } from '../../lib/reconnection';
import { onSocketConnect } from '../../lib/socket';
import { whenIdle } from '../../lib/when-idle';
import { all360StagesQueryOptions } from './api/get-all-360-stages';
import { siteStagesQueryOptions } from './api/get-site-stages';
import { emergencySitesQueryOptions } from './api/get-sites';
import { currentTenant } from './outbox/drainer';

/** A site's stage lists younger than this are not asked again by a refresh. */
export const EMERGENCY_STAGES_REFRESH_MS = 5 * 60_000;
/** Stage-list requests in flight at once during a run. */
export const EMERGENCY_PREFETCH_CONCURRENCY = 2;
/** The first run waits for the browser's first idle moment, at the latest this long. */
export const EMERGENCY_PREFETCH_MAX_DELAY_MS = 2000;

const tenantKey = (): string => JSON.stringify(currentTenant());

const runs = new WeakMap<QueryClient, Promise<void>>();

async function run(queryClient: QueryClient): Promise<void> {
  const tenant = tenantKey();
  // Always asked: the list is one request, and a site added or removed must show.
  const sites = await queryClient.fetchQuery({ ...emergencySitesQueryOptions(), staleTime: 0 });
  // prefetchQuery never throws: a list that failed is asked again at the next run.
  const lists = sites.flatMap((site) => [
    () => queryClient.prefetchQuery({ ...siteStagesQueryOptions(site._id), staleTime: EMERGENCY_STAGES_REFRESH_MS }),
    () => queryClient.prefetchQuery({ ...all360StagesQueryOptions(site._id), staleTime: EMERGENCY_STAGES_REFRESH_MS }),
  ]);
  let next = 0;
  const worker = async () => {
    while (next < lists.length && tenantKey() === tenant) {
      const prefetch = lists[next];
      next += 1;
      await prefetch?.();
    }
  };
  await Promise.all(Array.from({ length: Math.min(EMERGENCY_PREFETCH_CONCURRENCY, lists.length) }, worker));
}

/**
 * Fetches the site list and the missing or old stage lists into `queryClient`. A call while a
 * run is under way shares it. Never rejects (offline, a server error: the next trigger tries
 * again; what was cached stays).
 */
export function refreshEmergencyData(queryClient: QueryClient): Promise<void> {
  const running = runs.get(queryClient);
  if (running !== undefined) return running;
  const started = run(queryClient)
    .catch(() => undefined)
    .finally(() => runs.delete(queryClient));
  runs.set(queryClient, started);
  return started;
}

/**
 * Starts the first run at the first idle moment and the later ones on the connection's return;
 * returns the stop function. Triggers before the first run are left to it.
 */
export function startEmergencyDataSync(queryClient: QueryClient): () => void {
  let started = false;
  const refresh = () => {
    if (started) void refreshEmergencyData(queryClient);
  };
  const cancelFirst = whenIdle(() => {
    started = true;
    void refreshEmergencyData(queryClient);
  }, EMERGENCY_PREFETCH_MAX_DELAY_MS);
  window.addEventListener('online', refresh);
  const offConnect = onSocketConnect(refresh);
  const offReconnected = onReconnectionStateChange((awaiting) => {
    if (!awaiting) refresh();
  });
  return () => {
    cancelFirst();
    window.removeEventListener('online', refresh);
    offConnect();
    offReconnected();
  };
}

/**
 * The shell's hook: keeps the dialog's data on the device while `enabled` (the user may raise
 * alerts); `tenant` names the session's account, client and district, and a new one starts over.
 */
export function useEmergencyOfflineData(enabled: boolean, tenant: string | undefined): void {
  const queryClient = useQueryClient();
  useEffect(
    () => (enabled && tenant !== undefined ? startEmergencyDataSync(queryClient) : undefined),
    [enabled, tenant, queryClient],
  );
}
