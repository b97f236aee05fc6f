/**
 * THE outbox drainer: sends queued alerts in creation order, one tab at a time.
 *
 * - Cross-tab: the whole drain runs under the Web Lock OUTBOX_LOCK. A second tab waits for
 *   the lock and then finds the alerts already 'sent', so two tabs never send one alert
 *   twice; within a tab, concurrent triggers share one run (and ask for one more pass).
 * - Within a pass, up to SEND_CONCURRENCY alerts are in flight, started in creation order,
 *   after a first send that goes alone (drainPass).
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
import { listAlerts, startSending, updateAlert, type OutboxAlert } from '../../../lib/outbox-db';
import { onSessionEnded } from '../../../lib/session';
import { getToken } from '../../../lib/storage';
import { sendInformations } from '../api/send-informations';

export const OUTBOX_LOCK = 'vigie-emergency-outbox';
export const OUTBOX_SYNC_MESSAGE = 'outbox-sync';
export const BACKOFF_BASE_MS = 2_000;
export const BACKOFF_MAX_MS = 5 * 60_000;
/** Sends in flight at once within a pass (see drainPass). */
export const SEND_CONCURRENCY = 4;
/** lastError of an alert whose payload record is gone (a damaged database). */
export const PAYLOAD_MISSING = 'emergency.payload_missing';

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
  const payload = (await startSending(alert.key)) as EmergencyPayload | undefined;
  if (payload === undefined) {
    // The payload is written with the alert in one transaction: only a damaged database (or
    // an alert discarded meanwhile, which the update below leaves gone) lacks it, and no
    // retry brings it back.
    await updateAlert(alert.key, { state: 'failed', lastError: PAYLOAD_MISSING, lastStatus: null });
    return 'failed';
  }
  try {
    const result = await sendInformations(alert.key, payload);
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

/** auth outranks retry outranks a delivered or failed alert outranks nothing done. */
const RANK: Record<SendOutcome | 'idle', number> = { idle: 0, failed: 1, sent: 1, retry: 2, auth: 3 };
const worse = (a: SendOutcome | 'idle', b: SendOutcome | 'idle') => (RANK[b] > RANK[a] ? b : a);

/**
 * One pass: the pending alerts of the current tenant, started oldest first, until one must
 * wait. The outbox is read once per pass (reading it before each send would be quadratic
 * with a long queue); under the lock no other tab sends, and an alert queued meanwhile asks
 * for one more pass (triggerOutboxDrain's `again`).
 *
 * Up to SEND_CONCURRENCY sends are in flight at once: one at a time a send is a round trip
 * plus a server transaction, and a hundred alerts queued through an outage must be out within
 * seconds of the network coming back. Each alert keeps its own Idempotency-Key, so
 * overlapping sends never double one. Order: alerts are STARTED in creation order, and the
 * first send of a pass goes alone (a probe), so while the network or the server is down only
 * the oldest alert is tried and no later one overtakes it; once the server has answered 2xx,
 * the window opens. The first retry or 401 stops new starts; sends already in flight finish.
 * Within one window a later alert can therefore be delivered before an earlier one that
 * failed: the price of the pipeline, bounded by its width.
 */
async function drainPass(): Promise<SendOutcome | 'idle'> {
  let result: SendOutcome | 'idle' = 'idle';
  let halted = false;
  let width = 1;
  const inFlight = new Set<Promise<void>>();
  const pending = (await listAlerts()).filter(isPending);
  for (const alert of pending) {
    while (inFlight.size >= width) await Promise.race(inFlight);
    if (halted) break;
    // The session may change between two sends (logout, another district): check each time.
    const tenant = currentTenant();
    if (tenant === null) break;
    if (!belongsTo(alert, tenant)) continue;
    const send: Promise<void> = sendAlert(alert)
      .then((outcome) => {
        result = worse(result, outcome);
        if (outcome === 'sent') width = SEND_CONCURRENCY;
        // Keep creation order: nothing later starts while an alert waits to be retried.
        if (outcome === 'retry' || outcome === 'auth') halted = true;
      })
      .finally(() => inFlight.delete(send));
    inFlight.add(send);
  }
  await Promise.all(inFlight);
  return result;
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
