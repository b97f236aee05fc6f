/**
 * What a module gives the synthesis (issue 33): its sources of figures, declared by the module
 * that owns the tables (ServerModule.synthesisSources), never written by the synthesis over
 * another module's tables. The synthesis module compiles a table's definition into one
 * parameterised query from these pieces of SQL: the source's rows of one district, the fields
 * one may filter and group by, the measures, and how a cell maps to its list's address.
 */
import type { Feature } from '../../../../common/rights.js';

/** A field one may filter and group by. */
export interface SynthesisDimension {
  /** The grouped value as text, SQL over the source's aliases (`d.severity`, `d.site_id::text`). */
  value: string;
  /** The value's name as shown, SQL (a site's name); the value itself when absent. */
  label?: string;
  /** `id`: a record's id (filters checked as ids); `account`: an account's id, named from the control database; `month`: YYYY-MM; `text`: one of `values` when given. */
  type: 'id' | 'account' | 'month' | 'text';
  /** The accepted values of a `text` field (a status, a severity), in their order. */
  values?: readonly string[];
  /**
   * For a `month` field: the SQL of a date holding the month's first day, stored with the row
   * (a generated column), grouped on instead of computing `value` per row (a time zone's
   * conversion and a format for each of 200,000 rows); the month is then formatted once per group.
   */
  monthStart?: string;
}

/** A measure: an aggregate in SQL over the source's rows (a count, a sum, an average, a rate in %). */
export interface SynthesisMeasure {
  sql: string;
  kind: 'count' | 'sum' | 'average' | 'rate';
}

export interface SynthesisSource {
  /** Its id in a table's definition (`declarations`). */
  id: string;
  /** The features of the owner module's list: a cell links to it only for a reader with one of their read rights (the figures themselves take the synthesis right). */
  features: readonly Feature[];
  /** `from …`: the source's tables with their aliases (joins always needed included). */
  from: string;
  /**
   * Joins added to `from` only when a table uses their alias (`s.` in a field, a measure, a
   * filter, or a join kept): a table of declarations by severity reads no site. Each must keep
   * the source's row count (a left join on a key, or an inner join on a required foreign key).
   */
  joins?: readonly { alias: string; sql: string }[];
  /**
   * A cheaper form of the source, one row per parent record (an inspection for its answers): used
   * when a table groups and filters on none of the `unless` fields, with `from` (and `joins`)
   * instead of the source's, `where` instead of its (the records that have detailed rows) and
   * these measures (sums of stored counts) instead of its own.
   */
  rollup?: { from: string; where: string; unless: readonly string[]; measures: Readonly<Record<string, SynthesisMeasure>> };
  /** The SQL of the district's id column (`d.district_id`): every query is scoped on it. */
  district: string;
  /** The conditions of the rows counted (live records: `d.deleted_at is null`). */
  where: string;
  /** The date of the period filter and of the `month` field: SQL, a timestamptz or a date. */
  date: { sql: string; type: 'timestamptz' | 'date' };
  dimensions: Readonly<Record<string, SynthesisDimension>>;
  measures: Readonly<Record<string, SynthesisMeasure>>;
  /**
   * The list a cell opens: the app's link name of the list (ModuleLinks) and its address's search
   * for the cell's fields (`values`, by field id) and the period (days, both included); null when
   * that list cannot show those records (a field its address has no filter for).
   */
  list?: {
    link: string;
    search: (values: Readonly<Record<string, string>>, period: { from?: string; to?: string }) => Record<string, string> | null;
  };
}

const sources = new Map<string, SynthesisSource>();

/** Called once per module by the module list (modules/index.ts). */
export function registerSynthesisSources(list: readonly SynthesisSource[]): void {
  for (const source of list) sources.set(source.id, source);
}

export const synthesisSource = (id: string): SynthesisSource | undefined => sources.get(id);
export const synthesisSources = (): SynthesisSource[] => [...sources.values()];

/** The first and last day of a YYYY-MM month (a cell's period on a list). */
export function monthDays(month: string): { from: string; to: string } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

/**
 * A cell's values as its list's search parameters (`fields`: a grouping field → the list's
 * parameter), added to `base`; null when the list cannot show exactly the cell's records: a
 * field it does not filter on, or an empty value (no site). For a `dated` list the month is
 * left to the period (cellPeriod, withDays).
 */
export function cellSearch(
  values: Readonly<Record<string, string>>,
  fields: Readonly<Record<string, string>>,
  { base = {}, dated = false }: { base?: Readonly<Record<string, string>>; dated?: boolean } = {},
): Record<string, string> | null {
  const search: Record<string, string> = { ...base };
  for (const [field, value] of Object.entries(values)) {
    if (dated && field === 'month') continue;
    const param = fields[field];
    if (param === undefined || value === '') return null;
    search[param] = value;
  }
  return search;
}

/** A list's search with a cell's days as its `from` and `to`. */
export function withDays(search: Record<string, string>, days: { from?: string; to?: string }): Record<string, string> {
  return { ...search, ...(days.from === undefined ? {} : { from: days.from }), ...(days.to === undefined ? {} : { to: days.to }) };
}

/** A cell's period on a list: the month of its `month` field narrowed by the table's period. */
export function cellPeriod(values: Readonly<Record<string, string>>, period: { from?: string; to?: string }): { from?: string; to?: string } {
  const month = values.month;
  if (month === undefined || month === '') return period;
  const days = monthDays(month);
  return {
    from: period.from !== undefined && period.from > days.from ? period.from : days.from,
    to: period.to !== undefined && period.to < days.to ? period.to : days.to,
  };
}
