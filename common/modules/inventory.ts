/** Inventory (prefix inventory): catalogs, articles and objects; the menu opens the first the rights allow. */
import { defineModule, readAdmin, rightsOf } from './manifest';

const sub = (subject: string) => rightsOf(readAdmin('inventories', subject));

export const inventory = defineModule({
  id: 'inventory',
  folder: 'inventory',
  prefix: 'inventory',
  districtModule: null,
  features: { inventory: readAdmin('inventories', 'catalogs', 'articles', 'objects') },
  opens: ['inventory'],
  labelKey: 'modules.inventory',
  icon: 'cube',
  namespace: 'inventoryV2',
  views: [
    { path: 'catalog', label: 'catalog' },
    { path: 'article', label: 'article' },
    { path: 'object', label: 'object' },
  ],
  menu: [
    {
      id: 'inventory',
      position: 10,
      targets: [
        { to: '/inventory/catalog', anyRight: sub('catalogs') },
        { to: '/inventory/article', anyRight: sub('articles') },
        { to: '/inventory/object', anyRight: sub('objects') },
      ],
    },
  ],
  elements: [],
  screens: true,
});
