/**
 * The app's restore of the offline copy (app/query-client.ts OfflineRestore 'on-use', main.tsx):
 * the start reads the records' keys only; a query comes back into memory when a screen first
 * observes it, offline too, and what no screen asked stays on the device through the saves.
 */
import { onlineManager, QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createOfflinePersister, createQueryClient, createQueryPersister, persistQueryCache, type OfflineRestore } from '../../../src/app/query-client';
import { readOfflineCopy } from '../../../src/lib/offline-copy';
import { refreshOfflineData, registerOfflineData, type OfflineDeclaration } from '../../../src/lib/offline-reads';
import { seedSession } from '../../../src/testing/session';
import { freshIndexedDb } from '../features/emergency/outbox-testing';

const LIST = ['things', 'list'];
const SHEET = (id: string) => ['things', 'sheet', id];
const settle = () => new Promise((resolve) => setTimeout(resolve, 1200));

async function start(restore: OfflineRestore): Promise<{ queryClient: QueryClient; stop: () => void }> {
  const queryClient = createQueryClient({ persisted: true });
  const stop = await persistQueryCache(queryClient, createQueryPersister(), createOfflinePersister({ restore }));
  return { queryClient, stop };
}

/** The data `observer` shows once it has some. */
function shown<T>(observer: { subscribe: QueryObserver<T>['subscribe'] }): Promise<T> {
  return new Promise((resolve) => {
    const off = observer.subscribe((result) => {
      if (result.data === undefined) return;
      off();
      resolve(result.data);
    });
  });
}

describe('the offline copy restored as screens observe it', () => {
  let unregister: () => void;
  const fetched: string[] = [];
  const DECLARATION: OfflineDeclaration = {
    module: 'things',
    persist: [['things']],
    lists: () => [{ queryKey: LIST, queryFn: () => (fetched.push('list'), [{ id: 'a' }, { id: 'b' }]) }],
    records: ([list]) => (list as { id: string }[]).map(({ id }) => ({ queryKey: SHEET(id), queryFn: () => (fetched.push(id), { id, sheet: true }) })),
  };
  beforeEach(async () => {
    await freshIndexedDb();
    seedSession();
    fetched.length = 0;
    unregister = registerOfflineData(DECLARATION);
    const first = await start('on-use');
    await refreshOfflineData(first.queryClient, DECLARATION);
    await settle();
    first.stop();
    fetched.length = 0;
  });
  afterEach(() => {
    unregister();
    onlineManager.setOnline(true);
  });

  it('reads nothing into memory at start; offline, a query first observed is answered from the device', async () => {
    const again = await start('on-use');
    expect(again.queryClient.getQueryData(LIST)).toBeUndefined();
    expect(again.queryClient.getQueryData(SHEET('a'))).toBeUndefined();

    onlineManager.setOnline(false);
    const network = vi.fn(() => Promise.resolve([{ id: 'from the network' }]));
    const observer = new QueryObserver(again.queryClient, { queryKey: LIST, queryFn: network });
    await expect(shown(observer)).resolves.toEqual([{ id: 'a' }, { id: 'b' }]);
    expect(network).not.toHaveBeenCalled();
    // Shown, and asked again once the network is back (as a query restored at start).
    expect(again.queryClient.getQueryState(LIST)?.isInvalidated).toBe(true);
    // The sheets no screen observed are still on the device only.
    expect(again.queryClient.getQueryData(SHEET('a'))).toBeUndefined();

    // A save of this start leaves the unobserved sheets on the device.
    again.queryClient.setQueryData(['things', 'other'], ['changed']);
    await settle();
    again.stop();
    expect((await readOfflineCopy(SHEET('a')))?.data).toEqual({ id: 'a', sheet: true });
    expect((await readOfflineCopy(LIST))?.data).toEqual([{ id: 'a' }, { id: 'b' }]);
  });

  it('online, the answer of the network wins over the device copy read after it', async () => {
    const again = await start('on-use');
    const observer = new QueryObserver(again.queryClient, { queryKey: LIST, queryFn: () => Promise.resolve([{ id: 'new' }]) });
    const off = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(again.queryClient.getQueryState(LIST)?.fetchStatus).toBe('idle'));
    await settle();
    expect(again.queryClient.getQueryData(LIST)).toEqual([{ id: 'new' }]);
    off();
    again.stop();
  });

  it('a run of the offline reads asks again the list, not the records whose saved copy is fresh', async () => {
    const again = await start('on-use');
    await refreshOfflineData(again.queryClient, DECLARATION);
    expect(fetched).toEqual(['list']);
    again.stop();
  });
});
