/**
 * Around every Sharing bank screen: its writes' senders (also registered at start) and the live
 * updates: the server's `records:changed` for a resource or a group refetches what shows it
 * (the library, the sheet, its board).
 */
import { useQueryClient } from '@tanstack/react-query';
import { Outlet } from '@tanstack/react-router';
import { useEffect } from 'react';
import { onRecordsChanged } from '../../../lib/socket';
import { groups, registerSharingBankSenders, resources, SHARING_MODULE } from '../kinds';
import './sharingBank.css';

registerSharingBankSenders();

export function SharingLayout() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const stops = [
      onRecordsChanged('sharing_resources', (ids) => {
        void queryClient.invalidateQueries({ queryKey: resources.keys.lists() });
        for (const id of ids) {
          void queryClient.invalidateQueries({ queryKey: resources.keys.detail(id) });
          void queryClient.invalidateQueries({ queryKey: resources.keys.history(id) });
          void queryClient.invalidateQueries({ queryKey: [SHARING_MODULE, 'board', id] });
        }
      }),
      onRecordsChanged('sharing_groups', () => void queryClient.invalidateQueries({ queryKey: groups.keys.all })),
    ];
    return () => stops.forEach((stop) => stop());
  }, [queryClient]);
  return <Outlet />;
}
