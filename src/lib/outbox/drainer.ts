/**
 * THE outbox drainer: sends the queued writes of every module in creation order, one tab at a
 * time, each through the sender registered for its kind (registry.ts).
 *
 * - Cross-tab: the whole drain runs under the Web Lock OUTBOX_LOCK (the name the emergency
 *   outbox used, so a tab of the previous release and one of this release never drain
 *   together). A second tab waits for the lock and then finds the items delivered; within a
 *   tab, concurrent triggers share one run (and ask for one more pass).
 * - Within a pass, up to SEND_CONCURRENCY items are in flight, started in creation order,
 *   after a first send that goes alone (drainPass). Two writes of one record never overlap,
 *   and a write waits while an earlier one of its record is failed or in conflict: a record's
 *   writes reach the server in the order the user made them.
 * - An item is sent only while the session's client database, district and account (claims
 *   of the stored token) equal the item's; the others wait for their session. An item whose
 *   kind has no sender in this tab waits too.
 * - One item: the record write first (the sender; Idempotency-Key: the item's), then its
 *   attachments one at a time (uploadAttachment, tus: resumed from the server's offset), each
 *   remembered once whole; the item is delivered when all are (docs/offline.md). A kind
 *   registered with attachmentsFirst uploads them before its record write.
 * - Outcomes (DESIGN "failure classes"): 2xx → delivered (deleted, or kept 'sent' for kinds
 *   registered with keepSent); no answer, 408, 409 *.in_flight, 429, 5xx → back to 'queued',
 *   retried on a timer with exponential backoff and jitter; 401 → 'queued' until the user is
 *   logged in again (no timer: the next login, restore or successful response triggers a
 *   drain); 409 record.version_conflict with `current` → the merge (merge.ts): re-sent on the
 *   current version when the fields merge, else 'conflict' until the user chooses; any other
 *   4xx → 'failed' with the server's reason until the user retries or discards it. A 'sending'
 *   item found at the start of a drain was left by a tab that died mid-send: it is sent again
 *   with the same key, which the server answers idempotently.
 * - Triggers: startOutboxDrainer() (app start, after login/restore), `online`, the page
 *   visible again, a socket connect or a successful reconnect (triggerOutboxDrain), the
 *   backoff timer, a service worker message { type: 'outbox-sync' }, a new write.
 */
import { VERSION_CONFLICT } from '../../../common/constants';
import { ApiError } from '../api-client';
import { subscribeEnvelope } from '../envelope-store';
import { onSessionEnded } from '../session';
import { announceDelivered, deleteItem, getAttachment, listItems, markSent, startSending, updateItem } from './db';
import { merge, type Fields } from './merge';
import { getSender } from './registry';
import { currentTenant, itemBelongsTo } from './tenant';
import type { OutboxItem } from './types';

export const OUTBOX_LOCK = 'vigie-emergency-outbox';
export const OUTBOX_SYNC_MESSAGE = 'outbox-sync';
export const BACKOFF_BASE_MS = 2_000;
export const BACKOFF_MAX_MS = 5 * 60_000;
/** Sends in flight at once within a pass (see drainPass). */
export const SEND_CONCURRENCY = 4;
/** lastError of an item whose payload record is gone (a damaged database). */
export const PAYLOAD_MISSING = 'outbox.payload_missing';

export type SendOutcome = 'sent' | 'retry' | 'auth' | 'failed' | 'conflict' | 'again';

export function classify(status: number, message: string): 'retry' | 'auth' | 'failed' {
  if (status === 0 || status === 408 || status === 429 || status >= 500) return 'retry';
  // The idempotency plugin's answer while the first request of a key is still being handled.
  if (status === 409 && message.endsWith('in_flight')) return 'retry';
  if (status === 401) return 'auth';
  // The terms of use to accept (tc.acceptanceRequired): sent again once the user has accepted them.
  if (status === 428) return 'retry';
  return 'failed';
}

const isPending = (item: OutboxItem): boolean => item.state === 'queued' || item.state === 'sending';
const recordOf = (item: OutboxItem): string => `${item.module}\u0000${item.recordId}`;
const isFields = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Status and message of a failed send or upload (tus errors carry the server's response). */
function describeError(error: unknown): { status: number; message: string; current?: unknown } {
  if (error instanceof ApiError) {
    const body = error.body as { message: string; current?: unknown };
    return { status: error.status, message: body.message, current: body.current };
  }
  const response = (error as { originalResponse?: { getStatus?: () => number } } | null)?.originalResponse;
  const status = typeof response?.getStatus === 'function' ? response.getStatus() : 0;
  return { status, message: status === 0 ? 'communication_error' : `upload.failed_${status}` };
}

async function delivered(item: OutboxItem, result: unknown, keepSent: boolean | undefined): Promise<'sent'> {
  if (keepSent === true) await markSent(item.key, result);
  else await deleteItem(item.key);
  announceDelivered(item.module);
  return 'sent';
}

/** A 409 record.version_conflict: merge, rebase or fail, as the kind's sender asked. */
async function onVersionConflict(item: OutboxItem, current: unknown, payload: unknown, base: unknown): Promise<SendOutcome> {
  const policy = getSender(item.kind)?.options.onConflict ?? 'merge';
  const theirs = isFields(current) ? current : null;
  const version = typeof theirs?.version === 'number' ? theirs.version : null;
  const common = { lastError: VERSION_CONFLICT, lastStatus: 409 };
  if (policy === 'fail' || theirs === null || version === null || (policy === 'merge' && !isFields(payload))) {
    await updateItem(item.key, { state: 'failed', ...common });
    return 'failed';
  }
  if (policy === 'rebase') {
    await updateItem(item.key, { state: 'queued', baseVersion: version, idempotencyKey: crypto.randomUUID(), ...common });
    return 'again';
  }
  const outcome = merge(isFields(base) ? base : null, payload as Fields, theirs);
  if (outcome.ok && Object.keys(outcome.changes).length === 0) {
    // Both sides made the same changes: the server already holds what the user wanted.
    return delivered(item, current, getSender(item.kind)?.options.keepSent);
  }
  if (outcome.ok) {
    // Different fields: merged silently and sent again, as a new request (new key) on the
    // current version; the current record becomes the base of a further merge.
    await updateItem(
      item.key,
      { state: 'queued', baseVersion: version, idempotencyKey: crypto.randomUUID(), ...common },
      { payload: outcome.changes, base: current },
    );
    return 'again';
  }
  await updateItem(item.key, {
    state: 'conflict',
    conflict: { fields: outcome.conflicts, merged: outcome.changes, theirs: { ...theirs, version } },
    ...common,
  });
  return 'conflict';
}

/** Sends one item (record write, then attachments) and records the outcome in the outbox. */
export async function sendItem(item: OutboxItem): Promise<SendOutcome> {
  const registered = getSender(item.kind);
  if (registered === undefined) return 'failed';
  const stored = await startSending(item.key);
  if (stored === undefined) {
    // The payload is written with the item in one transaction: only a damaged database (or
    // an item discarded meanwhile, which the update below leaves gone) lacks it, and no
    // retry brings it back.
    await updateItem(item.key, { state: 'failed', lastError: PAYLOAD_MISSING, lastStatus: null });
    return 'failed';
  }
  let result: unknown = item.result;
  let written = item.written;
  const attachmentsFirst = registered.options.attachmentsFirst === true;
  const write = async () => {
    if (written) return;
    const answer = await registered.send(item, { payload: stored.payload, base: stored.base ?? null, idempotencyKey: item.idempotencyKey });
    result = answer?.result ?? null;
    written = true;
    // Remembered when uploads remain (a cut leaves them to resume, never the write again).
    if (!attachmentsFirst && item.attachmentIds.length > item.uploaded.length) await updateItem(item.key, { written: true, result });
  };
  try {
    if (!attachmentsFirst) await write();
    const uploaded = [...item.uploaded];
    for (const attachmentId of item.attachmentIds) {
      if (uploaded.includes(attachmentId)) continue;
      const attachment = await getAttachment(item.key, attachmentId);
      if (attachment === undefined) throw new ApiError(0, { message: PAYLOAD_MISSING });
      // The upload code (tus and its helpers, the outbox's largest part) loads with the first
      // attachment to send, not with every screen that can queue a write.
      const { uploadAttachment } = await import('../uploads');
      await uploadAttachment({
        attachmentId,
        module: item.module,
        recordId: item.recordId,
        blob: attachment.blob,
        name: attachment.name,
        type: attachment.type,
        takenAt: attachment.takenAt ?? null,
        gps: attachment.gps ?? null,
        // `item` was read before startSending counted this attempt: 0 means no earlier one
        // (startSending commits its count before any request), so nothing of it can be on the server.
        firstAttempt: item.attempts === 0,
      });
      uploaded.push(attachmentId);
      // Remembered while others remain; the last one is followed at once by the delivery
      // (a tab dying in between costs the next attempt a HEAD finding it whole).
      if (uploaded.length < item.attachmentIds.length) await updateItem(item.key, { uploaded: [...uploaded] });
    }
    await write();
    return await delivered(item, result, registered.options.keepSent);
  } catch (error) {
    const { status, message, current } = describeError(error);
    if (message === PAYLOAD_MISSING) {
      await updateItem(item.key, { state: 'failed', lastError: PAYLOAD_MISSING, lastStatus: null });
      return 'failed';
    }
    if (!written && status === 409 && message === VERSION_CONFLICT && current !== undefined) {
      return onVersionConflict(item, current, stored.payload, stored.base);
    }
    const outcome = classify(status, message);
    await updateItem(item.key, { state: outcome === 'failed' ? 'failed' : 'queued', lastError: message, lastStatus: status });
    return outcome;
  }
}

/** auth outranks retry outranks again outranks a finished item outranks nothing done. */
const RANK: Record<SendOutcome | 'idle', number> = { idle: 0, failed: 1, sent: 1, conflict: 1, again: 2, retry: 3, auth: 4 };
const worse = (a: SendOutcome | 'idle', b: SendOutcome | 'idle') => (RANK[b] > RANK[a] ? b : a);

/**
 * One pass: the pending items of the current tenant, started oldest first, until one must
 * wait. The outbox is read once per pass (reading it before each send would be quadratic
 * with a long queue); under the lock no other tab sends, and an item queued meanwhile asks
 * for one more pass (triggerOutboxDrain's `again`).
 *
 * Up to SEND_CONCURRENCY sends are in flight at once: one at a time a send is a round trip
 * plus a server transaction, and a hundred writes queued through an outage must be out within
 * seconds of the network coming back. Each item keeps its own Idempotency-Key, so overlapping
 * sends never double one. Order: items are STARTED in creation order, and the first send of a
 * pass goes alone (a probe), so while the network or the server is down only the oldest item
 * is tried and no later one overtakes it; once the server has answered 2xx, the window opens.
 * The first retry or 401 stops new starts; sends already in flight finish. Within one window
 * a later item can therefore be delivered before an earlier one that failed: the price of the
 * pipeline, bounded by its width (never two of one record: see `busy`).
 */
async function drainPass(): Promise<SendOutcome | 'idle'> {
  let result: SendOutcome | 'idle' = 'idle';
  let halted = false;
  let width = 1;
  const inFlight = new Set<Promise<void>>();
  /** Records with an earlier write in flight or waiting for the user: later ones wait. */
  const busy = new Set<string>();
  const blocked = new Set<string>();
  for (const item of await listItems()) {
    if (!isPending(item)) {
      if (item.state === 'failed' || item.state === 'conflict') blocked.add(recordOf(item));
      continue;
    }
    while (inFlight.size >= width) await Promise.race(inFlight);
    if (halted) break;
    // The session may change between two sends (logout, another district): check each time.
    const tenant = currentTenant();
    if (tenant === null) break;
    const record = recordOf(item);
    if (!itemBelongsTo(item, tenant) || getSender(item.kind) === undefined || blocked.has(record)) {
      blocked.add(record);
      continue;
    }
    if (busy.has(record)) {
      // Sent in the next pass, after the earlier write of its record.
      result = worse(result, 'again');
      blocked.add(record);
      continue;
    }
    busy.add(record);
    const send: Promise<void> = sendItem(item)
      .then((outcome) => {
        result = worse(result, outcome);
        if (outcome === 'sent') width = SEND_CONCURRENCY;
        // Keep creation order: nothing later starts while an item waits to be retried.
        if (outcome === 'retry' || outcome === 'auth') halted = true;
        if (outcome !== 'sent' && outcome !== 'again') blocked.add(record);
      })
      .finally(() => {
        busy.delete(record);
        inFlight.delete(send);
      });
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
    // A merged write to send again, or a write that waited behind its record's earlier one.
    if (outcome === 'again') state.again = true;
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

/**
 * Resolves when this tab's drain under way (with the passes it asked for) is over, at once
 * when none runs; starts none. The offline reads' refresh on reconnecting waits for it.
 */
export function outboxDrainSettled(): Promise<void> {
  return state.running ?? Promise.resolve();
}

let stopListeners: (() => void) | null = null;

/**
 * Installs the triggers (idempotent) and drains once. Call on app start after login or a
 * restored session; the outbox page and the enqueue call it too.
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
