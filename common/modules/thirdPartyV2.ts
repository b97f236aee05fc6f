/** Third parties V2 (prefix third-party-v2). */
import { defineModule, readAdmin } from './manifest';

export const thirdPartyV2 = defineModule({
  id: 'thirdPartyV2',
  folder: 'thirdParty',
  prefix: 'third-party-v2',
  districtModule: null,
  features: { thirdPartyV2: readAdmin('thirdPartyV2') },
  opens: ['thirdPartyV2'],
  labelKey: 'modules.thirdPartyV2',
  icon: 'business',
  namespace: 'third-party',
  views: [{ path: 'current', label: 'current' }],
  menu: [{ id: 'third-party-v2', position: 22, targets: [{ to: '/third-party-v2/current' }] }],
  elements: [],
  screens: true,
});
