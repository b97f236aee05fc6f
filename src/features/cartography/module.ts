/**
 * Cartography in the app (lib/app-module.ts), one family of two manifests: the map
 * (routes.tsx) and its management (management/). Their routes get the addresses the map's
 * features lead to (a site, a declaration, the report form) from the app; its start runs both.
 */
import { defineAppModule } from '../../lib/app-module';
import { moduleRoutes as managementRoutes } from './management/routes';
import { moduleRoutes as mapRoutes } from './routes';

export const cartographyModule = defineAppModule({
  folder: 'cartography',
  manifests: ['cartography', 'cartographyManagement'],
  routes: (parent, links) => ({ cartography: mapRoutes(parent, links), cartographyManagement: managementRoutes(parent, links) }),
  start: () =>
    Promise.all([import('./index'), import('./management/index')]).then(([map, management]) => () => {
      map.startCartographyModule();
      management.startCartographyManagementModule();
    }),
});
