/**
 * The Sites route subtree (the manifest's prefix `site`), registered by the app's route table.
 * This file is in the entry: it holds only the guards, the search validation and what loaders
 * start (the list's first page); the pages come from the module's own chunks (components/pages.tsx
 * and sheet-page.tsx for readers, components/manage-pages.tsx for managers), and so do the
 * module's strings (namespaces `sites` and `components`, loaded with the route).
 *
 *   /site                 → /site/view/infoV2
 *   /site/view/infoV2     the list (search, filters, sort in the address)
 *   /site/new             create (sites.admin)
 *   /site/types           site types (sites.admin)
 *   /site/$siteId         the sheet (the list's search rides along: the list beside it, wide)
 *   /site/$siteId/edit    edit (sites.admin)
 */
import { createRoute, redirect, type AnyRoute } from '@tanstack/react-router';
import { lazyPage } from '../../lib/lazy-page';
import type { RouterContext } from '../../app/router';
import { i18n } from '../../lib/i18n';
import { siteTypesQueryOptions } from './api/get-site-types';
import { sitesListQueryOptions } from './api/get-sites';
import { SITES_LIST_PATH } from './paths';
import { validateSiteSearch, type SiteListSearch } from './search';
import { requireCan, uuidParams } from '../../lib/route-guards';
import type { Action } from '../../lib/rights';

const pages = () => import('./components/pages');
const sheetPage = () => import('./components/sheet-page');
const managePages = () => import('./components/manage-pages');

/** Spec section 8's requiredPermissions toast, then away (as the app's other guards do). */
const requireSites = (action: Action) => requireCan('sites', action, SITES_LIST_PATH);

export function moduleRoutes(parent: AnyRoute) {
  const site = createRoute({
    getParentRoute: () => parent,
    path: 'site',
    beforeLoad: () => requireSites('read'),
    loader: () => i18n.loadNamespaces(['sites', 'components']),
    component: lazyPage(() => import('./components/SitesLayout'), 'SitesLayout'),
  });
  const index = createRoute({
    getParentRoute: () => site,
    path: '/',
    beforeLoad: () => {
      throw redirect({ href: SITES_LIST_PATH, replace: true });
    },
  });
  const list = createRoute({
    getParentRoute: () => site,
    path: 'view/infoV2',
    validateSearch: validateSiteSearch,
    // The list's first page and the types leave with the page's code, not after it: on a
    // first visit the page's chunks are several round trips deep, and the rows are the
    // screen's largest paint. Not awaited: the page shows its own loading state.
    loaderDeps: ({ search }: { search: SiteListSearch }) => search,
    loader: ({ context, deps }: { context: RouterContext; deps: SiteListSearch }) => {
      void context.queryClient.prefetchInfiniteQuery(sitesListQueryOptions(deps));
      void context.queryClient.prefetchQuery(siteTypesQueryOptions());
    },
    component: lazyPage(pages, 'SitesListPage'),
  });
  const create = createRoute({
    getParentRoute: () => site,
    path: 'new',
    beforeLoad: () => requireSites('manage'),
    component: lazyPage(managePages, 'SiteNewPage'),
  });
  const types = createRoute({
    getParentRoute: () => site,
    path: 'types',
    beforeLoad: () => requireSites('manage'),
    component: lazyPage(managePages, 'SiteTypesRoutePage'),
  });
  const sheet = createRoute({
    getParentRoute: () => site,
    path: '$siteId',
    // Not an id: not a site's address (the app's 404 rule answers).
    params: uuidParams('siteId'),
    validateSearch: validateSiteSearch,
    component: lazyPage(sheetPage, 'SiteSheetPage'),
  });
  const edit = createRoute({
    getParentRoute: () => site,
    path: '$siteId/edit',
    params: uuidParams('siteId'),
    beforeLoad: () => requireSites('manage'),
    component: lazyPage(managePages, 'SiteEditPage'),
  });
  return site.addChildren([index, list, create, types, sheet, edit]);
}
