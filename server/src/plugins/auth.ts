/**
 * Authentication and tenancy of a request: verifies the bearer token, checks its session is
 * still valid, and resolves the client database from the session's claims (never from the
 * request). Routes that need a user declare `preHandler: app.authenticate`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AccessClaims } from '../../../common/api-types.js';
import type { Sessions } from '../auth/sessions.js';
import type { AccessTokens } from '../auth/tokens.js';
import type { Databases } from '../db/databases.js';
import type { Database } from '../db/types.js';
import { ApiError } from '../lib/errors.js';

export interface AuthContext {
  accountId: string;
  email: string;
  sessionId: string;
  clientDb: string;
  districtId: string;
  /** The client database of the session: the only one a request may touch. */
  db: Database;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    authenticate: (request: FastifyRequest) => Promise<void>;
    /** Like authenticate, but a request without a valid token goes on with `auth` null. */
    optionalAuthenticate: (request: FastifyRequest) => Promise<void>;
  }
}

/** What a request of a session ended by an administrator is told (and its sockets: SESSION_ENDED_EVENT). */
export const SESSION_END_MESSAGES = { disabled: 'auth.account_disabled', removed: 'auth.removed_from_district' } as const;

/**
 * A check every authenticated request passes after its token (a module's, registered by the
 * module list: server/src/modules/index.ts), e.g. the tc module's acceptance of the current
 * terms of use. It throws an ApiError to refuse the request. Not run by optionalAuthenticate.
 */
export type SessionCheck = (request: FastifyRequest, auth: AuthContext, control: Database) => Promise<void>;
const sessionChecks = new Map<string, SessionCheck>();

/** Registers (or replaces) the session check named `name`. */
export function registerSessionCheck(name: string, check: SessionCheck): void {
  sessionChecks.set(name, check);
}

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1]! : null;
}

/** Verifies an access token and its session; throws the 401 the error catalogue expects. */
export async function authenticateToken(
  token: string | null,
  deps: { tokens: AccessTokens; sessions: Sessions },
): Promise<AccessClaims> {
  if (!token) throw ApiError.unauthorized('token_invalid', { logout: true });
  const claims = await deps.tokens.verify(token);
  if (typeof claims === 'string') throw ApiError.unauthorized(claims, { logout: true });
  const tenant = await deps.sessions.current(claims.sid);
  if (!tenant) {
    // An account disabled, or removed from the session's district, mid-session says so (the
    // catalogue's logout flag on an ordinary error) rather than looking like a stale token.
    const reason = await deps.sessions.endReason(claims.sid);
    if (reason !== null) throw ApiError.forbidden(SESSION_END_MESSAGES[reason], { logout: true });
    throw ApiError.unauthorized('token_invalid', { logout: true });
  }
  // A token names its account and its session: both must agree (a token whose session is
  // another account's was not minted by this server for that session).
  if (tenant.accountId !== claims.sub) throw ApiError.unauthorized('token_invalid', { logout: true });
  // A token from before a client or district change must not reach the old tenant: the app
  // refreshes its token and retries (no logout).
  if (tenant.clientDb !== claims.db || tenant.districtId !== claims.did) throw ApiError.unauthorized('session.tenant_changed');
  return claims;
}

export function registerAuth(
  app: FastifyInstance,
  deps: { tokens: AccessTokens; sessions: Sessions; databases: Databases },
): void {
  app.decorateRequest('auth', null);
  const toContext = async (claims: AccessClaims): Promise<AuthContext> => ({
    accountId: claims.sub,
    email: claims.email,
    sessionId: claims.sid,
    clientDb: claims.db,
    districtId: claims.did,
    db: await deps.databases.client(claims.db),
  });
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const auth = await toContext(await authenticateToken(bearerToken(request.headers.authorization), deps));
    request.auth = auth;
    for (const check of sessionChecks.values()) await check(request, auth, deps.databases.control);
  });
  app.decorate('optionalAuthenticate', async (request: FastifyRequest) => {
    const token = bearerToken(request.headers.authorization);
    if (!token) return;
    const claims = await authenticateToken(token, deps).catch(() => null);
    if (claims) request.auth = await toContext(claims);
  });
}

/** The request's auth context; for handlers behind `app.authenticate`. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw ApiError.unauthorized('token_invalid', { logout: true });
  return request.auth;
}
