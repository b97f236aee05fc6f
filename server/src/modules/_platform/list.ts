/**
 * Keyset pagination of the modules' lists (MODULES.md, "Lists"). A page ends at the last
 * row's sort key and id; the next one starts strictly after that pair, so rows inserted or
 * deleted meanwhile never shift a page (no duplicate, no gap among the rows that were
 * there), and a page costs one index range scan however deep it is. The cursor is opaque
 * to the app: base64url of [sort, sort key value, id]; one made for another sort, or
 * altered, is a 400 `validation.invalid_cursor`.
 */
import { ApiError } from '../../lib/errors.js';

export const INVALID_CURSOR = 'validation.invalid_cursor';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function encodeCursor(sort: string, value: string, id: string): string {
  return Buffer.from(JSON.stringify([sort, value, id])).toString('base64url');
}

export function decodeCursor(cursor: string, sort: string): { value: string; id: string } {
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw ApiError.badRequest(INVALID_CURSOR);
  }
  if (!Array.isArray(parts) || parts.length !== 3 || parts[0] !== sort || typeof parts[1] !== 'string' || typeof parts[2] !== 'string' || !UUID.test(parts[2])) {
    throw ApiError.badRequest(INVALID_CURSOR);
  }
  if (parts[1].length > 400 || /[\0\p{Cs}]/u.test(parts[1])) throw ApiError.badRequest(INVALID_CURSOR);
  return { value: parts[1], id: parts[2] };
}

/** A LIKE pattern matching `text` anywhere, its wildcards escaped (`\` is LIKE's default escape). */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Filtered counts of a list, kept a few seconds per (database, district, filters): counting
 * 10,000 rows for every page would cost more than the page itself (MODULES.md's budget is
 * 1,000 pages a second on PGlite). A write through the module drops its district's counts at
 * once in this process; another process's write shows within TTL_MS.
 */
export class CountCache {
  static readonly TTL_MS = 5_000;
  private static readonly MAX_ENTRIES = 2_000;
  private readonly entries = new Map<string, { total: number; at: number }>();

  private static key(db: string, districtId: string, filters: string): string {
    return `${db}\u0000${districtId}\u0000${filters}`;
  }

  get(db: string, districtId: string, filters: string): number | undefined {
    const key = CountCache.key(db, districtId, filters);
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (Date.now() - entry.at > CountCache.TTL_MS) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.total;
  }

  set(db: string, districtId: string, filters: string, total: number): void {
    if (this.entries.size >= CountCache.MAX_ENTRIES) this.entries.clear();
    this.entries.set(CountCache.key(db, districtId, filters), { total, at: Date.now() });
  }

  /** After a write in the district: every count of it is read again. */
  invalidate(db: string, districtId: string): void {
    const prefix = `${db}\u0000${districtId}\u0000`;
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key);
  }
}
