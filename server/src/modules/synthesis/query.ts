/**
 * A table's definition compiled into one parameterised query over a source declared by the
 * module owning it (_platform/synthesis-sources.ts). The definition's ids are looked up in the
 * source (an unknown one is a 400 naming it), its values travel as parameters only, the district
 * is always the first one. Rows are grouped by up to two fields, measured, sorted and limited
 * (SYNTHESIS_ROW_LIMIT, `truncated` beyond); the totals are the measures over every row matching
 * the filters, computed in the same scan (grouping sets: a rate's total is not the sum of the
 * rows' rates). It runs in a transaction with a statement timeout (the query budget: PostgreSQL
 * stops it, a 400 `synthesis.too_long` answers).
 */
import { SYNTHESIS_ROW_LIMIT, type SynthesisDefinition, type SynthesisResult } from '../../../../common/modules/synthesis/schemas.js';
import type { Database, Queryable } from '../../db/types.js';
import { ApiError } from '../../lib/errors.js';
import { DISTRICT_TIME_ZONE, isRealDay } from '../_platform/dates.js';
import { actorNames } from '../_platform/records.js';
import { synthesisSource, type SynthesisSource } from '../_platform/synthesis-sources.js';
import { isUuid } from '../../../../common/uuid.js';

/** The query budget of one table. */
export const STATEMENT_TIMEOUT_MS = 10_000;
/** The memory of one table's grouping (PostgreSQL's default, 4 MB, sorts 200,000 rows on disk). */
const WORK_MEM = '64MB';
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
/** A grouped value that is null (no site, no assignee): its cell's key. */
const NONE = '';

const bad = (details: string) => ApiError.badRequest('synthesis.invalid_definition', details);

export interface Compiled {
  source: SynthesisSource;
  rowsSql: string;
  totalsSql: string;
  params: unknown[];
}

/** Checks the definition against its source and writes its two queries. */
export function compile(definition: SynthesisDefinition, districtId: string): Compiled {
  const source = synthesisSource(definition.source);
  if (!source) throw bad(`source ${definition.source}`);
  const params: unknown[] = [districtId];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  // The per-record form of the source (an inspection's stored answer counts) when the table
  // needs none of the fields only the detailed rows have.
  const used = [...definition.groupBy, ...definition.filters.map((f) => f.field)];
  const rollup = source.rollup !== undefined && !used.some((id) => source.rollup!.unless.includes(id)) ? source.rollup : undefined;
  const where = [`${source.district} = $1`, `(${rollup?.where ?? source.where})`];
  for (const filter of definition.filters) {
    const field = source.dimensions[filter.field];
    if (!field) throw bad(`filter ${filter.field}`);
    const values = [...new Set(filter.values)];
    for (const value of values) {
      const ok =
        value === NONE ||
        (field.type === 'id' || field.type === 'account' ? isUuid(value) : field.type === 'month' ? MONTH.test(value) : field.values === undefined || field.values.includes(value));
      if (!ok) throw bad(`filter ${filter.field}`);
    }
    const given = values.filter((v) => v !== NONE).map((v) => (isUuid(v) ? v.toLowerCase() : v));
    const parts = [];
    const sql = field.monthStart !== undefined ? `to_char(${field.monthStart}, 'YYYY-MM')` : field.value;
    if (given.length > 0) parts.push(`${sql} = any(${param(given)}::text[])`);
    if (values.includes(NONE)) parts.push(`${sql} is null`);
    where.push(`(${parts.join(' or ')})`);
  }
  for (const [key, day] of [['from', definition.from], ['to', definition.to]] as const) {
    if (day === undefined) continue;
    if (!isRealDay(day)) throw bad(key);
    const date = source.date;
    if (date.type === 'date') where.push(`${date.sql} ${key === 'from' ? '>=' : '<='} ${param(day)}::date`);
    else if (key === 'from') where.push(`${date.sql} >= (${param(day)}::date::timestamp at time zone '${DISTRICT_TIME_ZONE}')`);
    else where.push(`${date.sql} < ((${param(day)}::date + 1)::timestamp at time zone '${DISTRICT_TIME_ZONE}')`);
  }
  if (definition.from !== undefined && definition.to !== undefined && definition.from > definition.to) throw bad('from');
  if (new Set(definition.groupBy).size !== definition.groupBy.length) throw bad('groupBy');
  const groups = definition.groupBy.map((id) => {
    const field = source.dimensions[id];
    if (!field) throw bad(`groupBy ${id}`);
    return field;
  });
  const measures = definition.measures.map((id) => {
    const measure = rollup?.measures[id] ?? source.measures[id];
    if (!measure) throw bad(`measure ${id}`);
    return measure;
  });
  const measureSql = measures.map((m, i) => `(${m.sql})::float8 as m${i}`);
  // A month stored with the row is grouped on as it is and formatted once per group.
  const grouped = groups.map((g) => g.monthStart ?? g.value);
  const keyOf = (i: number) => (groups[i]!.monthStart !== undefined ? `to_char(${groups[i]!.monthStart}, 'YYYY-MM')` : groups[i]!.value);
  const keySql = groups.flatMap((g, i) => [`${keyOf(i)} as k${i}`, `${g.label ?? keyOf(i)} as l${i}`]);
  // A label is functionally the value's (a site's name for its id): grouped with it.
  const groupSql = groups.flatMap((g, i) => (g.label === undefined ? [grouped[i]!] : [grouped[i]!, g.label]));
  // Ordered by a field's name (its label), by the position of a value in its fixed list (a
  // severity: low to critical), by a month, or by a measure; the keys after, for a stable order.
  const keyOrder = (i: number) => {
    const g = groups[i]!;
    if (g.values) return `array_position(array[${g.values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')}]::text[], ${g.value})`;
    return g.type === 'month' ? `k${i}` : (g.label ?? g.value);
  };
  const order: string[] = [];
  const sort = definition.sort;
  if (sort !== undefined) {
    const gi = definition.groupBy.indexOf(sort.by);
    const mi = definition.measures.indexOf(sort.by);
    if (gi < 0 && mi < 0) throw bad('sort');
    order.push(`${gi >= 0 ? keyOrder(gi) : `m${mi}`} ${sort.desc ? 'desc nulls last' : 'asc nulls first'}`);
  }
  groups.forEach((_, i) => order.push(keyOrder(i), `k${i}`));
  // The optional joins the table's SQL names (their alias), and those the kept ones name.
  const sqlUsed = [...where, ...groupSql, ...keySql, ...measureSql].join(' ');
  const joins: string[] = [];
  for (const join of [...(source.joins ?? [])].reverse()) {
    if (new RegExp(`\\b${join.alias}\\.`).test(`${sqlUsed} ${joins.join(' ')}`)) joins.unshift(join.sql);
  }
  const from = `from ${[rollup?.from ?? source.from, ...joins].join(' ')} where ${where.join(' and ')}`;
  // One scan for the rows and the totals: the grouping sets' empty set is the totals' row (its
  // `total` flag 1), ordered first, so the limit cuts grouped rows only.
  const rowsSql =
    groups.length === 0
      ? `select ${measureSql.join(', ')} ${from}`
      : `select ${[...keySql, ...measureSql].join(', ')}, grouping(${grouped[0]!}) as total ${from} group by grouping sets ((${groupSql.join(', ')}), ()) order by total desc, ${order.join(', ')} limit ${SYNTHESIS_ROW_LIMIT + 2}`;
  const totalsSql = `select ${measureSql.join(', ')} ${from}`;
  return { source, rowsSql, totalsSql, params };
}

const rounded = (value: unknown): number | null => (value === null || value === undefined ? null : Math.round(Number(value) * 100) / 100);

/** Runs a compiled table in `db` (the session's client database) and reads its answer. */
export async function runTable(db: Database, control: Queryable, definition: SynthesisDefinition, districtId: string, canList: (source: SynthesisSource) => boolean, now = new Date()): Promise<SynthesisResult> {
  const compiled = compile(definition, districtId);
  const { rows, totals } = await db
    .transaction(async (tx) => {
      await tx.query(`set local statement_timeout = ${STATEMENT_TIMEOUT_MS}`);
      // Room to group in memory (a hash of the groups) rather than sorting every row on disk.
      await tx.query(`set local work_mem = '${WORK_MEM}'`);
      const all = (await tx.query<Record<string, unknown>>(compiled.rowsSql, compiled.params)).rows;
      if (definition.groupBy.length === 0) return { rows: all, totals: all[0] };
      // The totals' row first (grouping sets); none only if the query answered nothing at all.
      const first = all[0];
      const hasTotals = first !== undefined && Number(first.total) === 1;
      return { rows: hasTotals ? all.slice(1) : all, totals: hasTotals ? first : (await tx.query<Record<string, unknown>>(compiled.totalsSql, compiled.params)).rows[0] };
    })
    .catch((error: unknown) => {
      if (error instanceof ApiError) throw error;
      if ((error as { code?: string }).code === '57014') throw ApiError.badRequest('synthesis.too_long');
      throw error;
    });
  const source = compiled.source;
  const groups = definition.groupBy.map((id) => source.dimensions[id]!);
  const accounts = groups.some((g) => g.type === 'account')
    ? await actorNames(control, rows.flatMap((row) => groups.map((g, i) => (g.type === 'account' ? ((row[`k${i}`] as string | null) ?? null) : null))))
    : new Map<string, string>();
  const linked = source.list !== undefined && canList(source);
  const period = { ...(definition.from !== undefined ? { from: definition.from } : {}), ...(definition.to !== undefined ? { to: definition.to } : {}) };
  // A cell's list shows its fields' values on top of the table's own one-value filters.
  const fixed: Record<string, string> = {};
  let filtersLinkable = true;
  for (const filter of definition.filters) {
    if (filter.values.length === 1) fixed[filter.field] = filter.values[0]!;
    else filtersLinkable = false;
  }
  const linkOf = (values: Record<string, string>) => (linked && filtersLinkable ? source.list!.search({ ...fixed, ...values }, period) : null);
  const truncated = definition.groupBy.length > 0 && rows.length > SYNTHESIS_ROW_LIMIT;
  const shown = definition.groupBy.length === 0 ? [] : rows.slice(0, SYNTHESIS_ROW_LIMIT);
  return {
    source: source.id,
    groupBy: definition.groupBy,
    measures: definition.measures,
    rows: shown.map((row) => {
      const keys = groups.map((g, i) => {
        const value = (row[`k${i}`] as string | null) ?? NONE;
        const label = g.type === 'account' ? (accounts.get(value) ?? '') : ((row[`l${i}`] as string | null) ?? '');
        return { value, label: g.label !== undefined || g.type === 'account' ? label : value };
      });
      return {
        keys,
        values: definition.measures.map((_, i) => rounded(row[`m${i}`])),
        link: linkOf(Object.fromEntries(definition.groupBy.map((id, i) => [id, keys[i]!.value]))),
      };
    }),
    totals: definition.measures.map((_, i) => rounded(totals?.[`m${i}`])),
    totalLink: linkOf({}),
    list: linked ? source.list!.link : null,
    truncated,
    computedAt: now.toISOString(),
  };
}
