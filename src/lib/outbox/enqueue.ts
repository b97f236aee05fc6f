/**
 * The write side of the outbox for the modules: a write is queued (durable in IndexedDB
 * before this resolves), persistent storage is asked for, and the drainer is woken. A module
 * never calls the API for a write itself: the outbox sends it, now or when the network is back.
 * And what the user does with a write that waits: retry a failed one, discard it, choose the
 * values of a conflict.
 */
import { requestOutboxSync } from '../sw-bridge';
import { deleteItem, addItem, getItem, getPayloadRecord, listItems, updateItem } from './db';
import { triggerOutboxDrain } from './drainer';
import { resolve, type Choice } from './merge';
import { currentTenant } from './tenant';
import type { NewWrite, OutboxItem } from './types';

export class NoSessionError extends Error {
  override readonly name = 'NoSessionError';
}

/** Asks the browser not to evict the outbox under storage pressure; a refusal changes nothing. */
export function requestPersistentStorage(): Promise<boolean> {
  return globalThis.navigator?.storage?.persist?.().catch(() => false) ?? Promise.resolve(false);
}

/**
 * Queues a write of the session's tenant (or `write.tenant`); resolves with the item once it
 * is on disk. Rejects with NoSessionError without a session (nobody to send it as).
 */
export async function enqueueWrite(write: NewWrite): Promise<OutboxItem> {
  const tenant = write.tenant ?? currentTenant();
  if (tenant === null) throw new NoSessionError('token_invalid');
  const item = await addItem({ ...write, key: write.key ?? crypto.randomUUID(), tenant, createdAt: write.createdAt ?? Date.now() });
  void requestPersistentStorage();
  void requestOutboxSync();
  void triggerOutboxDrain();
  return item;
}

/** Not delivered yet: queued, sending, failed or in conflict (what a logout would leave). */
export const isUndelivered = (item: OutboxItem): boolean => item.state !== 'sent';

/** Items on this device not delivered yet, any tenant. */
export async function countPendingWrites(): Promise<number> {
  return (await listItems()).filter(isUndelivered).length;
}

/** A failed item goes back to the queue with the same key (the server deduplicates). */
export async function retryWrite(key: string): Promise<void> {
  await updateItem(key, { state: 'queued', lastError: null, lastStatus: null });
  void triggerOutboxDrain();
}

export const discardWrite = (key: string): Promise<void> => deleteItem(key);

/**
 * The user chose, for each conflicting field, their value or the server's: the change set is
 * sent again on the server's version, as a new request (new key). Nothing left to send (every
 * choice was the server's) means the write is done.
 */
export async function resolveConflict(key: string, choices: Readonly<Record<string, Choice>>): Promise<void> {
  const item = await getItem(key);
  if (item?.state !== 'conflict' || item.conflict === null) return;
  const { fields, merged, theirs } = item.conflict;
  const changes = resolve(merged, fields, choices);
  if (Object.keys(changes).length === 0) {
    await deleteItem(key);
    return;
  }
  const stored = await getPayloadRecord(key);
  await updateItem(
    key,
    { state: 'queued', conflict: null, baseVersion: theirs.version, idempotencyKey: crypto.randomUUID(), lastError: null, lastStatus: null },
    { payload: changes, base: theirs ?? stored?.base ?? null },
  );
  void triggerOutboxDrain();
}
