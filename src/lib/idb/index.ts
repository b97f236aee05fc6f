/**
 * THE IndexedDB owner of the app: this module opens every database, defines every store and
 * every upgrade; the outbox (lib/outbox), the drafts (lib/drafts.ts) and the persisted read
 * cache (app/query-client.ts) only call the functions it hands out. Two databases, because
 * what they hold is not equally precious:
 *
 * - `vigie-outbox`: what the user wrote and the server does not have yet (the outbox of every
 *   write of every module, its payloads and attachment Blobs) and the forms' drafts. Never
 *   dropped by the app; its upgrades move what earlier versions stored, in the upgrade's own
 *   transaction, and a migration that fails aborts the upgrade (the previous version stays
 *   whole and is tried again at the next opening).
 * - `vigie-cache`: the module queries kept for offline reading, one record per query.
 *   Disposable: it can be fetched again, so it is dropped at logout and never upgraded with
 *   care (version 2 dropped version 1's one record per owner).
 *
 * Outbox versions: 1 emergency alerts with their payload inside; 2 payloads in their own
 * store; 3 every write of every module (`items`, the alerts moved into it as kind
 * 'emergency.send'), attachment Blobs and drafts.
 */
import { openDB, type DBSchema, type IDBPDatabase, type IDBPTransaction, type StoreNames } from 'idb';
import type { OutboxItem, StoredAttachment } from '../outbox/types';

export const OUTBOX_DB = {
  name: 'vigie-outbox',
  version: 3,
  stores: { items: 'items', payloads: 'payloads', attachments: 'attachments', drafts: 'drafts' },
  indexes: { byKey: 'byKey', byRecord: 'byRecord', byItem: 'byItem' },
  channel: 'vigie-outbox-changes',
} as const;

export const CACHE_DB = {
  name: 'vigie-cache',
  version: 3,
  stores: { queries: 'queries', times: 'times' },
  indexes: { byOwner: 'byOwner' },
} as const;

/** The kind of the emergency alerts moved from version 2 (features/emergency registers its sender). */
export const EMERGENCY_KIND = 'emergency.send';

export interface PayloadRecord {
  key: string;
  payload: unknown;
  /** The record as the user started editing it (the merge's base), null when none. */
  base?: unknown;
}

export interface DraftRecord {
  key: string;
  value: unknown;
  savedAt: number;
}

export interface OutboxSchema extends DBSchema {
  items: { key: number; value: OutboxItem; indexes: { byKey: string; byRecord: [string, string] } };
  payloads: { key: string; value: PayloadRecord };
  attachments: { key: [string, string]; value: StoredAttachment; indexes: { byItem: string } };
  drafts: { key: string; value: DraftRecord };
}

/** One query of the offline copy (app/query-client.ts createOfflinePersister). */
export interface CacheRecord {
  /** The owner (user|client database|district) the saved query belongs to. */
  owner: string;
  /** The query's hash (TanStack Query's queryHash). */
  hash: string;
  /** The copy's buster when the query was written (an app whose saved shapes changed drops it). */
  buster: string;
  savedAt: number;
  /**
   * When the query's data was fetched (its dataUpdatedAt), beside the JSON so the offline
   * reads can tell an old copy without parsing it (lib/offline-copy.ts); absent in records
   * written before it was added.
   */
  dataUpdatedAt?: number;
  /**
   * Kept on the device, not restored into memory at start (an `onDemand` declaration's query):
   * said in the record because the restore runs before the features' code has registered
   * their declarations.
   */
  onDemand?: boolean;
  /** The server's ETag of the data (lib/offline-copy.ts withRevalidatedCopy), if it sent one. */
  etag?: string;
  /** The dehydrated query as JSON. */
  json: string;
}

/**
 * A saved query's times and ETag without its JSON, in a store of their own (`times`): the
 * offline reads judge a copy's age, a revalidation names its ETag and a 304 confirms it by
 * these few bytes, where reading or rewriting the record cloned its JSON (megabytes for a
 * district's 10,000 sites) on the main thread. Written with the record and deleted with it; a
 * confirmation rewrites it alone, so it is the record's times when both exist.
 */
export type CacheTimes = Omit<CacheRecord, 'json' | 'onDemand'>;

interface CacheSchema extends DBSchema {
  queries: { key: [string, string]; value: CacheRecord; indexes: { byOwner: string } };
  times: { key: [string, string]; value: CacheTimes; indexes: { byOwner: string } };
}

/** A record's times part (what the `times` store keeps of it). */
export const timesOf = ({ owner, hash, buster, savedAt, dataUpdatedAt, etag }: CacheRecord): CacheTimes => ({
  owner,
  hash,
  buster,
  savedAt,
  ...(dataUpdatedAt === undefined ? {} : { dataUpdatedAt }),
  ...(etag === undefined ? {} : { etag }),
});

type UpgradeTransaction = IDBPTransaction<OutboxSchema, StoreNames<OutboxSchema>[], 'versionchange'>;

/** Version 1 kept the payload inside the alert record. */
interface AlertV1 {
  payload?: { recipients?: unknown };
  [field: string]: unknown;
}

/** An alert as versions 1 and 2 stored it (the payload gone from it since version 2). */
interface AlertV2 {
  seq: number;
  key: string;
  recipients: string[];
  clientDatabase: string;
  districtId: string;
  userEmail: string;
  createdAt: number;
  state: 'queued' | 'sending' | 'sent' | 'failed';
  attempts: number;
  lastError: string | null;
  lastStatus: number | null;
  serverTime: string | null;
  shareIds: string[];
}

const LEGACY_ALERTS = 'alerts';

/** An alert of version 2 as an outbox item of version 3: nothing of it lost. */
export function alertToItem(alert: AlertV2): OutboxItem {
  return {
    seq: alert.seq,
    key: alert.key,
    idempotencyKey: alert.key,
    kind: EMERGENCY_KIND,
    module: 'emergency',
    recordId: alert.key,
    baseVersion: null,
    tenant: { clientDatabase: alert.clientDatabase, districtId: alert.districtId, userEmail: alert.userEmail },
    createdAt: alert.createdAt,
    state: alert.state,
    attempts: alert.attempts ?? 0,
    lastError: alert.lastError ?? null,
    lastStatus: alert.lastStatus ?? null,
    attachmentIds: [],
    uploaded: [],
    written: false,
    summary: { recipients: alert.recipients },
    result: alert.state === 'sent' ? { serverTime: alert.serverTime, shareIds: alert.shareIds ?? [] } : null,
    conflict: null,
  };
}

// The legacy 'alerts' store is not in the version 3 schema: the upgrade reaches it untyped.
/* eslint-disable @typescript-eslint/no-explicit-any */
async function upgradeOutbox(database: IDBPDatabase<OutboxSchema>, oldVersion: number, tx: UpgradeTransaction): Promise<void> {
  const raw = database as unknown as IDBPDatabase<any>;
  const rawTx = tx as unknown as IDBPTransaction<any, string[], 'versionchange'>;
  if (oldVersion < 1) {
    // A new device: version 3 from scratch (the legacy store is never created). A version
    // without the legacy store (never written by a release) is treated the same way.
  } else if (oldVersion < 2 && raw.objectStoreNames.contains(LEGACY_ALERTS)) {
    raw.createObjectStore('payloads', { keyPath: 'key' });
    // Alerts queued before version 2: move each payload out, so an alert never exists
    // without its payload.
    const payloads = rawTx.objectStore('payloads');
    let cursor = await rawTx.objectStore(LEGACY_ALERTS).openCursor();
    while (cursor) {
      const { payload, ...rest } = cursor.value as AlertV1;
      const recipients = Array.isArray(payload?.recipients) ? payload.recipients.map(String) : [];
      await payloads.put({ key: rest.key, payload });
      await cursor.update({ ...rest, recipients });
      cursor = await cursor.continue();
    }
  }
  if (!raw.objectStoreNames.contains('payloads')) database.createObjectStore('payloads', { keyPath: 'key' });
  if (oldVersion < 3) {
    const items = database.createObjectStore('items', { keyPath: 'seq', autoIncrement: true });
    items.createIndex('byKey', 'key', { unique: true });
    items.createIndex('byRecord', ['module', 'recordId']);
    const attachments = database.createObjectStore('attachments', { keyPath: ['itemKey', 'attachmentId'] });
    attachments.createIndex('byItem', 'itemKey');
    database.createObjectStore('drafts', { keyPath: 'key' });
    if (raw.objectStoreNames.contains(LEGACY_ALERTS)) {
      // Every alert of version 2 becomes an item with the same sequence number (its place in
      // the sending order) and key; its payload record is already keyed by that key.
      const store = tx.objectStore('items');
      let cursor = await rawTx.objectStore(LEGACY_ALERTS).openCursor();
      while (cursor) {
        await store.put(alertToItem(cursor.value as AlertV2));
        cursor = await cursor.continue();
      }
      raw.deleteObjectStore(LEGACY_ALERTS);
    }
  }
}
/* eslint-enable @typescript-eslint/no-explicit-any */

let outboxPromise: Promise<IDBPDatabase<OutboxSchema>> | null = null;
/** The outbox database once open (null while opening or after a close): a write may start in its event, before any await. */
let outboxOpen: IDBPDatabase<OutboxSchema> | null = null;

/** The outbox database if already open, else null (then await outboxDb()). */
export const outboxDbIfOpen = (): IDBPDatabase<OutboxSchema> | null => outboxOpen;

/** The outbox database, opened (and upgraded) once per tab. */
export function outboxDb(): Promise<IDBPDatabase<OutboxSchema>> {
  if (outboxPromise !== null) return outboxPromise;
  const opening = openDB<OutboxSchema>(OUTBOX_DB.name, OUTBOX_DB.version, {
    upgrade(database, oldVersion, _newVersion, tx) {
      // An aborted upgrade fails the opening, which the caller hears of: not reported twice.
      tx.done.catch(() => undefined);
      // idb ignores what upgrade returns: a migration that fails must abort the upgrade itself,
      // or the new version would be committed over items half moved, never to be moved again.
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
      void outboxPromise?.then((d) => d.close());
      outboxPromise = null;
      outboxOpen = null;
    },
  });
  outboxPromise = opening;
  void opening.then((database) => {
    if (outboxPromise === opening) outboxOpen = database;
  }, () => undefined);
  // An opening that failed (an upgrade aborted) is tried again by the next call.
  opening.catch(() => {
    if (outboxPromise === opening) outboxPromise = null;
  });
  return opening;
}

let cachePromise: Promise<IDBPDatabase<CacheSchema>> | null = null;

/** The read cache's database. */
export function cacheDb(): Promise<IDBPDatabase<CacheSchema>> {
  if (cachePromise !== null) return cachePromise;
  const opening = openDB<CacheSchema>(CACHE_DB.name, CACHE_DB.version, {
    upgrade(database) {
      // Disposable data: an older shape (version 1, one record per owner holding the whole
      // copy; version 2, the times inside the records only) is dropped, not moved; it is
      // fetched again.
      for (const name of [...database.objectStoreNames]) database.deleteObjectStore(name);
      for (const name of [CACHE_DB.stores.queries, CACHE_DB.stores.times]) {
        database.createObjectStore(name, { keyPath: ['owner', 'hash'] }).createIndex('byOwner', 'owner');
      }
    },
    blocking() {
      void cachePromise?.then((d) => d.close());
      cachePromise = null;
    },
  });
  cachePromise = opening;
  opening.catch(() => {
    if (cachePromise === opening) cachePromise = null;
  });
  return opening;
}

/**
 * One saved query of `owner` with its current times (a confirmation's, else the record's own),
 * or undefined. One read transaction.
 */
export async function readCacheRecord(owner: string, hash: string): Promise<CacheRecord | undefined> {
  const tx = (await cacheDb()).transaction(['queries', 'times']);
  const [record, times] = await Promise.all([tx.objectStore('queries').get([owner, hash]), tx.objectStore('times').get([owner, hash])]);
  return record === undefined ? undefined : { ...record, ...times };
}

/** The times of saved queries of `owner` (absent: none saved), without reading their JSON. */
export async function readCacheTimes(owner: string, hashes: readonly string[]): Promise<(CacheTimes | undefined)[]> {
  const tx = (await cacheDb()).transaction('times');
  return Promise.all(hashes.map((hash) => tx.store.get([owner, hash])));
}

/** A saved query is current as of `now` (the server answered 304): its times only are rewritten. */
export async function confirmCacheRecord(owner: string, hash: string, now: number): Promise<void> {
  const tx = (await cacheDb()).transaction('times', 'readwrite');
  const times = await tx.store.get([owner, hash]);
  if (times !== undefined) await tx.store.put({ ...times, savedAt: now, dataUpdatedAt: now });
  await tx.done;
}

/** Tests only: close both connections and forget them (fake-indexeddb is reset between tests). */
export async function closeDatabases(): Promise<void> {
  const pending = [outboxPromise, cachePromise];
  outboxPromise = null;
  outboxOpen = null;
  cachePromise = null;
  for (const opening of pending) if (opening !== null) (await opening.catch(() => null))?.close();
}
