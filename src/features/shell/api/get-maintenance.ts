/**
 * GET /api/config/maintenance (spec section 7, common config): is the service in maintenance?
 * Also the connection banner's health probe.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, apiGetPublic } from '../../../lib/api-client';

export interface MaintenanceStatus {
  maintenance: boolean;
}

/** While in maintenance the app asks again this often, and comes back by itself. */
export const MAINTENANCE_POLL_MS = 30_000;

export const maintenanceQueryKey = ['config', 'maintenance'] as const;

export function getMaintenanceRequest(): Promise<MaintenanceStatus> {
  return apiGet<MaintenanceStatus>('config/maintenance');
}

/**
 * The same call as the connection banner's health probe (lib/connectivity.ts): the lightest
 * route that answers without a session. Through the HTTP channel's sessionless client, so the
 * probe never waits for a token refresh or the reconnection gate, and reports only itself.
 */
export function probeServer(): Promise<MaintenanceStatus> {
  return apiGetPublic<MaintenanceStatus>('config/maintenance', { timeout: PROBE_TIMEOUT_MS });
}

const PROBE_TIMEOUT_MS = 10_000;

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
