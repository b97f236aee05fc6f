/** GET /api/emergency/getAll360Stages/:siteId: the site's 360 stages and their image paths. */
import { queryOptions } from '@tanstack/react-query';
import type { Emergency360Stage } from '../../../../common/api-types';
import { apiGet } from '../../../lib/api-client';
import { withOfflineCopy } from '../../../lib/offline-copy';

export function getAll360Stages(siteId: string): Promise<Emergency360Stage[]> {
  return apiGet<Emergency360Stage[]>(`emergency/getAll360Stages/${encodeURIComponent(siteId)}`);
}

export const all360StagesQueryOptions = (siteId: string) =>
  queryOptions({
    queryKey: ['emergency', 'stages360', siteId],
    // Offline, the device's copy (as emergencySitesQueryOptions).
    queryFn: withOfflineCopy(['emergency', 'stages360', siteId], () => getAll360Stages(siteId)),
    staleTime: 60_000,
    networkMode: 'offlineFirst',
  });
