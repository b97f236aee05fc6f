/**
 * The data-sharing area's route subtree (the manifest's prefix `dsa`). Guards and the list's
 * first page only; the pages come from the module's chunk (components/pages.tsx).
 *
 *   /dsa                           → /dsa/dsaView
 *   /dsa/dsaView                   the areas (search)
 *   /dsa/dsaView/$areaId           an area's sheet: its upload-only links, deposits, documents, history
 *   /dsa/dsaView/$areaId/edit      edit (dsa.admin)
 *   /dsa/new                       create (dsa.admin)
 */
import { createRoute, redirect, type AnyRoute } from '@tanstack/react-router';
import { lazyPage, prefetchWith } from '../../lib/lazy-page';
import type { RouterContext } from '../../app/router';
import { i18n } from '../../lib/i18n';
import { AREAS_PATH } from './paths';
import { requireCan, uuidParams } from '../../lib/route-guards';
import type { Action } from '../../lib/rights';

const pages = () => import('./components/pages');
const kinds = () => import('./kinds');

const requireDsa = (action: Action) => requireCan('dsa', action, AREAS_PATH);

export type AreaSearch = { search?: string };
export const validateAreaSearch = (raw: Record<string, unknown>): AreaSearch => (typeof raw.search === 'string' && raw.search.length <= 200 && raw.search !== '' ? { search: raw.search } : {});

const byArea = uuidParams('areaId');

export function moduleRoutes(parent: AnyRoute) {
  const dsa = createRoute({
    getParentRoute: () => parent,
    path: 'dsa',
    beforeLoad: () => requireDsa('read'),
    loader: () => i18n.loadNamespaces(['dsa', 'components']),
    component: lazyPage(() => import('./components/DsaLayout'), 'DsaLayout'),
  });
  const index = createRoute({
    getParentRoute: () => dsa,
    path: '/',
    beforeLoad: () => {
      throw redirect({ href: AREAS_PATH, replace: true });
    },
  });
  const list = createRoute({
    getParentRoute: () => dsa,
    path: 'dsaView',
    validateSearch: validateAreaSearch,
    loaderDeps: ({ search }: { search: AreaSearch }) => search,
    loader: ({ context, deps }: { context: RouterContext; deps: AreaSearch }) => {
      prefetchWith(kinds, ({ areas }) => context.queryClient.prefetchInfiniteQuery(areas.pagesQueryOptions(deps)));
    },
    component: lazyPage(pages, 'AreasListPage'),
  });
  const sheet = createRoute({ getParentRoute: () => dsa, path: 'dsaView/$areaId', params: byArea, validateSearch: validateAreaSearch, component: lazyPage(pages, 'AreaSheetPage') });
  const edit = createRoute({ getParentRoute: () => dsa, path: 'dsaView/$areaId/edit', params: byArea, beforeLoad: () => requireDsa('manage'), component: lazyPage(pages, 'AreaEditPage') });
  const create = createRoute({ getParentRoute: () => dsa, path: 'new', beforeLoad: () => requireDsa('manage'), component: lazyPage(pages, 'AreaNewPage') });
  return dsa.addChildren([index, list, sheet, edit, create]);
}
