/** The workflow family in the app (lib/app-module.ts): workflows and their inbox (notificationsWorkflowV2). */
import { defineAppModule } from '../../lib/app-module';
import { inboxRoutes, workflowRoutes } from './routes';

export const workflowModule = defineAppModule({
  folder: 'workflow',
  manifests: ['workflow', 'notificationsWorkflowV2'],
  routes: (parent) => ({ workflow: workflowRoutes(parent), notificationsWorkflowV2: inboxRoutes(parent) }),
  start: () => import('./index').then((m) => m.startWorkflowModule),
});
