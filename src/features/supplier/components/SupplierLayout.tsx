/**
 * Around every Suppliers screen: its kinds' senders (also registered at start) and the live
 * updates: the server's `records:changed` for a supplier, one of its documents or a trade
 * refetches what shows it.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Outlet } from '@tanstack/react-router';
import { useEffect } from 'react';
import { onRecordsChanged } from '../../../lib/socket';
import { documents, suppliers, trades } from '../kinds';
import './supplier.css';

for (const kind of [trades, suppliers, documents]) kind.registerSenders();

export function SupplierLayout() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const stops = [
      onRecordsChanged('suppliers', (ids) => {
        void queryClient.invalidateQueries({ queryKey: suppliers.keys.lists() });
        for (const id of ids) {
          void queryClient.invalidateQueries({ queryKey: suppliers.keys.detail(id) });
          void queryClient.invalidateQueries({ queryKey: suppliers.keys.history(id) });
        }
      }),
      onRecordsChanged('supplier_documents', (ids) => {
        void queryClient.invalidateQueries({ queryKey: documents.keys.lists() });
        for (const id of ids) void queryClient.invalidateQueries({ queryKey: documents.keys.detail(id) });
      }),
      onRecordsChanged('supplier_trades', () => void queryClient.invalidateQueries({ queryKey: trades.keys.all })),
    ];
    return () => stops.forEach((stop) => stop());
  }, [queryClient]);
  return <Outlet />;
}
