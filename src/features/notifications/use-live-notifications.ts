/**
 * Live notifications over the socket (lib/socket.ts): opens the socket after first paint
 * while a session exists, closes it at logout. A `notifications:new` event invalidates the
 * notification queries and asks the unread count again, whose envelope updates every badge;
 * at each connection (events before it were missed, reconnections included) the counts are
 * asked again too.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { whenModulesStarted } from '../../lib/module-starts';
import { onSessionEnded } from '../../lib/session';
import { closeSocket, onSocketEvent, onSocketConnect, openSocket, SOCKET_EVENTS } from '../../lib/socket';
import { NOTIFICATION_KEYS } from './api/keys';
import { unreadCountQueryOptions } from './api/get-unread-count';

const SOCKET_OPEN_DELAY_MS = 1500;

export function useLiveNotifications(enabled: boolean): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!enabled) return;
    const refreshCounts = () => void queryClient.fetchQuery({ ...unreadCountQueryOptions(), staleTime: 0 }).catch(() => undefined);
    const offEvent = onSocketEvent(SOCKET_EVENTS.notificationNew, () => {
      void queryClient.invalidateQueries({ queryKey: NOTIFICATION_KEYS.root });
      refreshCounts();
    });
    const offConnect = onSocketConnect(refreshCounts);
    const offEnded = onSessionEnded(closeSocket);
    // After first paint, once the page has settled: socket.io-client is not part of the first
    // screen's bytes. The counts of the first responses cover the time before. And once the
    // modules' starts have subscribed to its connections and record events (lib/module-starts.ts).
    let live = true;
    const timer = window.setTimeout(() => {
      whenModulesStarted().then(
        () => {
          if (live) void openSocket();
        },
        () => undefined,
      );
    }, SOCKET_OPEN_DELAY_MS);
    return () => {
      live = false;
      window.clearTimeout(timer);
      offEvent();
      offConnect();
      offEnded();
    };
  }, [enabled, queryClient]);
}
