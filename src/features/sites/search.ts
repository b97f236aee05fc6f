/**
 * The site list's search params (the address holds the search, the filters and the sort, so a
 * reload, back or a shared link shows the same list), validated by the route: anything the
 * contract (SiteListQuery) would refuse is dropped rather than sent.
 */
import type { SiteSort } from '../../../common/modules/sites/schemas';
import { isUuid } from '../../../common/uuid';

// This file is read by the route table, in the entry: no TypeBox at run time here (the
// contract's modules build their schemas when loaded). The sorts are checked against the
// contract's by type, both ways, so they cannot drift; the search limit is SEARCH_MAX's (a test checks).
const SORTS = ['name', '-name', 'address', '-address', 'updatedAt', '-updatedAt'] as const satisfies readonly SiteSort[];
type Missing = Exclude<SiteSort, (typeof SORTS)[number]>;
const everySort: Missing extends never ? true : never = true;
void everySort;
export const SEARCH_LIMIT = 200;

export interface SiteListSearch {
  search?: string;
  sort?: SiteSort;
  siteType?: string;
  hasGps?: 'true' | 'false';
  deleted?: 'true';
}

export const DEFAULT_SITE_SORT: SiteSort = 'name';

/** 'true' and true alike: the router reads a bare `true` in the address as a boolean. */
const flag = (value: unknown): 'true' | 'false' | undefined =>
  value === true || value === 'true' ? 'true' : value === false || value === 'false' ? 'false' : undefined;

export function validateSiteSearch(raw: Record<string, unknown>): SiteListSearch {
  const out: SiteListSearch = {};
  // The router reads a search of digits as a number.
  const text = typeof raw.search === 'number' ? String(raw.search) : raw.search;
  if (typeof text === 'string' && text.trim() !== '' && text.length <= SEARCH_LIMIT) out.search = text;
  if (typeof raw.sort === 'string' && (SORTS as readonly string[]).includes(raw.sort)) out.sort = raw.sort as SiteSort;
  if (typeof raw.siteType === 'string' && isUuid(raw.siteType)) out.siteType = raw.siteType;
  const hasGps = flag(raw.hasGps);
  if (hasGps !== undefined) out.hasGps = hasGps;
  if (flag(raw.deleted) === 'true') out.deleted = 'true';
  return out;
}
