/** Contacts in the app (lib/app-module.ts): its route subtree and its start (senders, offline copy, the panels it lends). */
import { defineAppModule } from '../../lib/app-module';
import { contactHref } from './paths';
import { moduleRoutes } from './routes';

export const contactModule = defineAppModule({
  folder: 'contactV2',
  manifests: ['contactV2'],
  routes: (parent) => ({ contactV2: moduleRoutes(parent) }),
  start: () => import('./index').then((m) => m.startContactModule),
  links: { contact: (id: string) => contactHref(id) },
});
