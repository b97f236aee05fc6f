/**
 * Idempotency-Key handling of the emergency send (DESIGN.md, "the offline outbox"): the app
 * retries an alert until it gets a 2xx, so the same key may arrive many times, even twice at
 * once. The key row and everything the send writes share one transaction:
 *
 * - the row is inserted 'in_flight' first and becomes 'done' with the response just before
 *   commit, so a committed key always has its response, and a failed send leaves no key
 *   (the retry runs the send again);
 * - a concurrent request with the same key cannot see the uncommitted row, so the first one
 *   also holds a transaction-scoped advisory lock on the key: a second one that cannot take
 *   it answers 409 `emergency.in_flight` (retry later) instead of waiting or sending twice.
 *   On the embedded database transactions run one at a time, so the second simply waits and
 *   gets the first answer;
 * - a committed key with the same request hash answers the stored status and data; with
 *   another hash 422 `emergency.idempotency_mismatch`.
 *
 * Keys live in the session's client database, so two clients never collide.
 */
import type { Database, Queryable } from '../../../db/types.js';
import { ApiError } from '../../../lib/errors.js';

export interface IdempotentResult<T> {
  statusCode: number;
  data: T;
  /** True when this is the stored answer of an earlier request with the key. */
  replayed: boolean;
}

interface KeyRow {
  request_hash: string;
  status: 'in_flight' | 'done';
  response: unknown;
  status_code: number | null;
}

const inFlight = () => new ApiError(409, { message: 'emergency.in_flight' });

export async function runIdempotent<T>(
  db: Database,
  request: { key: string; accountId: string; hash: string },
  work: (tx: Queryable) => Promise<{ statusCode: number; data: T }>,
): Promise<IdempotentResult<T>> {
  return db.transaction(async (tx) => {
    // hashtextextended: the 64-bit advisory lock id of the key (PostgreSQL 11+).
    const { rows: lock } = await tx.query<{ locked: boolean }>('select pg_try_advisory_xact_lock(hashtextextended($1, 0)) as locked', [request.key]);
    if (!lock[0]?.locked) throw inFlight();

    // The first request with a key (the usual case) costs one statement: the insert.
    const { rows: inserted } = await tx.query(
      `insert into idempotency_keys (key, account_id, request_hash, status) values ($1, $2, $3, 'in_flight')
       on conflict (key) do nothing returning key`,
      [request.key, request.accountId, request.hash],
    );
    if (inserted.length === 0) {
      // A committed row (the lock rules out an uncommitted one on PostgreSQL).
      const { rows } = await tx.query<KeyRow>('select request_hash, status, response, status_code from idempotency_keys where key = $1', [request.key]);
      const existing = rows[0];
      if (!existing) throw inFlight();
      if (existing.request_hash !== request.hash) throw new ApiError(422, { message: 'emergency.idempotency_mismatch' });
      if (existing.status !== 'done' || existing.status_code === null) throw inFlight();
      return { statusCode: existing.status_code, data: existing.response as T, replayed: true };
    }
    const result = await work(tx);
    await tx.query(`update idempotency_keys set status = 'done', response = $2, status_code = $3 where key = $1`, [
      request.key,
      JSON.stringify(result.data),
      result.statusCode,
    ]);
    return { ...result, replayed: false };
  });
}
