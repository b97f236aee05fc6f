/** Sharing bank (prefix sharing-bank). */
import { defineModule, readAdmin } from './manifest';

export const sharingBank = defineModule({
  id: 'sharingBank',
  folder: 'sharingBank',
  prefix: 'sharing-bank',
  districtModule: null,
  features: { sharingBank: readAdmin('sharing-bank') },
  opens: ['sharingBank'],
  labelKey: 'modules.sharingBank',
  icon: 'shareSocial',
  namespace: 'sharingBank',
  views: [{ path: 'sharingBankView', label: 'sharingBankView' }],
  menu: [{ id: 'sharing-bank', position: 20, targets: [{ to: '/sharing-bank/sharingBankView' }] }],
  elements: [],
  screens: true,
});
