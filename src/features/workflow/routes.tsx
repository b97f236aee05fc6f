/**
 * The workflow family's route subtrees (manifests workflow and notificationsWorkflowV2), pages
 * lazily loaded:
 *
 *   /workflow                         → /workflow/workflow-view
 *   /workflow/workflow-view           the instances (open or done)
 *   /workflow/workflow-view/$id       an instance's sheet
 *   /workflow/new                     a new request (?recordId= from a record's sheet)
 *   /workflow/definitions             the definitions (workflow management)
 *   /notificationsWorkflowV2          the inbox of the toolbar's icon; `#<id>` opens one item
 */
import { createRoute, redirect, type AnyRoute } from '@tanstack/react-router';
import { lazyPage } from '../../lib/lazy-page';
import { i18n } from '../../lib/i18n';
import { isUuid } from '../../../common/uuid';
import { requireCan, uuidParams } from '../../lib/route-guards';
import type { Action } from '../../lib/rights';

const pages = () => import('./components/pages');
const managePages = () => import('./components/DefinitionsPage');

const requireWorkflow = (action: Action) => requireCan('workflow', action, '/workflow/workflow-view', 'workflows');

const validateStart = (raw: Record<string, unknown>): { recordId?: string; definitionId?: string } => ({
  ...(typeof raw.recordId === 'string' && isUuid(raw.recordId) ? { recordId: raw.recordId } : {}),
  ...(typeof raw.definitionId === 'string' && isUuid(raw.definitionId) ? { definitionId: raw.definitionId } : {}),
});

export function workflowRoutes(parent: AnyRoute) {
  const workflow = createRoute({
    getParentRoute: () => parent,
    path: 'workflow',
    beforeLoad: () => requireWorkflow('read'),
    // third-party: the outside company picker of a work permit (its part).
    loader: () => i18n.loadNamespaces(['workflow', 'components', 'third-party']),
  });
  const index = createRoute({
    getParentRoute: () => workflow,
    path: '/',
    beforeLoad: () => {
      throw redirect({ href: '/workflow/workflow-view', replace: true });
    },
  });
  const list = createRoute({ getParentRoute: () => workflow, path: 'workflow-view', component: lazyPage(pages, 'WorkflowListPage') });
  const sheet = createRoute({
    getParentRoute: () => workflow,
    path: 'workflow-view/$instanceId',
    params: uuidParams('instanceId'),
    component: lazyPage(pages, 'InstanceSheetPage'),
  });
  const start = createRoute({ getParentRoute: () => workflow, path: 'new', validateSearch: validateStart, component: lazyPage(pages, 'StartPage') });
  const definitions = createRoute({
    getParentRoute: () => workflow,
    path: 'definitions',
    beforeLoad: () => requireWorkflow('manage'),
    component: lazyPage(managePages, 'DefinitionsPage'),
  });
  return workflow.addChildren([index, list, sheet, start, definitions]);
}

/** The inbox: any member (what waits on them); the hash opens one item. */
export function inboxRoutes(parent: AnyRoute) {
  return createRoute({
    getParentRoute: () => parent,
    path: 'notificationsWorkflowV2',
    loader: () => i18n.loadNamespaces(['workflow', 'components', 'third-party']),
    component: lazyPage(pages, 'InboxPage'),
  });
}
