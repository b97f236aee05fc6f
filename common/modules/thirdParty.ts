/** Third parties (prefix third-party): spec section 6 gives it a reading right only. */
import { defineModule } from './manifest';

export const thirdParty = defineModule({
  id: 'thirdParty',
  folder: 'thirdParty',
  prefix: 'third-party',
  districtModule: null,
  features: { thirdParty: { read: ['third-party.read'], manage: [] } },
  opens: ['thirdParty'],
  labelKey: 'modules.thirdParty',
  icon: 'business',
  namespace: 'third-party',
  views: [],
  menu: [{ id: 'third-party', position: 21, targets: [{ to: '/third-party' }] }],
  elements: [],
  screens: true,
});
