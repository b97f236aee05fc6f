/** GET /api/emergency/sites: the sites of the session's district, by name. */
import { queryOptions } from '@tanstack/react-query';
import type { EmergencySite } from '../../../../common/api-types';
import { apiGet } from '../../../lib/api-client';
import { withOfflineCopy } from '../../../lib/offline-copy';

export function getEmergencySites(): Promise<EmergencySite[]> {
  return apiGet<EmergencySite[]>('emergency/sites');
}

const SITES_KEY = ['emergency', 'sites'] as const;

/**
 * Offline, the device's copy (kept by offline-data.ts, not restored at start: read when the
 * dialog asks); without one the query pauses until the network is back.
 */
export const emergencySitesQueryOptions = () =>
  queryOptions({ queryKey: SITES_KEY, queryFn: withOfflineCopy(SITES_KEY, getEmergencySites), staleTime: 60_000, networkMode: 'offlineFirst' });
