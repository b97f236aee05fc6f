/**
 * GET /api/cartography/areas (pages by name, keyset cursors; search, layer, group, deleted),
 * GET /api/cartography/areas/:id and its history: the areas' list and sheet. Kept for
 * offline reading (meta.offline): the pages and sheets a manager opened.
 */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { Area } from '../../../../../common/modules/cartography/schemas';
import type { HistoryEntry, Page } from '../../../../../common/schemas/platform';
import { apiGet, withSignal } from '../../../../lib/api-client';
import type { AreaListSearch } from '../area-search';
import { areaKeys } from './keys';

export const AREAS_PAGE_SIZE = 100;

const areaPath = (id: string, rest = '') => `cartography/areas/${encodeURIComponent(id)}${rest}`;

export function getAreasRequest(search: AreaListSearch, cursor: string | null, signal?: AbortSignal): Promise<Page<Area>> {
  const params = new URLSearchParams();
  if (search.search !== undefined) params.set('search', search.search);
  if (search.layer !== undefined) params.set('layer', search.layer);
  if (search.group !== undefined) params.set('group', search.group);
  if (search.deleted === 'true') params.set('deleted', 'true');
  if (cursor !== null) params.set('cursor', cursor);
  params.set('limit', String(AREAS_PAGE_SIZE));
  return apiGet<Page<Area>>('cartography/areas', { searchParams: params, ...withSignal(signal) });
}

/** The list's filters only (the open area and the pane are the screen's, not the list's). */
const listPart = ({ search, layer, group, deleted }: AreaListSearch): AreaListSearch => ({
  ...(search === undefined ? {} : { search }),
  ...(layer === undefined ? {} : { layer }),
  ...(group === undefined ? {} : { group }),
  ...(deleted === undefined ? {} : { deleted }),
});

export const areasListQueryOptions = (search: AreaListSearch) => {
  const filters = listPart(search);
  return infiniteQueryOptions({
    queryKey: areaKeys.list(filters),
    queryFn: ({ pageParam, signal }) => getAreasRequest(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 30_000,
    meta: { offline: true },
  });
};

export const areaQueryOptions = (id: string) =>
  queryOptions({
    queryKey: areaKeys.detail(id),
    queryFn: ({ signal }) => apiGet<Area>(areaPath(id), withSignal(signal)),
    staleTime: 30_000,
    meta: { offline: true },
  });

export const areaHistoryQueryOptions = (id: string) =>
  queryOptions({
    queryKey: areaKeys.history(id),
    queryFn: ({ signal }) => apiGet<HistoryEntry[]>(areaPath(id, '/history'), withSignal(signal)),
    staleTime: 30_000,
  });
