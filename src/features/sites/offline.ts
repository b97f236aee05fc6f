/**
 * What a field user can read of Sites without a network (MODULES.md "Reads, offline"): the
 * list's first pages (default sort, no filter), the sheet of each site on them, and the site
 * types. The offline engineer's prefetcher runs these after login, at idle moments and on
 * reconnect; the queries are marked `meta: { offline: true }` so the persister keeps them.
 */
import type { QueryClient } from '@tanstack/react-query';
import { siteQueryOptions } from './api/get-site';
import { siteTypesQueryOptions } from './api/get-site-types';
import { sitesListQueryOptions } from './api/get-sites';

/** The list's pages kept (SITES_PAGE_SIZE each). */
export const OFFLINE_LIST_PAGES = 2;

export function offlineQueries(queryClient: QueryClient) {
  const list = sitesListQueryOptions({});
  const cached = queryClient.getQueryData(list.queryKey);
  const ids = (cached?.pages ?? []).slice(0, OFFLINE_LIST_PAGES).flatMap((page) => page.items.map((site) => site.id));
  return {
    list: { ...list, pages: OFFLINE_LIST_PAGES },
    queries: [siteTypesQueryOptions(), ...ids.map((id) => siteQueryOptions(id))],
  };
}

/** Runs the declaration: the list's first pages, then each listed site's sheet and the types. */
export async function prefetchSitesOffline(queryClient: QueryClient): Promise<void> {
  const { list } = offlineQueries(queryClient);
  await queryClient.prefetchInfiniteQuery(list);
  const { queries } = offlineQueries(queryClient);
  await Promise.all(queries.map((query) => queryClient.prefetchQuery(query as Parameters<QueryClient['prefetchQuery']>[0])));
}
