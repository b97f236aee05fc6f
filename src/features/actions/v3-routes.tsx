/**
 * The Actions V3 route subtree (the manifest's prefix `actionsV3`): the same actions as Action
 * plans' (the same pages, from src/features/actions: one list, one sheet, one form), made
 * from templates, and the templates (components/template-pages.tsx).
 *
 *   /actionsV3                               → the caller's first page (its actions, else the templates)
 *   /actionsV3/actions…                      the actions (as /actionPlan/actions…)
 *   /actionsV3/templates                     the templates (readers see them; managers of actions too; ?deleted=true: the deleted ones, template managers)
 *   /actionsV3/templates/new                 a new template (template managers)
 *   /actionsV3/templates/$templateId         edit a template (template managers)
 */
import { createRoute, redirect, type AnyRoute } from '@tanstack/react-router';
import { lazyPage } from '../../lib/lazy-page';
import { DEFAULT_PAGE } from '../../../common/constants';
import { i18n } from '../../lib/i18n';
import { powers, requirePower } from './guards';
import { ACTIONS_V3_PREFIX, actionsListHref, templatesHref } from './paths';
import { actionRoutes } from './routes';
import { validateDeletedSearch } from './search';
import { uuidParams } from '../../lib/route-guards';

const pages = () => import('./components/v3-pages');

const firstPage = () => (powers().own ? actionsListHref(ACTIONS_V3_PREFIX) : templatesHref());

export function moduleRoutes(parent: AnyRoute) {
  const root = createRoute({
    getParentRoute: () => parent,
    path: 'actionsV3',
    beforeLoad: () => {
      const can = powers();
      if (!can.own && !can.readTemplates) requirePower('own', DEFAULT_PAGE);
    },
    loader: () => i18n.loadNamespaces(['action', 'actionsV3', 'components']),
    component: lazyPage(pages, 'ActionsV3Layout'),
  });
  const index = createRoute({
    getParentRoute: () => root,
    path: '/',
    beforeLoad: () => {
      throw redirect({ href: firstPage(), replace: true });
    },
  });
  const manage = () => requirePower('manageTemplates', templatesHref());
  const templates = createRoute({ getParentRoute: () => root, path: 'templates', beforeLoad: () => requirePower('readTemplates', firstPage()), validateSearch: validateDeletedSearch, component: lazyPage(pages, 'TemplatesPage') });
  const templateNew = createRoute({ getParentRoute: () => root, path: 'templates/new', beforeLoad: manage, component: lazyPage(pages, 'TemplateNewPage') });
  const template = createRoute({
    getParentRoute: () => root,
    path: 'templates/$templateId',
    params: uuidParams('templateId'),
    beforeLoad: manage,
    component: lazyPage(pages, 'TemplateEditPage'),
  });
  return root.addChildren([index, ...actionRoutes(root, firstPage), templates, templateNew, template]);
}
