/**
 * Declarations in the app (lib/app-module.ts): its route subtree, its start, the addresses of a
 * declaration, of the list and of the report form with a pin (the map, the dashboard).
 */
import { defineAppModule } from '../../lib/app-module';
import { declarationHref, declarationsListHref, reportHref } from './paths';
import { moduleRoutes } from './routes';

export const declarationsModule = defineAppModule({
  folder: 'declarations',
  manifests: ['declarations'],
  routes: (parent) => ({ declarations: moduleRoutes(parent) }),
  start: () => import('./index').then((m) => m.startDeclarationsModule),
  links: {
    declaration: (id: string) => declarationHref(id),
    declarations: declarationsListHref(),
    reportAt: ({ lat, lng }: { lat: number; lng: number }) => reportHref({ at: `${lat},${lng}` }),
    reportOnSite: (siteId: string) => reportHref({ site: siteId }),
  },
});
