/**
 * The 2D plans' routes (the manifest's prefix `plan2d`; the spec gives it no rights of its own:
 * a plan belongs to its site, so the sites' read right opens them). In the entry: the guard and
 * the search validation only; the pages, MapLibre and its stylesheet load with the route.
 *
 *   /plan2d                 the district's sites, to open one's plans
 *   /plan2d/site/$siteId    a site's plans by level (?plan= chooses one)
 */
import { createRoute, type AnyRoute } from '@tanstack/react-router';
import { lazyPage } from '../../lib/lazy-page';
import type { ModuleLinks } from '../../lib/app-module';
import { i18n } from '../../lib/i18n';
import { requireCan, uuidParams } from '../../lib/route-guards';
import { validateSitePlansSearch } from './paths';

const pages = () => import('./components/pages');

export function moduleRoutes(parent: AnyRoute, links: ModuleLinks) {
  const root = createRoute({
    getParentRoute: () => parent,
    path: 'plan2d',
    beforeLoad: () => requireCan('sites', 'read'),
    loader: () => i18n.loadNamespaces(['plan2d', 'components']),
  });
  const SitesPage = lazyPage(pages, 'PlanSitesPage');
  const home = createRoute({ getParentRoute: () => root, path: '/', component: SitesPage });
  const PlansPage = lazyPage(pages, 'SitePlansPage');
  const site = createRoute({
    getParentRoute: () => root,
    path: 'site/$siteId',
    params: uuidParams('siteId'),
    validateSearch: validateSitePlansSearch,
    component: function SitePlansRoute() {
      return <PlansPage links={links} />;
    },
  });
  return root.addChildren([home, site]);
}
