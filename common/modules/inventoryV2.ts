/** Inventory V2 (prefix inventory-v2): articles, else equipment; the admin right alone opens the articles. */
import { defineModule } from './manifest';

export const inventoryV2 = defineModule({
  id: 'inventoryV2',
  folder: 'inventory',
  prefix: 'inventory-v2',
  districtModule: null,
  features: { inventoryV2: { read: ['inventoryV2.article_read', 'inventoryV2.equipment_read'], manage: ['inventoryV2.admin'] } },
  opens: ['inventoryV2'],
  labelKey: 'modules.inventoryV2',
  icon: 'cube',
  namespace: 'inventoryV2',
  views: [
    { path: 'article', label: 'article' },
    { path: 'equipment', label: 'equipment' },
  ],
  menu: [
    {
      id: 'inventory-v2',
      position: 11,
      targets: [
        { to: '/inventory-v2/article', anyRight: ['inventoryV2.article_read'] },
        { to: '/inventory-v2/equipment', anyRight: ['inventoryV2.equipment_read'] },
        { to: '/inventory-v2/article' },
      ],
    },
  ],
  elements: [],
  screens: true,
});
