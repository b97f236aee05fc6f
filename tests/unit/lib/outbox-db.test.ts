import { beforeEach, describe, expect, it } from 'vitest';
import {
  OUTBOX_DB,
  addAlert,
  closeOutboxDb,
  deleteAlert,
  getAlert,
  getAlertPayload,
  listAlerts,
  startSending,
  subscribeOutbox,
  updateAlert,
} from '../../../src/features/emergency/outbox/alerts';
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
    expect(stored?.recipients).toEqual(makePayload().recipients);
    // The payload is its own record, read only to send; listing never carries it.
    expect(await getAlertPayload('k-1')).toEqual(makePayload());
    expect(await listAlerts()).toEqual([stored]);
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
    expect(await getAlertPayload('k')).toBeUndefined();
    expect(changes).toBe(3);
    stop();
    expect(await updateAlert('k', { state: 'queued' })).toBeUndefined();
  });

  it('moves the payloads of alerts queued by the previous version into their own store', async () => {
    // Version 1 as an earlier release of the app left it: the payload inside the alert.
    const v1 = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(OUTBOX_DB.name, 1);
      request.onupgradeneeded = () => {
        const store = request.result.createObjectStore('alerts', { keyPath: 'seq', autoIncrement: true });
        store.createIndex('byKey', 'key', { unique: true });
        store.add({ ...base, key: 'old', payload: makePayload('old@example.org'), createdAt: 7, state: 'queued', attempts: 2 });
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('open failed'));
    });
    v1.close();

    const [alert] = await listAlerts();
    expect(alert).toMatchObject({ key: 'old', recipients: ['old@example.org'], attempts: 2, state: 'queued' });
    expect(alert).not.toHaveProperty('payload');
    expect(await getAlertPayload('old')).toEqual(makePayload('old@example.org'));
  });

  it('keeps the previous version whole when moving its payloads fails, and tries again later', async () => {
    // An alert of version 1 whose recipients the move cannot read (String() of this object throws).
    const unreadable = { ...base, key: 'odd', payload: { ...makePayload(), recipients: [{ toString: null }] }, createdAt: 7, state: 'queued', attempts: 0 };
    const openV1 = () =>
      new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(OUTBOX_DB.name, 1);
        request.onupgradeneeded = () => {
          const store = request.result.createObjectStore('alerts', { keyPath: 'seq', autoIncrement: true });
          store.createIndex('byKey', 'key', { unique: true });
          store.add(unreadable);
        };
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error ?? new Error('open failed'));
      });
    (await openV1()).close();

    await expect(listAlerts()).rejects.toThrow();
    // The upgrade was undone: still version 1, the alert still holding its payload.
    const v1 = await openV1();
    expect(v1.version).toBe(1);
    const stored = await new Promise<unknown>((resolve) => {
      const request = v1.transaction('alerts').objectStore('alerts').index('byKey').get('odd');
      request.onsuccess = () => resolve(request.result);
    });
    expect(stored).toMatchObject({ key: 'odd', payload: { sites: makePayload().sites } });

    // Once the record can be read, the next call opens and moves it.
    await new Promise<void>((resolve) => {
      const tx = v1.transaction('alerts', 'readwrite');
      tx.objectStore('alerts').put({ ...(stored as object), payload: makePayload('odd@example.org') });
      tx.oncomplete = () => resolve();
    });
    v1.close();
    expect(await listAlerts()).toMatchObject([{ key: 'odd', recipients: ['odd@example.org'] }]);
    expect(await getAlertPayload('odd')).toEqual(makePayload('odd@example.org'));
  });

  it('marks an alert sending and hands its payload in one step, once per attempt', async () => {
    await addAlert({ ...base, key: 's', payload: makePayload('s@example.org'), createdAt: 1 });
    expect(await startSending('s')).toEqual(makePayload('s@example.org'));
    expect(await getAlert('s')).toMatchObject({ state: 'sending', attempts: 1 });
    await startSending('s');
    expect(await getAlert('s')).toMatchObject({ attempts: 2 });
    expect(await startSending('unknown')).toBeUndefined();
  });

  it('names its database once', () => {
    expect(OUTBOX_DB).toMatchObject({ name: 'vigie-outbox', version: 3 });
  });
});
