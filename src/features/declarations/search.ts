/**
 * The declaration list's search params (the address holds the search, the filters and the
 * sort: a reload, back or a shared link shows the same list), validated by the route without
 * TypeBox (this file is in the entry): anything the contract would refuse is dropped.
 */
import type { DeclarationSort, Severity, Status } from '../../../common/modules/declarations/schemas';
import { isUuid } from '../../../common/uuid';

const SORTS = ['-occurredAt', 'occurredAt', '-severity', 'severity', 'title', '-title', '-updatedAt'] as const satisfies readonly DeclarationSort[];
type Missing = Exclude<DeclarationSort, (typeof SORTS)[number]>;
const everySort: Missing extends never ? true : never = true;
void everySort;
/** The contract's SEVERITIES and STATUSES, checked both ways by type. */
export const SEVERITY_NAMES = ['low', 'medium', 'high', 'critical'] as const satisfies readonly Severity[];
export const STATUS_NAMES = ['new', 'acknowledged', 'investigating', 'closed'] as const satisfies readonly Status[];
const everySeverity: Exclude<Severity, (typeof SEVERITY_NAMES)[number]> extends never ? true : never = true;
const everyStatus: Exclude<Status, (typeof STATUS_NAMES)[number]> extends never ? true : never = true;
void everySeverity;
void everyStatus;

export const SEARCH_LIMIT = 200;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export interface DeclarationListSearch {
  search?: string;
  sort?: DeclarationSort;
  template?: string;
  site?: string;
  severity?: Severity;
  status?: Status;
  /** 'me': the session's own declarations. */
  author?: 'me';
  /** Days (YYYY-MM-DD), both inclusive as the user sees them. */
  from?: string;
  to?: string;
}

export const DEFAULT_DECLARATION_SORT: DeclarationSort = '-occurredAt';

const oneOf = <T extends string>(names: readonly T[], value: unknown): T | undefined =>
  typeof value === 'string' && (names as readonly string[]).includes(value) ? (value as T) : undefined;

export function validateDeclarationSearch(raw: Record<string, unknown>): DeclarationListSearch {
  const out: DeclarationListSearch = {};
  const text = typeof raw.search === 'number' ? String(raw.search) : raw.search;
  if (typeof text === 'string' && text.trim() !== '' && text.length <= SEARCH_LIMIT) out.search = text;
  const sort = oneOf(SORTS, raw.sort);
  if (sort !== undefined) out.sort = sort;
  if (typeof raw.template === 'string' && isUuid(raw.template)) out.template = raw.template;
  if (typeof raw.site === 'string' && isUuid(raw.site)) out.site = raw.site;
  const severity = oneOf(SEVERITY_NAMES, raw.severity);
  if (severity !== undefined) out.severity = severity;
  const status = oneOf(STATUS_NAMES, raw.status);
  if (status !== undefined) out.status = status;
  if (raw.author === 'me') out.author = 'me';
  if (typeof raw.from === 'string' && DAY.test(raw.from) && !Number.isNaN(Date.parse(raw.from))) out.from = raw.from;
  if (typeof raw.to === 'string' && DAY.test(raw.to) && !Number.isNaN(Date.parse(raw.to))) out.to = raw.to;
  return out;
}

/** The report form's choice made before it opens (a type, a site, a position "lat,lng" pinned on the map). */
export interface ReportChoice {
  template?: string;
  site?: string;
  at?: string;
}

const POSITION = /^(-?\d{1,2}(?:\.\d{1,8})?),(-?\d{1,3}(?:\.\d{1,8})?)$/;

/** The pinned position of `at`, or null when it is none (or out of range). */
export function pinnedPosition(at: string | undefined): { lat: number; lng: number } | null {
  const match = at === undefined ? null : POSITION.exec(at);
  if (match === null) return null;
  const lat = Number(match[1]);
  const lng = Number(match[2]);
  return Math.abs(lat) <= 90 && Math.abs(lng) <= 180 ? { lat, lng } : null;
}

export function validateReportSearch(raw: Record<string, unknown>): ReportChoice {
  const out: ReportChoice = {};
  if (typeof raw.template === 'string' && isUuid(raw.template)) out.template = raw.template;
  if (typeof raw.site === 'string' && isUuid(raw.site)) out.site = raw.site;
  if (typeof raw.at === 'string' && pinnedPosition(raw.at) !== null) out.at = raw.at;
  return out;
}
