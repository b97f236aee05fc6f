/** Cartography (prefix cartography): the map. Spec section 6 gives it a reading right only. */
import { defineModule } from './manifest';

export const cartography = defineModule({
  id: 'cartography',
  folder: 'cartography',
  prefix: 'cartography',
  districtModule: 'cartography',
  features: { cartography: { read: ['cartography.read'], manage: [] } },
  opens: ['cartography'],
  labelKey: 'modules.cartography',
  icon: 'map',
  namespace: 'cartography',
  views: [],
  menu: [{ id: 'cartography', position: 1, targets: [{ to: '/cartography' }] }],
  elements: [
    { element: 'map', features: ['cartography'] },
    { element: 'interestPoints', features: ['interestPoints', 'interestPointCategories'] },
    { element: 'incidents', features: ['incidents'] },
  ],
  screens: true,
});
