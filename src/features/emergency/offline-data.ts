/**
 * The emergency dialog's data on this device before anyone opens it: an
 * alert must be possible offline after a normal online session, so the district's sites and
 * each site's stage lists (everything the dialog and the payload need but the 360 images,
 * which the server fills when the app sends null) are fetched early in an online session and
 * kept in the read cache's IndexedDB copy, per user, client and district (app/query-client.ts).
 * They are not put back into memory when the app starts (`onDemand`: the list of a large
 * district is megabytes, parsed before every first screen): the dialog reads them from the
 * device when the network does not answer (lib/offline-copy.ts), after an offline start too.
 *
 * This is the emergency feature's offline declaration (lib/offline-reads.ts): the site list is
 * asked at each run (first idle moment, the connection's return, a new tenant); a site's stage
 * lists only when their saved copy is missing or older than EMERGENCY_STAGES_REFRESH_MS. One run at a time; a run
 * stops when the session's tenant changes under it.
 */
import type { EmergencySite } from '../../../common/api-types';
import { getEnvelopeState } from '../../lib/envelope-store';
import {
  OFFLINE_PREFETCH_CONCURRENCY,
  OFFLINE_PREFETCH_MAX_DELAY_MS,
  refreshOfflineData,
  registerOfflineData,
  startOfflineDataSync,
  useOfflineData,
  type OfflineDeclaration,
} from '../../lib/offline-reads';
import { can } from '../../lib/rights';
import { hashKey, type QueryClient } from '@tanstack/react-query';
import { offlineCopyTimes } from '../../lib/offline-copy';
import { PERSISTED_CACHE_MAX_AGE_MS } from '../../lib/offline-declarations';
import { all360StagesQueryOptions } from './api/get-all-360-stages';
import { siteStagesQueryOptions } from './api/get-site-stages';
import { emergencySitesQueryOptions } from './api/get-sites';

/** A site's stage lists younger than this are not asked again by a refresh. */
export const EMERGENCY_STAGES_REFRESH_MS = 5 * 60_000;
/**
 * The sites whose stage lists are kept, in the list's order (by name): every site of a district
 * of usual size, and a bound for a large one (10,000 sites would be 20,000 requests and
 * megabytes of the read cache saved again at each change). Beyond it, the dialog
 * fetches a site's stages when picked, online.
 */
export const EMERGENCY_OFFLINE_SITES_MAX = 200;
/** Stage-list requests in flight at once during a run. */
export const EMERGENCY_PREFETCH_CONCURRENCY = OFFLINE_PREFETCH_CONCURRENCY;
/** The first run waits for the browser's first idle moment, at the latest this long. */
export const EMERGENCY_PREFETCH_MAX_DELAY_MS = OFFLINE_PREFETCH_MAX_DELAY_MS;

export const EMERGENCY_OFFLINE: OfflineDeclaration = {
  module: 'emergency',
  // In IndexedDB with the modules' offline data: a district's site list is megabytes in a
  // large district, and the localStorage copy is written synchronously at each change.
  persist: [emergencySitesQueryOptions().queryKey, ['emergency', 'siteStages'], ['emergency', 'stages360']],
  lists: () => [emergencySitesQueryOptions()],
  records: ([sites]) =>
    ((sites ?? []) as EmergencySite[])
      .slice(0, EMERGENCY_OFFLINE_SITES_MAX)
      .flatMap((site) => [siteStagesQueryOptions(site._id), all360StagesQueryOptions(site._id)]),
  recordsStaleMs: EMERGENCY_STAGES_REFRESH_MS,
  enabled: () => can(getEnvelopeState().rights, 'emergency'),
  // Not parsed into memory at every start (a large district's list is megabytes): the dialog
  // reads the device's copy when offline (api/*: withOfflineCopy).
  onDemand: true,
};

registerOfflineData(EMERGENCY_OFFLINE);

// The emergency hook's caller checks the right itself (its `enabled`).
const { enabled: _checkedByCaller, ...UNGATED } = EMERGENCY_OFFLINE;
const emergencyOnly = () => [UNGATED];

/**
 * Fetches the site list and the missing or old stage lists into `queryClient`. A call while a
 * run is under way shares it. Never rejects.
 */
export const refreshEmergencyData = (queryClient: QueryClient): Promise<void> => refreshOfflineData(queryClient, EMERGENCY_OFFLINE);

/**
 * The dialog's site list, asked as soon as a session's shell is up (after login, at each start),
 * before the deferred work: the alert is the product's most important write, and a network lost
 * a second after login must still leave the sites to choose from (the dialog reads the list in
 * memory, or the device's copy once saved). The stage lists follow at the first idle moment
 * with the other offline reads; a device that holds the list already leaves it to them. Never rejects.
 */
export async function fetchEmergencySitesFirst(queryClient: QueryClient): Promise<void> {
  const options = emergencySitesQueryOptions();
  // A device that holds a usable list leaves it to the idle run: revalidating it now would
  // parse megabytes (a large district's list) before every first screen.
  const saved = await offlineCopyTimes([options.queryKey]).catch(() => new Map<string, number>());
  const savedAt = saved.get(hashKey(options.queryKey));
  if (queryClient.getQueryData(options.queryKey) !== undefined || (savedAt !== undefined && Date.now() - savedAt < PERSISTED_CACHE_MAX_AGE_MS)) return;
  await queryClient.prefetchQuery(options);
}

/** Starts the first run at the first idle moment and the later ones on the connection's return. */
export const startEmergencyDataSync = (queryClient: QueryClient): (() => void) => startOfflineDataSync(queryClient, emergencyOnly);

/**
 * Keeps the dialog's data on the device while `enabled` (the user may raise alerts); `tenant`
 * names the session's account, client and district, and a new one starts over. (The shell
 * runs every module's declaration with useOfflineData; this hook runs the emergency one alone.)
 */
export function useEmergencyOfflineData(enabled: boolean, tenant: string | undefined): void {
  useOfflineData(enabled, tenant, emergencyOnly);
}
