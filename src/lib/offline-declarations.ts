/**
 * The modules' offline declarations (lib/offline-reads.ts runs them) and the rule the read
 * cache's persisters apply: a query is kept in IndexedDB when a declaration persists its key
 * or when it opts in with `meta: { offline: true }`. Apart from offline-reads so the app's
 * entry (app/query-client.ts, main.tsx) carries only this small part.
 */
import type { FetchQueryOptions, Query, QueryKey } from '@tanstack/react-query';

/* eslint-disable @typescript-eslint/no-explicit-any -- a declaration lists queries of any data type */
export type AnyFetchOptions = FetchQueryOptions<any, any, any, any>;

/**
 * The pages of a paged (infinite) list the offline copy keeps: the first ones, those the offline
 * reads fetch (a declaration's `pages` is at most this). A list scrolled to its end in the app
 * holds every page in memory; copying them all at each new page turned megabytes into JSON
 * (the Sites scroll bench, 10,000 sites).
 */
export const OFFLINE_PAGES_KEPT = 2;
/**
 * The offline copy's buster, a shape number bumped when a persisted module query changes shape
 * (as app/query-client.ts PERSISTED_CACHE_BUSTER). Not the app's version: an update must not
 * throw away what a field user keeps for offline work (MODULES.md: data lost when the app
 * updates), and a release whose screens read the same shapes keeps it.
 */
export const OFFLINE_CACHE_BUSTER = 'offline-1';
/** How long a saved cache may be shown after the last write (an installed app left for a day). */
export const PERSISTED_CACHE_MAX_AGE_MS = 24 * 60 * 60_000;
/* eslint-enable @typescript-eslint/no-explicit-any */

export interface OfflineDeclaration {
  /** The module's name (the profile page groups what is kept by it). */
  module: string;
  persist: readonly QueryKey[];
  lists: () => AnyFetchOptions[];
  records?: (listsData: unknown[]) => AnyFetchOptions[];
  /** Per-record queries younger than this are not asked again (default 5 min). */
  recordsStaleMs?: number;
  /** Whether the session may read it (its read right), checked at each run; default yes. */
  enabled?: () => boolean;
  /**
   * Its persisted queries are kept on the device but not put back into memory when the app
   * starts: a screen that needs one offline reads it from the device (lib/offline-copy.ts
   * withOfflineCopy), and a run asks a record again by the age of its saved copy. For data
   * that is large and seldom shown (the emergency dialog's list of a district's sites), whose
   * restore held every start's main thread.
   */
  onDemand?: boolean;
}

const declarations = new Map<string, OfflineDeclaration>();

/** Registers (or replaces) a module's declaration; returns the function that removes it. */
export function registerOfflineData(declaration: OfflineDeclaration): () => void {
  declarations.set(declaration.module, declaration);
  return () => {
    if (declarations.get(declaration.module) === declaration) declarations.delete(declaration.module);
  };
}

export const offlineDeclarations = (): OfflineDeclaration[] => [...declarations.values()];

const startsWith = (key: QueryKey, prefix: QueryKey): boolean =>
  prefix.length <= key.length && prefix.every((part, i) => JSON.stringify(part) === JSON.stringify(key[i]));

/** The module whose declaration persists this key, or undefined. */
export function offlineModuleOf(key: QueryKey): string | undefined {
  for (const declaration of declarations.values()) {
    if (declaration.persist.some((prefix) => startsWith(key, prefix))) return declaration.module;
  }
  return undefined;
}

/** Whether the key is persisted by an `onDemand` declaration (kept on the device, not restored at start). */
export function isOnDemandOfflineKey(key: QueryKey): boolean {
  for (const declaration of declarations.values()) {
    if (declaration.onDemand === true && declaration.persist.some((prefix) => startsWith(key, prefix))) return true;
  }
  return false;
}

/** Whether the query is kept in IndexedDB for offline reading. */
export function isOfflineQuery(query: Pick<Query, 'queryKey' | 'meta'>): boolean {
  return query.meta?.offline === true || offlineModuleOf(query.queryKey) !== undefined;
}

