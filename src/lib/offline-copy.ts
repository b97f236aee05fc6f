/**
 * Reading the offline copy (`vigie-cache`, lib/idb) one query at a time, for the queries that
 * are kept on the device but not put back into memory when the app starts (an offline
 * declaration's `onDemand`, lib/offline-declarations.ts): the emergency dialog's data of a
 * large district (a list of 10,000 sites, megabytes of JSON) was parsed on the main thread
 * before the first screen of every start, online or not, to serve a dialog seldom opened. The
 * copy is written by the read cache's offline persister (app/query-client.ts), which keeps
 * these records and this module reads them when a screen asks: a query function whose request
 * gets no answer (offline) answers from here (withOfflineCopy).
 */
import { hashKey, onlineManager, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { ApiError, type IfChanged } from './api-client';
import { currentCacheOwner } from './cache-owner';
import { confirmCacheRecord, readCacheRecord, readCacheTimes, type CacheTimes } from './idb';
import { OFFLINE_CACHE_BUSTER, PERSISTED_CACHE_MAX_AGE_MS } from './offline-declarations';

export interface OfflineCopy<T> {
  data: T;
  /** When the data was fetched (the query's dataUpdatedAt when it was saved). */
  dataUpdatedAt: number;
}

/**
 * The data objects this tab read from the device's copy (readOfflineCopy): the device holds them
 * already, and the offline persister does not write them back (the list of a large district was
 * serialised and written again each time a screen read it offline).
 */
const readFromDevice = new WeakSet<object>();
/** The server's ETag of data objects (an answer's, or a device copy's): what a revalidation sends. */
const etags = new WeakMap<object, string>();

/** Whether `data` is what the device's copy holds (read from it by this tab): not to be written again. */
export const isDeviceCopy = (data: unknown): boolean => typeof data === 'object' && data !== null && readFromDevice.has(data);
/** The server's ETag of `data`, if it came with one (withRevalidatedCopy): saved with the copy. */
export const etagOf = (data: unknown): string | undefined => (typeof data === 'object' && data !== null ? etags.get(data) : undefined);

/** A saved copy the app may show (undefined otherwise): not of an older shape, not older than the copy's max age. */
export const usable = <T extends CacheTimes>(saved: T | undefined): T | undefined =>
  saved === undefined || saved.buster !== OFFLINE_CACHE_BUSTER || Date.now() - saved.savedAt > PERSISTED_CACHE_MAX_AGE_MS ? undefined : saved;

/** The current owner's record of one query, when it is one the app may show (its buster, its age). */
async function usableRecord(queryKey: QueryKey) {
  const owner = currentCacheOwner();
  if (owner === null) return undefined;
  return usable(await readCacheRecord(owner, hashKey(queryKey)));
}

/** The current owner's times of one query's copy (not its JSON), when it is one the app may show. */
async function usableTimes(queryKey: QueryKey): Promise<CacheTimes | undefined> {
  const owner = currentCacheOwner();
  if (owner === null) return undefined;
  const [times] = await readCacheTimes(owner, [hashKey(queryKey)]);
  return usable(times);
}

/** The current owner's saved copy of one query, or undefined (none, unreadable, no owner). */
export async function readOfflineCopy<T>(queryKey: QueryKey): Promise<OfflineCopy<T> | undefined> {
  return copyOf<T>(await usableRecord(queryKey));
}

/** The copy a record holds (its JSON parsed), or undefined. */
function copyOf<T>(record: Awaited<ReturnType<typeof usableRecord>>): OfflineCopy<T> | undefined {
  if (record === undefined) return undefined;
  try {
    const { state } = JSON.parse(record.json) as { state: { data: T; dataUpdatedAt: number } };
    if (state.data === undefined) return undefined;
    if (typeof state.data === 'object' && state.data !== null) {
      readFromDevice.add(state.data);
      if (record.etag !== undefined) etags.set(state.data, record.etag);
    }
    // The record's time: a 304 confirms the copy without rewriting its JSON (confirmOfflineCopy).
    return { data: state.data, dataUpdatedAt: record.dataUpdatedAt ?? state.dataUpdatedAt };
  } catch {
    return undefined;
  }
}

/**
 * The server said the saved copy of one query is current (304): its times become now (its age
 * for the next run's records, its max age), its JSON is left as it is (not read, not written).
 */
export async function confirmOfflineCopy(queryKey: QueryKey, now: number = Date.now()): Promise<void> {
  const owner = currentCacheOwner();
  if (owner === null) return;
  await confirmCacheRecord(owner, hashKey(queryKey), now);
}

/**
 * When each of `queryKeys` was fetched, per the current owner's saved copy (by query hash; a
 * key without a copy is absent). One read transaction of the copies' times: their JSON is not read.
 */
export async function offlineCopyTimes(queryKeys: readonly QueryKey[]): Promise<Map<string, number>> {
  const times = new Map<string, number>();
  const owner = currentCacheOwner();
  if (owner === null || queryKeys.length === 0) return times;
  for (const saved of await readCacheTimes(owner, queryKeys.map((key) => hashKey(key)))) {
    if (saved?.dataUpdatedAt !== undefined && saved.buster === OFFLINE_CACHE_BUSTER) times.set(saved.hash, saved.dataUpdatedAt);
  }
  return times;
}

/** What a query function receives that these wrappers use (TanStack's context, in part). */
export interface QueryFnContext {
  client?: QueryClient;
  signal?: AbortSignal;
}

/**
 * A query function that answers from the device (`fromDevice`: a saved copy, or an answer made
 * from one) when the app is offline (no request is sent) or when its request gets no answer
 * (an ApiError of status 0: the server unreachable); any other failure is thrown as it came,
 * and so is the lack of an answer when the device has none (`fromDevice` gives undefined).
 * Meant for queries of `networkMode: 'offlineFirst'`: the function runs offline once, and
 * without an answer on the device the query's retry pauses until the network is back.
 */
export function withDeviceAnswer<T>(
  fetch: (context?: QueryFnContext) => Promise<T>,
  fromDevice: (context?: QueryFnContext) => Promise<T | undefined>,
): (context?: QueryFnContext) => Promise<T> {
  const answer = async (error: unknown, context?: QueryFnContext): Promise<T> => {
    const held = await fromDevice(context).catch(() => undefined);
    if (held === undefined) throw error;
    return held;
  };
  return async (context) => {
    if (!onlineManager.isOnline()) {
      try {
        return await answer(new ApiError(0, { message: 'communication_error' }), context);
      } catch (error) {
        // The connection came back while the device was read: ask the server now, or the
        // reconnect (which joins this run rather than starting one) would end on this error.
        if (!onlineManager.isOnline()) throw error;
      }
    }
    try {
      return await fetch(context);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 0) throw error;
      return answer(error, context);
    }
  };
}

/**
 * What the device holds of one query: the data in memory (a query restored at start, or
 * fetched in this run and maybe not saved yet), else its saved copy; undefined when neither exists.
 */
export async function heldData<T>(queryKey: QueryKey, client: QueryClient | undefined): Promise<T | undefined> {
  const inMemory = client?.getQueryData<T>(queryKey);
  if (inMemory !== undefined) return inMemory;
  return (await readOfflineCopy<T>(queryKey).catch(() => undefined))?.data;
}

/** withDeviceAnswer from what the device holds of the same query (heldData: in memory, else saved). */
export function withOfflineCopy<T>(queryKey: QueryKey, fetch: (context?: QueryFnContext) => Promise<T>): (context?: QueryFnContext) => Promise<T> {
  return withDeviceAnswer(fetch, (context) => heldData<T>(queryKey, context?.client));
}

/**
 * withOfflineCopy for a query whose server answers an ETag (a large list kept on the device):
 * each request names the data it would replace, the one in memory or else the device's copy,
 * and an unchanged answer (304) is neither downloaded nor written again: the device's copy is
 * confirmed (its times, confirmOfflineCopy) and the query keeps the data in memory, or reads the
 * device's copy (not written back: isDeviceCopy). Its options want `structuralSharing: false`, so
 * the data in memory is the answer's object, which carries its ETag.
 */
export function withRevalidatedCopy<T>(queryKey: QueryKey, fetch: (etag: string | undefined) => Promise<IfChanged<T>>): (context?: QueryFnContext) => Promise<T> {
  const answered = (data: T, etag: string | null): T => {
    if (etag !== null && typeof data === 'object' && data !== null) etags.set(data, etag);
    return data;
  };
  return withOfflineCopy<T>(queryKey, async (context) => {
    const held = context?.client?.getQueryData<T>(queryKey);
    // The request names the device's copy by its times' ETag; the copy's JSON (megabytes for
    // the emergency list, each read of it a copy on the main thread) is read only after a 304,
    // once, and only when memory does not hold the data.
    const etag = held === undefined ? (await usableTimes(queryKey).catch(() => undefined))?.etag : etagOf(held);
    const answer = await fetch(etag);
    if (answer.changed) return answered(answer.data, answer.etag);
    await confirmOfflineCopy(queryKey).catch(() => undefined);
    if (held !== undefined) return held;
    const copy = copyOf<T>(await usableRecord(queryKey).catch(() => undefined));
    if (copy !== undefined) return copy.data;
    // The copy went between the two reads (a logout, another owner): ask for the whole answer.
    const whole = await fetch(undefined);
    if (!whole.changed) throw new ApiError(0, { message: 'communication_error' });
    return answered(whole.data, whole.etag);
  });
}
