/** Workflow notifications (prefix notificationsWorkflowV2): no rights of its own in spec section 6, no menu entry. */
import { defineModule } from './manifest';

export const notificationsWorkflowV2 = defineModule({
  id: 'notificationsWorkflowV2',
  folder: 'workflow',
  prefix: 'notificationsWorkflowV2',
  districtModule: null,
  features: {},
  opens: [],
  labelKey: 'modules.notificationsWorkflowV2',
  icon: 'notifications',
  namespace: 'workflow',
  views: [],
  menu: [],
  elements: [],
  screens: true,
});
