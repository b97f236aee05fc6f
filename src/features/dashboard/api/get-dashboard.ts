/**
 * GET /api/dashboard: each person's home in one answer (common/schemas/dashboard.ts). Kept in
 * the offline copy (meta.offline): the dashboard is the first screen of every start, a field
 * user's included, and shows the last answer at once, online or not, while it asks again.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardData } from '../../../../common/schemas/dashboard';
import { apiGet } from '../../../lib/api-client';
import { dashboardKeys } from './keys';

export function getDashboardRequest(signal?: AbortSignal): Promise<DashboardData> {
  return apiGet<DashboardData>('dashboard', signal === undefined ? {} : { signal });
}

export const dashboardQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.all,
    queryFn: ({ signal }) => getDashboardRequest(signal),
    staleTime: 30_000,
    meta: { offline: true },
  });

export const useDashboard = () => useQuery(dashboardQueryOptions());
