/**
 * Maintenance status at start (spec section 7): while the server says it is in maintenance,
 * the maintenance page replaces the app instead of a cascade of failing calls. A call answered
 * 503 `maintenance` later on (maintenance began while the app was open) switches it too; the
 * status is polled and the app comes back by itself.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { configQueryOptions } from '../features/shell/api/get-config';
import { maintenanceQueryKey, useMaintenance, type MaintenanceStatus } from '../features/shell/api/get-maintenance';
import { MaintenancePage } from '../features/shell/components/MaintenancePage';
import { MAINTENANCE_MESSAGE } from '../../common/constants';
import { ApiError } from '../lib/api-client';
import { afterFirstScreen } from '../lib/when-idle';

const isMaintenanceError = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 503 && error.body.message === MAINTENANCE_MESSAGE;

export function MaintenanceGate({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const status = useMaintenance();

  // The app configuration is loaded at start too (spec section 7), once the first screen is
  // shown; pages read it from the cache (or ask for it, if theirs is that first screen).
  useEffect(() => afterFirstScreen(() => void queryClient.prefetchQuery(configQueryOptions())), [queryClient]);

  useEffect(() => {
    const flag = (error: unknown) => {
      if (isMaintenanceError(error)) queryClient.setQueryData<MaintenanceStatus>(maintenanceQueryKey, { maintenance: true });
    };
    const offQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') flag(event.action.error);
    });
    const offMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') flag(event.action.error);
    });
    return () => {
      offQueries();
      offMutations();
    };
  }, [queryClient]);

  if (status.data?.maintenance !== true) return <>{children}</>;
  return <MaintenancePage checking={status.isFetching} onRetry={() => void status.refetch()} />;
}
