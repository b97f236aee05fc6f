/**
 * The read cache. Server errors are retried once; client errors (4xx) never.
 *
 * In the app (main.tsx, persistQueryCache) the cache is also persisted to localStorage (storage.ts `queryCache`)
 * so the installed app starts offline into the last session's pages with their data:
 * - it belongs to one user in one client and district (the owner is read from the access
 *   token, which is in localStorage from the first instant, before the session is restored);
 *   another owner never reads it, a new owner's first write replaces it;
 * - logout (storage.ts clearSessionStorageKeys) and a client or district change
 *   (features/tenancy/use-tenant-change.ts) delete it;
 * - it is kept PERSISTED_CACHE_MAX_AGE_MS; queries stay in memory as long (gcTime) so a page
 *   left an hour ago is still in what gets saved.
 * Mutations never wait for the network ('always'): offline they fail at once with the
 * communication error instead of spinning (lib/connectivity.ts requireNetwork says it first).
 */
import { QueryClient } from '@tanstack/react-query';
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { persistQueryClientRestore, persistQueryClientSubscribe, type Persister } from '@tanstack/react-query-persist-client';
import { ApiError } from '../lib/api-client';
import { decodeAccessClaims } from '../lib/jwt';
import { clearQueryCache, getQueryCache, getToken, setQueryCache } from '../lib/storage';

/** How long a saved cache may be shown after the last write (an installed app left for a day). */
export const PERSISTED_CACHE_MAX_AGE_MS = 24 * 60 * 60_000;
/** Bump when cached data changes shape: older saved caches are then dropped, not shown. */
export const PERSISTED_CACHE_BUSTER = 'v1';

export function createQueryClient({ retry = true, persisted = false }: { retry?: boolean; persisted?: boolean } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        ...(persisted ? { gcTime: PERSISTED_CACHE_MAX_AGE_MS } : {}),
        retry: (failureCount, error) =>
          retry && failureCount < 1 && (!(error instanceof ApiError) || error.status === 0 || error.status >= 500),
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

/** user|client database|district of the stored token; null without a readable token. */
export function currentCacheOwner(): string | null {
  const token = getToken();
  const claims = token === null ? null : decodeAccessClaims(token);
  return claims === null ? null : `${claims.sub}|${claims.db}|${claims.did}`;
}

/** The persister of the read cache, reading and writing only the current owner's copy. */
export function createQueryPersister(): Persister {
  return createSyncStoragePersister({
    storage: {
      getItem: () => {
        const owner = currentCacheOwner();
        return owner === null ? null : getQueryCache(owner);
      },
      setItem: (_key, value) => {
        // After a logout nothing is saved: the next session starts clean.
        const owner = currentCacheOwner();
        if (owner !== null) setQueryCache(owner, value);
      },
      removeItem: () => clearQueryCache(),
    },
  });
}

/**
 * Puts the owner's saved cache back into `queryClient`, then saves the cache on every change;
 * returns the function that stops saving. main.tsx awaits it before the route loads and React
 * mounts: the first screen's loaders and queries find the saved data (an offline start shows
 * it at once), and nothing re-renders the whole app when the restore ends, as
 * PersistQueryClientProvider did (one long task on a phone). A saved cache that cannot be read
 * is dropped (the library removes it) and the app starts with an empty one.
 *
 * What was restored is shown at once but is stale: each query is asked again in the background
 * at its first use, so the server confirms the session at every start (an account disabled or
 * a district removed since the last visit is told at once, not when the saved data ages).
 */
export async function persistQueryCache(queryClient: QueryClient, persister: Persister): Promise<() => void> {
  const options = { queryClient, persister, maxAge: PERSISTED_CACHE_MAX_AGE_MS, buster: PERSISTED_CACHE_BUSTER };
  await persistQueryClientRestore(options).catch(() => undefined);
  await queryClient.invalidateQueries({ refetchType: 'none' });
  return persistQueryClientSubscribe(options);
}
