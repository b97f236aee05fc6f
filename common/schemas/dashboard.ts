/**
 * The dashboard's data: each person's home in one answer, composed by the server from
 * the modules the person may read (server/src/routes/api/dashboard). Kept small: the dashboard is
 * the first screen after every start.
 */
import Type, { type Static } from 'typebox';
import { ActionSummary, DateOnly } from '../modules/actions/schemas';
import { IsoDateTime, Uuid } from './platform';


/** How many of each list the dashboard shows. */
export const DASHBOARD_ROWS = 5;
/** Weeks of the managers' chart (actions opened and closed by week). */
export const DASHBOARD_WEEKS = 8;

/**
 * GET /api/dashboard: each person's home in one answer. Each part is present only with the
 * right that reads it (null otherwise): the caller's open actions (overdue first) and their
 * count, its inspections due, the district's recent declarations, and for managers of actions
 * the district's open and overdue counts with actions opened and closed by week.
 */
export const DashboardCardTone = Type.Union([Type.Literal('neutral'), Type.Literal('warning'), Type.Literal('danger')]);
export type DashboardCardTone = Static<typeof DashboardCardTone>;

/**
 * A module's card on the dashboard (a ServerModule's `dashboardCards`, each checking its own
 * read right): a count with its first DASHBOARD_ROWS rows, each opening its record, and the list
 * the card opens. Its title is a key of `namespace`: `common` (`dashboard.cards.*`) for the
 * cards so far, so the home loads no module's texts at start (a module's whole file for one
 * title, and a render of its own when it arrived); a row's `day` is formatted by the app in the
 * reader's language.
 */
export const DashboardCard = Type.Object({
  /** `<module>.<card>`, stable: the page's order and the tests find a card by it. */
  id: Type.String({ maxLength: 80 }),
  namespace: Type.String({ maxLength: 40 }),
  title: Type.String({ maxLength: 120 }),
  count: Type.Integer({ minimum: 0 }),
  tone: DashboardCardTone,
  path: Type.String({ maxLength: 400 }),
  items: Type.Array(
    Type.Object({
      id: Uuid,
      label: Type.String(),
      /** Plain data beside the label (a site's name, a quantity with its unit), never a sentence. */
      detail: Type.String(),
      day: Type.Union([DateOnly, Type.Null()]),
      tone: DashboardCardTone,
      path: Type.String({ maxLength: 400 }),
    }),
  ),
});
export type DashboardCard = Static<typeof DashboardCard>;

export const DashboardData = Type.Object({
  myActions: Type.Union([Type.Object({ items: Type.Array(ActionSummary), open: Type.Integer({ minimum: 0 }), overdue: Type.Integer({ minimum: 0 }) }), Type.Null()]),
  myInspections: Type.Union([
    Type.Object({
      items: Type.Array(Type.Object({ id: Uuid, templateName: Type.String(), siteName: Type.Union([Type.String(), Type.Null()]), status: Type.String(), dueAt: Type.Union([IsoDateTime, Type.Null()]), overdue: Type.Boolean() })),
      due: Type.Integer({ minimum: 0 }),
    }),
    Type.Null(),
  ]),
  recentDeclarations: Type.Union([
    Type.Object({ items: Type.Array(Type.Object({ id: Uuid, title: Type.String(), status: Type.String(), siteName: Type.Union([Type.String(), Type.Null()]), createdAt: IsoDateTime })) }),
    Type.Null(),
  ]),
  districtActions: Type.Union([
    Type.Object({
      open: Type.Integer({ minimum: 0 }),
      overdue: Type.Integer({ minimum: 0 }),
      /** Oldest week first: the Monday it starts, actions created and actions done that week. */
      weeks: Type.Array(Type.Object({ week: DateOnly, opened: Type.Integer({ minimum: 0 }), closed: Type.Integer({ minimum: 0 }) })),
    }),
    Type.Null(),
  ]),
  /** The other modules' cards (their `dashboardCards`), in the modules' order. */
  cards: Type.Array(DashboardCard),
});
export type DashboardData = Static<typeof DashboardData>;
