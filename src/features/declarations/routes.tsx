/**
 * The Declarations route subtree (the manifest's prefix `declarations`), registered by the
 * app's route table. In the entry: only guards, search validation and what loaders start; the
 * pages come from the module's chunks (components/pages.tsx for every reader — list, sheet,
 * report form —, components/manage-pages.tsx for the template manager).
 *
 *   /declarations                  the list (search, filters, sort in the address)
 *   /declarations/new              report (?template=&site= may choose already)
 *   /declarations/templates        the declaration types (manage)
 *   /declarations/templates/new    a new type (manage)
 *   /declarations/templates/$id    edit a type: a new revision (manage)
 *   /declarations/$declarationId   the sheet (follow-up for managers)
 */
import { createRoute, type AnyRoute } from '@tanstack/react-router';
import { lazyPage } from '../../lib/lazy-page';
import { i18n } from '../../lib/i18n';
import { declarationsListHref } from './paths';
import { validateDeclarationSearch, validateReportSearch } from './search';
import { requireCan, uuidParams } from '../../lib/route-guards';
import type { Action } from '../../lib/rights';

const pages = () => import('./components/pages');
const managePages = () => import('./components/manage-pages');

/** Spec section 8's requiredPermissions toast, then away (as the app's other guards do). */
const requireDeclarations = (action: Action) => requireCan('declarations', action, declarationsListHref());


export function moduleRoutes(parent: AnyRoute) {
  const root = createRoute({
    getParentRoute: () => parent,
    path: 'declarations',
    beforeLoad: () => requireDeclarations('read'),
    loader: () => i18n.loadNamespaces(['declarations', 'components']),
    component: lazyPage(() => import('./components/DeclarationsLayout'), 'DeclarationsLayout'),
  });
  const list = createRoute({
    getParentRoute: () => root,
    path: '/',
    validateSearch: validateDeclarationSearch,
    component: lazyPage(pages, 'DeclarationsListPage'),
  });
  const report = createRoute({
    getParentRoute: () => root,
    path: 'new',
    validateSearch: validateReportSearch,
    component: lazyPage(pages, 'ReportPage'),
  });
  const templates = createRoute({
    getParentRoute: () => root,
    path: 'templates',
    beforeLoad: () => requireDeclarations('manage'),
    component: lazyPage(managePages, 'TemplatesPage'),
  });
  const templateNew = createRoute({
    getParentRoute: () => root,
    path: 'templates/new',
    beforeLoad: () => requireDeclarations('manage'),
    component: lazyPage(managePages, 'TemplateNewPage'),
  });
  const templateEdit = createRoute({
    getParentRoute: () => root,
    path: 'templates/$templateId',
    params: uuidParams('templateId'),
    beforeLoad: () => requireDeclarations('manage'),
    component: lazyPage(managePages, 'TemplateEditPage'),
  });
  const sheet = createRoute({
    getParentRoute: () => root,
    path: '$declarationId',
    // Not an id: not a declaration's address (the app's 404 rule answers).
    params: uuidParams('declarationId'),
    validateSearch: validateDeclarationSearch,
    component: lazyPage(pages, 'DeclarationSheetPage'),
  });
  return root.addChildren([list, report, templates, templateNew, templateEdit, sheet]);
}
