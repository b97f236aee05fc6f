/** The sites module's descriptor (_platform/module.ts), listed once in ../index.ts. */
import { RECORDS_CHANGED_EVENT } from '../_platform/events.js';
import type { ServerModule } from '../_platform/module.js';
import { seedBenchSites } from './bench-seed.js';
import { sitesMigrations } from './migrations.js';
import { sitesRoutes } from './routes.js';
import { seedSites } from './seed.js';
import { registerSiteShareables } from './shareables.js';

// What a third-party share link may share of a site: its general information and its stages.
registerSiteShareables();

export const sitesModule: ServerModule = {
  folder: 'sites',
  prefix: '/sites',
  routes: sitesRoutes,
  migrations: sitesMigrations,
  events: [RECORDS_CHANGED_EVENT],
  seed: seedSites,
  benchSeeds: [{ option: 'sites', what: 'sites', run: seedBenchSites }],
  // A site's photos and stage images: the site managers'.
  attachments: { sites: { features: ['sites'], table: 'sites', owners: [] } },
  namedTables: [
    { table: 'sites', name: 'name' },
    { table: 'site_types', name: 'name' },
  ],
};
