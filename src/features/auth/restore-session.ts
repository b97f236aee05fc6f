/**
 * Session restore at app start (a new tab, a relaunched installed app): refill the tab's keys
 * from the stored token; an expired token gets one refresh; a refused refresh (401) logs out
 * locally. Offline, the session is kept so the installed app still opens. While awaiting
 * reconnection nothing is refreshed: the reconnect dialog opens on the kept screen.
 */
import { ApiError, refreshAccessToken } from '../../lib/api-client';
import { isAwaitingReconnection } from '../../lib/reconnection';
import { endSession, restoreFromStoredToken } from '../../lib/session';
import { yieldToMain } from '../../lib/when-idle';
import { loadClientIp } from './api/get-client-ip';

export async function restoreSession(): Promise<void> {
  const state = restoreFromStoredToken();
  if (state === 'none') return;
  if (state === 'invalid') {
    endSession('restore');
    return;
  }
  // A temporary logout survives a reload: the user reconnects in the dialog (a refresh now
  // would pass the gate and quietly undo the logout).
  if (state === 'expired' && !isAwaitingReconnection()) {
    try {
      await refreshAccessToken();
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        endSession('restore');
        return;
      }
    }
  }
  // Best effort, in a task of its own: this runs in the route's guard, in the start's path.
  void yieldToMain().then(loadClientIp);
}
