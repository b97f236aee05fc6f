/**
 * GET /api/sites?search=&cursor=&limit=&sort=&siteType=&hasGps=&deleted=: one page of the
 * list (keyset: the next page starts at the previous one's nextCursor) and the filtered count.
 * Kept for offline reading (meta.offline): the first pages a field user opened.
 */
import { infiniteQueryOptions } from '@tanstack/react-query';
import type { Page } from '../../../../common/schemas/platform';
import type { SiteSummary } from '../../../../common/modules/sites/schemas';
import { apiGet } from '../../../lib/api-client';
import type { SiteListSearch } from '../search';
import { sitesKeys } from './keys';

export const SITES_PAGE_SIZE = 100;

export function getSitesRequest(search: SiteListSearch, cursor: string | null, signal?: AbortSignal): Promise<Page<SiteSummary>> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) if (value !== undefined && value !== '') params.set(key, String(value));
  if (cursor !== null) params.set('cursor', cursor);
  params.set('limit', String(SITES_PAGE_SIZE));
  return apiGet<Page<SiteSummary>>('sites', { searchParams: params, ...(signal === undefined ? {} : { signal }) });
}

export const sitesListQueryOptions = (search: SiteListSearch) =>
  infiniteQueryOptions({
    queryKey: sitesKeys.list(search),
    queryFn: ({ pageParam, signal }) => getSitesRequest(search, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 30_000,
    meta: { offline: true },
  });
