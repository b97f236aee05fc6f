/**
 * Cartography management (prefix cartographyManagement): points of interest, map areas, layers
 * and incidents, each with its read/admin pair (spec section 6). The menu goes to the first view
 * the rights open, in spec section 2's order, else to the layer management.
 */
import { defineModule, merged, readAdmin, rightsOf } from './manifest';

const sub = (subject: string) => rightsOf(readAdmin('cartography_advanced', subject));

export const cartographyManagement = defineModule({
  id: 'cartographyManagement',
  prefix: 'cartographyManagement',
  districtModule: null,
  features: {
    cartographyManagement: merged(
      readAdmin('cartography_advanced', 'interestPoint', 'interestPointManagement', 'mapsArea', 'mapsAreaGroup', 'layer'),
      readAdmin('cartography_advanced', 'incidentManagement'),
    ),
  },
  opens: ['cartographyManagement'],
  labelKey: 'modules.cartographyManagement',
  icon: 'layers',
  namespace: 'cartography',
  views: [
    { path: 'interestPoint/view', label: 'interestPointView' },
    { path: 'interestPoint/management', label: 'interestPointManagement' },
    { path: 'layer/mapsArea', label: 'mapsArea' },
    { path: 'layer/mapsAreaGroup', label: 'mapsAreaGroup' },
    { path: 'incidentAll/incident', label: 'incident' },
    { path: 'layer/layerManagement', label: 'layerManagement' },
  ],
  menu: [
    {
      id: 'cartographyManagement',
      position: 2,
      targets: [
        { to: '/cartographyManagement/interestPoint/view', anyRight: sub('interestPoint') },
        { to: '/cartographyManagement/interestPoint/management', anyRight: sub('interestPointManagement') },
        { to: '/cartographyManagement/layer/mapsArea', anyRight: sub('mapsArea') },
        { to: '/cartographyManagement/layer/mapsAreaGroup', anyRight: sub('mapsAreaGroup') },
        { to: '/cartographyManagement/incidentAll/incident', anyRight: sub('incidentManagement') },
        { to: '/cartographyManagement/layer/layerManagement' },
      ],
    },
  ],
  elements: [],
  screens: false,
});
