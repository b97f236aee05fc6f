/**
 * Around every Contracts screen: its writes' senders (also registered at start) and the live
 * updates: the server's `records:changed` for a contract or a template refetches what shows it.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Outlet } from '@tanstack/react-router';
import { useEffect } from 'react';
import { onRecordsChanged } from '../../../lib/socket';
import { contracts, registerContractSenders, templates } from '../kinds';
import './contract.css';

registerContractSenders();

export function ContractLayout() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const stops = [
      onRecordsChanged('contracts', (ids) => {
        void queryClient.invalidateQueries({ queryKey: contracts.keys.lists() });
        for (const id of ids) {
          void queryClient.invalidateQueries({ queryKey: contracts.keys.detail(id) });
          void queryClient.invalidateQueries({ queryKey: contracts.keys.history(id) });
        }
      }),
      onRecordsChanged('contract_templates', () => void queryClient.invalidateQueries({ queryKey: templates.keys.all })),
    ];
    return () => stops.forEach((stop) => stop());
  }, [queryClient]);
  return <Outlet />;
}
