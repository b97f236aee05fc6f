/**
 * The emergency send's idempotency: the shared plugin (plugins/idempotency.ts) with the
 * emergency error keys the app reads (`emergency.in_flight`, `emergency.idempotency_mismatch`).
 */
import type { Database, Queryable } from '../../../db/types.js';
import { runIdempotent as runShared, type IdempotentResult } from '../../../plugins/idempotency.js';

export type { IdempotentResult };

const EMERGENCY_MESSAGES = { inFlight: 'emergency.in_flight', mismatch: 'emergency.idempotency_mismatch' };

export function runIdempotent<T>(
  db: Database,
  request: { key: string; accountId: string; hash: string },
  work: (tx: Queryable) => Promise<{ statusCode: number; data: T }>,
): Promise<IdempotentResult<T>> {
  return runShared(db, request, work, EMERGENCY_MESSAGES);
}
