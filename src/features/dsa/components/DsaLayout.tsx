/**
 * Around every data-sharing area screen: its writes' senders (also registered at start) and the
 * live updates: the server's `records:changed` for an area (a deposit arriving, a link made)
 * refetches what shows it.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Outlet } from '@tanstack/react-router';
import { useEffect } from 'react';
import { onRecordsChanged } from '../../../lib/socket';
import { areas, registerDsaSenders } from '../kinds';
import './dsa.css';

registerDsaSenders();

export function DsaLayout() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onRecordsChanged('dsa_areas', (ids) => {
        void queryClient.invalidateQueries({ queryKey: areas.keys.lists() });
        for (const id of ids) {
          void queryClient.invalidateQueries({ queryKey: areas.keys.detail(id) });
          void queryClient.invalidateQueries({ queryKey: areas.keys.history(id) });
        }
      }),
    [queryClient],
  );
  return <Outlet />;
}
