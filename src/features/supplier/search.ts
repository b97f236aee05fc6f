/**
 * The supplier list's search params (search, trade, documents' state, archived, deleted), held
 * in the address so a reload, back or a shared link shows the same list; anything the contract
 * (SupplierListQuery) would refuse is dropped. No TypeBox here: the route table reads it.
 */
import type { DocumentState } from '../../../common/modules/supplier/schemas';
import { isUuid } from '../../../common/uuid';

export const SEARCH_LIMIT = 200;
const STATES = ['valid', 'expiring', 'expired'] as const satisfies readonly DocumentState[];

export interface SupplierListSearch {
  search?: string;
  trade?: string;
  documents?: string;
  archived?: 'true';
  deleted?: 'true';
  [key: string]: string | undefined;
}

const flag = (value: unknown) => value === true || value === 'true';

export function validateSupplierSearch(raw: Record<string, unknown>): SupplierListSearch {
  const out: SupplierListSearch = {};
  const text = typeof raw.search === 'number' ? String(raw.search) : raw.search;
  if (typeof text === 'string' && text.trim() !== '' && text.length <= SEARCH_LIMIT) out.search = text;
  if (typeof raw.trade === 'string' && isUuid(raw.trade)) out.trade = raw.trade;
  if (typeof raw.documents === 'string') {
    const states = raw.documents.split(',').filter((s) => (STATES as readonly string[]).includes(s));
    if (states.length > 0) out.documents = [...new Set(states)].join(',');
  }
  if (flag(raw.archived)) out.archived = 'true';
  if (flag(raw.deleted)) out.deleted = 'true';
  return out;
}
