/**
 * The managers' inspection list's filters, held in the address (a reload, back or a shared link
 * shows the same list): read from the router's search (anything the contract would refuse is
 * dropped rather than sent), written back as an address, and turned into the API's query (the
 * list and its CSV export take the same one). No TypeBox at run time here: the contract's
 * sorts are checked against these by type.
 */
import type { Family, InspectionSort } from '../../../common/modules/questionnaires/schemas';
import { MANAGE_PATH } from './paths';
import { isUuid } from '../../../common/uuid';

const SORTS = ['dueAt', '-dueAt', '-submittedAt', 'percent', '-percent', '-updatedAt'] as const satisfies readonly InspectionSort[];
const everySort: Exclude<InspectionSort, (typeof SORTS)[number]> extends never ? true : never = true;
void everySort;
export const MANAGE_SORTS: readonly InspectionSort[] = SORTS;
/** What the list is by status: three of the contract's, and "overdue" (due, not submitted, past its time). */
export const MANAGE_STATUSES = ['todo', 'inProgress', 'submitted', 'overdue'] as const;
export type ManageStatus = (typeof MANAGE_STATUSES)[number];
const FAMILY_NAMES = ['questionnary', 'securesphere'] as const satisfies readonly Family[];

export const DEFAULT_MANAGE_SORT: InspectionSort = 'dueAt';
export const MANAGE_SEARCH_LIMIT = 200;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export interface ManageSearch {
  search?: string;
  sort?: InspectionSort;
  status?: ManageStatus;
  family?: Family;
  template?: string;
  site?: string;
  assignee?: string;
  /** Days (YYYY-MM-DD), both inclusive as the user sees them: the due day, or the submit day of a submitted one. */
  from?: string;
  to?: string;
  /** Score range in percent, both inclusive. */
  minPercent?: number;
  maxPercent?: number;
}

/** The order an address is written in (a filtered view has one address). */
const KEYS = ['search', 'status', 'family', 'template', 'site', 'assignee', 'from', 'to', 'minPercent', 'maxPercent', 'sort'] as const satisfies readonly (keyof ManageSearch)[];

const oneOf = <T extends string>(names: readonly T[], value: unknown): T | undefined =>
  typeof value === 'string' && (names as readonly string[]).includes(value) ? (value as T) : undefined;
const id = (value: unknown) => (typeof value === 'string' && isUuid(value) ? value : undefined);
const day = (value: unknown) => (typeof value === 'string' && DAY.test(value) && !Number.isNaN(Date.parse(value)) ? value : undefined);
/** The router reads `50` in the address as a number; a typed value arrives as a string. */
const percent = (value: unknown): number | undefined => {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,3}$/.test(value) ? Number(value) : Number.NaN;
  return Number.isInteger(n) && n >= 0 && n <= 100 ? n : undefined;
};

export function validateManageSearch(raw: Record<string, unknown>): ManageSearch {
  const out: ManageSearch = {};
  const text = typeof raw.search === 'number' ? String(raw.search) : raw.search;
  if (typeof text === 'string' && text.trim() !== '' && text.length <= MANAGE_SEARCH_LIMIT) out.search = text;
  const sort = oneOf(SORTS, raw.sort);
  if (sort !== undefined) out.sort = sort;
  const status = oneOf(MANAGE_STATUSES, raw.status);
  if (status !== undefined) out.status = status;
  const family = oneOf(FAMILY_NAMES, raw.family);
  if (family !== undefined) out.family = family;
  const template = id(raw.template);
  if (template !== undefined) out.template = template;
  const site = id(raw.site);
  if (site !== undefined) out.site = site;
  const assignee = id(raw.assignee);
  if (assignee !== undefined) out.assignee = assignee;
  const from = day(raw.from);
  if (from !== undefined) out.from = from;
  const to = day(raw.to);
  if (to !== undefined) out.to = to;
  const min = percent(raw.minPercent);
  if (min !== undefined) out.minPercent = min;
  const max = percent(raw.maxPercent);
  if (max !== undefined) out.maxPercent = max;
  return out;
}

/** The list's address with these filters (empty ones left out). */
export function manageHref(search: ManageSearch): string {
  const params = new URLSearchParams();
  for (const key of KEYS) {
    const value = search[key];
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return `${MANAGE_PATH}${text ? `?${text}` : ''}`;
}

/** How many filters are set (the search and the sort apart): the folded filters' summary says it. */
export const activeFilters = (search: ManageSearch) => KEYS.filter((key) => key !== 'search' && key !== 'sort' && search[key] !== undefined).length;

/**
 * The API's query for these filters (the list's and the CSV's): "overdue" is the contract's
 * `overdue=true`; a period of days becomes instants in the device's time zone, `to` the start
 * of the next day.
 */
export function manageQueryParams(search: ManageSearch): URLSearchParams {
  const params = new URLSearchParams();
  const { status, from, to, minPercent, maxPercent, sort, ...rest } = search;
  for (const [key, value] of Object.entries(rest)) if (value !== undefined && value !== '') params.set(key, String(value));
  params.set('sort', sort ?? DEFAULT_MANAGE_SORT);
  if (status === 'overdue') params.set('overdue', 'true');
  else if (status !== undefined) params.set('status', status);
  if (from !== undefined) params.set('from', new Date(`${from}T00:00:00`).toISOString());
  if (to !== undefined) {
    const end = new Date(`${to}T00:00:00`);
    end.setDate(end.getDate() + 1);
    params.set('to', end.toISOString());
  }
  if (minPercent !== undefined) params.set('minPercent', String(minPercent));
  if (maxPercent !== undefined) params.set('maxPercent', String(maxPercent));
  return params;
}
