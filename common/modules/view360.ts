/** 360° views (prefix 360): spec section 2 lists the prefix without rights or menu entry. */
import { defineModule } from './manifest';

export const view360 = defineModule({
  id: 'view360',
  folder: 'view360',
  prefix: '360',
  districtModule: null,
  features: {},
  opens: [],
  labelKey: 'modules.360',
  icon: 'location',
  namespace: 'view360',
  views: [],
  menu: [],
  elements: [],
  screens: true,
});
