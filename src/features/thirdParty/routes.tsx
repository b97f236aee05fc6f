/**
 * The third-party family's route subtrees, one per manifest prefix, registered by the app's
 * route table. Each prefix is guarded by its manifest's feature (`can()`); the children come from
 * the family's parts: the share links (./links/routes.tsx), the outside companies
 * (./companies/routes.tsx).
 *
 *   /third-party       the links shared with people outside the product (third-party.read)
 *   /third-party-v2    → current; the companies, workers, interventions (thirdPartyV2.read/admin)
 */
import { createRoute, type AnyRoute } from '@tanstack/react-router';
import { i18n } from '../../lib/i18n';
import { requireCan } from '../../lib/route-guards';
import { companiesChildren } from './companies/routes';
import { linksChildren } from './links/routes';

const NAMESPACES = ['third-party', 'components'];

export function thirdPartyRoutes(parent: AnyRoute) {
  const prefix = createRoute({
    getParentRoute: () => parent,
    path: 'third-party',
    beforeLoad: () => requireCan('thirdParty', 'read'),
    loader: () => i18n.loadNamespaces(NAMESPACES),
  });
  return prefix.addChildren(linksChildren(prefix));
}

export function thirdPartyV2Routes(parent: AnyRoute) {
  const prefix = createRoute({
    getParentRoute: () => parent,
    path: 'third-party-v2',
    beforeLoad: () => requireCan('thirdPartyV2', 'read'),
    loader: () => i18n.loadNamespaces(NAMESPACES),
  });
  return prefix.addChildren(companiesChildren(prefix));
}
