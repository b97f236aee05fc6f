/**
 * 2D plans in the app (lib/app-module.ts): the route subtree, which gets from the app the
 * addresses its pins lead to (a declaration, an action, an item of equipment, a contact, a site)
 * and the report form of a site; its start (senders, the site sheet's panel, the offline
 * declaration, the pin of a declaration reported from a plan).
 */
import { defineAppModule } from '../../lib/app-module';
import { moduleRoutes } from './routes';

export const plan2dModule = defineAppModule({
  folder: 'plan2d',
  manifests: ['plan2d'],
  routes: (parent, links) => ({ plan2d: moduleRoutes(parent, links) }),
  start: () => import('./index').then((m) => m.startPlan2dModule),
});
