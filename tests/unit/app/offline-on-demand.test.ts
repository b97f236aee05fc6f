/**
 * The offline copy's on-demand queries (lib/offline-declarations.ts `onDemand`,
 * lib/offline-copy.ts): kept on the device, not parsed back into memory at each start, read
 * when a screen asks and the network does not answer; a run of the offline reads asks a
 * record again by the age of its saved copy.
 */
import { QueryClient, onlineManager } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createOfflinePersister, createQueryClient, createQueryPersister, persistQueryCache } from '../../../src/app/query-client';
import { ApiError, type IfChanged } from '../../../src/lib/api-client';
import { currentCacheOwner } from '../../../src/lib/cache-owner';
import { cacheDb, readCacheRecord, timesOf, type CacheRecord } from '../../../src/lib/idb';
import { offlineCopyTimes, readOfflineCopy, withOfflineCopy, withRevalidatedCopy } from '../../../src/lib/offline-copy';
import { refreshOfflineData, registerOfflineData, type OfflineDeclaration } from '../../../src/lib/offline-reads';
import { seedSession } from '../../../src/testing/session';
import { freshIndexedDb } from '../features/emergency/outbox-testing';

const BIG = ['big', 'list'];
const DETAIL = (id: string) => ['big', 'detail', id];
const OTHER = ['things', 'list'];
const settle = () => new Promise((resolve) => setTimeout(resolve, 1200));

async function start(): Promise<{ queryClient: QueryClient; stop: () => void }> {
  const queryClient = createQueryClient({ persisted: true });
  const stop = await persistQueryCache(queryClient, createQueryPersister(), createOfflinePersister());
  return { queryClient, stop };
}

/** A first session: one run of `declaration`, its copy saved, then closed. */
async function firstSession(declaration: OfflineDeclaration): Promise<void> {
  const first = await start();
  await refreshOfflineData(first.queryClient, declaration);
  await settle();
  first.stop();
}

const noAnswer = () => Promise.reject(new ApiError(0, { message: 'communication_error' }));

describe('on-demand offline data', () => {
  let unregister: Array<() => void>;
  const BIG_DECLARATION: OfflineDeclaration = {
    module: 'big',
    persist: [['big']],
    lists: () => [{ queryKey: BIG, queryFn: () => [{ id: 'a' }, { id: 'b' }] }],
    records: ([list]) => (list as { id: string }[]).map(({ id }) => ({ queryKey: DETAIL(id), queryFn: () => ({ id, detail: true }) })),
    onDemand: true,
  };
  beforeEach(async () => {
    await freshIndexedDb();
    seedSession();
    unregister = [registerOfflineData(BIG_DECLARATION), registerOfflineData({ module: 'things', persist: [['things']], lists: () => [] })];
  });
  afterEach(() => {
    for (const off of unregister) off();
    onlineManager.setOnline(true);
  });

  it('stays on the device through the next starts and saves, out of memory, and answers a screen offline', async () => {
    const first = await start();
    await refreshOfflineData(first.queryClient, BIG_DECLARATION);
    first.queryClient.setQueryData(OTHER, ['kept in memory']);
    await settle();
    first.stop();

    const again = await start();
    // Not parsed back into memory at start; the other module's data is.
    expect(again.queryClient.getQueryData(BIG)).toBeUndefined();
    expect(again.queryClient.getQueryData(OTHER)).toEqual(['kept in memory']);
    // A save of this start (another query changed) leaves the on-device copy alone.
    again.queryClient.setQueryData(OTHER, ['changed']);
    await settle();
    again.stop();

    const third = await start();
    expect((await readOfflineCopy(BIG))?.data).toEqual([{ id: 'a' }, { id: 'b' }]);
    // Offline, a screen's query reads the device's copy without sending anything.
    onlineManager.setOnline(false);
    const fetchList = vi.fn(() => Promise.resolve([{ id: 'from the network' }]));
    const shown = await third.queryClient.fetchQuery({ queryKey: BIG, queryFn: withOfflineCopy(BIG, fetchList), networkMode: 'offlineFirst' });
    expect(shown).toEqual([{ id: 'a' }, { id: 'b' }]);
    expect(fetchList).not.toHaveBeenCalled();
    // Online but without an answer, the same.
    onlineManager.setOnline(true);
    const detail = await third.queryClient.fetchQuery({ queryKey: DETAIL('b'), queryFn: withOfflineCopy(DETAIL('b'), noAnswer) });
    expect(detail).toEqual({ id: 'b', detail: true });
    third.stop();
  });

  it('is left on the device by a start that restores before the feature registers its declaration', async () => {
    await firstSession(BIG_DECLARATION);
    // The app's start: the saved copy is restored before the features' code has loaded.
    for (const off of unregister) off();
    const again = await start();
    expect(again.queryClient.getQueryData(BIG)).toBeUndefined();
    unregister = [registerOfflineData(BIG_DECLARATION)];
    again.queryClient.setQueryData(OTHER, ['a save of this start']);
    await settle();
    again.stop();
    expect((await readOfflineCopy(BIG))?.data).toEqual([{ id: 'a' }, { id: 'b' }]);
  });

  it('a request refused by the server, or no copy, fails as it came', async () => {
    const refused = new ApiError(403, { message: 'forbidden' });
    await expect(withOfflineCopy(BIG, () => Promise.reject(refused))()).rejects.toBe(refused);
    await expect(withOfflineCopy(['big', 'never saved'], noAnswer)()).rejects.toMatchObject({ status: 0 });
  });

  it('offline without a copy fails, unless the connection came back while the copy was read: then it asks the server', async () => {
    const fetchList = vi.fn(() => Promise.resolve([{ id: 'from the network' }]));
    onlineManager.setOnline(false);
    await expect(withOfflineCopy(['big', 'never saved'], fetchList)()).rejects.toMatchObject({ status: 0 });
    expect(fetchList).not.toHaveBeenCalled();
    const run = withOfflineCopy(['big', 'never saved'], fetchList)();
    // The reconnect lands while the run still reads the device (a reconnect joins this run).
    onlineManager.setOnline(true);
    await expect(run).resolves.toEqual([{ id: 'from the network' }]);
    expect(fetchList).toHaveBeenCalledTimes(1);
  });

  it('a run asks a record again only when its saved copy is missing or old', async () => {
    await firstSession(BIG_DECLARATION);
    const times = await offlineCopyTimes([DETAIL('a'), DETAIL('b'), DETAIL('c')]);
    expect([...times.keys()].sort()).toEqual([JSON.stringify(DETAIL('a')), JSON.stringify(DETAIL('b'))]);

    // A new start: nothing in memory, the copies are fresh: only the list is asked again.
    const again = await start();
    const asked: string[] = [];
    const counting: OfflineDeclaration = {
      ...BIG_DECLARATION,
      lists: () => [{ queryKey: BIG, queryFn: () => [{ id: 'a' }, { id: 'b' }, { id: 'c' }] }],
      records: ([list]) =>
        (list as { id: string }[]).map(({ id }) => ({ queryKey: DETAIL(id), queryFn: () => (asked.push(id), { id, detail: true }) })),
    };
    await refreshOfflineData(again.queryClient, counting);
    expect(asked).toEqual(['c']);
    again.stop();
  });
});

describe('an on-demand list revalidated by its ETag', () => {
  const LIST = ['big', 'revalidated'];
  let unregister: () => void;
  /** A server whose list is `current`, with its ETag; counts what it sent. */
  const server = { current: [{ id: 'a' }], etag: '"v1"', asked: [] as (string | undefined)[], whole: 0 };
  const fetchList = vi.fn(async (etag: string | undefined): Promise<IfChanged<{ id: string }[]>> => {
    server.asked.push(etag);
    if (etag === server.etag) return { changed: false };
    server.whole += 1;
    // A new object at each answer, as a parsed body is.
    return { changed: true, data: structuredClone(server.current), etag: server.etag };
  });
  const DECLARATION: OfflineDeclaration = {
    module: 'big',
    persist: [['big']],
    lists: () => [{ queryKey: LIST, queryFn: withRevalidatedCopy(LIST, fetchList), structuralSharing: false }],
    onDemand: true,
  };
  // The saved record with its current times (a confirmation rewrites the times alone).
  const record = async () => readCacheRecord(currentCacheOwner()!, JSON.stringify(LIST));
  /** Puts a record and its times on the device, as the persister writes them. */
  const putRecord = async (value: CacheRecord) => {
    const tx = (await cacheDb()).transaction(['queries', 'times'], 'readwrite');
    await Promise.all([tx.objectStore('queries').put(value), tx.objectStore('times').put(timesOf(value)), tx.done]);
  };

  beforeEach(async () => {
    await freshIndexedDb();
    seedSession();
    Object.assign(server, { current: [{ id: 'a' }], etag: '"v1"', asked: [], whole: 0 });
    unregister = registerOfflineData(DECLARATION);
  });
  afterEach(() => {
    unregister();
    onlineManager.setOnline(true);
  });

  it('an unchanged list is not downloaded nor rewritten: the saved copy is confirmed, its times now', async () => {
    await firstSession(DECLARATION);
    const saved = await record();
    expect(saved?.etag).toBe('"v1"');
    // A copy this test can tell from a rewrite: the same JSON with a trailing space.
    await putRecord({ ...saved!, json: `${saved!.json} `, savedAt: saved!.savedAt - 60_000, dataUpdatedAt: saved!.dataUpdatedAt! - 60_000 });

    // A new start: the list is not in memory; the request names the device's copy.
    const again = await start();
    const before = Date.now();
    await refreshOfflineData(again.queryClient, DECLARATION);
    expect(server.asked).toEqual([undefined, '"v1"']);
    expect(server.whole).toBe(1);
    // The screen that asks finds the list (read from the device, not written back).
    expect(again.queryClient.getQueryData(LIST)).toEqual([{ id: 'a' }]);
    await settle();
    const confirmed = await record();
    expect(confirmed?.json).toBe(`${saved!.json} `);
    expect(confirmed?.etag).toBe('"v1"');
    // Confirmed now: the copy's max age and the records' age count from this answer.
    expect(confirmed!.savedAt).toBeGreaterThanOrEqual(before);
    expect(confirmed!.dataUpdatedAt).toBeGreaterThanOrEqual(before);
    expect((await readOfflineCopy(LIST))?.dataUpdatedAt).toBeGreaterThanOrEqual(before);

    // A reconnection in the same session: the list in memory is named, and kept as it is; the
    // device's record (its JSON: megabytes for a large district) is neither read nor written,
    // only its times are confirmed.
    const held = again.queryClient.getQueryData(LIST);
    const reads = vi.spyOn(IDBObjectStore.prototype, 'get');
    const writes = vi.spyOn(IDBObjectStore.prototype, 'put');
    try {
      await refreshOfflineData(again.queryClient, DECLARATION);
      await settle();
      const stores = (spy: typeof reads | typeof writes) => spy.mock.contexts.map((store) => (store as IDBObjectStore).name);
      expect(stores(reads)).not.toContain('queries');
      expect(stores(writes)).toEqual(['times']);
    } finally {
      reads.mockRestore();
      writes.mockRestore();
    }
    expect(server.asked.at(-1)).toBe('"v1"');
    expect(again.queryClient.getQueryData(LIST)).toBe(held);

    // The list changed on the server: downloaded, shown and saved with its new ETag.
    Object.assign(server, { current: [{ id: 'a' }, { id: 'b' }], etag: '"v2"' });
    await refreshOfflineData(again.queryClient, DECLARATION);
    expect(again.queryClient.getQueryData(LIST)).toEqual([{ id: 'a' }, { id: 'b' }]);
    await settle();
    expect((await record())?.etag).toBe('"v2"');
    expect((await readOfflineCopy(LIST))?.data).toEqual([{ id: 'a' }, { id: 'b' }]);
    again.stop();
  });

  it('offline, the device copy answers and is not written back', async () => {
    await firstSession(DECLARATION);
    const saved = await record();
    await putRecord({ ...saved!, json: `${saved!.json} ` });

    const again = await start();
    onlineManager.setOnline(false);
    const shown = await again.queryClient.fetchQuery({ queryKey: LIST, queryFn: withRevalidatedCopy(LIST, fetchList), networkMode: 'offlineFirst' });
    expect(shown).toEqual([{ id: 'a' }]);
    expect(server.asked).toEqual([undefined]);
    await settle();
    const after = await record();
    expect(after?.json).toBe(`${saved!.json} `);
    expect(after?.savedAt).toBe(saved!.savedAt);
    again.stop();
  });
});
