/**
 * Cartography management's reads: the points of interest (pages by name, filtered as the
 * address says; one point; its history), the categories and the layers (whole lists, the
 * deleted ones for their managers) and the point form's site choices. Kept for offline reading
 * (meta.offline): what a manager opened once opens without a network.
 */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { Layer, Poi, PoiCategory } from '../../../../../common/modules/cartography/schemas';
import type { HistoryEntry, Page } from '../../../../../common/schemas/platform';
import { apiGet, withSignal } from '../../../../lib/api-client';
import { siteChoicesQueryOptions as siteChoicesQuery } from '../../../../lib/site-choices';
import type { PointListSearch } from '../points';
import { managementKeys } from './keys';

export const POINTS_PAGE_SIZE = 100;

export const pointsListQueryOptions = (search: PointListSearch) =>
  infiniteQueryOptions({
    queryKey: managementKeys.pointList(search),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries(search)) if (value !== undefined && value !== '') params.set(key, String(value));
      if (pageParam !== null) params.set('cursor', pageParam);
      params.set('limit', String(POINTS_PAGE_SIZE));
      return apiGet<Page<Poi>>('cartography/points', { searchParams: params, ...withSignal(signal) });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 30_000,
    meta: { offline: true },
  });

export const pointQueryOptions = (id: string) =>
  queryOptions({
    queryKey: managementKeys.point(id),
    queryFn: ({ signal }) => apiGet<Poi>(`cartography/points/${encodeURIComponent(id)}`, withSignal(signal)),
    staleTime: 30_000,
    meta: { offline: true },
  });

export const pointHistoryQueryOptions = (id: string) =>
  queryOptions({
    queryKey: managementKeys.pointHistory(id),
    queryFn: ({ signal }) => apiGet<HistoryEntry[]>(`cartography/points/${encodeURIComponent(id)}/history`, withSignal(signal)),
    staleTime: 30_000,
    meta: { offline: true },
  });

const deletedParams = (deleted: boolean) => (deleted ? { searchParams: { deleted: 'true' } } : {});

export const categoriesQueryOptions = (deleted = false) =>
  queryOptions({
    queryKey: managementKeys.categories(deleted),
    queryFn: ({ signal }) => apiGet<PoiCategory[]>('cartography/categories', { ...deletedParams(deleted), ...withSignal(signal) }),
    staleTime: 30_000,
    meta: { offline: true },
  });

export const managedLayersQueryOptions = (deleted = false) =>
  queryOptions({
    queryKey: managementKeys.layers(deleted),
    queryFn: ({ signal }) => apiGet<Layer[]>('cartography/layers', { ...deletedParams(deleted), ...withSignal(signal) }),
    staleTime: 30_000,
    meta: { offline: true },
  });

/** The point form's site picker (GET /cartography/sites, the points' readers). */
export const siteChoicesQueryOptions = (search: string) =>
  siteChoicesQuery({ queryKey: managementKeys.sites(search.trim()), keptKey: managementKeys.sites(''), path: 'cartography/sites', search });
