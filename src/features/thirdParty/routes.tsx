/**
 * The third-party family's route subtrees, one per manifest prefix, registered by the app's
 * route table. Each prefix is guarded by its manifest's feature (`can()`); the children come from
 * the family's parts: the share links (./links/routes.tsx), the outside companies
 * (./companies/routes.tsx).
 *
 *   /third-party       the links shared with people outside the product (third-party.read)
 *   /third-party-v2    → current; the companies, workers, interventions (thirdPartyV2.read/admin)
 */
import { createRoute, redirect, type AnyRoute } from '@tanstack/react-router';
import { DEFAULT_PAGE } from '../../../common/constants';
import type { Feature } from '../../../common/rights';
import { appTranslate, applyOutcome } from '../../lib/catalogue-effects';
import { getEnvelopeState } from '../../lib/envelope-store';
import { catalogueOutcome } from '../../lib/error-catalogue';
import { i18n } from '../../lib/i18n';
import { can } from '../../lib/rights';
import { companiesChildren } from './companies/routes';
import { linksChildren } from './links/routes';

/** Sends a reader without the feature's right back to their default page, with the rights toast. */
export function requireThirdParty(feature: Feature, action: 'read' | 'manage' = 'read'): void {
  if (can(getEnvelopeState().rights, feature, action)) return;
  applyOutcome(catalogueOutcome({ kind: 'error', status: 403, body: { message: 'auth.missing_rights', requiredPermissions: [feature] } }, appTranslate));
  throw redirect({ href: DEFAULT_PAGE, replace: true });
}

const NAMESPACES = ['third-party', 'components'];

export function thirdPartyRoutes(parent: AnyRoute) {
  const prefix = createRoute({
    getParentRoute: () => parent,
    path: 'third-party',
    beforeLoad: () => requireThirdParty('thirdParty'),
    loader: () => i18n.loadNamespaces(NAMESPACES),
  });
  return prefix.addChildren(linksChildren(prefix));
}

export function thirdPartyV2Routes(parent: AnyRoute) {
  const prefix = createRoute({
    getParentRoute: () => parent,
    path: 'third-party-v2',
    beforeLoad: () => requireThirdParty('thirdPartyV2'),
    loader: () => i18n.loadNamespaces(NAMESPACES),
  });
  return prefix.addChildren(companiesChildren(prefix));
}
