/**
 * Idempotency-Key handling of every write route (DESIGN.md, "the offline outbox"; MODULES.md,
 * "Writes, offline first"): the app retries a write until it gets an answer, so the same key
 * may arrive many times, even twice at once. The key row and everything the write does share
 * one transaction:
 *
 * - the row is inserted 'in_flight' first and becomes 'done' with the response just before
 *   commit, so a committed key always has its response, and a failed write leaves no key
 *   (the retry runs the write again);
 * - a concurrent request with the same key cannot see the uncommitted row, so the first one
 *   also holds a transaction-scoped advisory lock on the key: a second one that cannot take
 *   it answers 409 `request.in_flight` (retry later) instead of waiting or writing twice.
 *   On the embedded database transactions run one at a time, so the second simply waits and
 *   gets the first answer;
 * - a committed key with the same request hash answers the stored status and data; with
 *   another hash 422 `request.idempotency_mismatch`.
 *
 * Keys live in the session's client database (two clients never collide). The hash covers
 * the account, the district, the route and the body, so a key reused by another account or
 * for another request is a mismatch, never a replay of someone else's answer. The emergency
 * send keeps its own error keys (`emergency.*`), which the app reads.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database, Queryable } from '../db/types.js';
import { ApiError } from '../lib/errors.js';
import { IDEMPOTENCY_HEADER } from '../../../common/constants.js';
import { requireAuth } from './auth.js';

/** Tells the app (and a human reading logs) that the answer is the stored one of an earlier request. */
export const REPLAYED_HEADER = 'Idempotent-Replayed';

export interface IdempotentResult<T> {
  statusCode: number;
  data: T;
  /** True when this is the stored answer of an earlier request with the key. */
  replayed: boolean;
}

export interface IdempotencyMessages {
  inFlight: string;
  mismatch: string;
}

export const GENERIC_MESSAGES: IdempotencyMessages = { inFlight: 'request.in_flight', mismatch: 'request.idempotency_mismatch' };

interface KeyRow {
  request_hash: string;
  status: 'in_flight' | 'done';
  response: unknown;
  status_code: number | null;
}

export async function runIdempotent<T>(
  db: Database,
  request: { key: string; accountId: string; hash: string },
  work: (tx: Queryable) => Promise<{ statusCode: number; data: T }>,
  messages: IdempotencyMessages = GENERIC_MESSAGES,
): Promise<IdempotentResult<T>> {
  const inFlight = () => new ApiError(409, { message: messages.inFlight });
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
      if (existing.request_hash !== request.hash) throw new ApiError(422, { message: messages.mismatch });
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

/** The hash a key is bound to: who, where, which route and which body. */
export function writeHash(accountId: string, districtId: string, request: FastifyRequest): string {
  return createHash('sha256')
    .update(JSON.stringify([accountId, districtId, request.method, request.routeOptions.url, request.params ?? null, request.body ?? null]))
    .digest('hex');
}

/**
 * Runs a module's write in one transaction, exactly once per Idempotency-Key when the request
 * carries one (the header is optional for other callers; the app always sends it). Sets the
 * status, and the replay header on a stored answer. `after` runs once the write committed
 * (socket events), not on a replay.
 */
export async function idempotentWrite<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  work: (tx: Queryable) => Promise<{ statusCode: number; data: T }>,
  after?: (data: T) => void,
): Promise<T> {
  const auth = requireAuth(request);
  const header = request.headers[IDEMPOTENCY_HEADER];
  const key = typeof header === 'string' ? header.toLowerCase() : null;
  const result: IdempotentResult<T> = key
    ? await runIdempotent(auth.db, { key, accountId: auth.accountId, hash: writeHash(auth.accountId, auth.districtId, request) }, work)
    : { ...(await auth.db.transaction(work)), replayed: false };
  if (result.replayed) reply.header(REPLAYED_HEADER, 'true');
  else after?.(result.data);
  reply.status(result.statusCode);
  return result.data;
}
