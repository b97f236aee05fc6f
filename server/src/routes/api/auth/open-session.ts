/**
 * Opening a session, shared by password login and the SSO callback so both land the same way:
 * session row, the account's current tenant, access token, and the httpOnly refresh cookie.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CLIENT_IP_HEADER, REFRESH_COOKIE } from '../../../../../common/constants.js';
import type { AccountRow, Landing } from '../../../auth/accounts.js';
import type { RouteContext } from '../../context.js';

export const clientIpOf = (request: FastifyRequest): string | null => {
  const value = request.headers[CLIENT_IP_HEADER.toLowerCase()];
  return typeof value === 'string' && value.length <= 64 ? value : null;
};

export function setRefreshCookie(ctx: RouteContext, reply: FastifyReply, sessionId: string, secret: string, expiresAt: Date): void {
  reply.setCookie(REFRESH_COOKIE, `${sessionId}.${secret}`, {
    httpOnly: true,
    sameSite: 'strict',
    secure: ctx.config.secureCookies,
    path: '/api/auth',
    expires: expiresAt,
  });
}

export function clearRefreshCookie(ctx: RouteContext, reply: FastifyReply): void {
  reply.clearCookie(REFRESH_COOKIE, { path: '/api/auth', httpOnly: true, sameSite: 'strict', secure: ctx.config.secureCookies });
}

/** Creates the session at `landing`, sets the refresh cookie, answers the access token. */
export async function openSession(
  ctx: RouteContext,
  request: FastifyRequest,
  reply: FastifyReply,
  account: AccountRow,
  landing: Landing,
  reconnect: boolean,
): Promise<{ token: string; expiresAt: Date }> {
  const session = await ctx.sessions.create({
    accountId: account.id,
    clientDb: landing.client.database,
    districtId: landing.district._id,
    ip: request.ip,
    clientIp: clientIpOf(request),
    reconnect,
  });
  await ctx.databases.control.query('update accounts set current_client = $2, current_district = $3 where id = $1', [
    account.id,
    landing.client.database,
    landing.district._id,
  ]);
  const access = await ctx.tokens.sign({
    sub: account.id,
    email: account.email,
    db: landing.client.database,
    did: landing.district._id,
    sid: session.id,
  });
  setRefreshCookie(ctx, reply, session.id, session.secret, session.expiresAt);
  return access;
}
