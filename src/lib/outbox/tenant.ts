/**
 * The tenant of the session (client database, district, account: claims of the stored token)
 * and the rule that an outbox item is sent only under the tenant it was written in.
 */
import { decodeAccessClaims } from '../jwt';
import { getToken } from '../storage';
import type { OutboxItem, OutboxTenant } from './types';

/** The tenant of the stored token, or null without a readable session. */
export function currentTenant(): OutboxTenant | null {
  const token = getToken();
  const claims = token === null ? null : decodeAccessClaims(token);
  return claims === null ? null : { clientDatabase: claims.db, districtId: claims.did, userEmail: claims.email };
}

export const sameTenant = (a: OutboxTenant, b: OutboxTenant): boolean =>
  a.clientDatabase === b.clientDatabase && a.districtId === b.districtId && a.userEmail.toLowerCase() === b.userEmail.toLowerCase();

export const itemBelongsTo = (item: OutboxItem, tenant: OutboxTenant): boolean => sameTenant(item.tenant, tenant);
