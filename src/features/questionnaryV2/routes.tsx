/**
 * The Questionnaires route subtree (the manifest's prefix `questionnary-v2`), registered by the
 * app's route table. In the entry: only guards and what loaders start; the pages come from the
 * module's chunk (components/pages.tsx).
 *
 *   /questionnary-v2/view                    the caller's inspections (?tab=todo|inProgress|submitted)
 *   /questionnary-v2/start                   start one on site (?template=&site=)
 *   /questionnary-v2/inspections/$id         fill it, or its report once submitted
 */
import { createRoute, lazyRouteComponent, redirect, type AnyRoute } from '@tanstack/react-router';
import { DEFAULT_PAGE } from '../../../common/constants';
import { appTranslate, applyOutcome } from '../../lib/catalogue-effects';
import { getEnvelopeState } from '../../lib/envelope-store';
import { catalogueOutcome } from '../../lib/error-catalogue';
import { i18n } from '../../lib/i18n';
import { can } from '../../lib/rights';

const pages = () => import('./components/pages');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Filling needs either family's read right: spec section 8's requiredPermissions toast, then away. */
function requireFiller(): void {
  const rights = getEnvelopeState().rights;
  if (can(rights, 'questionnaires') || can(rights, 'securesphere')) return;
  applyOutcome(catalogueOutcome({ kind: 'error', status: 403, body: { message: 'auth.missing_rights', requiredPermissions: ['questionnaires'] } }, appTranslate));
  throw redirect({ href: DEFAULT_PAGE, replace: true });
}

export function moduleRoutes(parent: AnyRoute) {
  const root = createRoute({
    getParentRoute: () => parent,
    path: 'questionnary-v2',
    beforeLoad: requireFiller,
    loader: () => i18n.loadNamespaces(['questionnaires', 'components']),
    component: lazyRouteComponent(pages, 'QuestionnairesLayout'),
  });
  const index = createRoute({ getParentRoute: () => root, path: '/', beforeLoad: () => redirect({ href: '/questionnary-v2/view', replace: true }) });
  const list = createRoute({ getParentRoute: () => root, path: 'view', component: lazyRouteComponent(pages, 'InspectionsPage') });
  const start = createRoute({ getParentRoute: () => root, path: 'start', component: lazyRouteComponent(pages, 'StartPage') });
  const inspection = createRoute({
    getParentRoute: () => root,
    path: 'inspections/$inspectionId',
    // Not an id: not an inspection's address (the app's 404 rule answers).
    params: { parse: (raw: { inspectionId: string }) => (UUID.test(raw.inspectionId) ? raw : false) },
    component: lazyRouteComponent(pages, 'InspectionPage'),
  });
  return root.addChildren([index, list, start, inspection]);
}
