/**
 * The audit log of administrative acts (issue 34 item 6): one append-only table of the control
 * database (control migration 6: a trigger refuses every update and delete), written by the
 * platform routes and the modules that perform such an act, read by administrators through the
 * tc module (server/src/modules/tc/audit-routes.ts). Writing never fails the act it records: an
 * entry that cannot be written is logged and the act stands (the act itself is already done).
 *
 *   await recordAudit(ctx.databases.control, {
 *     actor: { id: auth.accountId, email: auth.email },
 *     act: 'import.done',
 *     clientDb: auth.clientDb, districtId: auth.districtId,
 *     target: { kind: 'import', id: jobId, label: 'sites.xlsx' },
 *     details: { created: 120, updated: 4 },
 *     ip: request.ip,
 *   });
 *
 * or, inside a route with a session, `recordAuditOf(request, control, { act, target, details })`
 * (the session's tenant, unless `clientDb` / `districtId` are given: null for the operator's acts).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AuditAct } from '../../../../common/modules/tc/schemas.js';
import type { Queryable } from '../../db/types.js';

export interface AuditRecord {
  /** Who did it (null id: the system, e.g. a scheduled job). */
  actor: { id: string | null; email: string };
  act: AuditAct;
  /** The tenant it happened in (null for the operator's acts outside any client). */
  clientDb: string | null;
  districtId: string | null;
  target?: { kind: string; id: string; label?: string };
  /** What changed, as JSON (rights before and after, counts…): no secrets, no personal data beyond what the act is about. */
  details?: Record<string, unknown>;
  ip?: string | null;
}

/** Appends one entry; never throws (the act it records is already done). Answers the entry's id, or null when it could not be written. */
export async function recordAudit(control: Queryable, entry: AuditRecord): Promise<string | null> {
  const id = randomUUID();
  try {
    await control.query(
      `insert into audit_log (id, actor_id, actor_email, act, client_db, district_id, target_kind, target_id, target_label, details, ip)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11)`,
      [
        id,
        entry.actor.id,
        entry.actor.email,
        entry.act,
        entry.clientDb,
        entry.districtId,
        entry.target?.kind ?? '',
        entry.target?.id ?? '',
        entry.target?.label ?? '',
        JSON.stringify(entry.details ?? {}),
        entry.ip ?? null,
      ],
    );
    return id;
  } catch (error) {
    console.error('audit: entry not written', entry.act, error);
    return null;
  }
}

/** The same for a request with a session: the actor, the tenant and the address come from it. */
export function recordAuditOf(
  request: FastifyRequest,
  control: Queryable,
  entry: Pick<AuditRecord, 'act' | 'target' | 'details'> & Partial<Pick<AuditRecord, 'clientDb' | 'districtId'>>,
): Promise<string | null> {
  const auth = request.auth;
  return recordAudit(control, {
    actor: { id: auth?.accountId ?? null, email: auth?.email ?? '' },
    // Given (null included): the tenant the act is about; else the session's.
    clientDb: entry.clientDb !== undefined ? entry.clientDb : (auth?.clientDb ?? null),
    districtId: entry.districtId !== undefined ? entry.districtId : (auth?.districtId ?? null),
    act: entry.act,
    target: entry.target,
    details: entry.details,
    ip: request.ip,
  });
}
