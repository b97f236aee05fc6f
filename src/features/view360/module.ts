/**
 * 360° tours in the app (lib/app-module.ts): their route subtree and their start (senders, the
 * site's tour panel on the site's sheet, a record's markers on its sheet). No menu entry: a
 * tour is reached from its site's sheet.
 */
import type { ModuleLinks } from '../../lib/app-module';
import { defineAppModule } from '../../lib/app-module';
import { moduleRoutes } from './routes';

export const view360Module = defineAppModule({
  folder: 'view360',
  manifests: ['view360'],
  routes: (parent, links: ModuleLinks) => ({ view360: moduleRoutes(parent, links) }),
  start: () => import('./index').then((m) => m.startView360Module),
});
