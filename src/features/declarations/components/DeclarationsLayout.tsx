/**
 * Around every Declarations screen: the senders of its writes (also registered at the app's
 * start) and the live updates: the server's `records:changed` for a declaration refetches the
 * lists and what shows it; for a template, the templates.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Outlet } from '@tanstack/react-router';
import { useEffect } from 'react';
import { onRecordsChanged } from '../../../lib/socket';
import { declarationsKeys } from '../api/keys';
import { registerDeclarationSenders } from '../senders';

registerDeclarationSenders();

export function DeclarationsLayout() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const stopDeclarations = onRecordsChanged('declarations', (ids) => {
      void queryClient.invalidateQueries({ queryKey: declarationsKeys.lists() });
      for (const id of ids) {
        void queryClient.invalidateQueries({ queryKey: declarationsKeys.detail(id) });
        void queryClient.invalidateQueries({ queryKey: declarationsKeys.history(id) });
      }
    });
    const stopTemplates = onRecordsChanged('declaration_templates', () => void queryClient.invalidateQueries({ queryKey: declarationsKeys.templates() }));
    return () => {
      stopDeclarations();
      stopTemplates();
    };
  }, [queryClient]);
  return <Outlet />;
}
