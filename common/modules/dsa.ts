/** Data-sharing area (prefix dsa). */
import { defineModule, readAdmin } from './manifest';

export const dsa = defineModule({
  id: 'dsa',
  folder: 'dsa',
  prefix: 'dsa',
  districtModule: null,
  features: { dsa: readAdmin('dsa', 'dsaManagement') },
  opens: ['dsa'],
  labelKey: 'modules.dsa',
  icon: 'albums',
  namespace: 'dsa',
  views: [{ path: 'dsaView', label: 'dsaView' }],
  menu: [{ id: 'dsa', position: 23, targets: [{ to: '/dsa/dsaView' }] }],
  elements: [],
  screens: true,
});
