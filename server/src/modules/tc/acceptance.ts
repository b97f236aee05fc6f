/**
 * The terms of use accepted: every authenticated request (plugins/auth.ts, the modules' session
 * checks) of an account that has not accepted the version it must accept gets 428
 * `tc.acceptanceRequired`, except the routes a user needs to read and accept them or to leave:
 * /api/auth (login, refresh, logout, district), /api/config, /api/me and /api/tc.
 *
 * The version an account must accept is the latest one published with `requires_acceptance`
 * (a minor version asks nobody again); an account that accepted it or a later one passes.
 * Figures are cached per control database: the required version for a few seconds (another
 * process may publish), an account's acceptance once it passes (publishing or accepting here
 * clears it).
 */
import type { FastifyRequest } from 'fastify';
import { API_PREFIX } from '../../../../common/constants.js';
import { TC_ACCEPTANCE_REQUIRED, TC_ACCEPTANCE_STATUS } from '../../../../common/modules/tc/schemas.js';
import type { Queryable } from '../../db/types.js';
import { ApiError } from '../../lib/errors.js';
import type { AuthContext } from '../../plugins/auth.js';

const REQUIRED_TTL_MS = 5_000;
const EXEMPT_PREFIXES = ['/auth', '/config', '/me', '/tc'].map((p) => `${API_PREFIX}${p}`);

interface Cache {
  required: { version: number | null; at: number } | null;
  /** Accounts known to have accepted `required.version` (or later). */
  passed: Set<string>;
}
const caches = new WeakMap<Queryable, Cache>();
const cacheOf = (control: Queryable): Cache => {
  let cache = caches.get(control);
  if (!cache) caches.set(control, (cache = { required: null, passed: new Set() }));
  return cache;
};

/** Forget what is cached (a version published, an acceptance recorded). */
export function clearAcceptanceCache(control: Queryable, accountId?: string): void {
  const cache = cacheOf(control);
  if (accountId === undefined) {
    cache.required = null;
    cache.passed.clear();
  } else cache.passed.delete(accountId);
}

/** The version every account must have accepted (null: none published that asks). */
export async function requiredVersion(control: Queryable): Promise<number | null> {
  const cache = cacheOf(control);
  if (cache.required !== null && Date.now() - cache.required.at < REQUIRED_TTL_MS) return cache.required.version;
  const { rows } = await control.query<{ version: number | null }>('select max(version) as version from tc_versions where requires_acceptance');
  const version = rows[0]?.version ?? null;
  if (cache.required?.version !== version) cache.passed.clear();
  cache.required = { version, at: Date.now() };
  return version;
}

/** The latest version `accountId` accepted, or null. */
export async function acceptedVersion(control: Queryable, accountId: string): Promise<{ version: number; acceptedAt: Date } | null> {
  const { rows } = await control.query<{ version: number; accepted_at: Date }>(
    'select version, accepted_at from tc_acceptances where account_id = $1 order by version desc limit 1',
    [accountId],
  );
  return rows[0] ? { version: rows[0].version, acceptedAt: rows[0].accepted_at } : null;
}

export function isExempt(url: string): boolean {
  return EXEMPT_PREFIXES.some((prefix) => url === prefix || url.startsWith(`${prefix}/`));
}

/** The session check (ServerModule.sessionCheck). */
export async function checkAcceptance(request: FastifyRequest, auth: AuthContext, control: Queryable): Promise<void> {
  const url = request.routeOptions.url ?? request.url;
  if (!url.startsWith(API_PREFIX) || isExempt(url)) return;
  const required = await requiredVersion(control);
  if (required === null) return;
  const cache = cacheOf(control);
  if (cache.passed.has(auth.accountId)) return;
  const accepted = await acceptedVersion(control, auth.accountId);
  if (accepted !== null && accepted.version >= required) {
    cache.passed.add(auth.accountId);
    return;
  }
  throw new ApiError(TC_ACCEPTANCE_STATUS, { message: TC_ACCEPTANCE_REQUIRED });
}
