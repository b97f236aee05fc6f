/** GET /api/sites/:id: the site's sheet (404 outside the session's district). Kept offline. */
import { queryOptions } from '@tanstack/react-query';
import type { Site } from '../../../../common/modules/sites/schemas';
import { apiGet } from '../../../lib/api-client';
import { sitesKeys } from './keys';

export function getSiteRequest(id: string, signal?: AbortSignal): Promise<Site> {
  return apiGet<Site>(`sites/${encodeURIComponent(id)}`, signal === undefined ? {} : { signal });
}

export const siteQueryOptions = (id: string) =>
  queryOptions({
    queryKey: sitesKeys.detail(id),
    queryFn: ({ signal }) => getSiteRequest(id, signal),
    staleTime: 30_000,
    meta: { offline: true },
  });
