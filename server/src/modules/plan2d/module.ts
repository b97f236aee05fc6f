/**
 * The 2D plans' descriptor (_platform/module.ts), listed in ../index.ts after the modules whose
 * records its pins name (sites, declarations, actions, the map, contacts, the inventory): their
 * titles come from those modules' `siteRecords` (_platform/site-records.ts).
 */
import { PLAN2D_ATTACHMENT_MODULE } from '../../../../common/modules/plan2d/schemas.js';
import { RECORDS_CHANGED_EVENT } from '../_platform/events.js';
import type { ServerModule } from '../_platform/module.js';
import { seedBenchPlanPins } from './bench-seed.js';
import { plan2dMigrations } from './migrations.js';
import { plan2dRoutes } from './routes.js';
import { seedPlan2d } from './seed.js';

export const plan2dModule: ServerModule = {
  folder: 'plan2d',
  prefix: '/plan2d',
  routes: plan2dRoutes,
  migrations: plan2dMigrations,
  events: [RECORDS_CHANGED_EVENT],
  seed: seedPlan2d,
  benchSeeds: [{ option: 'plan-pins', what: 'pins on the first demo plan', run: seedBenchPlanPins }],
  // A plan's images and sources (an uploaded image or PDF, a rasterised page): read with the
  // sites' read right, uploaded by their managers.
  attachments: { [PLAN2D_ATTACHMENT_MODULE]: { features: ['sites'], table: 'plan2d_plans', owners: [] } },
  namedTables: [
    { table: 'plan2d_plans', name: 'name' },
    { table: 'plan2d_zones', name: 'name' },
  ],
};
