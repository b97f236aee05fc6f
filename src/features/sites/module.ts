/** Sites in the app (lib/app-module.ts): its route subtree, its start, the address of a site's sheet. */
import { defineAppModule } from '../../lib/app-module';
import { siteHref } from './paths';
import { moduleRoutes } from './routes';

export const sitesModule = defineAppModule({
  folder: 'sites',
  manifests: ['sites'],
  routes: (parent) => ({ sites: moduleRoutes(parent) }),
  start: () => import('./index').then((m) => m.startSitesModule),
  links: { site: (id: string) => siteHref(id) },
});
