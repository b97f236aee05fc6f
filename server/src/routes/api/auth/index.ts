/**
 * Authentication service (spec section 7): login, token refresh, logout, get-district,
 * default page, client IP, and single sign-on (login-sso.ts, sso-callback.ts). The refresh token travels only in an httpOnly cookie.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import type { FastifyInstance } from 'fastify';
import type { DistrictData, RefreshData, SessionData } from '../../../../../common/api-types.js';
import { DEFAULT_PAGE, REFRESH_COOKIE } from '../../../../../common/constants.js';
import { findAccountByEmail, resolveLanding } from '../../../auth/accounts.js';
import { verifyPassword } from '../../../auth/passwords.js';
import { SsoLogins } from '../../../auth/sso.js';
import { LoginThrottle } from '../../../auth/throttle.js';
import { parseRefreshCookie } from '../../../auth/tokens.js';
import { ApiError } from '../../../lib/errors.js';
import { bearerToken, requireAuth } from '../../../plugins/auth.js';
import { sameOriginOnly } from '../../../plugins/same-origin.js';
import { buildEnvelope, emptyEnvelope } from '../../../plugins/envelope.js';
import { respond } from '../../../plugins/respond.js';
import { guardRoutes } from '../../../plugins/rights.js';
import type { RouteContext } from '../../context.js';
import { loginSsoRoute } from './login-sso.js';
import { clearRefreshCookie, openSession, setRefreshCookie } from './open-session.js';
import { ClientIpData, DefaultPageData, DistrictData as DistrictDataSchema, LoginBody, RefreshData as RefreshDataSchema, SessionData as SessionDataSchema } from '../../../../../common/schemas/auth.js';
import { ok } from '../../../../../common/schemas/envelope.js';
import { resetPasswordRoute } from './reset-password.js';
import { LOGIN_BODY_LIMIT } from './schemas.js';
import { ssoCallbackRoute } from './sso-callback.js';

const tags = ['auth'];
/** Routes a session is not needed for (the refresh cookie, or nothing): no bearer token in the OpenAPI document. */
const security: { [scheme: string]: string[] }[] = [];

export async function authRoutes(untyped: FastifyInstance, ctx: RouteContext): Promise<void> {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  guardRoutes(app, { public: true, reason: 'opens, refreshes and closes sessions; the routes reading a session authenticate it themselves' });
  const { databases, sessions, tokens } = ctx;
  const throttle = new LoginThrottle(databases.control);

  // The routes a cookie authenticates or sets: from the app's own origin only.
  const sameOrigin = sameOriginOnly(ctx.config.publicUrl);

  // One instance for both SSO routes: it caches the providers' discovered configurations.
  const sso = new SsoLogins(databases.control, ctx.config.publicUrl);
  await loginSsoRoute(app, ctx, sso, sameOrigin);
  await ssoCallbackRoute(app, ctx, sso);
  await resetPasswordRoute(app, ctx);

  app.post('/login', { schema: { tags, security, summary: 'Password login: opens a session (refresh cookie) and answers the access token', body: LoginBody, response: ok(SessionDataSchema) }, bodyLimit: LOGIN_BODY_LIMIT, onRequest: sameOrigin }, async (request, reply) => {
    const { email, password, reconnect = false } = request.body;
    const lockoutSeconds = await throttle.lockedFor(email, request.ip);
    if (lockoutSeconds > 0) throw new ApiError(429, { message: 'auth.too_many_attempts', redis: { lockoutSeconds } });
    const account = await findAccountByEmail(databases, email);
    const passwordOk = await verifyPassword(account?.password_hash ?? null, password);
    if (!account || !passwordOk) {
      const redis = await throttle.fail(email, request.ip);
      if ('lockoutSeconds' in redis) throw new ApiError(429, { message: 'auth.too_many_attempts', redis });
      throw ApiError.unauthorized('auth.invalid_credentials', { redis });
    }
    await throttle.succeed(email, request.ip);
    if (account.disabled) throw ApiError.forbidden('auth.account_disabled');
    const landing = await resolveLanding(databases, account);
    if (!landing) throw ApiError.forbidden('auth.no_district_access');

    // The reconnect dialog logs in again: the session it replaces (named by the refresh cookie
    // the browser still sends) ends now rather than at its expiry, sockets included.
    // Only with the whole cookie (secret included): a session id alone ends nothing.
    const replaced = reconnect ? parseRefreshCookie(request.cookies[REFRESH_COOKIE]) : null;
    if (replaced && (await sessions.holdsSecret(replaced.sessionId, replaced.secret))) {
      await sessions.replaceByReconnect(replaced.sessionId, account.id);
    }
    const access = await openSession(ctx, request, reply, account, landing, reconnect);
    const data: SessionData = {
      token: access.token,
      expiresAt: access.expiresAt.toISOString(),
      email: account.email,
      district: landing.district,
      client: landing.client,
      defaultPage: landing.defaultPage,
      sso: account.sso,
      admin: account.admin,
      clientIp: request.ip,
    };
    return buildEnvelope(await databases.client(landing.client.database), account.id, landing.district._id, data);
  });

  app.post('/refresh', { schema: { tags, security, summary: 'A new access token from the refresh cookie (rotated)', response: ok(RefreshDataSchema) }, onRequest: sameOrigin }, async (request, reply) => {
    const cookie = parseRefreshCookie(request.cookies[REFRESH_COOKIE]);
    if (!cookie) throw ApiError.unauthorized('token_invalid', { logout: true });
    const result = await sessions.rotate(cookie.sessionId, cookie.secret);
    if (!result.ok) {
      clearRefreshCookie(ctx, reply);
      throw ApiError.unauthorized(result.reason === 'expired' ? 'token_expired' : 'token_invalid', { logout: true });
    }
    const { session } = result;
    const { rows } = await databases.control.query<{ email: string }>('select email from accounts where id = $1', [session.account_id]);
    const access = await tokens.sign({
      sub: session.account_id,
      email: rows[0]!.email,
      db: session.client_db,
      did: session.district_id,
      sid: session.id,
    });
    if (result.secret) setRefreshCookie(ctx, reply, session.id, result.secret, new Date(session.expires_at));
    const data: RefreshData = { token: access.token, expiresAt: access.expiresAt.toISOString() };
    return buildEnvelope(await databases.client(session.client_db), session.account_id, session.district_id, data);
  });

  app.post('/logout', { schema: { tags, security, summary: 'Ends the session of the refresh cookie and of the bearer token', response: ok(Type.Null()) }, onRequest: sameOrigin }, async (request, reply) => {
    const cookie = parseRefreshCookie(request.cookies[REFRESH_COOKIE]);
    const token = bearerToken(request.headers.authorization);
    const bearer = token ? await tokens.verify(token) : null;
    const ended = new Set<string>();
    // The cookie ends its session only when its secret is that session's: a cookie with a
    // known session id and a wrong secret is ignored (and cleared below, like any other).
    if (cookie && (await sessions.holdsSecret(cookie.sessionId, cookie.secret))) ended.add(cookie.sessionId);
    if (bearer && typeof bearer !== 'string') ended.add(bearer.sid);
    // Sessions.revoke closes the session's sockets too, on every process.
    for (const sessionId of ended) await sessions.revoke(sessionId, 'logout');
    clearRefreshCookie(ctx, reply);
    return emptyEnvelope(null);
  });

  app.get('/district', { schema: { tags, summary: "The session's district and client", response: ok(DistrictDataSchema) }, preHandler: app.authenticate }, async (request) => {
    const auth = requireAuth(request);
    // Names are cached per server and invalidated on rename (tenant-cache.ts): this route runs on every app start.
    const [districtName, clientName] = await Promise.all([
      ctx.tenantCache.districtName(auth.db, auth.districtId),
      ctx.tenantCache.clientName(databases.control, auth.clientDb),
    ]);
    if (districtName === null || clientName === null) throw ApiError.notFound('district.not_found');
    const data: DistrictData = { _id: auth.districtId, name: districtName, client: { name: clientName, database: auth.clientDb } };
    return respond(request, data);
  });

  app.get('/defaultPage', { schema: { tags, summary: "The member's landing page", response: ok(DefaultPageData) }, preHandler: app.authenticate }, async (request) => {
    const auth = requireAuth(request);
    const { rows } = await auth.db.query<{ default_page: string | null }>(
      'select default_page from memberships where account_id = $1 and district_id = $2',
      [auth.accountId, auth.districtId],
    );
    return respond(request, { defaultPage: rows[0]?.default_page ?? DEFAULT_PAGE });
  });

  // Public: the app asks for it before login too. With a valid token the envelope is full.
  app.get('/clientIp', { schema: { tags, security, summary: "The caller's address as the server sees it (public)", response: ok(ClientIpData) }, preHandler: app.optionalAuthenticate }, async (request) => respond(request, { ip: request.ip }));
}
