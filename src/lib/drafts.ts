// STUB
/**
 * Stub of the offline engineer's drafts store (IndexedDB, tenant-scoped keys), with the
 * documented signatures; in memory here, replaced at merge.
 */
const drafts = new Map<string, unknown>();

export function saveDraft(key: string, value: unknown): Promise<void> {
  drafts.set(key, structuredClone(value));
  return Promise.resolve();
}

export function loadDraft<T>(key: string): Promise<T | undefined> {
  return Promise.resolve(drafts.get(key) as T | undefined);
}

export function deleteDraft(key: string): Promise<void> {
  drafts.delete(key);
  return Promise.resolve();
}
