/** GET /api/emergency/getSiteStages/:siteId: the site's 3D stages. */
import { queryOptions } from '@tanstack/react-query';
import type { EmergencySiteStage } from '../../../../common/api-types';
import { apiGet } from '../../../lib/api-client';
import { withOfflineCopy } from '../../../lib/offline-copy';

export function getSiteStages(siteId: string): Promise<EmergencySiteStage[]> {
  return apiGet<EmergencySiteStage[]>(`emergency/getSiteStages/${encodeURIComponent(siteId)}`);
}

export const siteStagesQueryOptions = (siteId: string) =>
  queryOptions({
    queryKey: ['emergency', 'siteStages', siteId],
    // Offline, the device's copy (as emergencySitesQueryOptions).
    queryFn: withOfflineCopy(['emergency', 'siteStages', siteId], () => getSiteStages(siteId)),
    staleTime: 60_000,
    networkMode: 'offlineFirst',
  });
