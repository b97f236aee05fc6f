/**
 * The outbox as React state, kept current across tabs: every item (oldest first), the items
 * of one module or record that are not delivered yet (waiting marks, the overlay of pending
 * changes), and the pending count of the shell. One shared reader per tab: however many
 * screens watch the outbox, a change is read once.
 */
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { getAttachment, getPayloadRecord, listItems, onDelivered, subscribeOutbox } from './db';
import { isUndelivered } from './enqueue';
import type { PendingWrite } from './overlay';
import type { OutboxItem, StoredAttachment } from './types';

/**
 * Least time between two re-reads while changes keep coming. A drain announces two changes
 * per item, a few items at a time: re-reading and re-rendering for each would cost more than
 * the sends. The first change after a quiet spell is read at once (a new write shows without
 * delay); during a drain the list follows at this pace.
 */
export const OUTBOX_REFRESH_MS = 250;

type Snapshot = OutboxItem[] | null;

const watchers = new Set<() => void>();
let snapshot: Snapshot = null;
let stopSource: (() => void) | null = null;
let reading = false;
let stale = false;
let lastRead = -Infinity;
let timer: ReturnType<typeof setTimeout> | null = null;

function publish(next: Snapshot): void {
  snapshot = next;
  for (const watcher of watchers) watcher();
}

function read(): void {
  timer = null;
  reading = true;
  stale = false;
  listItems()
    .then(publish, () => publish([]))
    .finally(() => {
      reading = false;
      lastRead = performance.now();
      if (stale && stopSource !== null) load();
    });
}

// One read at a time; changes during a read (or within OUTBOX_REFRESH_MS of its end) ask for
// one more read, not one each.
function load(): void {
  if (reading) {
    stale = true;
    return;
  }
  if (timer !== null) return;
  const wait = lastRead + OUTBOX_REFRESH_MS - performance.now();
  if (wait <= 0) read();
  else timer = setTimeout(read, wait);
}

function subscribe(watcher: () => void): () => void {
  watchers.add(watcher);
  if (stopSource === null) {
    stopSource = subscribeOutbox(load);
    load();
  }
  return () => {
    watchers.delete(watcher);
    if (watchers.size === 0) {
      stopSource?.();
      stopSource = null;
      if (timer !== null) clearTimeout(timer);
      timer = null;
      // The next watcher reads afresh (another tab may have changed it meanwhile).
      snapshot = null;
      lastRead = -Infinity;
    }
  };
}

const getSnapshot = (): Snapshot => snapshot;

/** Every item on this device, oldest first; null until the first read. */
export function useOutboxItems(): OutboxItem[] | null {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}

const stayNull = (): (() => void) => () => undefined;
const noItems = (): Snapshot => null;

/**
 * useOutboxItems where the caller needs them (`wanted`), else null without reading the outbox:
 * a screen whose start has nothing to show from it does not open IndexedDB for it.
 */
export function useOutboxItemsIf(wanted: boolean): OutboxItem[] | null {
  return useSyncExternalStore(wanted ? subscribe : stayNull, wanted ? getSnapshot : noItems, wanted ? getSnapshot : noItems);
}

/** The items of `module` (and of `recordId` when given) not delivered yet, oldest first. */
export function usePendingWrites(module: string, recordId?: string): OutboxItem[] {
  const items = useOutboxItems();
  return useMemo(
    () => (items ?? []).filter((i) => isUndelivered(i) && i.module === module && (recordId === undefined || i.recordId === recordId)),
    [items, module, recordId],
  );
}

/**
 * The pending writes of `module` (or of one record) with their payloads, for withPending and
 * withPendingRecord. Each payload is read from IndexedDB once, and again only when its item's
 * idempotency key changes (a payload is rewritten only with a new key: a merge, a resolved
 * conflict). Reading every payload at each change of the items made a replay of N queued
 * writes read N payloads at each of its steps.
 */
export function usePendingChanges(module: string, recordId?: string): PendingWrite[] {
  const items = usePendingWrites(module, recordId);
  const [writes, setWrites] = useState<PendingWrite[]>([]);
  /** Payloads read so far, by item key, with the idempotency key they were read under. */
  const known = useRef(new Map<string, { idempotencyKey: string; payload: unknown }>());
  // Re-read only when an item is added, removed, or its payload may have changed (a merge).
  const signature = items.map((i) => `${i.key}:${i.state}:${i.idempotencyKey}`).join('|');
  useEffect(() => {
    let alive = true;
    const cache = known.current;
    const payloadOf = async (item: OutboxItem): Promise<unknown> => {
      const hit = cache.get(item.key);
      if (hit?.idempotencyKey === item.idempotencyKey) return hit.payload;
      const payload = (await getPayloadRecord(item.key))?.payload;
      if (payload !== undefined) cache.set(item.key, { idempotencyKey: item.idempotencyKey, payload });
      return payload;
    };
    Promise.all(items.map(async (item) => ({ item, payload: await payloadOf(item) })))
      .then((loaded) => {
        if (!alive) return;
        // Delivered or discarded items leave the cache.
        const current = new Set(items.map((item) => item.key));
        for (const key of cache.keys()) if (!current.has(key)) cache.delete(key);
        setWrites(loaded);
      })
      .catch(() => alive && setWrites(items.map((item) => ({ item, payload: undefined }))));
    return () => {
      alive = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the signature names what matters of items
  }, [signature]);
  return writes;
}

/**
 * Whether a record's sheet may ask the server for record `recordId`: not before the outbox is
 * read, nor while this device holds its create (`createKind`) undelivered. The server does not
 * have such a record yet: its sheet shows the device's copy (the overlay), and a read would
 * only answer 404, "cannot be found". Once the create is delivered, the read may go.
 */
export function useServerMayHave(createKind: string, recordId: string): boolean {
  const items = useOutboxItems();
  return items !== null && !items.some((item) => isUndelivered(item) && item.kind === createKind && item.recordId === recordId);
}

/** An attachment still in the outbox, with the item that carries it (its state: waiting, failed). */
export interface PendingAttachment {
  item: OutboxItem;
  attachment: StoredAttachment;
}

/**
 * The attachments of `module`'s record `recordId` not uploaded yet, with their Blobs, so a
 * screen shows a photo added offline at once from the device. Read from IndexedDB once per
 * change of the items (the Blobs are not copied: IndexedDB hands back a reference).
 */
export function usePendingAttachments(module: string, recordId: string): PendingAttachment[] {
  const items = usePendingWrites(module, recordId);
  const [attachments, setAttachments] = useState<PendingAttachment[]>([]);
  const signature = items.map((i) => `${i.key}:${i.state}:${i.attachmentIds.join(',')}:${i.uploaded.join(',')}`).join('|');
  useEffect(() => {
    let alive = true;
    const wanted = items.flatMap((item) => item.attachmentIds.filter((id) => !item.uploaded.includes(id)).map((id) => ({ item, id })));
    Promise.all(wanted.map(async ({ item, id }) => ({ item, attachment: await getAttachment(item.key, id) })))
      .then((loaded) => alive && setAttachments(loaded.filter((a): a is PendingAttachment => a.attachment !== undefined)))
      // The outbox unreadable: nothing to show from it (the items' marks still say they wait).
      .catch(() => alive && setAttachments([]));
    return () => {
      alive = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the signature names what matters of items
  }, [signature]);
  return attachments;
}

/** Writes not delivered yet on this device (every module, every tenant): the shell's badge. */
export function usePendingCount(): number {
  const items = useOutboxItems();
  return items === null ? 0 : items.filter(isUndelivered).length;
}

/** Tests only: forget the shared reader. */
export function resetOutboxReader(): void {
  if (timer !== null) clearTimeout(timer);
  timer = null;
  stopSource?.();
  stopSource = null;
  watchers.clear();
  snapshot = null;
  reading = false;
  stale = false;
  lastRead = -Infinity;
}

/**
 * Runs `then` each time an item of `module` is delivered (in this tab or another): a list reads
 * its records again once the writes it overlaid have reached the server. Told by the drainer
 * itself, so a delivery too quick for the throttled item list (OUTBOX_REFRESH_MS) or for a
 * socket still connecting is not missed.
 */
export function useOnDelivered(module: string, then: () => void): void {
  const callback = useRef(then);
  useEffect(() => {
    callback.current = then;
  });
  useEffect(() => onDelivered((delivered) => {
    if (delivered === module) callback.current();
  }), [module]);
}
