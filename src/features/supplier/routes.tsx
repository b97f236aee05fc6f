/**
 * The Suppliers route subtree (the manifest's prefix `supplier`), registered by the app's route
 * table. Guards, search validation and the list's first page only; the pages come from the
 * module's chunks (components/pages.tsx for readers, components/manage-pages.tsx for managers).
 *
 *   /supplier                                   → /supplier/supplier-view
 *   /supplier/supplier-view                     the list (search, trade, documents' state, archived)
 *   /supplier/supplier-view/$supplierId         the sheet (its documents, people and contracts, history)
 *   /supplier/supplier-view/$supplierId/edit    edit (supplier.admin)
 *   /supplier/supplier-view/$supplierId/documents/new, …/documents/$documentId   a document (supplier.admin)
 *   /supplier/new                               create (supplier.admin)
 *   /supplier/trades                            the district's trades (supplier.admin)
 */
import { createRoute, redirect, type AnyRoute } from '@tanstack/react-router';
import { lazyPage, prefetchWith } from '../../lib/lazy-page';
import type { RouterContext } from '../../app/router';
import { i18n } from '../../lib/i18n';
import { SUPPLIERS_LIST_PATH } from './paths';
import { validateSupplierSearch, type SupplierListSearch } from './search';
import { requireCan, uuidParams } from '../../lib/route-guards';
import type { Action } from '../../lib/rights';

const pages = () => import('./components/pages');
const kinds = () => import('./kinds');
const managePages = () => import('./components/manage-pages');

const requireSupplier = (action: Action) => requireCan('supplier', action, SUPPLIERS_LIST_PATH);

const bySupplier = uuidParams('supplierId');

export function moduleRoutes(parent: AnyRoute) {
  const supplier = createRoute({
    getParentRoute: () => parent,
    path: 'supplier',
    beforeLoad: () => requireSupplier('read'),
    loader: () => i18n.loadNamespaces(['supplier', 'components']),
    component: lazyPage(() => import('./components/SupplierLayout'), 'SupplierLayout'),
  });
  const index = createRoute({
    getParentRoute: () => supplier,
    path: '/',
    beforeLoad: () => {
      throw redirect({ href: SUPPLIERS_LIST_PATH, replace: true });
    },
  });
  const list = createRoute({
    getParentRoute: () => supplier,
    path: 'supplier-view',
    validateSearch: validateSupplierSearch,
    loaderDeps: ({ search }: { search: SupplierListSearch }) => search,
    loader: ({ context, deps }: { context: RouterContext; deps: SupplierListSearch }) => {
      prefetchWith(kinds, ({ suppliers, trades }) => {
        void context.queryClient.prefetchInfiniteQuery(suppliers.pagesQueryOptions(deps));
        void context.queryClient.prefetchQuery(trades.allQueryOptions());
      });
    },
    component: lazyPage(pages, 'SuppliersListPage'),
  });
  const sheet = createRoute({
    getParentRoute: () => supplier,
    path: 'supplier-view/$supplierId',
    params: bySupplier,
    validateSearch: validateSupplierSearch,
    component: lazyPage(pages, 'SupplierSheetPage'),
  });
  const edit = createRoute({
    getParentRoute: () => supplier,
    path: 'supplier-view/$supplierId/edit',
    params: bySupplier,
    beforeLoad: () => requireSupplier('manage'),
    component: lazyPage(managePages, 'SupplierEditPage'),
  });
  const documentNew = createRoute({
    getParentRoute: () => supplier,
    path: 'supplier-view/$supplierId/documents/new',
    params: bySupplier,
    beforeLoad: () => requireSupplier('manage'),
    component: lazyPage(managePages, 'DocumentNewPage'),
  });
  const documentEdit = createRoute({
    getParentRoute: () => supplier,
    path: 'supplier-view/$supplierId/documents/$documentId',
    params: uuidParams('supplierId', 'documentId'),
    beforeLoad: () => requireSupplier('manage'),
    component: lazyPage(managePages, 'DocumentEditPage'),
  });
  const create = createRoute({
    getParentRoute: () => supplier,
    path: 'new',
    beforeLoad: () => requireSupplier('manage'),
    component: lazyPage(managePages, 'SupplierNewPage'),
  });
  const tradesPage = createRoute({
    getParentRoute: () => supplier,
    path: 'trades',
    beforeLoad: () => requireSupplier('manage'),
    component: lazyPage(managePages, 'TradesRoutePage'),
  });
  return supplier.addChildren([index, list, sheet, edit, documentNew, documentEdit, create, tradesPage]);
}
