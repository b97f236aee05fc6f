/**
 * The one place the reconnect dialog lives (spec section 4: only one can be open). It opens on
 * the show-reconnection event (a temporary-logout signal, or a request the gate holds), at
 * start when awaitingReconnection survived a reload, and when another tab logged out
 * temporarily; it closes when this tab or another one reconnected, and when the session ends
 * (back to login here, a logout or token error anywhere: awaitingReconnection goes with the
 * session's keys, and the dialog must not outlive it over the login page). While it is closed, idle
 * tracking runs and its time-out, with a session, is a temporary logout. The dialog's code loads the first time
 * it is needed.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { startIdleTracking } from '../../../lib/idle';
import {
  beginTemporaryLogout,
  isAwaitingReconnection,
  onReconnectionStateChange,
  onShowReconnection,
  setReconnectDialogOpen,
} from '../../../lib/reconnection';
import { isAuthenticated, onSessionEnded } from '../../../lib/session';
import { whenIdle } from '../../../lib/when-idle';

const ReconnectDialog = lazy(() => import('./ReconnectDialog').then((m) => ({ default: m.ReconnectDialog })));

interface ReconnectHostProps {
  /** From the app configuration (GET /api/config); the spec's 900 s by default. */
  idleSeconds?: number;
  onReconnected: (result: { sameUser: boolean; defaultPage: string | null }) => void;
}

export function ReconnectHost({ idleSeconds, onReconnected }: ReconnectHostProps) {
  const [open, setOpen] = useState(isAwaitingReconnection);
  const [mounted, setMounted] = useState(open);
  // A new dialog state (e-mail read again from the session) each time it opens.
  const [generation, setGeneration] = useState(0);

  useEffect(
    () =>
      onShowReconnection(() => {
        // Marked open at once: the requests arriving before React renders must not raise it again.
        setReconnectDialogOpen(true);
        setOpen((wasOpen) => {
          if (!wasOpen) setGeneration((g) => g + 1);
          return true;
        });
        setMounted(true);
      }),
    [],
  );
  useEffect(() => onReconnectionStateChange((awaiting) => !awaiting && setOpen(false)), []);
  // The dialog's open flag follows awaitingReconnection, which a session end clears with the
  // other session keys without a reconnection: close it then too.
  useEffect(() => onSessionEnded(() => setOpen(false)), []);
  useEffect(() => {
    setReconnectDialogOpen(open);
    return () => setReconnectDialogOpen(false);
  }, [open]);
  // Restarted after a time-out without a session (nobody to log out: the login page).
  const [idleRound, setIdleRound] = useState(0);
  useEffect(() => {
    if (open) return;
    // Started at the first idle moment, not in the first screen's task (its listeners and
    // channel cost milliseconds there); a second or two against an idle time of minutes.
    let stop: (() => void) | undefined;
    const cancel = whenIdle(() => {
      stop = startIdleTracking({
        idleSeconds,
        onTimeout: () => {
          if (isAuthenticated()) beginTemporaryLogout('idle');
          else setIdleRound((round) => round + 1);
        },
      });
    });
    return () => {
      cancel();
      stop?.();
    };
  }, [open, idleSeconds, idleRound]);

  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <ReconnectDialog
        key={generation}
        isOpen={open}
        onReconnected={(result) => {
          setOpen(false);
          onReconnected(result);
        }}
      />
    </Suspense>
  );
}
