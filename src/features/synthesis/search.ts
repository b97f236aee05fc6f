/**
 * The synthesis screens' addresses hold what they show: the table builder its definition (a
 * reload, back or a shared link shows the same table), a dashboard its filters. Validated
 * without TypeBox (this file is in the entry): anything malformed is dropped.
 */
import type { DashboardFilters, SynthesisDefinition } from '../../../common/modules/synthesis/schemas';
import { isUuid } from '../../../common/uuid';

const ID = /^[a-zA-Z][a-zA-Z0-9]{0,39}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export interface TableSearch {
  source?: string;
  groupBy?: string[];
  measures?: string[];
  filters?: { field: string; values: string[] }[];
  from?: string;
  to?: string;
  sort?: string;
  desc?: boolean;
}

const ids = (value: unknown, max: number): string[] | undefined =>
  Array.isArray(value) && value.length <= max && value.every((v) => typeof v === 'string' && ID.test(v)) ? (value as string[]) : undefined;

export function validateTableSearch(raw: Record<string, unknown>): TableSearch {
  const out: TableSearch = {};
  if (typeof raw.source === 'string' && ID.test(raw.source)) out.source = raw.source;
  const groupBy = ids(raw.groupBy, 2);
  if (groupBy) out.groupBy = groupBy;
  const measures = ids(raw.measures, 4);
  if (measures) out.measures = measures;
  if (Array.isArray(raw.filters) && raw.filters.length <= 10) {
    const filters = raw.filters.filter(
      (f): f is { field: string; values: string[] } =>
        typeof f === 'object' && f !== null && typeof (f as { field?: unknown }).field === 'string' && ID.test((f as { field: string }).field) &&
        Array.isArray((f as { values?: unknown }).values) && (f as { values: unknown[] }).values.length > 0 && (f as { values: unknown[] }).values.every((v) => typeof v === 'string' && v.length <= 100),
    );
    if (filters.length > 0) out.filters = filters.map((f) => ({ field: f.field, values: f.values.slice(0, 50) }));
  }
  for (const key of ['from', 'to'] as const) if (typeof raw[key] === 'string' && DAY.test(raw[key])) out[key] = raw[key];
  if (typeof raw.sort === 'string' && ID.test(raw.sort)) out.sort = raw.sort;
  if (raw.desc === true || raw.desc === 'true') out.desc = true;
  return out;
}

/** The table of an address, or null while it lacks a source or a measure. */
export function definitionOf(search: TableSearch): SynthesisDefinition | null {
  if (search.source === undefined || search.measures === undefined || search.measures.length === 0) return null;
  return {
    source: search.source,
    groupBy: search.groupBy ?? [],
    measures: search.measures,
    filters: search.filters ?? [],
    ...(search.from !== undefined ? { from: search.from } : {}),
    ...(search.to !== undefined ? { to: search.to } : {}),
    ...(search.sort !== undefined ? { sort: { by: search.sort, desc: search.desc === true } } : {}),
  };
}

/** A dashboard's address: its filters, and the saved dashboard shown (none: the ready-made one). */
export interface DashboardSearch extends DashboardFilters {
  board?: string;
}

export function validateDashboardSearch(raw: Record<string, unknown>): DashboardSearch {
  const out: DashboardSearch = {};
  if (typeof raw.board === 'string' && isUuid(raw.board)) out.board = raw.board;
  for (const key of ['from', 'to'] as const) if (typeof raw[key] === 'string' && DAY.test(raw[key])) out[key] = raw[key];
  for (const key of ['site', 'siteType'] as const) if (typeof raw[key] === 'string' && isUuid(raw[key])) out[key] = raw[key];
  return out;
}
