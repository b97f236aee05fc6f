/**
 * The inventory family in the app (lib/app-module.ts): three manifests in one folder
 * (inventory, inventoryV2 and stockManagement share the catalog and the equipment), their route
 * subtrees and their start.
 */
import { defineAppModule } from '../../lib/app-module';
import { equipmentHref, equipmentListHref, INVENTORY_V2_BASE, setRouteLinks } from './catalog/paths';
import { inventoryRoutes, inventoryV2Routes, stockRoutes } from './routes';

export const inventoryModule = defineAppModule({
  folder: 'inventory',
  manifests: ['inventory', 'inventoryV2', 'stockManagement'],
  routes: (parent, links) => {
    // An item's sheet links to the inspections its checks were made with (Questionnaires' address).
    setRouteLinks(links);
    return { inventory: inventoryRoutes(parent), inventoryV2: inventoryV2Routes(parent), stockManagement: stockRoutes(parent) };
  },
  start: () => import('./index').then((m) => m.startInventoryModule),
  links: { equipment: (id: string) => equipmentHref(INVENTORY_V2_BASE, id), equipmentList: equipmentListHref(INVENTORY_V2_BASE), stockArticles: '/stock-management/article' },
});
