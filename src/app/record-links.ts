/**
 * The addresses the home screens (the dashboard, the calendar) open: each module's record and
 * list, composed here because features do not import each other (MODULES.md); the pages get
 * them as props from their routes.
 */
import { actionPlans } from '../../common/modules/actionPlans';
import type { CalendarLinks } from '../features/calendar/components/CalendarPage';
import type { DashboardLinks } from '../features/dashboard/components/DashboardPage';
import { declarationHref, declarationsListHref } from '../features/declarations/paths';
import { inspectionHref, inspectionsHref } from '../features/questionnaires/paths';
import { WORKFLOW_NOTIFICATIONS_PATH } from '../features/shell/components/AppToolbar';
import { OUTBOX_PATH } from '../features/shell/components/PendingWritesLink';

/** An action's sheet (the actions screens, prefix actionPlan). */
const ACTIONS_PATH = `/${actionPlans.prefix}/actions`;
export const actionHref = (id: string) => `${ACTIONS_PATH}/${encodeURIComponent(id)}`;

export const recordLinks: DashboardLinks & CalendarLinks = {
  action: actionHref,
  // The member's own actions: where the toolbar's workflow icon leads too.
  myActions: WORKFLOW_NOTIFICATIONS_PATH,
  inspection: inspectionHref,
  inspections: inspectionsHref(),
  declaration: (id) => declarationHref(id),
  declarations: declarationsListHref(),
  outbox: OUTBOX_PATH,
};
