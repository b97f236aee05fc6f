/**
 * Around every Sites screen: the senders of its writes registered with the outbox (the app may
 * also register them at start, so writes queued earlier leave before a Sites screen opens),
 * and the live updates: the server's `records:changed` for a site refetches what shows it.
 * The sheet's code (a chunk of its own, not downloaded with the list) is fetched at the first
 * idle moment: a row and a saved form lead there, maybe offline, where a device without the
 * service worker's copy of the app could not load it any more.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Outlet } from '@tanstack/react-router';
import { useEffect } from 'react';
import { onRecordsChanged } from '../../../lib/socket';
import { whenIdle } from '../../../lib/when-idle';
import { sitesKeys } from '../api/keys';
import { registerSiteSenders } from '../senders';

registerSiteSenders();

/** The sheet's code is fetched at the first idle moment after a Sites screen shows, at the latest this long after. */
const SHEET_PREFETCH_MAX_MS = 3000;

export function SitesLayout() {
  const queryClient = useQueryClient();
  useEffect(() => whenIdle(() => void import('./sheet-page').catch(() => undefined), SHEET_PREFETCH_MAX_MS), []);
  useEffect(
    () =>
      // In batches (a replay of queued edits is hundreds of changes): the lists and types once
      // a batch, each changed site's sheet and history.
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
