/** The cartography module's descriptor (_platform/module.ts), listed once in ../index.ts. */
import { RECORDS_CHANGED_EVENT } from '../_platform/events.js';
import type { ServerModule } from '../_platform/module.js';
import { BASEMAP_PREFIX, basemapRoutes } from './basemap.js';
import { seedBenchPoints } from './bench-seed.js';
import { cartographyMigrations } from './migrations.js';
import { cartographyRoutes } from './routes.js';
import { seedCartography } from './seed.js';
import { poiSiteRecords } from './site-records.js';

export const cartographyModule: ServerModule = {
  folder: 'cartography',
  prefix: '/cartography',
  routes: cartographyRoutes,
  // The basemap's style and tiles: world data, before and without a session.
  publicRoutes: { prefix: BASEMAP_PREFIX, routes: basemapRoutes },
  // After sites and declarations: a point names its site, and the map indexes both.
  migrations: cartographyMigrations,
  events: [RECORDS_CHANGED_EVENT],
  // After sites and declarations: its demo points and areas lie around the demo sites.
  seed: seedCartography,
  benchSeeds: [{ option: 'points', what: 'points of interest', run: seedBenchPoints }],
  namedTables: [
    { table: 'map_layers', name: 'name' },
    { table: 'poi_categories', name: 'name' },
    { table: 'map_area_groups', name: 'name' },
  ],
  // Its records on a site's plans and tours (../plan2d, ../view360).
  siteRecords: poiSiteRecords,
};
