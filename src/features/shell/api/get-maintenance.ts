/** GET /api/config/maintenance (spec section 7, common config): is the service in maintenance? */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

export interface MaintenanceStatus {
  maintenance: boolean;
}

/** While in maintenance the app asks again this often, and comes back by itself. */
export const MAINTENANCE_POLL_MS = 30_000;

export const maintenanceQueryKey = ['config', 'maintenance'] as const;

export function getMaintenanceRequest(): Promise<MaintenanceStatus> {
  return apiGet<MaintenanceStatus>('config/maintenance');
}

export const maintenanceQueryOptions = () =>
  queryOptions({
    queryKey: maintenanceQueryKey,
    queryFn: getMaintenanceRequest,
    staleTime: MAINTENANCE_POLL_MS,
    // Offline or unreachable is not maintenance: the app goes on (offline-first).
    retry: false,
    refetchInterval: (query) => (query.state.data?.maintenance === true ? MAINTENANCE_POLL_MS : false),
  });

export const useMaintenance = () => useQuery(maintenanceQueryOptions());
