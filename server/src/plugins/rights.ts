/**
 * Rights checks on the server: the same strings as the app's `can()` (common/rights.ts),
 * read from the session's membership in its district (cached with the envelope). A missing
 * right is a 403 carrying `requiredPermissions` (module names), which the error catalogue
 * appends to its message (and, for the routes of a page, `redirection`: requirePageRight).
 */
import type { FastifyRequest } from 'fastify';
import { DEFAULT_PAGE } from '../../../common/constants.js';
import { can, MANAGE_RIGHTS, RIGHTS_BY_FEATURE, type Action, type Feature } from '../../../common/rights.js';
import { ApiError } from '../lib/errors.js';
import { requireAuth } from './auth.js';
import { loadMemberEnvelope } from './envelope.js';

export async function rightsOf(request: FastifyRequest): Promise<string[]> {
  const auth = requireAuth(request);
  // The envelope's cached member part: a rights change invalidates it (tenant-cache.ts).
  const member = await request.server.tenantCache.envelope(auth.db, auth.accountId, auth.districtId, (db) =>
    loadMemberEnvelope(db, auth.accountId, auth.districtId),
  );
  return member.rights;
}

const checkRights =
  (anyOf: readonly string[], extra: { redirection?: string } = {}) =>
  async (request: FastifyRequest): Promise<void> => {
    const rights = await rightsOf(request);
    if (!anyOf.some((right) => rights.includes(right))) {
      const modules = [...new Set(anyOf.map((right) => right.split('.')[0]!))];
      throw ApiError.forbidden('auth.missing_rights', { requiredPermissions: modules, ...extra });
    }
  };

/** A preHandler that lets the request through when the session holds any one of `anyOf`. */
export const requireAnyRight = (...anyOf: readonly string[]) => checkRights(anyOf);

/**
 * The same check for the routes that back one page of the app (the administration pages): the
 * 403 also carries `redirection` to the default page, so a user whose rights were withdrawn
 * while on the page is taken off it, as the app's route guard would have done on the way in.
 * Routes called from everywhere (the bell, the dialogs) use requireAnyRight: they must not move
 * the user away from whatever page is open.
 */
export const requirePageRight = (...anyOf: readonly string[]) => checkRights(anyOf, { redirection: DEFAULT_PAGE });

/**
 * A preHandler asking common/rights.ts's `can(rights, feature, action)`, the app's own check:
 * module routes use this one (reads with 'read', every write with 'manage', or a module's
 * documented own-work rule). The 403 names the module.
 */
export const requireCan = (feature: Feature, action: Action) => async (request: FastifyRequest): Promise<void> => {
  const rights = await rightsOf(request);
  if (!can(rights, feature, action)) {
    const needed = action === 'manage' ? (MANAGE_RIGHTS[feature] ?? []) : RIGHTS_BY_FEATURE[feature];
    const modules = [...new Set(needed.map((right) => right.split('.')[0]!))];
    throw ApiError.forbidden('auth.missing_rights', { requiredPermissions: modules });
  }
};
