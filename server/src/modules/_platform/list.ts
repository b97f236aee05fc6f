/**
 * Keyset pagination of the modules' lists (MODULES.md, "Lists"). A page ends at the last
 * row's sort key and id; the next one starts strictly after that pair, so rows inserted or
 * deleted meanwhile never shift a page (no duplicate, no gap among the rows that were
 * there), and a page costs one index range scan however deep it is. The cursor is opaque
 * to the app: base64url of [sort, sort key value, id]; one made for another sort, or
 * altered, is a 400 `validation.invalid_cursor`.
 */
import type { Queryable } from '../../db/types.js';
import { ApiError } from '../../lib/errors.js';
import { isUuid } from '../../../../common/uuid.js';

export const INVALID_CURSOR = 'validation.invalid_cursor';

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
  if (!Array.isArray(parts) || parts.length !== 3 || parts[0] !== sort || typeof parts[1] !== 'string' || typeof parts[2] !== 'string' || !isUuid(parts[2])) {
    throw ApiError.badRequest(INVALID_CURSOR);
  }
  if (parts[1].length > 400 || /[\0\p{Cs}]/u.test(parts[1])) throw ApiError.badRequest(INVALID_CURSOR);
  return { value: parts[1], id: parts[2] };
}

/** How a sort orders a list's rows: the indexed key, its cursor text and that text's check. */
export interface SortSpec {
  column: string;
  /** The cursor's text of a row's key. */
  value: string;
  /** The key back from the cursor's text (parameter `param`). */
  bound: (param: string) => string;
  valid: (v: string) => boolean;
}

/** A text key (a folded name) as it is. */
export const textKey = (column: string): SortSpec => ({ column, value: column, bound: (param) => `${param}::text`, valid: () => true });

/** A time key in microseconds since the epoch: exact (a timestamp's text or a JS Date would round or depend on settings). */
export const timeKey = (column: string): SortSpec => ({
  column,
  value: `(extract(epoch from ${column}) * 1000000)::bigint::text`,
  bound: (param) => `(timestamptz 'epoch' + ${param}::bigint * interval '1 microsecond')`,
  valid: (v) => /^-?\d{1,17}$/.test(v),
});

/**
 * The values of a comma-separated filter (`?status=new,closed`), each checked, ids lower-cased;
 * null when absent; a 400 `errorKey` naming the filter for an empty, too long or invalid one.
 */
export function filterValues(text: string | undefined, name: string, valid: (v: string) => boolean, errorKey: string): string[] | null {
  if (text === undefined) return null;
  const values = [...new Set(text.split(',').map((v) => v.trim()))];
  if (values.length === 0 || values.length > 50 || values.some((v) => !valid(v))) throw ApiError.badRequest(errorKey, name);
  return values.map((v) => (isUuid(v) ? v.toLowerCase() : v));
}

/**
 * One page of a list sorted by folded name, the records' usual order (keyset on
 * `(vigie_fold(t.name), t.id)`, cursor sort `name`): the rows of `select` (reading alias `t` and
 * `vigie_fold(t.name) as sort_value`) matching `where` (over `params`), the count of `table t`
 * matching it, and the next page's cursor.
 */
export async function namePage<Row extends { id: string; sort_value: string }>(
  db: Queryable,
  query: { select: string; table: string; where: readonly string[]; params: readonly unknown[]; cursor?: string | undefined; limit: number },
  /** The filtered count kept a few seconds for the district (every page of one list shares it). */
  counts?: { cache: CountCache; districtId: string },
): Promise<{ rows: Row[]; nextCursor: string | null; total: number }> {
  const params = [...query.params];
  const where = [...query.where];
  if (query.cursor) {
    const cursor = decodeCursor(query.cursor, 'name');
    params.push(cursor.value, cursor.id);
    where.push(`(vigie_fold(t.name), t.id) > ($${params.length - 1}::text, $${params.length}::uuid)`);
  }
  params.push(query.limit + 1);
  const { rows } = await db.query<Row>(`${query.select} where ${where.join(' and ')} order by vigie_fold(t.name), t.id limit $${params.length}`, params);
  const countSql = `select count(*)::int as total from ${query.table} t where ${query.where.join(' and ')}`;
  const countKey = JSON.stringify([countSql, query.params]);
  let total = counts?.cache.get('', counts.districtId, countKey);
  if (total === undefined) {
    const counted = await db.query<{ total: number }>(countSql, [...query.params]);
    total = counted.rows[0]?.total ?? 0;
    counts?.cache.set('', counts.districtId, countKey, total);
  }
  const more = rows.length > query.limit;
  const page = more ? rows.slice(0, query.limit) : rows;
  const last = page[page.length - 1];
  return { rows: page, nextCursor: more && last ? encodeCursor('name', last.sort_value, last.id) : null, total };
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

/**
 * Whole list pages, kept per (database, district, query) until the next write of the module in
 * that district. Lists are what every open app asks for most (each field user's list, the
 * offline copy after every login and reconnection), and on the embedded database each query
 * is a turn of the one PGlite instance that every request waits for: a page served from here
 * costs no query at all (MODULES.md's budget: 1,000 list pages a second on PGlite).
 *
 * Correct only where every write of the module passes through `invalidate` of this cache: one
 * server process, which the embedded database is by construction. With PostgreSQL several
 * processes may write, so the module routes give the repository no PageCache there (the
 * queries are cheap on a real server). A page's content never depends on who asks (rights are
 * checked before the cache is read), so one entry serves every member of the district.
 *
 * A page read from the database while a write committed is not kept: `generation` is taken
 * before the read and `set` refuses a value from an older generation.
 */
export class PageCache<T> {
  static readonly MAX_ENTRIES = 500;
  /** Entries in least recently used order (a Map iterates in insertion order). */
  private readonly entries = new Map<string, { value: T; generation: number }>();
  private readonly generations = new Map<string, number>();

  private static district(db: string, districtId: string): string {
    return `${db}\u0000${districtId}`;
  }

  /** The district's write count, to pass back to `set` with the value read after it. */
  generation(db: string, districtId: string): number {
    return this.generations.get(PageCache.district(db, districtId)) ?? 0;
  }

  get(db: string, districtId: string, query: string): T | undefined {
    const key = `${PageCache.district(db, districtId)}\u0000${query}`;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(db: string, districtId: string, query: string, value: T, generation: number): void {
    if (generation !== this.generation(db, districtId)) return;
    const key = `${PageCache.district(db, districtId)}\u0000${query}`;
    this.entries.delete(key);
    this.entries.set(key, { value, generation });
    if (this.entries.size > PageCache.MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }

  /** After a committed write in the district: its pages are read again. */
  invalidate(db: string, districtId: string): void {
    const district = PageCache.district(db, districtId);
    this.generations.set(district, this.generation(db, districtId) + 1);
    const prefix = `${district}\u0000`;
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key);
  }
}
