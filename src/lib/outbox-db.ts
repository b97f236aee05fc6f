/**
 * THE IndexedDB owner: the emergency alert outbox (docs/decisions.md, DESIGN "Emergency alerts:
 * the offline outbox"). Every read and write of IndexedDB goes through this module; the drainer
 * and the outbox view (features/emergency) only call the functions below.
 *
 * - One record per alert and one for its payload, written in ONE transaction before any
 *   network call, so an alert the user confirmed survives a crash, a reload or a closed tab.
 * - The primary key is an auto-increment number: the database hands it out across tabs, so it
 *   is the creation order the drainer sends in (two alerts created in the same millisecond keep
 *   their order). The alert's UUID (its Idempotency-Key) has its own unique index.
 * - The token is never stored here: the api-client attaches it at send time.
 * - Every change is announced to this tab's listeners and, through a BroadcastChannel, to the
 *   other tabs, so the pending count and the outbox view follow a drainer running elsewhere.
 */
import { openDB, type DBSchema, type IDBPDatabase, type IDBPTransaction, type StoreNames } from 'idb';

export const OUTBOX_DB = {
  name: 'vigie-outbox',
  // 2: payloads moved out of the alert records into their own store (see below).
  version: 2,
  stores: { alerts: 'alerts', payloads: 'payloads' },
  indexes: { byKey: 'byKey' },
  channel: 'vigie-outbox-changes',
} as const;

/** queued → sending → sent; failed (400/422) until the user retries or discards it. */
export type OutboxAlertState = 'queued' | 'sending' | 'sent' | 'failed';

/**
 * An alert as listed: everything but its payload. The payload (site data, base64 images: tens
 * of kilobytes) lives in its own store and is read only when the alert is sent, so listing a
 * long queue, which the outbox view and the pending count do after every change, stays cheap.
 */
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

interface PayloadRecord {
  key: string;
  payload: unknown;
}

interface OutboxSchema extends DBSchema {
  [OUTBOX_DB.stores.alerts]: {
    key: number;
    value: OutboxAlert;
    indexes: { [OUTBOX_DB.indexes.byKey]: string };
  };
  [OUTBOX_DB.stores.payloads]: {
    key: string;
    value: PayloadRecord;
  };
}

const STORE = OUTBOX_DB.stores.alerts;
const PAYLOADS = OUTBOX_DB.stores.payloads;

/** Version 1 kept the payload inside the alert record. */
type AlertV1 = Omit<OutboxAlert, 'recipients'> & { payload?: { recipients?: unknown } };

type UpgradeTransaction = IDBPTransaction<OutboxSchema, StoreNames<OutboxSchema>[], 'versionchange'>;

async function upgradeOutbox(database: IDBPDatabase<OutboxSchema>, oldVersion: number, tx: UpgradeTransaction): Promise<void> {
  if (oldVersion < 1) {
    const store = database.createObjectStore(STORE, { keyPath: 'seq', autoIncrement: true });
    store.createIndex(OUTBOX_DB.indexes.byKey, 'key', { unique: true });
  }
  if (oldVersion < 2) {
    database.createObjectStore(PAYLOADS, { keyPath: 'key' });
    // Alerts queued before this version: move each payload out, in the upgrade's own
    // transaction, so an alert never exists without its payload.
    const payloads = tx.objectStore(PAYLOADS);
    let cursor = await tx.objectStore(STORE).openCursor();
    while (cursor) {
      const { payload, ...rest } = cursor.value as unknown as AlertV1;
      const recipients = Array.isArray(payload?.recipients) ? payload.recipients.map(String) : [];
      await payloads.put({ key: rest.key, payload });
      await cursor.update({ ...rest, recipients });
      cursor = await cursor.continue();
    }
  }
}

let dbPromise: Promise<IDBPDatabase<OutboxSchema>> | null = null;

function db(): Promise<IDBPDatabase<OutboxSchema>> {
  if (dbPromise !== null) return dbPromise;
  const opening = openDB<OutboxSchema>(OUTBOX_DB.name, OUTBOX_DB.version, {
    upgrade(database, oldVersion, _newVersion, tx) {
      // An aborted upgrade fails the opening, which the caller hears of: not reported twice.
      tx.done.catch(() => undefined);
      // idb ignores what upgrade returns: a migration that fails must abort the upgrade itself,
      // or the new version would be committed over alerts half moved, never to be moved again.
      upgradeOutbox(database, oldVersion, tx).catch(() => {
        try {
          tx.abort();
        } catch {
          // Already aborted by the failed request itself.
        }
      });
    },
    // Another tab opened a newer version: let it upgrade, reopen on the next call.
    blocking() {
      void dbPromise?.then((d) => d.close());
      dbPromise = null;
    },
  });
  dbPromise = opening;
  // An opening that failed (an upgrade aborted) is tried again by the next call.
  opening.catch(() => {
    if (dbPromise === opening) dbPromise = null;
  });
  return opening;
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

/**
 * Writes a new queued alert and its payload in one transaction; resolves once both are
 * durable ('strict': on disk, not only in the OS cache, before the user is told).
 */
export async function addAlert<P extends { recipients: string[] }>(alert: NewOutboxAlert<P>): Promise<OutboxAlert> {
  const database = await db();
  const { payload, ...meta } = alert;
  const record = {
    ...meta,
    recipients: [...payload.recipients],
    state: 'queued',
    attempts: 0,
    lastError: null,
    lastStatus: null,
    serverTime: null,
    shareIds: [],
  } satisfies Omit<OutboxAlert, 'seq'>;
  const tx = database.transaction([STORE, PAYLOADS], 'readwrite', { durability: 'strict' });
  // `seq` is filled by the key generator. Awaiting all settles tx.done even when an add fails
  // (a duplicate key), so no rejection is left unhandled.
  const [seq] = await Promise.all([
    tx.objectStore(STORE).add(record as unknown as OutboxAlert),
    tx.objectStore(PAYLOADS).add({ key: alert.key, payload }),
    tx.done,
  ]);
  announce();
  return { ...record, seq };
}

/** Every alert without its payload, oldest first. */
export async function listAlerts(): Promise<OutboxAlert[]> {
  return (await db()).getAll(STORE);
}

export async function getAlert(key: string): Promise<OutboxAlert | undefined> {
  return (await db()).getFromIndex(STORE, OUTBOX_DB.indexes.byKey, key);
}

/** The payload to send for this alert; undefined if the alert is gone. */
export async function getAlertPayload(key: string): Promise<unknown> {
  return (await (await db()).get(PAYLOADS, key))?.payload;
}

export type OutboxAlertChanges = Partial<Omit<OutboxAlert, 'seq' | 'key'>>;

/** Merges `changes` into the alert with this key, in one transaction; undefined if gone. */
export async function updateAlert(key: string, changes: OutboxAlertChanges): Promise<OutboxAlert | undefined> {
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

/**
 * Marks the alert 'sending' (one more attempt) and reads its payload, in one transaction: the
 * drainer's step before each send. Undefined if the alert or its payload is gone; then the
 * alert is left as it was.
 */
export async function startSending(key: string): Promise<unknown> {
  const database = await db();
  const tx = database.transaction([STORE, PAYLOADS], 'readwrite');
  const alerts = tx.objectStore(STORE);
  const [current, stored] = await Promise.all([alerts.index(OUTBOX_DB.indexes.byKey).get(key), tx.objectStore(PAYLOADS).get(key)]);
  if (current !== undefined && stored !== undefined) {
    await alerts.put({ ...current, state: 'sending', attempts: current.attempts + 1 });
  }
  await tx.done;
  if (current === undefined || stored === undefined) return undefined;
  announce();
  return stored.payload;
}

/** Deletes the alert and its payload together. */
export async function deleteAlert(key: string): Promise<void> {
  const database = await db();
  const tx = database.transaction([STORE, PAYLOADS], 'readwrite');
  const alerts = tx.objectStore(STORE);
  const seq = await alerts.index(OUTBOX_DB.indexes.byKey).getKey(key);
  if (seq !== undefined) await alerts.delete(seq);
  await tx.objectStore(PAYLOADS).delete(key);
  await tx.done;
  announce();
}

/** Tests only: close the connection and forget it (fake-indexeddb is reset between files). */
export async function closeOutboxDb(): Promise<void> {
  const pending = dbPromise;
  dbPromise = null;
  if (pending !== null) (await pending.catch(() => null))?.close();
  channel?.close();
  channel = null;
  listeners.clear();
}
