/**
 * POST /api/auth/loginSSO {email, popup?}: starts an OpenID Connect login at the identity provider of
 * the account's client. Answers the provider's authorization URL; the state is also bound to
 * this browser with a short-lived httpOnly cookie that the callback compares.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { LoginSsoData } from '../../../../../common/api-types.js';
import { LoginSsoBody, LoginSsoData as LoginSsoDataSchema } from '../../../../../common/schemas/auth.js';
import { ok } from '../../../../../common/schemas/envelope.js';
import { findAccountByEmail } from '../../../auth/accounts.js';
import { SSO_LOGIN_TTL_MS, type SsoLogins } from '../../../auth/sso.js';
import { emptyEnvelope } from '../../../plugins/envelope.js';
import type { RouteContext } from '../../context.js';
import { LOGIN_BODY_LIMIT } from './schemas.js';
import { SSO_STATE_COOKIE, ssoStateCookieOptions } from './sso-cookies.js';

const schema = {
  tags: ['auth'],
  security: [],
  summary: "Starts an OpenID Connect login at the account's identity provider",
  body: LoginSsoBody,
  response: ok(LoginSsoDataSchema),
};

export async function loginSsoRoute(untyped: FastifyInstance, ctx: RouteContext, sso: SsoLogins, sameOrigin: onRequestAsyncHookHandler): Promise<void> {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  app.post('/loginSSO', { schema, bodyLimit: LOGIN_BODY_LIMIT, onRequest: sameOrigin }, async (request, reply) => {
    const account = await findAccountByEmail(ctx.databases, request.body.email.trim());
    const { url, state } = await sso.start(account, { popup: request.body.popup ?? false });
    reply.setCookie(SSO_STATE_COOKIE, state, { ...ssoStateCookieOptions(ctx), maxAge: Math.floor(SSO_LOGIN_TTL_MS / 1000) });
    const data: LoginSsoData = { url };
    return emptyEnvelope(data);
  });
}
