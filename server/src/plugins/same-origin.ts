/**
 * Cross-site request refusal for the routes a cookie authenticates. The
 * refresh cookie is SameSite=Strict, which keeps it off requests from other *sites* but not
 * from other origins of the same site (another subdomain, another port): such a page could
 * log the user out or rotate the session. These routes therefore answer only requests from
 * the app's own origin:
 * - `Sec-Fetch-Site`, where the browser sends it, must be `same-origin` (`none`, a request the
 *   user typed or bookmarked, only for a GET navigation, and none of these routes is one);
 * - `Origin`, where present, must be the app's public origin (VIGIE_PUBLIC_URL) or the origin
 *   the request was addressed to (scheme and Host, e.g. behind the dev server's proxy).
 * A request with neither header is not from a browser's cross-site context (browsers send
 * Origin on every cross-origin POST) and goes on. Bearer routes need no check: a page of
 * another origin cannot read or send the access token.
 * The SSO callback is exempt by nature: it is the identity provider's cross-site redirect,
 * bound to the browser by its state cookie and single-use state.
 */
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { ApiError } from '../lib/errors.js';

export const CROSS_SITE_MESSAGE = 'request.cross_site';

/** Whether a request comes from the app's own origin (or from no browser page at all). */
export function isSameOrigin(request: FastifyRequest, publicOrigin: string): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && !(site === 'none' && request.method === 'GET')) return false;
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  return origin === publicOrigin || origin === `${request.protocol}://${request.host}`;
}

/** An onRequest hook refusing cross-site requests with 403 `request.cross_site`. */
export function sameOriginOnly(publicUrl: string): onRequestAsyncHookHandler {
  const publicOrigin = new URL(publicUrl).origin;
  return async (request) => {
    if (!isSameOrigin(request, publicOrigin)) throw ApiError.forbidden(CROSS_SITE_MESSAGE);
  };
}
