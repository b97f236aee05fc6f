/** Terms of use, privacy notice and the administrators' audit log (prefix tc): spec section 2 lists the prefix without rights or menu entry; every signed-in user reads the terms. */
import { defineModule } from './manifest';

export const tc = defineModule({
  id: 'tc',
  folder: 'tc',
  prefix: 'tc',
  districtModule: null,
  features: {},
  opens: [],
  labelKey: 'modules.tc',
  icon: 'documentText',
  namespace: 'tc',
  views: [],
  menu: [],
  elements: [],
  screens: true,
});
