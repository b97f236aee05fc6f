/**
 * The offline copy of the module data (app/query-client.ts, lib/offline-reads.ts): queries that
 * opt in are kept in IndexedDB and only there, one record per query (a save writes the changed
 * ones), for their owner only, dropped at logout and by a new app version; the shell's state
 * stays in localStorage.
 */
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createOfflinePersister, createQueryClient, createQueryPersister, persistQueryCache } from '../../../src/app/query-client';
import { ApiError } from '../../../src/lib/api-client';
import { provideModuleStarts } from '../../../src/lib/module-starts';
import { OFFLINE_PAGES_KEPT } from '../../../src/lib/offline-declarations';
import { registerOfflineData } from '../../../src/lib/offline-reads';
import { endSession } from '../../../src/lib/session';
import { makeAccessToken } from '../../../src/testing/fixtures';
import { seedSession } from '../../../src/testing/session';
import { freshIndexedDb } from '../features/emergency/outbox-testing';

const SITES = ['things', 'list'];
const SHEET = ['solo', 'sheet', 'r1'];
const SHELL = ['district'];
const settle = () => new Promise((resolve) => setTimeout(resolve, 1200));

/** An app start: a new client restores what was saved, then saves its changes. */
async function start(): Promise<{ queryClient: QueryClient; stop: () => void }> {
  const queryClient = createQueryClient({ persisted: true });
  const stop = await persistQueryCache(queryClient, createQueryPersister(), createOfflinePersister());
  return { queryClient, stop };
}

describe('the offline copy of the module data', () => {
  let unregister: () => void;
  beforeEach(async () => {
    await freshIndexedDb();
    unregister = registerOfflineData({ module: 'things', persist: [['things']], lists: () => [] });
  });
  afterEach(() => unregister());

  it('keeps declared and opted-in queries in IndexedDB, the shell’s state in localStorage, and brings both back', async () => {
    seedSession();
    const first = await start();
    first.queryClient.setQueryData(SITES, [{ id: 'a' }, { id: 'b' }]);
    first.queryClient.setQueryData(SHELL, { name: 'Lyon' });
    await first.queryClient.prefetchQuery({ queryKey: SHEET, queryFn: () => ({ id: 'r1' }), meta: { offline: true } });
    await settle();
    first.stop();

    const local = localStorage.getItem('queryCache') ?? '';
    expect(local).toContain('Lyon');
    expect(local).not.toContain('"things"');
    expect(local).not.toContain('"solo"');

    const again = await start();
    expect(again.queryClient.getQueryData(SITES)).toEqual([{ id: 'a' }, { id: 'b' }]);
    expect(again.queryClient.getQueryData(SHEET)).toEqual({ id: 'r1' });
    expect(again.queryClient.getQueryData(SHELL)).toEqual({ name: 'Lyon' });
    again.stop();
  });

  it('never comes back for another district or user, and is gone after a logout', async () => {
    seedSession({ token: makeAccessToken({ did: 'district-a' }) });
    const first = await start();
    first.queryClient.setQueryData(SITES, [{ id: 'a' }]);
    await settle();
    first.stop();

    seedSession({ token: makeAccessToken({ did: 'district-b' }) });
    const other = await start();
    expect(other.queryClient.getQueryData(SITES)).toBeUndefined();
    other.stop();
    seedSession({ token: makeAccessToken({ did: 'district-a', sub: 'someone-else' }) });
    const someone = await start();
    expect(someone.queryClient.getQueryData(SITES)).toBeUndefined();
    someone.stop();

    seedSession({ token: makeAccessToken({ did: 'district-a' }) });
    const back = await start();
    expect(back.queryClient.getQueryData(SITES)).toEqual([{ id: 'a' }]);
    endSession('logout');
    back.stop();
    await settle();
    seedSession({ token: makeAccessToken({ did: 'district-a' }) });
    const afterLogout = await start();
    expect(afterLogout.queryClient.getQueryData(SITES)).toBeUndefined();
    afterLogout.stop();
  });

  it('keeps what the device holds through offline starts: a fetch without answer never drops a query from either copy', async () => {
    seedSession();
    const first = await start();
    await first.queryClient.prefetchQuery({ queryKey: SHELL, queryFn: () => ({ name: 'Lyon' }) });
    await first.queryClient.prefetchQuery({ queryKey: SHEET, queryFn: () => ({ id: 'r1' }), meta: { offline: true } });
    first.queryClient.setQueryData(SITES, [{ id: 'a' }]);
    await settle();
    first.stop();

    // Three offline starts: each asks every restored query again and gets no answer.
    const noAnswer = () => Promise.reject(new ApiError(0, { message: 'communication_error' }));
    for (let run = 1; run <= 3; run += 1) {
      const offline = await start();
      expect(offline.queryClient.getQueryData(SHELL)).toEqual({ name: 'Lyon' });
      expect(offline.queryClient.getQueryData(SHEET)).toEqual({ id: 'r1' });
      expect(offline.queryClient.getQueryState(SHELL)?.status).toBe('success');
      for (const queryKey of [SHELL, SHEET, SITES]) {
        await offline.queryClient.fetchQuery({ queryKey, queryFn: noAnswer, retry: false, meta: queryKey === SHEET ? { offline: true } : undefined }).catch(() => undefined);
        expect(offline.queryClient.getQueryState(queryKey)?.status).toBe('error');
      }
      // Another query's change makes both copies save while those are in error.
      offline.queryClient.setQueryData(['things', 'other'], [run]);
      offline.queryClient.setQueryData(['shell-other'], run);
      await settle();
      offline.stop();
    }

    const back = await start();
    expect(back.queryClient.getQueryData(SHELL)).toEqual({ name: 'Lyon' });
    expect(back.queryClient.getQueryData(SHEET)).toEqual({ id: 'r1' });
    expect(back.queryClient.getQueryData(SITES)).toEqual([{ id: 'a' }]);
    expect(back.queryClient.getQueryState(SHELL)?.status).toBe('success');
    expect(back.queryClient.getQueryState(SITES)?.status).toBe('success');
    back.stop();
  });

  it('lets a query go when the server refuses it (a 4xx), not when it gives no answer', async () => {
    seedSession();
    const first = await start();
    await first.queryClient.prefetchQuery({ queryKey: SHELL, queryFn: () => ({ name: 'Lyon' }) });
    first.queryClient.setQueryData(SITES, [{ id: 'a' }]);
    await settle();
    first.stop();

    const refusing = await start();
    const refused = () => Promise.reject(new ApiError(403, { message: 'forbidden' }));
    await refusing.queryClient.fetchQuery({ queryKey: SHELL, queryFn: refused, retry: false }).catch(() => undefined);
    await refusing.queryClient.fetchQuery({ queryKey: SITES, queryFn: refused, retry: false }).catch(() => undefined);
    await settle();
    refusing.stop();

    const back = await start();
    expect(back.queryClient.getQueryData(SHELL)).toBeUndefined();
    expect(back.queryClient.getQueryData(SITES)).toBeUndefined();
    back.stop();
  });

  it('rewrites each copy only when what it holds changes: not for the other copy’s queries, not for a refetch bringing the same data', async () => {
    seedSession();
    const { queryClient, stop } = await start();
    await queryClient.prefetchQuery({ queryKey: SHELL, queryFn: () => ({ name: 'Lyon' }) });
    queryClient.setQueryData(SITES, [{ id: 'a' }]);
    await settle();
    const writes = vi.spyOn(Storage.prototype, 'setItem');
    const shellWrites = () => writes.mock.calls.filter(([key]) => key === 'queryCache').length;
    try {
      // A module's (offline) list changes, again and again: the shell's copy stays as it is.
      queryClient.setQueryData(SITES, [{ id: 'a' }, { id: 'b' }]);
      await queryClient.fetchQuery({ queryKey: SITES, queryFn: () => [{ id: 'a' }, { id: 'c' }], staleTime: 0 });
      // The shell's query asked again, the same answer: nothing to rewrite either.
      await queryClient.fetchQuery({ queryKey: SHELL, queryFn: () => ({ name: 'Lyon' }), staleTime: 0 });
      await settle();
      expect(shellWrites()).toBe(0);
      // Its answer changes: saved.
      await queryClient.fetchQuery({ queryKey: SHELL, queryFn: () => ({ name: 'Grenoble' }), staleTime: 0 });
      await settle();
      expect(shellWrites()).toBe(1);
      expect(localStorage.getItem('queryCache')).toContain('Grenoble');
    } finally {
      writes.mockRestore();
      stop();
    }
    // The offline copy has the module's last list.
    const again = await start();
    expect(again.queryClient.getQueryData(SITES)).toEqual([{ id: 'a' }, { id: 'c' }]);
    again.stop();
  });

  it('writes only the queries whose data changed, one record each, and deletes the ones gone', async () => {
    seedSession();
    const { queryClient, stop } = await start();
    queryClient.setQueryData(SITES, [{ id: 'a' }]);
    await queryClient.prefetchQuery({ queryKey: SHEET, queryFn: () => ({ id: 'r1', note: 'big sheet' }), meta: { offline: true } });
    await settle();
    const puts = vi.spyOn(IDBObjectStore.prototype, 'put');
    try {
      queryClient.setQueryData(SITES, [{ id: 'a' }, { id: 'b' }]);
      await settle();
      // The list alone is written again, its record and its times: the sheet, unchanged, is not copied with it.
      const written = () => puts.mock.calls.map(([value]) => value as { hash: string; json?: string });
      expect(written().map((value) => [value.hash, value.json !== undefined])).toEqual([
        [JSON.stringify(SITES), true],
        [JSON.stringify(SITES), false],
      ]);
      expect(written()[0]!.json).not.toContain('big sheet');
      queryClient.removeQueries({ queryKey: SHEET });
      await settle();
      expect(puts).toHaveBeenCalledTimes(2);
    } finally {
      puts.mockRestore();
      stop();
    }
    const again = await start();
    expect(again.queryClient.getQueryData(SITES)).toEqual([{ id: 'a' }, { id: 'b' }]);
    expect(again.queryClient.getQueryData(SHEET)).toBeUndefined();
    again.stop();
  });

  it('saves large answers (each made in a task of its own) in one write, and brings them back', async () => {
    seedSession();
    const { queryClient, stop } = await start();
    const big = (prefix: string) => Array.from({ length: 3000 }, (_, n) => ({ id: `${prefix}${n}`, name: `Agence Bellecour ${n}, 12 rue de la République` }));
    queryClient.setQueryData(SITES, big('s'));
    await queryClient.prefetchQuery({ queryKey: SHEET, queryFn: () => big('f'), meta: { offline: true } });
    await settle();
    stop();
    const again = await start();
    expect(again.queryClient.getQueryData(SITES)).toEqual(big('s'));
    expect(again.queryClient.getQueryData(SHEET)).toEqual(big('f'));
    again.stop();
  });

  it('keeps the first pages of a paged list scrolled further, not every page loaded', async () => {
    seedSession();
    const { queryClient, stop } = await start();
    const pages = Array.from({ length: 5 }, (_, n) => ({ items: [{ id: `p${n}` }] }));
    queryClient.setQueryData(SITES, { pages, pageParams: pages.map((_, n) => n) });
    await settle();
    stop();
    const again = await start();
    expect(again.queryClient.getQueryData(SITES)).toEqual({ pages: pages.slice(0, OFFLINE_PAGES_KEPT), pageParams: pages.map((_, n) => n).slice(0, OFFLINE_PAGES_KEPT) });
    again.stop();
  });

  it('is dropped when the app’s version changed since it was saved', async () => {
    seedSession();
    const old = new QueryClient();
    old.setQueryData(SITES, [{ id: 'a' }]);
    await createOfflinePersister().persistClient({ timestamp: Date.now(), buster: 'offline-0|0.0.1', clientState: dehydrate(old) });
    await settle();
    const started = await start();
    expect(started.queryClient.getQueryData(SITES)).toBeUndefined();
    started.stop();
  });
  it('saves a module’s query answered before the modules’ starts in the offline copy once they have run, never in the shell’s', async () => {
    seedSession();
    let runStarts = () => {};
    let unregisterLater = () => {};
    provideModuleStarts(
      () =>
        new Promise<void>((resolve) => {
          runStarts = () => {
            unregisterLater = registerOfflineData({ module: 'later', persist: [['later']], lists: () => [] });
            resolve();
          };
        }),
    );
    try {
      const first = await start();
      first.queryClient.setQueryData(['later', 'list'], [{ id: 'x' }]);
      await settle();
      // Not known yet as the module's: kept in memory, written to neither copy.
      expect(localStorage.getItem('queryCache') ?? '').not.toContain('"later"');
      runStarts();
      await settle();
      first.stop();
      expect(localStorage.getItem('queryCache') ?? '').not.toContain('"later"');

      const again = await start();
      expect(again.queryClient.getQueryData(['later', 'list'])).toEqual([{ id: 'x' }]);
      again.stop();
    } finally {
      provideModuleStarts(null);
      unregisterLater();
    }
  });
});
