/**
 * Cartography management (prefix cartographyManagement): points of interest, map areas, layers
 * and incidents, each with its read/admin pair (spec section 6). Each subject is a feature of
 * its own so that `can()` answers for it (common/modules/cartography/access.ts says what each
 * allows); its API contract is ./cartography/schemas.ts. The menu goes to the first view the
 * rights open, in spec section 2's order, else to the layer management.
 */
import { defineModule, readAdmin, rightsOf } from './manifest';

const sub = (subject: string) => rightsOf(readAdmin('cartography_advanced', subject));

export const cartographyManagement = defineModule({
  id: 'cartographyManagement',
  folder: 'cartography',
  prefix: 'cartographyManagement',
  districtModule: null,
  features: {
    /** The points of interest: read lists them, manage creates, moves, edits and deletes them. */
    interestPoints: readAdmin('cartography_advanced', 'interestPoint'),
    /** The points' categories (name, icon, colour). */
    interestPointCategories: readAdmin('cartography_advanced', 'interestPointManagement'),
    /** The map areas (polygons drawn or imported). */
    mapAreas: readAdmin('cartography_advanced', 'mapsArea'),
    /** The groups of map areas. */
    mapAreaGroups: readAdmin('cartography_advanced', 'mapsAreaGroup'),
    /** The layers (name, colour, order, shown by default). */
    mapLayers: readAdmin('cartography_advanced', 'layer'),
    /** The declarations on the map with their status. */
    incidents: readAdmin('cartography_advanced', 'incidentManagement'),
  },
  opens: ['interestPoints', 'interestPointCategories', 'mapAreas', 'mapAreaGroups', 'mapLayers', 'incidents'],
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
  screens: true,
});
