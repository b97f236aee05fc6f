/**
 * Authentication service (spec section 7): login, token refresh, logout, get-district,
 * default page, client IP. The refresh token travels only in an httpOnly cookie.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DistrictData, LoginBody, RefreshData, SessionData } from '../../../../../common/api-types.js';
import { CLIENT_IP_HEADER, DEFAULT_PAGE, PASSWORD_MIN_LENGTH, REFRESH_COOKIE } from '../../../../../common/constants.js';
import { findAccountByEmail, resolveLanding } from '../../../auth/accounts.js';
import { verifyPassword } from '../../../auth/passwords.js';
import { LoginThrottle } from '../../../auth/throttle.js';
import { parseRefreshCookie } from '../../../auth/tokens.js';
import { ApiError } from '../../../lib/errors.js';
import { requireAuth } from '../../../plugins/auth.js';
import { buildEnvelope, emptyEnvelope } from '../../../plugins/envelope.js';
import { respond } from '../../../plugins/respond.js';
import type { RouteContext } from '../../context.js';

export const EMAIL_PATTERN = '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$';

const loginSchema = {
  body: {
    type: 'object',
    required: ['email', 'password'],
    additionalProperties: false,
    properties: {
      email: { type: 'string', minLength: 3, maxLength: 254, pattern: EMAIL_PATTERN },
      password: { type: 'string', minLength: PASSWORD_MIN_LENGTH, maxLength: 1024 },
      reconnect: { type: 'boolean' },
    },
  },
} as const;

/** Login bodies are small: anything larger is refused before it is parsed. */
const LOGIN_BODY_LIMIT = 8 * 1024;

const clientIpOf = (request: FastifyRequest): string | null => {
  const value = request.headers[CLIENT_IP_HEADER.toLowerCase()];
  return typeof value === 'string' && value.length <= 64 ? value : null;
};

export async function authRoutes(app: FastifyInstance, ctx: RouteContext): Promise<void> {
  const { databases, sessions, tokens, config } = ctx;
  const throttle = new LoginThrottle(databases.control);

  const setRefreshCookie = (reply: FastifyReply, sessionId: string, secret: string, expiresAt: Date) =>
    reply.setCookie(REFRESH_COOKIE, `${sessionId}.${secret}`, {
      httpOnly: true,
      sameSite: 'strict',
      secure: config.secureCookies,
      path: '/api/auth',
      expires: expiresAt,
    });
  const clearRefreshCookie = (reply: FastifyReply) =>
    reply.clearCookie(REFRESH_COOKIE, { path: '/api/auth', httpOnly: true, sameSite: 'strict', secure: config.secureCookies });

  app.post<{ Body: LoginBody }>('/login', { schema: loginSchema, bodyLimit: LOGIN_BODY_LIMIT }, async (request, reply) => {
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

    const session = await sessions.create({
      accountId: account.id,
      clientDb: landing.client.database,
      districtId: landing.district._id,
      ip: request.ip,
      clientIp: clientIpOf(request),
      reconnect,
    });
    await databases.control.query('update accounts set current_client = $2, current_district = $3 where id = $1', [
      account.id,
      landing.client.database,
      landing.district._id,
    ]);
    const access = await tokens.sign({
      sub: account.id,
      email: account.email,
      db: landing.client.database,
      did: landing.district._id,
      sid: session.id,
    });
    setRefreshCookie(reply, session.id, session.secret, session.expiresAt);
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

  app.post('/refresh', async (request, reply) => {
    const cookie = parseRefreshCookie(request.cookies[REFRESH_COOKIE]);
    if (!cookie) throw ApiError.unauthorized('token_invalid', { logout: true });
    const result = await sessions.rotate(cookie.sessionId, cookie.secret);
    if (!result.ok) {
      clearRefreshCookie(reply);
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
    if (result.secret) setRefreshCookie(reply, session.id, result.secret, new Date(session.expires_at));
    const data: RefreshData = { token: access.token, expiresAt: access.expiresAt.toISOString() };
    return buildEnvelope(await databases.client(session.client_db), session.account_id, session.district_id, data);
  });

  app.post('/logout', async (request, reply) => {
    const cookie = parseRefreshCookie(request.cookies[REFRESH_COOKIE]);
    if (cookie) await sessions.revoke(cookie.sessionId, 'logout');
    const bearer = request.headers.authorization ? await tokens.verify(request.headers.authorization.replace(/^Bearer\s+/i, '')) : null;
    if (bearer && typeof bearer !== 'string') await sessions.revoke(bearer.sid, 'logout');
    clearRefreshCookie(reply);
    return emptyEnvelope(null);
  });

  app.get('/district', { preHandler: app.authenticate }, async (request) => {
    const auth = requireAuth(request);
    const [district, client] = await Promise.all([
      auth.db.query<{ id: string; name: string }>('select id, name from districts where id = $1', [auth.districtId]),
      databases.control.query<{ name: string; database: string }>('select name, database from clients where database = $1', [auth.clientDb]),
    ]);
    if (!district.rows[0] || !client.rows[0]) throw ApiError.notFound('district.not_found');
    const data: DistrictData = { _id: district.rows[0].id, name: district.rows[0].name, client: client.rows[0] };
    return respond(request, data);
  });

  app.get('/defaultPage', { preHandler: app.authenticate }, async (request) => {
    const auth = requireAuth(request);
    const { rows } = await auth.db.query<{ default_page: string | null }>(
      'select default_page from memberships where account_id = $1 and district_id = $2',
      [auth.accountId, auth.districtId],
    );
    return respond(request, { defaultPage: rows[0]?.default_page ?? DEFAULT_PAGE });
  });

  // Public: the app asks for it before login too. With a valid token the envelope is full.
  app.get('/clientIp', { preHandler: app.optionalAuthenticate }, async (request) => respond(request, { ip: request.ip }));
}
