/**
 * Around every Sites screen: the senders of its writes registered with the outbox (the app may
 * also register them at start, so writes queued earlier leave before a Sites screen opens),
 * and the live updates: the server's `records:changed` for a site refetches what shows it.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Outlet } from '@tanstack/react-router';
import { useEffect } from 'react';
import { onSocketEvent, SOCKET_EVENTS } from '../../../lib/socket';
import { sitesKeys } from '../api/keys';
import { registerSiteSenders } from '../senders';

registerSiteSenders();

export function SitesLayout() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onSocketEvent(SOCKET_EVENTS.recordsChanged, (event) => {
        if (event.module !== 'sites') return;
        void queryClient.invalidateQueries({ queryKey: sitesKeys.lists() });
        void queryClient.invalidateQueries({ queryKey: sitesKeys.detail(event.id) });
        void queryClient.invalidateQueries({ queryKey: sitesKeys.history(event.id) });
        void queryClient.invalidateQueries({ queryKey: sitesKeys.types() });
      }),
    [queryClient],
  );
  return <Outlet />;
}
