/**
 * Around every Contacts screen: its kind's senders (also registered at start) and the live
 * updates: the server's `records:changed` for a contact refetches what shows it, and a site's
 * contacts.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Outlet } from '@tanstack/react-router';
import { useEffect } from 'react';
import { onRecordsChanged } from '../../../lib/socket';
import { contacts, siteContactsKeys } from '../kinds';
import './contact.css';

contacts.registerSenders();

export function ContactLayout() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onRecordsChanged('contacts', (ids) => {
        void queryClient.invalidateQueries({ queryKey: contacts.keys.lists() });
        void queryClient.invalidateQueries({ queryKey: siteContactsKeys.all });
        for (const id of ids) {
          void queryClient.invalidateQueries({ queryKey: contacts.keys.detail(id) });
          void queryClient.invalidateQueries({ queryKey: contacts.keys.history(id) });
        }
      }),
    [queryClient],
  );
  return <Outlet />;
}
