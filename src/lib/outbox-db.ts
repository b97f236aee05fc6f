/**
 * THE IndexedDB owner: the emergency alert outbox (docs/decisions.md, DESIGN "Emergency alerts:
 * the offline outbox"). Every read and write of IndexedDB goes through this module; the drainer
 * and the outbox view (features/emergency) only call the functions below.
 *
 * - One record per alert, written in ONE transaction before any network call, so an alert the
 *   user confirmed survives a crash, a reload or a closed tab.
 * - The primary key is an auto-increment number: the database hands it out across tabs, so it
 *   is the creation order the drainer sends in (two alerts created in the same millisecond keep
 *   their order). The alert's UUID (its Idempotency-Key) has its own unique index.
 * - The token is never stored here: the api-client attaches it at send time.
 * - Every change is announced to this tab's listeners and, through a BroadcastChannel, to the
 *   other tabs, so the pending count and the outbox view follow a drainer running elsewhere.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

export const OUTBOX_DB = {
  name: 'vigie-outbox',
  version: 1,
  stores: { alerts: 'alerts' },
  indexes: { byKey: 'byKey' },
  channel: 'vigie-outbox-changes',
} as const;

/** queued → sending → sent; failed (400/422) until the user retries or discards it. */
export type OutboxAlertState = 'queued' | 'sending' | 'sent' | 'failed';

export interface OutboxAlert<P = unknown> {
  /** Auto-increment, set by the database: the creation order. */
  seq: number;
  /** UUID, sent as Idempotency-Key on every attempt of this alert. */
  key: string;
  payload: P;
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

export type NewOutboxAlert<P = unknown> = Pick<
  OutboxAlert<P>,
  'key' | 'payload' | 'clientDatabase' | 'districtId' | 'userEmail' | 'createdAt'
>;

interface OutboxSchema extends DBSchema {
  [OUTBOX_DB.stores.alerts]: {
    key: number;
    value: OutboxAlert;
    indexes: { [OUTBOX_DB.indexes.byKey]: string };
  };
}

const STORE = OUTBOX_DB.stores.alerts;

let dbPromise: Promise<IDBPDatabase<OutboxSchema>> | null = null;

function db(): Promise<IDBPDatabase<OutboxSchema>> {
  dbPromise ??= openDB<OutboxSchema>(OUTBOX_DB.name, OUTBOX_DB.version, {
    upgrade(database) {
      const store = database.createObjectStore(STORE, { keyPath: 'seq', autoIncrement: true });
      store.createIndex(OUTBOX_DB.indexes.byKey, 'key', { unique: true });
    },
    // Another tab opened a newer version: let it upgrade, reopen on the next call.
    blocking() {
      void dbPromise?.then((d) => d.close());
      dbPromise = null;
    },
  });
  return dbPromise;
}

// --- change notifications ------------------------------------------------------------------

type Listener = () => void;
const listeners = new Set<Listener>();
let channel: BroadcastChannel | null = null;

function ensureChannel(): BroadcastChannel | null {
  if (channel === null && typeof BroadcastChannel !== 'undefined') {
    channel = new BroadcastChannel(OUTBOX_DB.channel);
    channel.onmessage = () => notifyLocal();
  }
  return channel;
}

function notifyLocal(): void {
  for (const listener of listeners) listener();
}

function announce(): void {
  notifyLocal();
  ensureChannel()?.postMessage('changed');
}

/** Called after every change of the outbox, in this tab or another one. */
export function subscribeOutbox(listener: Listener): () => void {
  ensureChannel();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// --- operations ----------------------------------------------------------------------------

/** Writes a new queued alert in one transaction; resolves once it is durable. */
export async function addAlert<P>(alert: NewOutboxAlert<P>): Promise<OutboxAlert<P>> {
  const database = await db();
  const record = {
    ...alert,
    state: 'queued',
    attempts: 0,
    lastError: null,
    lastStatus: null,
    serverTime: null,
    shareIds: [],
  } satisfies Omit<OutboxAlert<P>, 'seq'>;
  const tx = database.transaction(STORE, 'readwrite', { durability: 'strict' });
  // `seq` is filled by the key generator. Awaiting both settles tx.done even when add fails
  // (a duplicate key), so no rejection is left unhandled.
  const [seq] = await Promise.all([tx.store.add(record as unknown as OutboxAlert), tx.done]);
  announce();
  return { ...record, seq };
}

/** Every alert, oldest first. */
export async function listAlerts(): Promise<OutboxAlert[]> {
  return (await db()).getAll(STORE);
}

export async function getAlert(key: string): Promise<OutboxAlert | undefined> {
  return (await db()).getFromIndex(STORE, OUTBOX_DB.indexes.byKey, key);
}

/** Merges `changes` into the alert with this key, in one transaction; undefined if gone. */
export async function updateAlert(
  key: string,
  changes: Partial<Omit<OutboxAlert, 'seq' | 'key'>>,
): Promise<OutboxAlert | undefined> {
  const database = await db();
  const tx = database.transaction(STORE, 'readwrite');
  const current = await tx.store.index(OUTBOX_DB.indexes.byKey).get(key);
  if (current === undefined) {
    await tx.done;
    return undefined;
  }
  const next = { ...current, ...changes };
  await tx.store.put(next);
  await tx.done;
  announce();
  return next;
}

export async function deleteAlert(key: string): Promise<void> {
  const database = await db();
  const tx = database.transaction(STORE, 'readwrite');
  const seq = await tx.store.index(OUTBOX_DB.indexes.byKey).getKey(key);
  if (seq !== undefined) await tx.store.delete(seq);
  await tx.done;
  announce();
}

/** Tests only: close the connection and forget it (fake-indexeddb is reset between files). */
export async function closeOutboxDb(): Promise<void> {
  const pending = dbPromise;
  dbPromise = null;
  if (pending !== null) (await pending).close();
  channel?.close();
  channel = null;
  listeners.clear();
}
