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
import { createRoute, redirect, type AnyRoute } from '@tanstack/react-router';
import { DEFAULT_PAGE } from '../../../common/constants';
import type { Feature } from '../../../common/rights';
import { appTranslate, applyOutcome } from '../../lib/catalogue-effects';
import { getEnvelopeState } from '../../lib/envelope-store';
import { catalogueOutcome } from '../../lib/error-catalogue';
import { i18n } from '../../lib/i18n';
import { can } from '../../lib/rights';
import { auditRoutes } from './audit/routes';
import { inventoryChildren, inventoryV2Children } from './catalog/routes';
import { stockChildren } from './stock/routes';

/** Sends a reader without the feature's right back to their default page, with the rights toast. */
export function requireInventory(feature: Feature, action: 'read' | 'manage' = 'read'): void {
  if (can(getEnvelopeState().rights, feature, action)) return;
  applyOutcome(catalogueOutcome({ kind: 'error', status: 403, body: { message: 'auth.missing_rights', requiredPermissions: [feature] } }, appTranslate));
  throw redirect({ href: DEFAULT_PAGE, replace: true });
}

const NAMESPACES = ['inventoryV2', 'stock-management', 'components'];

export function inventoryRoutes(parent: AnyRoute) {
  const prefix = createRoute({
    getParentRoute: () => parent,
    path: 'inventory',
    beforeLoad: () => requireInventory('inventory'),
    loader: () => i18n.loadNamespaces(NAMESPACES),
  });
  return prefix.addChildren(inventoryChildren(prefix));
}

export function inventoryV2Routes(parent: AnyRoute) {
  const prefix = createRoute({
    getParentRoute: () => parent,
    path: 'inventory-v2',
    beforeLoad: () => requireInventory('inventoryV2'),
    loader: () => i18n.loadNamespaces(NAMESPACES),
  });
  return prefix.addChildren([...inventoryV2Children(prefix), ...auditRoutes(prefix)]);
}

export function stockRoutes(parent: AnyRoute) {
  const prefix = createRoute({
    getParentRoute: () => parent,
    path: 'stock-management',
    beforeLoad: () => requireInventory('stock'),
    loader: () => i18n.loadNamespaces(NAMESPACES),
  });
  return prefix.addChildren(stockChildren(prefix));
}
