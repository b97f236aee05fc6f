/**
 * The synthesis's contract (issue 33): a table's definition (a source declared by the module
 * owning it, filters, one or two fields grouped, measures, sort, a period), the computed table
 * (rows with their cells' list addresses, the totals, when it was computed), the sources as the
 * builder offers them, and a dashboard's PDF request.
 */
import Type, { type Static } from 'typebox';
import { IsoDateTime } from '../../schemas/platform';

/** A source's, a field's or a measure's id. */
export const SynthesisId = Type.String({ pattern: '^[a-zA-Z][a-zA-Z0-9]{0,39}$' });
export const SynthesisDay = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });

/** Rows grouped in one table at most (the answer says `truncated` beyond). */
export const SYNTHESIS_ROW_LIMIT = 500;
export const CHART_TYPES = ['bar', 'stackedBar', 'line', 'pie', 'doughnut', 'number', 'table'] as const;
export type ChartType = (typeof CHART_TYPES)[number];

export const SynthesisFilter = Type.Object(
  { field: SynthesisId, values: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { minItems: 1, maxItems: 50 }) },
  { additionalProperties: false },
);
export type SynthesisFilter = Static<typeof SynthesisFilter>;

export const SynthesisDefinition = Type.Object(
  {
    source: SynthesisId,
    groupBy: Type.Array(SynthesisId, { maxItems: 2 }),
    measures: Type.Array(SynthesisId, { minItems: 1, maxItems: 4 }),
    filters: Type.Array(SynthesisFilter, { maxItems: 10 }),
    /** The period, days both included, on the source's date. */
    from: Type.Optional(SynthesisDay),
    to: Type.Optional(SynthesisDay),
    /** A grouped field's or a measure's id; the first grouped field's order by default. */
    sort: Type.Optional(Type.Object({ by: SynthesisId, desc: Type.Boolean() }, { additionalProperties: false })),
  },
  { additionalProperties: false },
);
export type SynthesisDefinition = Static<typeof SynthesisDefinition>;

export const SynthesisKey = Type.Object({ value: Type.String(), label: Type.String() });
export const SynthesisRow = Type.Object({
  keys: Type.Array(SynthesisKey),
  values: Type.Array(Type.Union([Type.Number(), Type.Null()])),
  /** The search of the owner's list showing the cell's records; null when the list cannot (or the reader cannot read it). */
  link: Type.Union([Type.Record(Type.String(), Type.String()), Type.Null()]),
});
export type SynthesisRow = Static<typeof SynthesisRow>;

export const SynthesisResult = Type.Object({
  source: Type.String(),
  groupBy: Type.Array(Type.String()),
  measures: Type.Array(Type.String()),
  rows: Type.Array(SynthesisRow),
  /** The measures over every row matching the filters (not the sum of rates). */
  totals: Type.Array(Type.Union([Type.Number(), Type.Null()])),
  totalLink: Type.Union([Type.Record(Type.String(), Type.String()), Type.Null()]),
  /** The app's link name of the owner's list (ModuleLinks), null without one. */
  list: Type.Union([Type.String(), Type.Null()]),
  truncated: Type.Boolean(),
  computedAt: IsoDateTime,
});
export type SynthesisResult = Static<typeof SynthesisResult>;

export const SynthesisSourceInfo = Type.Object({
  id: Type.String(),
  fields: Type.Array(Type.Object({ id: Type.String(), type: Type.String(), values: Type.Optional(Type.Array(Type.String())) })),
  measures: Type.Array(Type.Object({ id: Type.String(), kind: Type.String() })),
});
export type SynthesisSourceInfo = Static<typeof SynthesisSourceInfo>;

/** A dashboard's card: a table's definition shown as a chart. */
export const SynthesisCard = Type.Object(
  { title: Type.String({ minLength: 1, maxLength: 200 }), chart: Type.Union([Type.Literal('bar'), Type.Literal('stackedBar'), Type.Literal('line'), Type.Literal('pie'), Type.Literal('doughnut'), Type.Literal('number'), Type.Literal('table')]), definition: SynthesisDefinition },
  { additionalProperties: false },
);
export type SynthesisCard = Static<typeof SynthesisCard>;

/** A dashboard printed: its title, its filters as the reader set them and its cards (computed on the server). */
export const SynthesisPdfBody = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: 200 }),
    filters: Type.Object(
      { from: Type.Optional(SynthesisDay), to: Type.Optional(SynthesisDay), site: Type.Optional(Type.String({ maxLength: 36 })), siteType: Type.Optional(Type.String({ maxLength: 36 })) },
      { additionalProperties: false },
    ),
    cards: Type.Array(SynthesisCard, { minItems: 1, maxItems: 24 }),
  },
  { additionalProperties: false },
);
export type SynthesisPdfBody = Static<typeof SynthesisPdfBody>;

export interface DashboardFilters {
  from?: string;
  to?: string;
  site?: string;
  siteType?: string;
}

/** A card's definition under the dashboard's filters (period narrowed, site and site type added where the source has them). */
export function withDashboardFilters(definition: SynthesisDefinition, filters: DashboardFilters, fields: readonly string[]): SynthesisDefinition {
  const out: SynthesisDefinition = { ...definition, filters: [...definition.filters] };
  if (filters.from !== undefined && (out.from === undefined || out.from < filters.from)) out.from = filters.from;
  if (filters.to !== undefined && (out.to === undefined || out.to > filters.to)) out.to = filters.to;
  for (const field of ['site', 'siteType'] as const) {
    const value = filters[field];
    if (value !== undefined && value !== '' && fields.includes(field)) out.filters = [...out.filters.filter((f) => f.field !== field), { field, values: [value] }];
  }
  return out;
}
