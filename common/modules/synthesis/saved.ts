/**
 * The synthesis's shared records (issue 33, items 1-2): a saved table (a name, its definition,
 * the chart it shows best as, shared with the district or private to its author) and a
 * dashboard (a name, shared or private, and its cards: a saved table shown as a chart, in their
 * order). Any synthesis reader saves their own; the synthesis administrators (SYNTHESIS_ADMIN_RIGHTS)
 * also edit and delete the shared ones of others. A private record is seen by its author only.
 */
import Type, { type Static } from 'typebox';
import { CreateBody, RecordMeta, UpdateBody, Uuid } from '../../schemas/platform';
import { SynthesisCard, SynthesisDefinition } from './schemas';

/**
 * Who edits every shared table and dashboard of the district: spec section 6 gives the synthesis
 * reading rights only; the dashboards' view right (synthesis V3) is the one made its manager
 * here (a choice: the spec is silent), and the operator.
 */
export const SYNTHESIS_ADMIN_RIGHTS = ['synthesisV3.access', 'opteamum.admin'] as const;
export const isSynthesisAdmin = (rights: readonly string[]): boolean => SYNTHESIS_ADMIN_RIGHTS.some((r) => rights.includes(r));

/** Who may edit a saved record: its author, or an administrator when it is shared. */
export const mayEditSaved = (record: { shared: boolean; createdBy: { id: string } }, accountId: string, admin: boolean): boolean =>
  record.createdBy.id === accountId || (admin && record.shared);

export const SAVED_NAME_MAX = 200;
export const DASHBOARD_CARDS_MAX = 24;

const Name = Type.String({ minLength: 1, maxLength: SAVED_NAME_MAX, pattern: '\\S' });
/** A chart's kind (CHART_TYPES), as a card's. */
export const ChartKind = SynthesisCard.properties.chart;

export const SavedTableFields = Type.Object(
  { name: Name, definition: SynthesisDefinition, chart: ChartKind, shared: Type.Boolean() },
  { additionalProperties: false },
);
export type SavedTableFields = Static<typeof SavedTableFields>;
export const SavedTableCreate = CreateBody(SavedTableFields, ['name', 'definition']);
export type SavedTableCreate = Static<typeof SavedTableCreate>;
export const SavedTableUpdate = UpdateBody(Type.Partial(SavedTableFields, { additionalProperties: false, minProperties: 1 }));
export const SavedTable = Type.Object({ ...RecordMeta.properties, ...SavedTableFields.properties });
export type SavedTable = Static<typeof SavedTable>;

/**
 * A dashboard's card: a saved table and its chart; its place is its index in `cards`; `wide`: it
 * spans two columns of a desktop's grid (one column otherwise; a phone's grid has one).
 */
export const DashboardCardRef = Type.Object({ tableId: Uuid, chart: ChartKind, wide: Type.Optional(Type.Boolean()) }, { additionalProperties: false });
export type DashboardCardRef = Static<typeof DashboardCardRef>;

export const SavedDashboardFields = Type.Object(
  { name: Name, shared: Type.Boolean(), cards: Type.Array(DashboardCardRef, { maxItems: DASHBOARD_CARDS_MAX }) },
  { additionalProperties: false },
);
export type SavedDashboardFields = Static<typeof SavedDashboardFields>;
export const SavedDashboardCreate = CreateBody(SavedDashboardFields, ['name']);
export type SavedDashboardCreate = Static<typeof SavedDashboardCreate>;
export const SavedDashboardUpdate = UpdateBody(Type.Partial(SavedDashboardFields, { additionalProperties: false, minProperties: 1 }));
export const SavedDashboard = Type.Object({ ...RecordMeta.properties, ...SavedDashboardFields.properties });
export type SavedDashboard = Static<typeof SavedDashboard>;

export const SavedListQuery = Type.Object({ deleted: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')])) }, { additionalProperties: false });
