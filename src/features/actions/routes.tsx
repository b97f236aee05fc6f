/**
 * The Action plans route subtree (the manifest's prefix `actionPlan`), registered by the app's
 * route table. In the entry: only guards, search validation and redirects; the pages come from
 * the module's chunks (components/pages.tsx: the actions, shared with Actions V3;
 * components/plan-pages.tsx: the plans).
 *
 *   /actionPlan                                  → the caller's first page (its actions, else the plans)
 *   /actionPlan/actions                          the actions: mine, or the district's (managers); filters in the address
 *   /actionPlan/actions/new                      a new action (?template=&source=&plan= prefill it)
 *   /actionPlan/actions/$actionId                the sheet (beside the list on a wide screen)
 *   /actionPlan/actions/$actionId/edit           a manager's edit
 *   /actionPlan/actionPlanView                   the plans with their progress (?deleted=true: the deleted ones, plan managers)
 *   /actionPlan/actionPlanView/new               a new plan (plan managers)
 *   /actionPlan/actionPlanView/$planId           a plan, its actions and progress
 *   /actionPlan/actionPlanView/$planId/edit      a plan's edit (plan managers)
 */
import { createRoute, redirect, type AnyRoute } from '@tanstack/react-router';
import { lazyPage } from '../../lib/lazy-page';
import { uuidParams } from '../../lib/route-guards';
import { DEFAULT_PAGE } from '../../../common/constants';
import { i18n } from '../../lib/i18n';
import { powers, requirePower } from './guards';
import { ACTION_PLANS_PREFIX, actionsListHref, plansHref } from './paths';
import { validateActionSearch, validateDeletedSearch, validateNewActionSearch } from './search';

const pages = () => import('./components/pages');
const planPages = () => import('./components/plan-pages');

const firstPage = () => (powers().own ? actionsListHref(ACTION_PLANS_PREFIX) : plansHref());

/** The actions' routes below a prefix (Action plans' and Actions V3's are the same pages). */
export function actionRoutes(root: AnyRoute, away: () => string) {
  const own = () => requirePower('own', away());
  const list = createRoute({ getParentRoute: () => root, path: 'actions', beforeLoad: own, validateSearch: validateActionSearch, component: lazyPage(pages, 'ActionsListPage') });
  const create = createRoute({ getParentRoute: () => root, path: 'actions/new', beforeLoad: own, validateSearch: validateNewActionSearch, component: lazyPage(pages, 'NewActionPage') });
  const sheet = createRoute({
    getParentRoute: () => root,
    path: 'actions/$actionId',
    // Not an id: not an action's address (the app's 404 rule answers).
    params: uuidParams('actionId'),
    beforeLoad: own,
    validateSearch: validateActionSearch,
    component: lazyPage(pages, 'ActionSheetPage'),
  });
  const edit = createRoute({
    getParentRoute: () => root,
    path: 'actions/$actionId/edit',
    params: uuidParams('actionId'),
    beforeLoad: () => requirePower('manage', away()),
    component: lazyPage(pages, 'EditActionPage'),
  });
  return [list, create, sheet, edit];
}

export function moduleRoutes(parent: AnyRoute) {
  const root = createRoute({
    getParentRoute: () => parent,
    path: 'actionPlan',
    beforeLoad: () => {
      const can = powers();
      if (!can.own && !can.readPlans) requirePower('own', DEFAULT_PAGE);
    },
    loader: () => i18n.loadNamespaces(['action', 'components']),
    component: lazyPage(pages, 'ActionPlansLayout'),
  });
  const index = createRoute({
    getParentRoute: () => root,
    path: '/',
    beforeLoad: () => {
      throw redirect({ href: firstPage(), replace: true });
    },
  });
  // Refused the plans: the dashboard, as the app's other guards do (spec section 8).
  const readPlans = () => requirePower('readPlans', DEFAULT_PAGE);
  const managePlans = () => requirePower('managePlans', plansHref());
  const plans = createRoute({ getParentRoute: () => root, path: 'actionPlanView', beforeLoad: readPlans, validateSearch: validateDeletedSearch, component: lazyPage(planPages, 'PlansPage') });
  const planNew = createRoute({ getParentRoute: () => root, path: 'actionPlanView/new', beforeLoad: managePlans, component: lazyPage(planPages, 'PlanNewPage') });
  const plan = createRoute({ getParentRoute: () => root, path: 'actionPlanView/$planId', params: uuidParams('planId'), beforeLoad: readPlans, component: lazyPage(planPages, 'PlanPage') });
  const planEdit = createRoute({ getParentRoute: () => root, path: 'actionPlanView/$planId/edit', params: uuidParams('planId'), beforeLoad: managePlans, component: lazyPage(planPages, 'PlanEditPage') });
  return root.addChildren([index, ...actionRoutes(root, firstPage), plans, planNew, plan, planEdit]);
}
