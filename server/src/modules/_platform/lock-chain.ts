/**
 * Records locked for good, hash-chained (MODULES.md "Records": "entries that must not be changed
 * afterwards ... are locked, and their hash chained, so tampering shows"). When a module locks
 * a record (a declaration closed) it appends it to its district's chain with the hash of the
 * record's content at that moment (the module's own canonical content: its fields, comments,
 * the hashes of its files); each link's hash is SHA-256 of the previous link's hash and this
 * content hash. `verifyLocks` recomputes both: a record changed after its lock breaks its
 * content hash, a link changed, removed or reordered breaks the chain from there on.
 */
import { createHash } from 'node:crypto';
import type { Queryable } from '../../db/types.js';

/** The chain's start: the hash before the first link. */
export const CHAIN_START = '0'.repeat(64);

/** JSON with every object's keys sorted, at every depth: the same content gives the same text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
export const contentHash = (content: unknown): string => sha256(canonicalJson(content));
const link = (previous: string, content: string) => sha256(`${previous}${content}`);

/**
 * Appends a locked record to its district's chain, in the caller's transaction (the district's
 * chain is held by an advisory lock until it commits, so two locks never take one place).
 */
export async function appendLock(db: Queryable, entry: { districtId: string; module: string; recordId: string; content: unknown }): Promise<void> {
  await db.query('select pg_advisory_xact_lock(hashtext($1))', [`record_locks:${entry.districtId}`]);
  const { rows } = await db.query<{ seq: number; chain_hash: string }>('select seq, chain_hash from record_locks where district_id = $1 order by seq desc limit 1', [
    entry.districtId,
  ]);
  const previous = rows[0];
  const hash = contentHash(entry.content);
  await db.query(
    `insert into record_locks (district_id, seq, module, record_id, content_hash, chain_hash) values ($1, $2, $3, $4, $5, $6)
     on conflict (module, record_id) do nothing`,
    [entry.districtId, (previous?.seq ?? 0) + 1, entry.module, entry.recordId, hash, link(previous?.chain_hash ?? CHAIN_START, hash)],
  );
}

export interface BrokenLock {
  seq: number;
  module: string;
  recordId: string;
  /** content: the record differs from what was locked; chain: this link's hash does not follow from the one before; missing: the record is gone. */
  reason: 'content' | 'chain' | 'missing';
}

/** What a module's locked record is now (its canonical content), null when it is gone. */
export type LockedContentOf = (db: Queryable, districtId: string, recordId: string) => Promise<unknown>;
const lockedContents = new Map<string, LockedContentOf>();

/** A module that locks records says how to read one's content (server/src/modules/index.ts registers them). */
export function registerLockedContent(module: string, contentOf: LockedContentOf): void {
  lockedContents.set(module, contentOf);
}

/**
 * Walks the district's chain in order, every module's links: each link's chain hash against
 * the previous one, and each record's content now (its module's registered reader; null when
 * the record is gone) against the hash taken at its lock.
 */
export async function verifyLocks(db: Queryable, districtId: string): Promise<{ checked: number; broken: BrokenLock[] }> {
  const { rows } = await db.query<{ seq: number; module: string; record_id: string; content_hash: string; chain_hash: string }>(
    'select seq, module, record_id, content_hash, chain_hash from record_locks where district_id = $1 order by seq',
    [districtId],
  );
  const broken: BrokenLock[] = [];
  let previous = CHAIN_START;
  for (const [index, row] of rows.entries()) {
    const at = { seq: row.seq, module: row.module, recordId: row.record_id };
    if (row.seq !== index + 1 || row.chain_hash !== link(previous, row.content_hash)) broken.push({ ...at, reason: 'chain' });
    const contentOf = lockedContents.get(row.module);
    const content = contentOf ? await contentOf(db, districtId, row.record_id) : null;
    if (content === null) broken.push({ ...at, reason: 'missing' });
    else if (contentHash(content) !== row.content_hash) broken.push({ ...at, reason: 'content' });
    previous = row.chain_hash;
  }
  return { checked: rows.length, broken };
}
