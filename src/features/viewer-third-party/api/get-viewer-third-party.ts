/** GET /api/viewerThirdParty/:token (public): a shared site, until the share expires (410). */
import { queryOptions } from '@tanstack/react-query';
import type { ViewerThirdPartyData } from '../../../../common/api-types';
import { apiGetPublic } from '../../../lib/api-client';

export function getViewerThirdParty(token: string): Promise<ViewerThirdPartyData> {
  return apiGetPublic<ViewerThirdPartyData>(`viewerThirdParty/${encodeURIComponent(token)}`);
}

export const viewerThirdPartyQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['viewerThirdParty', token],
    queryFn: () => getViewerThirdParty(token),
    // 404 and 410 are final answers; only a network failure is worth a retry.
    retry: (count, error) => count < 2 && (error as { status?: number }).status === 0,
    staleTime: 60_000,
  });
