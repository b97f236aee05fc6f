/**
 * The Sharing bank's route subtree (the manifest's prefix `sharing-bank`). Guards, search
 * validation and prefetches only; the pages come from the module's chunks (components/pages.tsx
 * for readers, components/manage-pages.tsx for administrators).
 *
 *   /sharing-bank                                        → /sharing-bank/sharingBankView
 *   /sharing-bank/sharingBankView                        the library (search, kind, tag, to acknowledge)
 *   /sharing-bank/sharingBankView/$resourceId            a resource's sheet (files, version, acknowledge)
 *   /sharing-bank/sharingBankView/$resourceId/edit       edit (sharing-bank.admin)
 *   /sharing-bank/sharingBankView/$resourceId/board      who read and acknowledged (sharing-bank.admin)
 *   /sharing-bank/new                                    publish (sharing-bank.admin)
 *   /sharing-bank/groups                                 the groups of members (sharing-bank.admin)
 *   /sharing-bank/shared                                 templates of the client's other districts
 */
import { createRoute, redirect, type AnyRoute } from '@tanstack/react-router';
import { lazyPage, prefetchWith } from '../../lib/lazy-page';
import type { RouterContext } from '../../app/router';
import { i18n } from '../../lib/i18n';
import { LIBRARY_PATH } from './paths';
import { validateLibrarySearch } from './search';
import { requireCan, uuidParams } from '../../lib/route-guards';
import type { Action } from '../../lib/rights';

const pages = () => import('./components/pages');
const kinds = () => import('./kinds');
const managePages = () => import('./components/manage-pages');

const requireSharing = (action: Action) => requireCan('sharingBank', action, LIBRARY_PATH);

const byResource = uuidParams('resourceId');

export function moduleRoutes(parent: AnyRoute) {
  const root = createRoute({
    getParentRoute: () => parent,
    path: 'sharing-bank',
    beforeLoad: () => requireSharing('read'),
    loader: () => i18n.loadNamespaces(['sharingBank', 'components']),
    component: lazyPage(() => import('./components/SharingLayout'), 'SharingLayout'),
  });
  const index = createRoute({
    getParentRoute: () => root,
    path: '/',
    beforeLoad: () => {
      throw redirect({ href: LIBRARY_PATH, replace: true });
    },
  });
  const list = createRoute({
    getParentRoute: () => root,
    path: 'sharingBankView',
    validateSearch: validateLibrarySearch,
    loader: ({ context }: { context: RouterContext }) => {
      prefetchWith(kinds, ({ resources }) => context.queryClient.prefetchQuery(resources.allQueryOptions()));
    },
    component: lazyPage(pages, 'LibraryPage'),
  });
  const sheet = createRoute({
    getParentRoute: () => root,
    path: 'sharingBankView/$resourceId',
    params: byResource,
    validateSearch: validateLibrarySearch,
    component: lazyPage(pages, 'ResourceSheetPage'),
  });
  const edit = createRoute({
    getParentRoute: () => root,
    path: 'sharingBankView/$resourceId/edit',
    params: byResource,
    beforeLoad: () => requireSharing('manage'),
    component: lazyPage(managePages, 'ResourceEditPage'),
  });
  const board = createRoute({
    getParentRoute: () => root,
    path: 'sharingBankView/$resourceId/board',
    params: byResource,
    beforeLoad: () => requireSharing('manage'),
    component: lazyPage(managePages, 'BoardPage'),
  });
  const create = createRoute({
    getParentRoute: () => root,
    path: 'new',
    beforeLoad: () => requireSharing('manage'),
    component: lazyPage(managePages, 'ResourceNewPage'),
  });
  const groupsPage = createRoute({
    getParentRoute: () => root,
    path: 'groups',
    beforeLoad: () => requireSharing('manage'),
    component: lazyPage(managePages, 'GroupsPage'),
  });
  const shared = createRoute({
    getParentRoute: () => root,
    path: 'shared',
    component: lazyPage(pages, 'SharedTemplatesPage'),
  });
  return root.addChildren([index, list, sheet, edit, board, create, groupsPage, shared]);
}
