/**
 * 2D plans (prefix plan2d): spec section 2 lists the prefix without rights or menu entry. A plan
 * belongs to its site: the sites' read right reads plans, their manage right changes them
 * (server/src/modules/plan2d/routes.ts). Its screens: src/features/plan2d/routes.tsx.
 */
import { defineModule } from './manifest';

export const plan2d = defineModule({
  id: 'plan2d',
  folder: 'plan2d',
  prefix: 'plan2d',
  districtModule: null,
  features: {},
  opens: [],
  labelKey: 'modules.plan2d',
  icon: 'map',
  namespace: 'plan2d',
  views: [],
  menu: [],
  elements: [],
  screens: true,
});
