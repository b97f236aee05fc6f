/** The session's account as an actor (id and name, the e-mail: accounts carry no other name), from its token. */
import { decodeAccessClaims } from './jwt';
import { getToken } from './storage';

export function currentActor(): { id: string; name: string } | null {
  const token = getToken();
  const claims = token === null ? null : decodeAccessClaims(token);
  return claims === null ? null : { id: claims.sub, name: claims.email };
}
