/** Contacts V2 (prefix contact-v2). */
import { defineModule } from './manifest';

export const contactV2 = defineModule({
  id: 'contactV2',
  folder: 'contactV2',
  prefix: 'contact-v2',
  districtModule: null,
  features: { contactV2: { read: ['contactV2.contactV2_read'], manage: ['contactV2.admin'] } },
  opens: ['contactV2'],
  labelKey: 'modules.contactV2',
  icon: 'people',
  namespace: 'contact-v2',
  views: [],
  menu: [{ id: 'contact-v2', position: 14, targets: [{ to: '/contact-v2' }] }],
  elements: [],
  screens: true,
});
