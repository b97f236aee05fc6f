/** The cookies of the SSO flow, named once. */
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { RouteContext } from '../../context.js';

/**
 * The pending login's state, bound to the browser that started it: a callback URL carried to
 * another browser (login CSRF) is refused. SameSite=Lax because the callback arrives as a
 * top-level navigation from the provider's site.
 */
export const SSO_STATE_COOKIE = 'vigie_sso_state';

/**
 * Spec section 3: cookie `sso` holding true or false, readable by the app (storage.ts owns it
 * on the client side and writes it with the same attributes).
 */
export const SSO_FLAG_COOKIE = 'sso';

export const ssoStateCookieOptions = (ctx: RouteContext): CookieSerializeOptions => ({
  httpOnly: true,
  sameSite: 'lax',
  secure: ctx.config.secureCookies,
  path: '/api/auth/sso',
});
