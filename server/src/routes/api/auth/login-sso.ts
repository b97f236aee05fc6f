/**
 * POST /api/auth/loginSSO {email, popup?}: starts an OpenID Connect login at the identity provider of
 * the account's client. Answers the provider's authorization URL; the state is also bound to
 * this browser with a short-lived httpOnly cookie that the callback compares.
 */
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { LoginSsoBody, LoginSsoData } from '../../../../../common/api-types.js';
import { findAccountByEmail } from '../../../auth/accounts.js';
import { SSO_LOGIN_TTL_MS, type SsoLogins } from '../../../auth/sso.js';
import { emptyEnvelope } from '../../../plugins/envelope.js';
import type { RouteContext } from '../../context.js';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, LOGIN_BODY_LIMIT } from './schemas.js';
import { SSO_STATE_COOKIE, ssoStateCookieOptions } from './sso-cookies.js';

const schema = {
  body: {
    type: 'object',
    required: ['email'],
    additionalProperties: false,
    properties: {
      email: { type: 'string', minLength: 3, maxLength: EMAIL_MAX_LENGTH, pattern: EMAIL_PATTERN },
      // The reconnect dialog's popup: the app's /sso page then reports to its opener and closes.
      popup: { type: 'boolean' },
    },
  },
} as const;

export async function loginSsoRoute(app: FastifyInstance, ctx: RouteContext, sso: SsoLogins, sameOrigin: onRequestAsyncHookHandler): Promise<void> {
  app.post<{ Body: LoginSsoBody }>('/loginSSO', { schema, bodyLimit: LOGIN_BODY_LIMIT, onRequest: sameOrigin }, async (request, reply) => {
    const account = await findAccountByEmail(ctx.databases, request.body.email.trim());
    const { url, state } = await sso.start(account, { popup: request.body.popup ?? false });
    reply.setCookie(SSO_STATE_COOKIE, state, { ...ssoStateCookieOptions(ctx), maxAge: Math.floor(SSO_LOGIN_TTL_MS / 1000) });
    const data: LoginSsoData = { url };
    return emptyEnvelope(data);
  });
}
