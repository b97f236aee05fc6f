/**
 * The contact list's search params (search, supplier, site, role, archived, deleted), held in the
 * address so a reload, back or a shared link shows the same list; anything the contract
 * (ContactListQuery) would refuse is dropped.
 */
import type { ContactRole } from '../../../common/modules/contactV2/schemas';
import { isUuid } from '../../../common/uuid';

export const SEARCH_LIMIT = 200;
export const ROLES = ['emergency', 'fireSafety', 'manager', 'other'] as const satisfies readonly ContactRole[];

export interface ContactListSearch {
  search?: string;
  supplier?: string;
  site?: string;
  role?: string;
  archived?: 'true';
  deleted?: 'true';
  [key: string]: string | undefined;
}

const flag = (value: unknown) => value === true || value === 'true';

export function validateContactSearch(raw: Record<string, unknown>): ContactListSearch {
  const out: ContactListSearch = {};
  const text = typeof raw.search === 'number' ? String(raw.search) : raw.search;
  if (typeof text === 'string' && text.trim() !== '' && text.length <= SEARCH_LIMIT) out.search = text;
  if (typeof raw.supplier === 'string' && isUuid(raw.supplier)) out.supplier = raw.supplier;
  if (typeof raw.site === 'string' && isUuid(raw.site)) out.site = raw.site;
  if (typeof raw.role === 'string' && (ROLES as readonly string[]).includes(raw.role)) out.role = raw.role;
  if (flag(raw.archived)) out.archived = 'true';
  if (flag(raw.deleted)) out.deleted = 'true';
  return out;
}
