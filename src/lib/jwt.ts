/**
 * Reading the access token's claims (common/api-types.ts AccessClaims). The app never trusts
 * them for access; it only uses them to restore the session keys in a new tab or an offline
 * start and to know when to refresh.
 */
import type { AccessClaims } from '../../common/api-types';
import { decodeBase64UrlUtf8 } from './base64';

const isString = (value: unknown): value is string => typeof value === 'string';

// The last token read and its claims: the HTTP channel, the outbox and the cache's owner read
// the same token's claims at every request (a base64 and JSON decode each time).
let lastDecoded: { token: string; claims: AccessClaims | null } | null = null;

/** The token's claims (the same frozen object for the same token), null if it cannot be read. */
export function decodeAccessClaims(token: string): AccessClaims | null {
  if (lastDecoded?.token !== token) lastDecoded = { token, claims: readClaims(token) };
  return lastDecoded.claims;
}

function readClaims(token: string): AccessClaims | null {
  const payload = token.split('.')[1];
  if (payload === undefined) return null;
  let claims: unknown;
  try {
    claims = JSON.parse(decodeBase64UrlUtf8(payload));
  } catch {
    return null;
  }
  if (typeof claims !== 'object' || claims === null) return null;
  const c = claims as Record<string, unknown>;
  if (![c.sub, c.email, c.db, c.did, c.sid].every(isString) || typeof c.exp !== 'number') return null;
  return Object.freeze(c) as unknown as AccessClaims;
}

// A phone's clock may be minutes or hours off. Expiry is the server's clock: the difference
// between the server's clock (the token's iat) and ours, measured when a token arrives, keeps
// the refresh before expiry on time: a clock behind would otherwise let tokens expire (a 401
// and a logout), a clock ahead would refresh at every request.
let clockSkewMs = 0;

/** A token just came from the server (login, refresh): measure the clock difference. */
export function noteTokenReceived(token: string, now: number = Date.now()): void {
  const claims: (AccessClaims & { iat?: unknown }) | null = decodeAccessClaims(token);
  const iat = claims?.iat;
  if (typeof iat === 'number') clockSkewMs = iat * 1000 - now;
}

/** Milliseconds until the token expires (negative once expired); null if it cannot be read. */
export function msUntilExpiry(token: string, now: number = Date.now()): number | null {
  const claims = decodeAccessClaims(token);
  return claims === null ? null : claims.exp * 1000 - (now + clockSkewMs);
}

/** Tests only. */
export function resetClockSkew(): void {
  clockSkewMs = 0;
}
