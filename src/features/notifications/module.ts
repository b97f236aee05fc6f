/**
 * Notifications in the app (lib/app-module.ts): the notifications' screen and its start (the
 * offline declaration). The workflow notifications (notificationsWorkflowV2) are the workflow
 * family's (src/features/workflow). The shell's bell and live notifications are the shell's own (src/app/routes/authenticated.lazy.tsx).
 */
import { defineAppModule } from '../../lib/app-module';
import { moduleRoutes } from './routes';

export const notificationsModule = defineAppModule({
  folder: 'notifications',
  manifests: ['notifications'],
  routes: (parent) => ({ notifications: moduleRoutes(parent) }),
  start: () => import('./index').then((m) => m.startNotificationsModule),
});
