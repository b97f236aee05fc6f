/**
 * The inventory family's route subtrees, one per manifest prefix, registered by the app's route
 * table. Each prefix is guarded by its manifest's feature (`can()`), and its children come from
 * the family's parts: the catalog and equipment (./catalog/routes.tsx), the stock
 * (./stock/routes.tsx), the scans, labels and audits (./audit/routes.tsx).
 *
 *   /inventory            → catalog, else article, else object (the menu's first target the rights allow)
 *   /inventory-v2         → article, else equipment
 *   /stock-management     → recap-table, stock-area, outgoing-stuff, incoming-stuff, loan-stuff, article, inventory
 */
import { createRoute, type AnyRoute } from '@tanstack/react-router';
import { i18n } from '../../lib/i18n';
import { auditRoutes } from './audit/routes';
import { inventoryChildren, inventoryV2Children } from './catalog/routes';
import { stockChildren } from './stock/routes';
import { requireCan } from '../../lib/route-guards';

const NAMESPACES = ['inventoryV2', 'stock-management', 'components'];

export function inventoryRoutes(parent: AnyRoute) {
  const prefix = createRoute({
    getParentRoute: () => parent,
    path: 'inventory',
    beforeLoad: () => requireCan('inventory', 'read'),
    loader: () => i18n.loadNamespaces(NAMESPACES),
  });
  return prefix.addChildren(inventoryChildren(prefix));
}

export function inventoryV2Routes(parent: AnyRoute) {
  const prefix = createRoute({
    getParentRoute: () => parent,
    path: 'inventory-v2',
    beforeLoad: () => requireCan('inventoryV2', 'read'),
    loader: () => i18n.loadNamespaces(NAMESPACES),
  });
  return prefix.addChildren([...inventoryV2Children(prefix), ...auditRoutes(prefix)]);
}

export function stockRoutes(parent: AnyRoute) {
  const prefix = createRoute({
    getParentRoute: () => parent,
    path: 'stock-management',
    beforeLoad: () => requireCan('stock', 'read'),
    loader: () => i18n.loadNamespaces(NAMESPACES),
  });
  return prefix.addChildren(stockChildren(prefix));
}
