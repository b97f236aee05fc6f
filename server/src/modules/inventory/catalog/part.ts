/**
 * The inventory family's catalog part (../part.ts): the catalog (categories, articles), the
 * equipment and its periodic checks: routes under /api/inventory (./routes.ts), demo and bench
 * seeds, the articles' and items' files, the checks in the calendar and on the dashboard.
 */
import type { ModulePart } from '../../_platform/parts.js';
import { seedBenchEquipment } from './bench-seed.js';
import { catalogCalendarEvents, catalogDashboardCards } from './calendar.js';
import { ARTICLE_FILES, EQUIPMENT_FILES } from './repository.js';
import { catalogRoutes } from './routes.js';
import { seedCatalog } from './seed.js';

export const catalogPart: ModulePart = {
  routes: catalogRoutes,
  seed: seedCatalog,
  benchSeeds: [{ option: 'equipment', what: 'equipment items', run: seedBenchEquipment }],
  // An article's photo and manual, an item's photos: the catalog's managers add them, every reader reads them.
  attachments: {
    [ARTICLE_FILES]: { features: ['inventory', 'inventoryV2'], table: 'inventory_articles', owners: [] },
    [EQUIPMENT_FILES]: { features: ['inventory', 'inventoryV2'], table: 'inventory_equipment', owners: [] },
  },
  calendarEvents: catalogCalendarEvents,
  dashboardCards: catalogDashboardCards,
  namedTables: [
    { table: 'inventory_categories', name: 'name' },
    { table: 'inventory_articles', name: 'name' },
    { table: 'inventory_equipment', name: 'name' },
  ],
};
