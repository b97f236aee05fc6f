/**
 * Form drafts kept in IndexedDB (MODULES.md "form ... drafts kept in IndexedDB"): what a user
 * typed survives a reload, a crash or an app update until it is saved or abandoned. Keys are
 * scoped to the session's tenant (account, client database, district): a draft typed in one
 * district never fills a form of another, nor another user's. Without a session nothing is
 * kept (saveDraft does nothing, loadDraft finds nothing).
 */
import { outboxDb } from './idb';
import { currentTenant } from './outbox/tenant';

function scoped(key: string): string | null {
  const tenant = currentTenant();
  return tenant === null ? null : `${tenant.userEmail.toLowerCase()}|${tenant.clientDatabase}|${tenant.districtId}|${key}`;
}

export async function saveDraft(key: string, value: unknown): Promise<void> {
  const id = scoped(key);
  if (id === null) return;
  await (await outboxDb()).put('drafts', { key: id, value, savedAt: Date.now() });
}

export async function loadDraft<T>(key: string): Promise<T | undefined> {
  const id = scoped(key);
  if (id === null) return undefined;
  return (await (await outboxDb()).get('drafts', id))?.value as T | undefined;
}

export async function deleteDraft(key: string): Promise<void> {
  const id = scoped(key);
  if (id === null) return;
  await (await outboxDb()).delete('drafts', id);
}
