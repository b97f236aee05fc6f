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
import { hashKey, onlineManager, type QueryKey } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { currentCacheOwner } from './cache-owner';
import { cacheDb } from './idb';
import { OFFLINE_CACHE_BUSTER, PERSISTED_CACHE_MAX_AGE_MS } from './offline-declarations';

export interface OfflineCopy<T> {
  data: T;
  /** When the data was fetched (the query's dataUpdatedAt when it was saved). */
  dataUpdatedAt: number;
}

/** The current owner's saved copy of one query, or undefined (none, unreadable, no owner). */
export async function readOfflineCopy<T>(queryKey: QueryKey): Promise<OfflineCopy<T> | undefined> {
  const owner = currentCacheOwner();
  if (owner === null) return undefined;
  const record = await (await cacheDb()).get('queries', [owner, hashKey(queryKey)]);
  // A copy of an older shape or older than the copy's max age is not shown (as the restore).
  if (record === undefined || record.buster !== OFFLINE_CACHE_BUSTER || Date.now() - record.savedAt > PERSISTED_CACHE_MAX_AGE_MS) return undefined;
  try {
    const { state } = JSON.parse(record.json) as { state: { data: T; dataUpdatedAt: number } };
    return state.data === undefined ? undefined : { data: state.data, dataUpdatedAt: state.dataUpdatedAt };
  } catch {
    return undefined;
  }
}

/**
 * When each of `queryKeys` was fetched, per the current owner's saved copy (by query hash; a
 * key without a copy is absent). One read transaction; the copy's JSON is not parsed.
 */
export async function offlineCopyTimes(queryKeys: readonly QueryKey[]): Promise<Map<string, number>> {
  const times = new Map<string, number>();
  const owner = currentCacheOwner();
  if (owner === null || queryKeys.length === 0) return times;
  const tx = (await cacheDb()).transaction('queries');
  const records = await Promise.all(queryKeys.map((key) => tx.store.get([owner, hashKey(key)])));
  for (const record of records) {
    if (record?.dataUpdatedAt !== undefined && record.buster === OFFLINE_CACHE_BUSTER) times.set(record.hash, record.dataUpdatedAt);
  }
  return times;
}

/**
 * A query function that answers from the device's copy when the app is offline (no request
 * is sent) or when its request gets no answer (an ApiError of status 0: the server
 * unreachable); any other failure is thrown as it came, and so is the lack of an answer when
 * there is no copy. Meant for queries of `networkMode: 'offlineFirst'`: the function runs
 * offline once, and without a copy the query's retry pauses until the network is back.
 */
export function withOfflineCopy<T>(queryKey: QueryKey, fetch: () => Promise<T>): () => Promise<T> {
  const fromCopy = async (error: unknown): Promise<T> => {
    const copy = await readOfflineCopy<T>(queryKey).catch(() => undefined);
    if (copy === undefined) throw error;
    return copy.data;
  };
  return async () => {
    if (!onlineManager.isOnline()) {
      try {
        return await fromCopy(new ApiError(0, { message: 'communication_error' }));
      } catch (error) {
        // The connection came back while the copy was read: ask the server now, or the
        // reconnect (which joins this run rather than starting one) would end on this error.
        if (!onlineManager.isOnline()) throw error;
      }
    }
    try {
      return await fetch();
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 0) throw error;
      return fromCopy(error);
    }
  };
}
