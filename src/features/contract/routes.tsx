/**
 * The Contracts route subtree (the manifest's prefix `contract`), registered by the app's route
 * table. Guards, search validation and the list's first page only; the pages come from the
 * module's chunks (components/pages.tsx for readers, components/manage-pages.tsx for managers).
 *
 *   /contract                                   → /contract/contract-view
 *   /contract/contract-view                     the list (search, supplier, site, type, status, notice within N days)
 *   /contract/contract-view/$contractId         the sheet (dates, notice deadline, documents, history, status moves, PDF)
 *   /contract/contract-view/$contractId/edit    edit (contract.admin)
 *   /contract/new                               create (contract.admin)
 *   /contract/templates, /contract/templates/new, /contract/templates/$templateId   the templates (contract.admin)
 */
import { createRoute, redirect, type AnyRoute } from '@tanstack/react-router';
import { lazyPage, prefetchWith } from '../../lib/lazy-page';
import type { RouterContext } from '../../app/router';
import { i18n } from '../../lib/i18n';
import { CONTRACTS_LIST_PATH } from './paths';
import { validateContractSearch, type ContractListSearch } from './search';
import { requireCan, uuidParams } from '../../lib/route-guards';
import type { Action } from '../../lib/rights';

const pages = () => import('./components/pages');
const kinds = () => import('./kinds');
const managePages = () => import('./components/manage-pages');

const requireContract = (action: Action) => requireCan('contract', action, CONTRACTS_LIST_PATH);

const byContract = uuidParams('contractId');

export function moduleRoutes(parent: AnyRoute) {
  const contract = createRoute({
    getParentRoute: () => parent,
    path: 'contract',
    beforeLoad: () => requireContract('read'),
    loader: () => i18n.loadNamespaces(['contract', 'components']),
    component: lazyPage(() => import('./components/ContractLayout'), 'ContractLayout'),
  });
  const index = createRoute({
    getParentRoute: () => contract,
    path: '/',
    beforeLoad: () => {
      throw redirect({ href: CONTRACTS_LIST_PATH, replace: true });
    },
  });
  const list = createRoute({
    getParentRoute: () => contract,
    path: 'contract-view',
    validateSearch: validateContractSearch,
    loaderDeps: ({ search }: { search: ContractListSearch }) => search,
    loader: ({ context, deps }: { context: RouterContext; deps: ContractListSearch }) => {
      prefetchWith(kinds, ({ contracts }) => context.queryClient.prefetchInfiniteQuery(contracts.pagesQueryOptions(deps)));
    },
    component: lazyPage(pages, 'ContractsListPage'),
  });
  const sheet = createRoute({
    getParentRoute: () => contract,
    path: 'contract-view/$contractId',
    params: byContract,
    validateSearch: validateContractSearch,
    component: lazyPage(pages, 'ContractSheetPage'),
  });
  const edit = createRoute({
    getParentRoute: () => contract,
    path: 'contract-view/$contractId/edit',
    params: byContract,
    beforeLoad: () => requireContract('manage'),
    component: lazyPage(managePages, 'ContractEditPage'),
  });
  const create = createRoute({
    getParentRoute: () => contract,
    path: 'new',
    beforeLoad: () => requireContract('manage'),
    component: lazyPage(managePages, 'ContractNewPage'),
  });
  const templateList = createRoute({
    getParentRoute: () => contract,
    path: 'templates',
    beforeLoad: () => requireContract('manage'),
    loader: ({ context }: { context: RouterContext }) => prefetchWith(kinds, ({ templates }) => context.queryClient.prefetchQuery(templates.allQueryOptions())),
    component: lazyPage(managePages, 'TemplatesPage'),
  });
  const templateNew = createRoute({
    getParentRoute: () => contract,
    path: 'templates/new',
    beforeLoad: () => requireContract('manage'),
    component: lazyPage(managePages, 'TemplateNewPage'),
  });
  const templateEdit = createRoute({
    getParentRoute: () => contract,
    path: 'templates/$templateId',
    params: uuidParams('templateId'),
    beforeLoad: () => requireContract('manage'),
    component: lazyPage(managePages, 'TemplateEditPage'),
  });
  return contract.addChildren([index, list, sheet, edit, create, templateList, templateNew, templateEdit]);
}
