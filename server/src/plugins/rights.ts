/**
 * Rights checks on the server: the same strings as the app's `can()` (common/rights.ts),
 * read from the session's membership in its district. A missing right is a 403 carrying
 * `requiredPermissions` (module names), which the error catalogue appends to its message.
 */
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../lib/errors.js';
import { requireAuth } from './auth.js';

export async function rightsOf(request: FastifyRequest): Promise<string[]> {
  const auth = requireAuth(request);
  const { rows } = await auth.db.query<{ rights: string[] }>(
    'select rights from memberships where account_id = $1 and district_id = $2',
    [auth.accountId, auth.districtId],
  );
  return rows[0]?.rights ?? [];
}

/** A preHandler that lets the request through when the session holds any one of `anyOf`. */
export const requireAnyRight =
  (...anyOf: readonly string[]) =>
  async (request: FastifyRequest): Promise<void> => {
    const rights = await rightsOf(request);
    if (!anyOf.some((right) => rights.includes(right))) {
      const modules = [...new Set(anyOf.map((right) => right.split('.')[0]!))];
      throw ApiError.forbidden('auth.missing_rights', { requiredPermissions: modules });
    }
  };
