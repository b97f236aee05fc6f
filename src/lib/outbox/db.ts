/**
 * The outbox's reads and writes (the database itself is lib/idb's). Every write of every
 * module is one item, written with its payload and its attachment Blobs in ONE transaction
 * before any network call, durable ('strict') before the caller tells the user: a confirmed
 * write survives a crash, a reload, an app update or a closed tab.
 *
 * Every change is announced to this tab's listeners and, through a BroadcastChannel, to the
 * other tabs, so the pending count, the waiting marks and the outbox page follow a drainer
 * running elsewhere.
 */
import { closeDatabases, OUTBOX_DB, outboxDb, type PayloadRecord } from '../idb';
import type { NewWrite, OutboxItem, OutboxTenant, StoredAttachment } from './types';

// --- change notifications ------------------------------------------------------------------

type Listener = () => void;
const listeners = new Set<Listener>();
/** Told the module of each item delivered (by this tab's drainer or another tab's). */
type DeliveryListener = (module: string) => void;
const deliveryListeners = new Set<DeliveryListener>();
let channel: BroadcastChannel | null = null;

/** A BroadcastChannel message: 'changed', or the module of an item just delivered. */
type ChannelMessage = 'changed' | { delivered: string };

function ensureChannel(): BroadcastChannel | null {
  if (channel === null && typeof BroadcastChannel !== 'undefined') {
    channel = new BroadcastChannel(OUTBOX_DB.channel);
    channel.onmessage = (event: MessageEvent<ChannelMessage>) => {
      if (typeof event.data === 'object' && event.data !== null) notifyDelivered(event.data.delivered);
      else notifyLocal();
    };
  }
  return channel;
}

function notifyDelivered(module: string): void {
  for (const listener of deliveryListeners) listener(module);
}

/**
 * Calls `listener` with the module of every item delivered from now on, in any tab: what shows
 * the module's records reads them again (the server's copy moved), without waiting for the
 * socket's word, which a page just (re)loaded may not hear. Returns the function that stops.
 */
export function onDelivered(listener: DeliveryListener): () => void {
  ensureChannel();
  deliveryListeners.add(listener);
  return () => deliveryListeners.delete(listener);
}

/** Tells this tab and the others that an item of `module` was delivered. */
export function announceDelivered(module: string): void {
  notifyDelivered(module);
  ensureChannel()?.postMessage({ delivered: module } satisfies ChannelMessage);
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

export type NewItem = Omit<NewWrite, 'key' | 'tenant' | 'createdAt'> & { key: string; tenant: OutboxTenant; createdAt: number };

/** Writes a new queued item, its payload and its Blobs in one durable transaction. */
export async function addItem(write: NewItem): Promise<OutboxItem> {
  const database = await outboxDb();
  const attachments = write.attachments ?? [];
  const record = {
    key: write.key,
    idempotencyKey: write.key,
    kind: write.kind,
    module: write.module,
    recordId: write.recordId,
    baseVersion: write.baseVersion,
    tenant: { ...write.tenant },
    createdAt: write.createdAt,
    state: 'queued',
    attempts: 0,
    lastError: null,
    lastStatus: null,
    attachmentIds: attachments.map((a) => a.attachmentId),
    uploaded: [],
    written: false,
    summary: write.summary ?? null,
    result: null,
    conflict: null,
  } satisfies Omit<OutboxItem, 'seq'>;
  const tx = database.transaction(['items', 'payloads', 'attachments'], 'readwrite', { durability: 'strict' });
  const blobs = tx.objectStore('attachments');
  // `seq` is filled by the key generator. Awaiting all settles tx.done even when an add fails
  // (a duplicate key), so no rejection is left unhandled.
  const [seq] = await Promise.all([
    tx.objectStore('items').add(record as unknown as OutboxItem),
    tx.objectStore('payloads').add({ key: write.key, payload: write.payload, base: write.base ?? null }),
    ...attachments.map((a) => blobs.add({ ...a, itemKey: write.key })),
    tx.done,
  ]);
  announce();
  return { ...record, seq };
}

/** Every item without its payload, oldest first. */
export async function listItems(): Promise<OutboxItem[]> {
  return (await outboxDb()).getAll('items');
}

/** The items of one record, oldest first. */
export async function listRecordItems(module: string, recordId: string): Promise<OutboxItem[]> {
  return (await outboxDb()).getAllFromIndex('items', 'byRecord', [module, recordId]);
}

export async function getItem(key: string): Promise<OutboxItem | undefined> {
  return (await outboxDb()).getFromIndex('items', 'byKey', key);
}

export async function getPayloadRecord(key: string): Promise<PayloadRecord | undefined> {
  return (await outboxDb()).get('payloads', key);
}

export async function getAttachment(itemKey: string, attachmentId: string): Promise<StoredAttachment | undefined> {
  return (await outboxDb()).get('attachments', [itemKey, attachmentId]);
}

export type OutboxItemChanges = Partial<Omit<OutboxItem, 'seq' | 'key'>>;

/** Merges `changes` into the item with this key, in one transaction; undefined if gone. */
export async function updateItem(key: string, changes: OutboxItemChanges, payload?: Omit<PayloadRecord, 'key'>): Promise<OutboxItem | undefined> {
  const database = await outboxDb();
  const tx = database.transaction(['items', 'payloads'], 'readwrite');
  const items = tx.objectStore('items');
  const current = await items.index('byKey').get(key);
  if (current === undefined) {
    await tx.done;
    return undefined;
  }
  const next = { ...current, ...changes };
  await items.put(next);
  if (payload !== undefined) await tx.objectStore('payloads').put({ key, ...payload });
  await tx.done;
  announce();
  return next;
}

/**
 * Marks the item 'sending' (one more attempt) and reads its payload, in one transaction: the
 * drainer's step before each send. Undefined if the item or its payload is gone; then the
 * item is left as it was.
 */
export async function startSending(key: string): Promise<PayloadRecord | undefined> {
  const database = await outboxDb();
  const tx = database.transaction(['items', 'payloads'], 'readwrite');
  const items = tx.objectStore('items');
  const [current, stored] = await Promise.all([items.index('byKey').get(key), tx.objectStore('payloads').get(key)]);
  if (current !== undefined && stored !== undefined) {
    await items.put({ ...current, state: 'sending', attempts: current.attempts + 1 });
  }
  await tx.done;
  if (current === undefined || stored === undefined) return undefined;
  announce();
  return stored;
}

/** Deletes the item, its payload and its Blobs together. */
export async function deleteItem(key: string): Promise<void> {
  const database = await outboxDb();
  const tx = database.transaction(['items', 'payloads', 'attachments'], 'readwrite');
  const items = tx.objectStore('items');
  const seq = await items.index('byKey').getKey(key);
  if (seq !== undefined) await items.delete(seq);
  await tx.objectStore('payloads').delete(key);
  const blobs = tx.objectStore('attachments');
  for (const blobKey of await blobs.index('byItem').getAllKeys(key)) await blobs.delete(blobKey);
  await tx.done;
  announce();
}

/** Marks the item sent with the server's answer and frees its Blobs (the server has them). */
export async function markSent(key: string, result: unknown): Promise<void> {
  const database = await outboxDb();
  const tx = database.transaction(['items', 'attachments'], 'readwrite');
  const items = tx.objectStore('items');
  const current = await items.index('byKey').get(key);
  if (current !== undefined) {
    await items.put({ ...current, state: 'sent', result, lastError: null, lastStatus: null, conflict: null });
  }
  const blobs = tx.objectStore('attachments');
  for (const blobKey of await blobs.index('byItem').getAllKeys(key)) await blobs.delete(blobKey);
  await tx.done;
  announce();
}

/** The bytes the items' Blobs hold (the profile page). */
export async function attachmentBytes(): Promise<number> {
  let total = 0;
  let cursor = await (await outboxDb()).transaction('attachments').store.openCursor();
  while (cursor) {
    total += cursor.value.blob.size;
    cursor = await cursor.continue();
  }
  return total;
}

/** Tests only: close the connections and forget them (fake-indexeddb is reset between files). */
export async function closeOutboxDb(): Promise<void> {
  await closeDatabases();
  channel?.close();
  channel = null;
  listeners.clear();
}
