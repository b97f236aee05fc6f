/** Actions V3 (spec section 2 prefix actionsV3): actions and their templates. */
import { defineModule, merged, readAdmin } from './manifest';

export const actionsV3 = defineModule({
  id: 'actionsV3',
  prefix: 'actionsV3',
  districtModule: 'actionsV3',
  features: { actionsV3: merged(readAdmin('actionsV3'), readAdmin('actionsV3-templates')) },
  opens: ['actionsV3'],
  labelKey: 'modules.actionsV3',
  icon: 'flash',
  namespace: 'actionsV3',
  views: [],
  menu: [{ id: 'actionsV3', position: 7, targets: [{ to: '/actionsV3' }] }],
  elements: [{ element: 'actions', features: ['actionsV3'] }],
  screens: false,
});
