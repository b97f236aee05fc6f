/**
 * The synthesis route subtree (the manifest's prefix `synthesisBuilder`), registered by the app's
 * route table. Each view takes its own right (spec section 2), the module's start is the first
 * view the rights open; the pages come from the module's chunk (components/pages.tsx), with
 * Chart.js and TanStack Table in it only.
 *
 *   /synthesisBuilder                          → the first view the rights open
 *   /synthesisBuilder/synthesisTable           the table builder (synthesis.read)
 *   /synthesisBuilder/synthesisView            the district's dashboard and the pinned tables (synthesisV2.access)
 *   /synthesisBuilder/synthesisSecuresphere    the Securesphere audits' dashboard
 *   /synthesisBuilder/synthesis                the dashboards (synthesisV3.access)
 */
import { createRoute, redirect, type AnyRoute } from '@tanstack/react-router';
import { lazyPage } from '../../lib/lazy-page';
import { DEFAULT_PAGE } from '../../../common/constants';
import type { ModuleLinks } from '../../lib/app-module';
import { getEnvelopeState } from '../../lib/envelope-store';
import { i18n } from '../../lib/i18n';
import { setListLinks } from './links';
import { opensView, SECURESPHERE_PATH, TABLE_PATH, V3_PATH, VIEW_PATH, VIEW_RIGHTS } from './paths';
import { validateDashboardSearch, validateTableSearch } from './search';
import { refuseRights } from '../../lib/route-guards';

const pages = () => import('./components/pages');

function requireView(path: string): void {
  if (opensView(getEnvelopeState().rights, path)) return;
  const rights = VIEW_RIGHTS.find((v) => v.path === path)?.rights ?? [];
  refuseRights([...rights]);
}

export function moduleRoutes(parent: AnyRoute, links: ModuleLinks) {
  setListLinks(links);
  const root = createRoute({
    getParentRoute: () => parent,
    path: 'synthesisBuilder',
    loader: () => i18n.loadNamespaces(['synthesis', 'components']),
  });
  const index = createRoute({
    getParentRoute: () => root,
    path: '/',
    beforeLoad: () => {
      const rights = getEnvelopeState().rights;
      const first = VIEW_RIGHTS.find((v) => opensView(rights, v.path));
      throw redirect({ href: first?.path ?? DEFAULT_PAGE, replace: true });
    },
  });
  const table = createRoute({
    getParentRoute: () => root,
    path: 'synthesisTable',
    beforeLoad: () => requireView(TABLE_PATH),
    validateSearch: validateTableSearch,
    component: lazyPage(pages, 'TablePage'),
  });
  const view = createRoute({
    getParentRoute: () => root,
    path: 'synthesisView',
    beforeLoad: () => requireView(VIEW_PATH),
    validateSearch: validateDashboardSearch,
    component: lazyPage(pages, 'DistrictDashboardPage'),
  });
  const securesphere = createRoute({
    getParentRoute: () => root,
    path: 'synthesisSecuresphere',
    beforeLoad: () => requireView(SECURESPHERE_PATH),
    validateSearch: validateDashboardSearch,
    component: lazyPage(pages, 'SecurespherePage'),
  });
  const v3 = createRoute({
    getParentRoute: () => root,
    path: 'synthesis',
    beforeLoad: () => requireView(V3_PATH),
    validateSearch: validateDashboardSearch,
    component: lazyPage(pages, 'DashboardsPage'),
  });
  return root.addChildren([index, table, view, securesphere, v3]);
}
