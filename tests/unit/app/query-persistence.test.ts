/**
 * The read cache saved for offline starts (app/query-client.ts): only its owner (user, client,
 * district of the token) gets it back; logout and a tenant change delete it.
 */
import { dehydrate, hydrate, QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient, createQueryPersister, PERSISTED_CACHE_BUSTER, persistQueryCache } from '../../../src/app/query-client';
import { endSession } from '../../../src/lib/session';
import { clearQueryCache } from '../../../src/lib/storage';
import { makeAccessToken } from '../../../src/testing/fixtures';
import { seedSession } from '../../../src/testing/session';

const KEY = ['district'];

/** Saves a cache holding `data`, as the app does (the persister writes on its throttle). */
async function saveCache(data: unknown): Promise<void> {
  const queryClient = createQueryClient({ persisted: true });
  queryClient.setQueryData(KEY, data);
  await createQueryPersister().persistClient({ timestamp: Date.now(), buster: PERSISTED_CACHE_BUSTER, clientState: dehydrate(queryClient) });
  // The persister writes on a throttle (1 s), as in the app.
  await new Promise((resolve) => setTimeout(resolve, 1100));
}

async function restoredData(): Promise<unknown> {
  const saved = await createQueryPersister().restoreClient();
  if (saved === undefined) return undefined;
  const queryClient = new QueryClient();
  hydrate(queryClient, saved.clientState);
  return queryClient.getQueryData(KEY);
}

describe('the persisted read cache', () => {
  it('comes back for the same user, client and district, even in a new tab', async () => {
    seedSession();
    await saveCache({ name: 'Lyon' });
    sessionStorage.clear();
    expect(await restoredData()).toEqual({ name: 'Lyon' });
  });

  it('never comes back for another user or another district', async () => {
    seedSession({ token: makeAccessToken({ sub: 'user-a' }) });
    await saveCache({ name: 'Lyon' });

    seedSession({ token: makeAccessToken({ sub: 'user-b' }) });
    expect(await restoredData()).toBeUndefined();

    seedSession({ token: makeAccessToken({ sub: 'user-a', did: 'another-district' }) });
    expect(await restoredData()).toBeUndefined();
  });

  it('is deleted by a logout and by a client or district change', async () => {
    seedSession();
    await saveCache({ name: 'Lyon' });
    endSession('logout');
    seedSession();
    expect(await restoredData()).toBeUndefined();

    await saveCache({ name: 'Lyon' });
    clearQueryCache();
    expect(await restoredData()).toBeUndefined();
  });

  it('is put back into a new client before the app mounts, and its changes are saved from then on', async () => {
    seedSession();
    await saveCache({ name: 'Lyon' });
    const queryClient = createQueryClient({ persisted: true });
    const stop = await persistQueryCache(queryClient, createQueryPersister());
    expect(queryClient.getQueryData(KEY)).toEqual({ name: 'Lyon' });

    queryClient.setQueryData(KEY, { name: 'Grenoble' });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await restoredData()).toEqual({ name: 'Grenoble' });

    stop();
    queryClient.setQueryData(KEY, { name: 'Annecy' });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await restoredData()).toEqual({ name: 'Grenoble' });
  });

  it('is shown at once after a start but asked again at its first use: the server confirms the session', async () => {
    seedSession();
    await saveCache({ name: 'Lyon' });
    const queryClient = createQueryClient({ persisted: true });
    const stop = await persistQueryCache(queryClient, createQueryPersister());
    // Saved a second ago, well within the query's stale time: without the restart's check it
    // would be served from the cache for minutes.
    const queryFn = vi.fn().mockResolvedValue({ name: 'Grenoble' });
    const shown = await queryClient.ensureQueryData({ queryKey: KEY, queryFn, staleTime: 5 * 60_000 });
    expect(shown).toEqual({ name: 'Lyon' });
    await queryClient.prefetchQuery({ queryKey: KEY, queryFn, staleTime: 5 * 60_000 });
    expect(queryFn).toHaveBeenCalledOnce();
    expect(queryClient.getQueryData(KEY)).toEqual({ name: 'Grenoble' });
    // Once confirmed, the query's own stale time applies again.
    await queryClient.prefetchQuery({ queryKey: KEY, queryFn, staleTime: 5 * 60_000 });
    expect(queryFn).toHaveBeenCalledOnce();
    stop();
  });

  it('an unreadable saved cache is dropped: the app starts with an empty one', async () => {
    seedSession();
    await saveCache({ name: 'Lyon' });
    const broken = createQueryPersister();
    broken.restoreClient = () => Promise.reject(new Error('unreadable'));
    const queryClient = createQueryClient({ persisted: true });
    // The library reports the failure on the console outside production builds.
    const quiet = [vi.spyOn(console, 'error').mockReturnValue(), vi.spyOn(console, 'warn').mockReturnValue()];
    await persistQueryCache(queryClient, broken);
    for (const spy of quiet) spy.mockRestore();
    expect(queryClient.getQueryData(KEY)).toBeUndefined();
    expect(await restoredData()).toBeUndefined();
  });

  it('is not written without a session', async () => {
    await saveCache({ name: 'Lyon' });
    seedSession();
    expect(await restoredData()).toBeUndefined();
  });
});
