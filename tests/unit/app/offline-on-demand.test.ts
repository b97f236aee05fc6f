/**
 * The offline copy's on-demand queries (lib/offline-declarations.ts `onDemand`,
 * lib/offline-copy.ts): kept on the device, not parsed back into memory at each start, read
 * when a screen asks and the network does not answer; a run of the offline reads asks a
 * record again by the age of its saved copy.
 */
import { QueryClient, onlineManager } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createOfflinePersister, createQueryClient, createQueryPersister, persistQueryCache } from '../../../src/app/query-client';
import { ApiError } from '../../../src/lib/api-client';
import { offlineCopyTimes, readOfflineCopy, withOfflineCopy } from '../../../src/lib/offline-copy';
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
    const first = await start();
    await refreshOfflineData(first.queryClient, BIG_DECLARATION);
    await settle();
    first.stop();
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
