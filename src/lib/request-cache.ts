/**
 * A short-lived cache of answers keyed by request (spec section 7 "Cached POST calls": 5-second
 * cache with de-duplication of identical in-flight calls). Generic: it caches promises and
 * knows nothing of HTTP; src/lib/api-client.ts decides which calls go through it and builds
 * their keys (requestCacheKey).
 *
 * - Identical calls while one is in flight share its promise (one request).
 * - A success is served for `lifetimeMs` after it arrived (the answer's age, not the call's).
 * - A failure is never served again: the next identical call asks anew.
 * - clear() forgets everything, including calls in flight (their late answers are not stored).
 */
import { REQUEST_CACHE_MS } from '../../common/constants';

interface Entry {
  promise: Promise<unknown>;
  /** Infinity while in flight. */
  expiresAt: number;
}

export interface RequestCache {
  /** The cached or in-flight answer for `key`, else `call()`'s, shared and then kept. */
  run<T>(key: string, call: () => Promise<T>): Promise<T>;
  clear(): void;
  /** Entries held (in flight or fresh), for tests and diagnostics. */
  readonly size: number;
}

export function createRequestCache(lifetimeMs: number = REQUEST_CACHE_MS, now: () => number = () => Date.now()): RequestCache {
  const entries = new Map<string, Entry>();

  // Expired entries go on each new call, so the map never grows beyond the calls of the last
  // few seconds.
  function sweep(at: number): void {
    for (const [key, entry] of entries) if (entry.expiresAt <= at) entries.delete(key);
  }

  return {
    run<T>(key: string, call: () => Promise<T>): Promise<T> {
      const at = now();
      const existing = entries.get(key);
      if (existing !== undefined && existing.expiresAt > at) return existing.promise as Promise<T>;
      sweep(at);
      const entry: Entry = { promise: Promise.resolve(), expiresAt: Number.POSITIVE_INFINITY };
      const promise = call().then(
        (value) => {
          // Only when this entry is still the one for the key (clear() may have run meanwhile).
          if (entries.get(key) === entry) entry.expiresAt = now() + lifetimeMs;
          return value;
        },
        (error: unknown) => {
          if (entries.get(key) === entry) entries.delete(key);
          throw error;
        },
      );
      entry.promise = promise;
      entries.set(key, entry);
      return promise;
    },
    clear(): void {
      entries.clear();
    },
    get size(): number {
      return entries.size;
    },
  };
}

/** JSON with object keys sorted at every level, so `{a, b}` and `{b, a}` make one key. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => stableJson(item ?? null)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record)
      .filter((key) => record[key] !== undefined)
      .sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${stableJson(record[key])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * The key of one call: who asks, in which district, what, with which body. The tenant is part
 * of it so a district change never serves the previous district's answer, even before the
 * cache is cleared.
 */
export function requestCacheKey(path: string, body: unknown, tenant: { email: string | null; districtId: string | null }): string {
  return `${tenant.email ?? ''}\u0000${tenant.districtId ?? ''}\u0000${path}\u0000${stableJson(body ?? null)}`;
}
