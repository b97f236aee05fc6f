/**
 * Actions in the app (lib/app-module.ts), one family of two manifests: Action plans
 * (routes.tsx) and Actions V3 (v3-routes.tsx, the same actions made from templates). Its start,
 * the address of an action's sheet (the dashboard, the calendar), and the linked actions that a
 * declaration's sheet and an inspection's report show (lib/module-parts.ts).
 */
import { defineAppModule } from '../../lib/app-module';
import { ACTION_PLANS_PREFIX, actionHref, actionsListHref } from './paths';
import { moduleRoutes as actionPlansRoutes } from './routes';
import { moduleRoutes as actionsV3Routes } from './v3-routes';

export const actionsModule = defineAppModule({
  folder: 'actions',
  manifests: ['actionPlans', 'actionsV3'],
  routes: (parent) => ({ actionPlans: actionPlansRoutes(parent), actionsV3: actionsV3Routes(parent) }),
  start: () => import('./index').then((m) => m.startActionsModule),
  links: { action: (id: string) => actionHref(ACTION_PLANS_PREFIX, id), actions: actionsListHref(ACTION_PLANS_PREFIX) },
  parts: { LinkedActions: () => import('./components/LinkedActions').then((m) => m.LinkedActions) },
});
