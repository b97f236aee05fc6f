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
});
export type DashboardData = Static<typeof DashboardData>;
