/** Workflows (prefix workflow): workflows and their management. */
import { defineModule, readAdmin } from './manifest';

export const workflow = defineModule({
  id: 'workflow',
  folder: 'workflow',
  prefix: 'workflow',
  districtModule: null,
  features: { workflow: readAdmin('workflows', 'workflow', 'workflowManagement') },
  opens: ['workflow'],
  labelKey: 'modules.workflow',
  icon: 'gitNetwork',
  namespace: 'workflow',
  views: [{ path: 'workflow-view', label: 'workflowView' }],
  menu: [{ id: 'workflow', position: 19, targets: [{ to: '/workflow/workflow-view' }] }],
  elements: [],
  screens: true,
});
