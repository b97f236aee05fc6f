/**
 * The contract list's search params (search, supplier, site, type, status, notice deadline
 * within N days, deleted), held in the address; anything the contract (ContractListQuery) would
 * refuse is dropped.
 */
import { CONTRACT_STATUSES, CONTRACT_TYPES } from '../../../common/modules/contract/statuses';
import { isUuid } from '../../../common/uuid';


export interface ContractListSearch {
  search?: string;
  supplier?: string;
  site?: string;
  type?: string;
  status?: string;
  noticeWithin?: string;
  deleted?: 'true';
  [key: string]: string | undefined;
}

export function validateContractSearch(raw: Record<string, unknown>): ContractListSearch {
  const out: ContractListSearch = {};
  const text = typeof raw.search === 'number' ? String(raw.search) : raw.search;
  if (typeof text === 'string' && text.trim() !== '' && text.length <= 200) out.search = text;
  if (typeof raw.supplier === 'string' && isUuid(raw.supplier)) out.supplier = raw.supplier;
  if (typeof raw.site === 'string' && isUuid(raw.site)) out.site = raw.site;
  if (typeof raw.type === 'string' && (CONTRACT_TYPES as readonly string[]).includes(raw.type)) out.type = raw.type;
  if (typeof raw.status === 'string') {
    const statuses = raw.status.split(',').filter((s) => (CONTRACT_STATUSES as readonly string[]).includes(s));
    if (statuses.length > 0) out.status = [...new Set(statuses)].join(',');
  }
  const within = typeof raw.noticeWithin === 'number' ? String(raw.noticeWithin) : raw.noticeWithin;
  if (typeof within === 'string' && /^[0-9]{1,4}$/.test(within)) out.noticeWithin = within;
  if (raw.deleted === true || raw.deleted === 'true') out.deleted = 'true';
  return out;
}
