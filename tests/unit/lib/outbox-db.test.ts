import { beforeEach, describe, expect, it } from 'vitest';
import {
  OUTBOX_DB,
  addAlert,
  closeOutboxDb,
  deleteAlert,
  getAlert,
  listAlerts,
  subscribeOutbox,
  updateAlert,
} from '../../../src/lib/outbox-db';
import { freshIndexedDb, makePayload } from '../features/emergency/outbox-testing';

const base = { clientDatabase: 'client_a', districtId: 'district-1', userEmail: 'op@example.org' };

describe('the IndexedDB outbox', () => {
  beforeEach(freshIndexedDb);

  it('stores a new alert as queued, durable across a reopened connection', async () => {
    await addAlert({ ...base, key: 'k-1', payload: makePayload(), createdAt: 1000 });
    // A reload: a new connection reads what the first one committed.
    await closeOutboxDb();
    const stored = await getAlert('k-1');
    expect(stored).toMatchObject({ ...base, key: 'k-1', state: 'queued', attempts: 0, createdAt: 1000, shareIds: [] });
    expect(stored?.payload).toEqual(makePayload());
  });

  it('lists alerts in creation order, even when created in the same millisecond', async () => {
    for (const key of ['c', 'a', 'b']) await addAlert({ ...base, key, payload: makePayload(), createdAt: 5 });
    expect((await listAlerts()).map((a) => a.key)).toEqual(['c', 'a', 'b']);
  });

  it('refuses a second alert with the same key', async () => {
    await addAlert({ ...base, key: 'dup', payload: makePayload(), createdAt: 1 });
    await expect(addAlert({ ...base, key: 'dup', payload: makePayload(), createdAt: 2 })).rejects.toBeTruthy();
    expect(await listAlerts()).toHaveLength(1);
  });

  it('updates and deletes by key, and tells subscribers about each change', async () => {
    let changes = 0;
    const stop = subscribeOutbox(() => (changes += 1));
    await addAlert({ ...base, key: 'k', payload: makePayload(), createdAt: 1 });
    await updateAlert('k', { state: 'sent', serverTime: '2026-01-01T00:00:00.000Z', shareIds: ['s1'] });
    expect(await getAlert('k')).toMatchObject({ state: 'sent', shareIds: ['s1'] });
    await deleteAlert('k');
    expect(await getAlert('k')).toBeUndefined();
    expect(changes).toBe(3);
    stop();
    expect(await updateAlert('k', { state: 'queued' })).toBeUndefined();
  });

  it('names its database once', () => {
    expect(OUTBOX_DB).toMatchObject({ name: 'vigie-outbox', version: 1 });
  });
});
