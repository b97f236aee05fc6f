/**
 * Form drafts kept in IndexedDB (MODULES.md "form ... drafts kept in IndexedDB"): what a user
 * typed survives a reload, a crash or an app update until it is saved or abandoned. Keys are
 * scoped to the session's tenant (account, client database, district): a draft typed in one
 * district never fills a form of another, nor another user's. Without a session nothing is
 * kept (saveDraft does nothing, loadDraft finds nothing).
 */
import type { IDBPDatabase } from 'idb';
import { outboxDb, outboxDbIfOpen, type OutboxSchema } from './idb';
import { currentTenant } from './outbox/tenant';

/**
 * Runs `run` on the drafts' database: in the caller's event when it is open (a tap's answer is
 * written before the screen redraws; a store's transactions run in the order they start, so a
 * write never overtakes an earlier one), else once it is.
 */
function withDb<T>(run: (database: IDBPDatabase<OutboxSchema>) => Promise<T>): Promise<T> {
  const open = outboxDbIfOpen();
  return open === null ? outboxDb().then(run) : run(open);
}

function scoped(key: string): string | null {
  const tenant = currentTenant();
  return tenant === null ? null : `${tenant.userEmail.toLowerCase()}|${tenant.clientDatabase}|${tenant.districtId}|${key}`;
}

export async function saveDraft(key: string, value: unknown): Promise<void> {
  const id = scoped(key);
  if (id === null) return;
  await withDb((database) => database.put('drafts', { key: id, value, savedAt: Date.now() }));
}

export async function loadDraft<T>(key: string): Promise<T | undefined> {
  const id = scoped(key);
  if (id === null) return undefined;
  return (await (await outboxDb()).get('drafts', id))?.value as T | undefined;
}

export async function deleteDraft(key: string): Promise<void> {
  const id = scoped(key);
  if (id === null) return;
  await withDb((database) => database.delete('drafts', id));
}

/**
 * A draft kept as several records under one key (`key` itself, suffix '', and `key` + a suffix
 * starting with ':' each): a long form writes only the part that changed (one answer of three
 * hundred), never the whole.
 */
const PART = ':';
const partsRange = (id: string) => IDBKeyRange.bound(`${id}${PART}`, `${id}${PART}\uffff`);
function partKey(id: string, suffix: string): string {
  if (suffix !== '' && !suffix.startsWith(PART)) throw new Error(`a draft part's suffix starts with '${PART}': ${suffix}`);
  return `${id}${suffix}`;
}

export async function saveDraftParts(key: string, parts: Readonly<Record<string, unknown>>): Promise<void> {
  const id = scoped(key);
  if (id === null) return;
  const savedAt = Date.now();
  await withDb(async (database) => {
    const tx = database.transaction('drafts', 'readwrite');
    const puts = Object.entries(parts).map(([suffix, value]) => tx.store.put({ key: partKey(id, suffix), value, savedAt }));
    // Committed now, not once the puts' success events have run: those wait for the main
    // thread (a tap's redraw), an explicit commit does not.
    commitNow(tx);
    await Promise.all([...puts, tx.done]);
  });
}

/** Asks the transaction to commit with the requests made so far (where the browser can: not in older ones). */
function commitNow(tx: { commit?: () => void }): void {
  if (typeof tx.commit === 'function') tx.commit();
}

/** Every record of a draft kept in parts, by suffix ('' is `key` itself); empty when there is none. */
export async function loadDraftParts(key: string): Promise<Map<string, unknown>> {
  const id = scoped(key);
  if (id === null) return new Map();
  const tx = (await outboxDb()).transaction('drafts');
  const [own, rows] = await Promise.all([tx.store.get(id), tx.store.getAll(partsRange(id))]);
  const parts = new Map(rows.map((row) => [row.key.slice(id.length), row.value]));
  if (own !== undefined) parts.set('', own.value);
  return parts;
}

/** A part of a draft removed (an answer cleared). */
export const deleteDraftPart = (key: string, suffix: string) => deleteDraft(`${key}${suffix}`);

/** A draft and all its parts removed. */
export async function deleteDraftParts(key: string): Promise<void> {
  const id = scoped(key);
  if (id === null) return;
  await withDb(async (database) => {
    const tx = database.transaction('drafts', 'readwrite');
    await Promise.all([tx.store.delete(id), tx.store.delete(partsRange(id)), tx.done]);
  });
}
