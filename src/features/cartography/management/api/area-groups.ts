/**
 * GET /api/cartography/area-groups (every group, by name; `deleted=true`: the deleted ones) and
 * a group's history: the groups' page and the areas' group choices.
 */
import { queryOptions } from '@tanstack/react-query';
import type { AreaGroup } from '../../../../../common/modules/cartography/schemas';
import type { HistoryEntry } from '../../../../../common/schemas/platform';
import { apiGet, withSignal } from '../../../../lib/api-client';
import { areaKeys } from './keys';

export const areaGroupsQueryOptions = (deleted = false) =>
  queryOptions({
    queryKey: areaKeys.groupList(deleted),
    queryFn: ({ signal }) => apiGet<AreaGroup[]>('cartography/area-groups', { ...(deleted ? { searchParams: { deleted: 'true' } } : {}), ...withSignal(signal) }),
    staleTime: 60_000,
    meta: { offline: true },
  });

export const areaGroupHistoryQueryOptions = (id: string) =>
  queryOptions({
    queryKey: areaKeys.groupHistory(id),
    queryFn: ({ signal }) => apiGet<HistoryEntry[]>(`cartography/area-groups/${encodeURIComponent(id)}/history`, withSignal(signal)),
    staleTime: 30_000,
  });
