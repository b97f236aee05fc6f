/**
 * Action plans (prefix actionPlan): two catalogue features share the prefix, each with its own
 * view and its own menu entry (spec section 2: "action plans", "actions").
 */
import { defineModule, merged, readAdmin } from './manifest';

export const actionPlans = defineModule({
  id: 'actionPlans',
  folder: 'actions',
  prefix: 'actionPlan',
  districtModule: null,
  features: {
    actionPlans: readAdmin('action-plans'),
    actions: merged(readAdmin('actions-plans-plans'), readAdmin('actions-plans-actions')),
  },
  opens: ['actionPlans', 'actions'],
  labelKey: 'modules.actionPlans',
  icon: 'checkbox',
  namespace: 'action',
  views: [
    { path: 'actionPlanView', label: 'actionPlanView', features: ['actionPlans'] },
    { path: 'actions', label: 'actions', features: ['actions'] },
  ],
  menu: [
    { id: 'actionPlans', position: 5, features: ['actionPlans'], targets: [{ to: '/actionPlan/actionPlanView' }] },
    { id: 'actions', position: 6, labelKey: 'modules.actions', icon: 'list', features: ['actions'], targets: [{ to: '/actionPlan/actions' }] },
  ],
  elements: [],
  screens: true,
});
