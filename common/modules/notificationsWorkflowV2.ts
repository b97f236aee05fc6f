/** Workflow notifications (prefix notificationsWorkflowV2): no rights of its own in spec section 6, no menu entry. */
import { defineModule } from './manifest';

export const notificationsWorkflowV2 = defineModule({
  id: 'notificationsWorkflowV2',
  folder: 'notifications',
  prefix: 'notificationsWorkflowV2',
  districtModule: null,
  features: {},
  opens: [],
  labelKey: 'modules.notificationsWorkflowV2',
  icon: 'notifications',
  namespace: 'notificationsWorkflowV2',
  views: [],
  menu: [],
  elements: [],
  screens: false,
});
