/**
 * The addresses the home screens (the dashboard, the calendar) open: each module's record and
 * list, given by the module's descriptor (./modules.ts moduleLinks), since features do not import
 * each other (MODULES.md); the pages get them as props from their routes.
 */
import type { CalendarLinks } from '../features/calendar/components/CalendarPage';
import type { DashboardLinks } from '../features/dashboard/components/DashboardPage';
import { MY_ACTIONS_PATH } from '../features/shell/components/AppToolbar';
import { OUTBOX_PATH } from '../features/shell/components/PendingWritesLink';
import { moduleLinks } from './modules';

export const recordLinks: DashboardLinks & CalendarLinks = {
  action: moduleLinks.action,
  // The member's own actions.
  myActions: MY_ACTIONS_PATH,
  inspection: moduleLinks.inspection,
  inspections: moduleLinks.inspections,
  declaration: moduleLinks.declaration,
  declarations: moduleLinks.declarations,
  outbox: OUTBOX_PATH,
};
