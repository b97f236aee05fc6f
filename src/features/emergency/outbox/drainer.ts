/**
 * THE outbox drainer: sends queued alerts in creation order, one tab at a time.
 *
 * - Cross-tab: the whole drain runs under the Web Lock OUTBOX_LOCK. A second tab waits for
 *   the lock and then finds the alerts already 'sent', so two tabs never send one alert
 *   twice; within a tab, concurrent triggers share one run (and ask for one more pass).
 * - An alert is sent only while the session's client database, district and account (claims
 *   of the stored token) equal the alert's; the others wait for their session.
 * - Outcomes (docs/api.md sendInformations): 2xx → 'sent' with serverTime and shareIds;
 *   no answer, 408, 409 in_flight, 429, 5xx → back to 'queued', retried on a timer with
 *   exponential backoff and jitter; 401 → 'queued' until the user is logged in again (no
 *   timer: the next login, restore or successful response triggers a drain); any other 4xx
 *   (400, 403, 404, 413, 422) → 'failed' with the server's reason until the user retries or
 *   discards it. A 'sending' alert found at the start of a drain was left by a tab that died
 *   mid-send: it is sent again with the same key, which the server answers idempotently.
 * - Triggers: startOutboxDrainer() (app start, after login/restore), `online`, the page
 *   visible again, a socket connect or a successful reconnect (triggerOutboxDrain), the
 *   backoff timer, a service worker message { type: 'outbox-sync' }, a new alert.
 */
import type { EmergencyPayload } from '../../../../common/api-types';
import { ApiError } from '../../../lib/api-client';
import { subscribeEnvelope } from '../../../lib/envelope-store';
import { decodeAccessClaims } from '../../../lib/jwt';
import { listAlerts, updateAlert, type OutboxAlert } from '../../../lib/outbox-db';
import { onSessionEnded } from '../../../lib/session';
import { getToken } from '../../../lib/storage';
import { sendInformations } from '../api/send-informations';

export const OUTBOX_LOCK = 'vigie-emergency-outbox';
export const OUTBOX_SYNC_MESSAGE = 'outbox-sync';
export const BACKOFF_BASE_MS = 2_000;
export const BACKOFF_MAX_MS = 5 * 60_000;

export type SendOutcome = 'sent' | 'retry' | 'auth' | 'failed';

export interface SessionTenant {
  clientDatabase: string;
  districtId: string;
  userEmail: string;
}

/** The tenant of the stored token, or null without a readable session. */
export function currentTenant(): SessionTenant | null {
  const token = getToken();
  const claims = token === null ? null : decodeAccessClaims(token);
  return claims === null ? null : { clientDatabase: claims.db, districtId: claims.did, userEmail: claims.email };
}

export const belongsTo = (alert: OutboxAlert, tenant: SessionTenant): boolean =>
  alert.clientDatabase === tenant.clientDatabase &&
  alert.districtId === tenant.districtId &&
  alert.userEmail.toLowerCase() === tenant.userEmail.toLowerCase();

const isPending = (alert: OutboxAlert): boolean => alert.state === 'queued' || alert.state === 'sending';

export function classify(status: number, message: string): SendOutcome {
  if (status === 0 || status === 408 || status === 429 || status >= 500) return 'retry';
  if (status === 409 && message === 'emergency.in_flight') return 'retry';
  if (status === 401) return 'auth';
  return 'failed';
}

/** Sends one alert and records the outcome in the outbox. */
export async function sendAlert(alert: OutboxAlert): Promise<SendOutcome> {
  await updateAlert(alert.key, { state: 'sending', attempts: alert.attempts + 1 });
  try {
    const result = await sendInformations(alert.key, alert.payload as EmergencyPayload);
    await updateAlert(alert.key, {
      state: 'sent',
      serverTime: result.serverTime,
      shareIds: result.shareIds,
      lastError: null,
      lastStatus: null,
    });
    return 'sent';
  } catch (error) {
    const status = error instanceof ApiError ? error.status : 0;
    const message = error instanceof ApiError ? error.body.message : 'communication_error';
    const outcome = classify(status, message);
    await updateAlert(alert.key, {
      state: outcome === 'failed' ? 'failed' : 'queued',
      lastError: message,
      lastStatus: status,
    });
    return outcome;
  }
}

/**
 * One pass: the pending alerts of the current tenant, oldest first, until one must wait. The
 * outbox is read once per pass (reading it before each send would be quadratic with a long
 * queue); under the lock no other tab sends, and an alert queued meanwhile asks for one more
 * pass (triggerOutboxDrain's `again`).
 */
async function drainPass(): Promise<SendOutcome | 'idle'> {
  let last: SendOutcome | 'idle' = 'idle';
  const pending = (await listAlerts()).filter(isPending);
  for (const alert of pending) {
    // The session may change between two sends (logout, another district): check each time.
    const tenant = currentTenant();
    if (tenant === null) return last;
    if (!belongsTo(alert, tenant)) continue;
    last = await sendAlert(alert);
    // Keep creation order: a later alert never overtakes one that is waiting to be retried.
    if (last === 'retry' || last === 'auth') return last;
  }
  return last;
}

function withLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = globalThis.navigator?.locks;
  return locks === undefined ? task() : locks.request(OUTBOX_LOCK, task);
}

// --- scheduling ----------------------------------------------------------------------------

interface DrainerState {
  running: Promise<void> | null;
  again: boolean;
  failures: number;
  timer: ReturnType<typeof setTimeout> | null;
  waitingForAuth: boolean;
}

const state: DrainerState = { running: null, again: false, failures: 0, timer: null, waitingForAuth: false };

/** Exponential backoff with full jitter: a random delay in [base·2^n / 2, base·2^n], capped. */
export function backoffDelay(failures: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, failures - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

function clearTimer(): void {
  if (state.timer !== null) clearTimeout(state.timer);
  state.timer = null;
}

function afterPass(outcome: SendOutcome | 'idle'): void {
  state.waitingForAuth = outcome === 'auth';
  if (outcome === 'retry') {
    state.failures += 1;
    clearTimer();
    state.timer = setTimeout(() => {
      state.timer = null;
      void triggerOutboxDrain();
    }, backoffDelay(state.failures));
  } else {
    state.failures = 0;
    if (outcome !== 'auth') clearTimer();
  }
}

/**
 * Runs the drainer now (or once more after the run in progress). Safe to call from anywhere,
 * any number of times: the socket owner calls it on connect and on a successful reconnect.
 * Resolves when this tab's drain is over.
 */
export function triggerOutboxDrain(): Promise<void> {
  if (state.running !== null) {
    state.again = true;
    return state.running;
  }
  state.running = (async () => {
    try {
      do {
        state.again = false;
        const outcome = await withLock(drainPass);
        afterPass(outcome);
      } while (state.again);
    } catch {
      // IndexedDB unavailable (private mode quota, blocked upgrade): try again on the timer.
      afterPass('retry');
    } finally {
      state.running = null;
    }
  })();
  return state.running;
}

let stopListeners: (() => void) | null = null;

/**
 * Installs the triggers (idempotent) and drains once. Call on app start after login or a
 * restored session; the emergency button and the outbox page call it too.
 */
export function startOutboxDrainer(): void {
  if (stopListeners === null) {
    const trigger = () => void triggerOutboxDrain();
    const onVisible = () => {
      if (document.visibilityState === 'visible') trigger();
    };
    const onSwMessage = (event: MessageEvent) => {
      if ((event.data as { type?: unknown } | null)?.type === OUTBOX_SYNC_MESSAGE) trigger();
    };
    const sw = globalThis.navigator?.serviceWorker;
    window.addEventListener('online', trigger);
    document.addEventListener('visibilitychange', onVisible);
    sw?.addEventListener('message', onSwMessage);
    // A successful answer after a 401 means the user is logged in again.
    const stopEnvelope = subscribeEnvelope(() => {
      if (state.waitingForAuth) trigger();
    });
    const stopSession = onSessionEnded(() => clearTimer());
    stopListeners = () => {
      window.removeEventListener('online', trigger);
      document.removeEventListener('visibilitychange', onVisible);
      sw?.removeEventListener('message', onSwMessage);
      stopEnvelope();
      stopSession();
    };
  }
  void triggerOutboxDrain();
}

/** Tests only: remove the triggers, the timer and the run state. */
export function resetOutboxDrainer(): void {
  stopListeners?.();
  stopListeners = null;
  clearTimer();
  state.running = null;
  state.again = false;
  state.failures = 0;
  state.waitingForAuth = false;
}
