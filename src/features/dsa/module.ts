/** The data-sharing area in the app (lib/app-module.ts): its route subtree, its start, and its outsider's page lent to the public route. */
import { defineAppModule } from '../../lib/app-module';
import { moduleRoutes } from './routes';
import { setShareLinks } from './share';

export const dsaModule = defineAppModule({
  folder: 'dsa',
  manifests: ['dsa'],
  routes: (parent, links) => {
    // An area's district documents are shared for reading through the third-party links' form.
    setShareLinks(links);
    return { dsa: moduleRoutes(parent) };
  },
  start: () => import('./index').then((m) => m.startDsaModule),
  parts: { DsaDropPage: () => import('./components/DropPage').then((m) => m.DropPage) },
});
