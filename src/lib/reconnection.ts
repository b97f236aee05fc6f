/**
 * Temporary logout and reconnection (spec section 4, DESIGN.md "Session flows").
 *
 * A temporary logout (idle time out, or the server saying the session's validity ended) sets
 * `awaitingReconnection` (localStorage, so it survives a reload and reaches every tab) and asks
 * for the reconnect dialog. While it is set, the HTTP channel's gate (api-client.ts) holds every
 * request but login, refresh and auth in `waitForReconnection()`:
 *  - a successful reconnection (`completeReconnection`, here or in another tab) lets them go
 *    with the new token;
 *  - going back to login (any session end) makes them fail with ReconnectionCancelledError.
 * The page under the dialog stays mounted, so what the user had on screen, unsaved input
 * included, is still there afterwards.
 *
 * Plain TypeScript (no HTTP, no socket): api-client.ts and socket.ts both depend on it.
 */
import { decodeAccessClaims } from './jwt';
import { endSession, onSessionEnded } from './session';
import { getSessionEmail, getToken, isAwaitingReconnection, LOCAL_KEYS, setAwaitingReconnection } from './storage';

export type TemporaryLogoutReason = 'idle' | 'server';

/** What a held request rejects with when the user goes back to login instead. */
export class ReconnectionCancelledError extends Error {
  override readonly name = 'ReconnectionCancelledError';

  constructor() {
    super('auth.reconnect_cancelled');
  }
}

type Listener = () => void;

const showListeners = new Set<Listener>();
const stateListeners = new Set<(awaiting: boolean) => void>();
let dialogOpen = false;
// Why this tab's dialog opened (its text says so); null after a reload: the generic text.
let reason: TemporaryLogoutReason | null = null;
let waiters: { resolve: () => void; reject: (error: Error) => void }[] = [];

export { isAwaitingReconnection };

function notifyState(awaiting: boolean): void {
  for (const listener of stateListeners) listener(awaiting);
}

/** Raise the show-reconnection event, unless the reconnect dialog is already open. */
export function requestReconnectionDialog(): void {
  if (dialogOpen) return;
  for (const listener of showListeners) listener();
}

/**
 * A temporary-logout signal. With no stored e-mail there is nobody to reconnect: the user is
 * logged out instead (spec section 4).
 */
export function beginTemporaryLogout(why: TemporaryLogoutReason): void {
  if (getSessionEmail() === null) {
    endSession('token');
    return;
  }
  if (!isAwaitingReconnection()) {
    reason = why;
    setAwaitingReconnection(true);
    notifyState(true);
  }
  requestReconnectionDialog();
}

/**
 * The gate's wait: resolves when the session is back, rejects when the user goes back to
 * login. Resolves at once when nothing is awaited (a reconnection finished in between).
 */
export function waitForReconnection(): Promise<void> {
  if (!isAwaitingReconnection()) return Promise.resolve();
  requestReconnectionDialog();
  return new Promise((resolve, reject) => waiters.push({ resolve, reject }));
}

/** Whether two session e-mails name the same account (case and spaces aside). */
export function isSameAccount(a: string | null | undefined, b: string | null | undefined): boolean {
  return a != null && b != null && a.trim().toLowerCase() === b.trim().toLowerCase();
}

export const temporaryLogoutReason = (): TemporaryLogoutReason | null => reason;

/** Held requests so far (the dialog shows nothing of it; tests and the bench read it). */
export const heldRequestCount = (): number => waiters.length;

function settle(outcome: 'resolve' | 'reject'): void {
  const pending = waiters;
  waiters = [];
  for (const waiter of pending) {
    if (outcome === 'resolve') waiter.resolve();
    else waiter.reject(new ReconnectionCancelledError());
  }
}

/** After a successful reconnect login (the new token is stored): release the held requests. */
export function completeReconnection(): void {
  reason = null;
  setAwaitingReconnection(false);
  notifyState(false);
  settle('resolve');
}

/**
 * Someone else logged in from the reconnect dialog: the held requests belonged to the previous
 * user's screen and fail; the caller starts the new session like a login.
 */
export function abandonReconnection(): void {
  reason = null;
  setAwaitingReconnection(false);
  notifyState(false);
  settle('reject');
}

/** The dialog's presence, so the gate does not raise the event again while it is open. */
export function setReconnectDialogOpen(open: boolean): void {
  dialogOpen = open;
}

/** The reconnect dialog host listens here. */
export function onShowReconnection(listener: Listener): () => void {
  showListeners.add(listener);
  return () => showListeners.delete(listener);
}

/** Awaiting started (true) or ended by a reconnection (false): the socket follows it. */
export function onReconnectionStateChange(listener: (awaiting: boolean) => void): () => void {
  stateListeners.add(listener);
  return () => stateListeners.delete(listener);
}

// Back to login, a token error, another tab logging out: held requests fail cleanly.
onSessionEnded(() => {
  dialogOpen = false;
  reason = null;
  settle('reject');
});

// Other tabs share awaitingReconnection through localStorage: a temporary logout there opens
// the dialog here too; a reconnection there (the flag back to false with a session still
// present) releases this tab's held requests with the token that tab stored.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== LOCAL_KEYS.awaitingReconnection) return;
    if (event.newValue === 'true') {
      notifyState(true);
      requestReconnectionDialog();
    } else if (event.newValue === 'false') {
      // Only this tab's user may take the held requests; another account logging in there
      // means this tab's session is gone.
      const token = getToken();
      const email = token === null ? undefined : decodeAccessClaims(token)?.email;
      const sameUser = isSameAccount(email, getSessionEmail());
      reason = null;
      notifyState(false);
      settle(sameUser ? 'resolve' : 'reject');
    }
  });
}

/** Tests only. */
export function resetReconnectionState(): void {
  dialogOpen = false;
  reason = null;
  waiters = [];
}
