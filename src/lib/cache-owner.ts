/** Whose saved read cache it is: user|client database|district of the stored token. */
import { decodeAccessClaims } from './jwt';
import { getToken } from './storage';

/** user|client database|district of the stored token; null without a readable token. */
export function currentCacheOwner(): string | null {
  const token = getToken();
  const claims = token === null ? null : decodeAccessClaims(token);
  return claims === null ? null : `${claims.sub}|${claims.db}|${claims.did}`;
}
