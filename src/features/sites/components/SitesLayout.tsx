/**
 * Around every Sites screen: the senders of its writes registered with the outbox (the app may
 * also register them at start, so writes queued earlier leave before a Sites screen opens),
 * and the live updates: the server's `records:changed` for a site refetches what shows it
 * (in batches: lib/socket.ts onRecordsChanged).
 */
import { useQueryClient } from '@tanstack/react-query';
import { Outlet } from '@tanstack/react-router';
import { useEffect } from 'react';
import { onRecordsChanged } from '../../../lib/socket';
import { sitesKeys } from '../api/keys';
import { registerSiteSenders } from '../senders';

registerSiteSenders();

export function SitesLayout() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      // In batches (an outbox replay is hundreds of changes): the lists and the types once a
      // batch, each changed site's sheet and history.
      onRecordsChanged('sites', (ids) => {
        void queryClient.invalidateQueries({ queryKey: sitesKeys.lists() });
        void queryClient.invalidateQueries({ queryKey: sitesKeys.types() });
        for (const id of ids) {
          void queryClient.invalidateQueries({ queryKey: sitesKeys.detail(id) });
          void queryClient.invalidateQueries({ queryKey: sitesKeys.history(id) });
        }
      }),
    [queryClient],
  );
  return <Outlet />;
}
