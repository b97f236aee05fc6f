/**
 * GET /api/auth/sso/callback?code&state: where the identity provider sends the browser back.
 * Completes the login (auth/sso.ts), opens the session exactly as password login does
 * (refresh cookie), sets the `sso` cookie to true and redirects to the app's kept path /sso,
 * which takes the session from there (or, with popup=1, reports to the window that opened it). A browser navigation cannot read a JSON error, so every
 * refusal redirects to /sso?error=<translation key> instead.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { SsoCallbackQuery, SsoRedirect } from '../../../../../common/schemas/auth.js';
import { resolveLanding } from '../../../auth/accounts.js';
import { SSO_ERRORS, type SsoLogins } from '../../../auth/sso.js';
import { ApiError } from '../../../lib/errors.js';
import type { RouteContext } from '../../context.js';
import { openSession } from './open-session.js';
import { SSO_FLAG_COOKIE, SSO_STATE_COOKIE, ssoStateCookieOptions } from './sso-cookies.js';

/** The app's kept path that finishes an SSO login (src/app/routes/sso.lazy.tsx). */
export const SSO_APP_PATH = '/sso';

/** /sso, with popup=1 when a popup started the login, and error=<key> when it failed. */
function appPage(popup: boolean, error?: string): string {
  const query = new URLSearchParams();
  if (popup) query.set('popup', '1');
  if (error) query.set('error', error);
  const search = query.toString();
  return search ? `${SSO_APP_PATH}?${search}` : SSO_APP_PATH;
}

const schema = {
  tags: ['auth'],
  security: [],
  summary: 'Where the identity provider sends the browser back: opens the session, redirects into the app',
  querystring: SsoCallbackQuery,
  response: { 302: SsoRedirect },
};

export async function ssoCallbackRoute(untyped: FastifyInstance, ctx: RouteContext, sso: SsoLogins): Promise<void> {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  app.get('/sso/callback', { schema, attachValidation: true }, async (request, reply) => {
    const stateCookie = request.cookies[SSO_STATE_COOKIE];
    // Single use in the browser too: whatever happens next, this pending login is over.
    reply.clearCookie(SSO_STATE_COOKIE, ssoStateCookieOptions(ctx));
    let popup = false;
    try {
      if (request.validationError) throw ApiError.badRequest(SSO_ERRORS.stateInvalid);
      const pending = await sso.take(request.query.state);
      popup = pending?.popup ?? false;
      const account = await sso.complete(pending, request.query, stateCookie);
      const landing = await resolveLanding(ctx.databases, account);
      if (!landing) throw ApiError.forbidden('auth.no_district_access');
      await openSession(ctx, request, reply, account, landing, false);
      reply.setCookie(SSO_FLAG_COOKIE, 'true', { path: '/', sameSite: 'lax', secure: ctx.config.secureCookies });
      return reply.redirect(appPage(popup), 302);
    } catch (error) {
      let message = 'internal_error';
      if (error instanceof ApiError) message = error.body.message;
      else request.log.error({ err: error }, 'SSO callback failed');
      return reply.redirect(appPage(popup, message), 302);
    }
  });
}
