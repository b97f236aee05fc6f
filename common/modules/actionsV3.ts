/**
 * Actions V3 (spec section 2 prefix actionsV3): the same actions as Action plans' (one contract:
 * ./actionPlans/schemas.ts), made from templates, and the templates. Two features: the actions
 * (`actionsV3`, the same powers as Action plans' `actions`) and the templates
 * (`actionTemplates`: read sees them, manage builds them); ./actionPlans/access.ts.
 */
import { defineModule, readAdmin } from './manifest';

export const actionsV3 = defineModule({
  id: 'actionsV3',
  folder: 'actions',
  prefix: 'actionsV3',
  districtModule: 'actionsV3',
  features: { actionsV3: readAdmin('actionsV3'), actionTemplates: readAdmin('actionsV3-templates') },
  opens: ['actionsV3', 'actionTemplates'],
  labelKey: 'modules.actionsV3',
  icon: 'flash',
  namespace: 'actionsV3',
  views: [],
  menu: [{ id: 'actionsV3', position: 7, targets: [{ to: '/actionsV3' }] }],
  elements: [{ element: 'actions', features: ['actionsV3', 'actionTemplates'] }],
  screens: true,
});
