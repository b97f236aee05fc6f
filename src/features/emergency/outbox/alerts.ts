/**
 * The emergency alerts as the emergency feature sees them: the outbox items of kind
 * 'emergency.send' (lib/outbox, the one outbox of every write), each mapped to the alert shape
 * the dialog, the outbox page and the drainer's tests have always used. An alert is written
 * with its payload in ONE transaction before any network call; its UUID is the item's key and
 * its Idempotency-Key; its recipients are the item's summary (listing never reads payloads);
 * its server time and share ids are the item's result once sent (alerts are kept as 'sent').
 * The token is never stored: the api-client attaches it at send time.
 */
import { EMERGENCY_KIND, OUTBOX_DB } from '../../../lib/idb';
import {
  addItem,
  closeOutboxDb,
  deleteItem,
  getItem,
  getPayloadRecord,
  listItems,
  startSending as startItem,
  subscribeOutbox,
  updateItem,
  type OutboxItemChanges,
} from '../../../lib/outbox/db';
import type { OutboxItem } from '../../../lib/outbox/types';

export { OUTBOX_DB, closeOutboxDb, subscribeOutbox };

/** queued → sending → sent; failed (400/422) until the user retries or discards it. */
export type OutboxAlertState = 'queued' | 'sending' | 'sent' | 'failed';

/** An alert as listed: everything but its payload. */
export interface OutboxAlert {
  /** Auto-increment, set by the database: the creation order. */
  seq: number;
  /** UUID, sent as Idempotency-Key on every attempt of this alert. */
  key: string;
  /** The payload's recipients, copied for the outbox view. */
  recipients: string[];
  /** Client database and district of the session that created it (token claims db, did). */
  clientDatabase: string;
  districtId: string;
  userEmail: string;
  /** Epoch milliseconds. */
  createdAt: number;
  state: OutboxAlertState;
  attempts: number;
  /** Translation key of the server's message (failed) or of the last retryable error. */
  lastError: string | null;
  /** HTTP status of the last failed attempt (0: no answer). */
  lastStatus: number | null;
  /** Set once sent: the server's answer. */
  serverTime: string | null;
  shareIds: string[];
}

export interface NewOutboxAlert<P extends { recipients: string[] } = { recipients: string[] }>
  extends Pick<OutboxAlert, 'key' | 'clientDatabase' | 'districtId' | 'userEmail' | 'createdAt'> {
  payload: P;
}

interface AlertResult {
  serverTime?: string | null;
  shareIds?: string[];
}

export const isAlert = (item: OutboxItem): boolean => item.kind === EMERGENCY_KIND;

export function toAlert(item: OutboxItem): OutboxAlert {
  const result = (item.result ?? {}) as AlertResult;
  const recipients = item.summary?.recipients;
  return {
    seq: item.seq,
    key: item.key,
    recipients: Array.isArray(recipients) ? recipients.map(String) : [],
    ...item.tenant,
    createdAt: item.createdAt,
    // An alert never merges: a conflict (impossible for its kind) would show as failed.
    state: item.state === 'conflict' ? 'failed' : item.state,
    attempts: item.attempts,
    lastError: item.lastError,
    lastStatus: item.lastStatus,
    serverTime: result.serverTime ?? null,
    shareIds: result.shareIds ?? [],
  };
}

/** Writes a new queued alert and its payload in one durable transaction. */
export async function addAlert<P extends { recipients: string[] }>(alert: NewOutboxAlert<P>): Promise<OutboxAlert> {
  const { payload, key, clientDatabase, districtId, userEmail, createdAt } = alert;
  const item = await addItem({
    kind: EMERGENCY_KIND,
    module: 'emergency',
    recordId: key,
    baseVersion: null,
    payload,
    summary: { recipients: [...payload.recipients] },
    key,
    tenant: { clientDatabase, districtId, userEmail },
    createdAt,
  });
  return toAlert(item);
}

/** Every alert without its payload, oldest first. */
export async function listAlerts(): Promise<OutboxAlert[]> {
  return (await listItems()).filter(isAlert).map(toAlert);
}

export async function getAlert(key: string): Promise<OutboxAlert | undefined> {
  const item = await getItem(key);
  return item === undefined || !isAlert(item) ? undefined : toAlert(item);
}

/** The payload to send for this alert; undefined if the alert is gone. */
export async function getAlertPayload(key: string): Promise<unknown> {
  return (await getPayloadRecord(key))?.payload;
}

export type OutboxAlertChanges = Partial<Omit<OutboxAlert, 'seq' | 'key'>>;

/** Merges `changes` into the alert with this key, in one transaction; undefined if gone. */
export async function updateAlert(key: string, changes: OutboxAlertChanges): Promise<OutboxAlert | undefined> {
  const { serverTime, shareIds, recipients, clientDatabase, districtId, userEmail, ...rest } = changes;
  const itemChanges: OutboxItemChanges = { ...rest };
  if (serverTime !== undefined || shareIds !== undefined) {
    const current = await getItem(key);
    const result = (current?.result ?? {}) as AlertResult;
    itemChanges.result = { serverTime: serverTime ?? result.serverTime ?? null, shareIds: shareIds ?? result.shareIds ?? [] };
  }
  if (recipients !== undefined) itemChanges.summary = { recipients };
  if (clientDatabase !== undefined || districtId !== undefined || userEmail !== undefined) {
    const current = await getItem(key);
    if (current !== undefined) {
      itemChanges.tenant = {
        clientDatabase: clientDatabase ?? current.tenant.clientDatabase,
        districtId: districtId ?? current.tenant.districtId,
        userEmail: userEmail ?? current.tenant.userEmail,
      };
    }
  }
  const item = await updateItem(key, itemChanges);
  return item === undefined ? undefined : toAlert(item);
}

/**
 * Marks the alert 'sending' (one more attempt) and reads its payload, in one transaction.
 * Undefined if the alert or its payload is gone; then the alert is left as it was.
 */
export async function startSending(key: string): Promise<unknown> {
  return (await startItem(key))?.payload;
}

/** Deletes the alert and its payload together. */
export const deleteAlert = (key: string): Promise<void> => deleteItem(key);
