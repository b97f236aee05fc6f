/** The sites module's descriptor (_platform/module.ts), listed once in ../index.ts. */
import { RECORDS_CHANGED_EVENT } from '../_platform/events.js';
import type { ServerModule } from '../_platform/module.js';
import { seedBenchSites } from './bench-seed.js';
import { sitesMigrations } from './migrations.js';
import { sitesRoutes } from './routes.js';
import { seedSites } from './seed.js';
import { registerSiteShareables } from './shareables.js';
import { SITES_EXPORT, SITES_IMPORT } from './transfer.js';
import { sitesSynthesis } from './synthesis.js';
import { stageSiteRecords } from './site-records.js';

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
  exports: [SITES_EXPORT], imports: [SITES_IMPORT],
  namedTables: [
    { table: 'sites', name: 'name' },
    { table: 'site_types', name: 'name' },
  ],
  synthesisSources: [sitesSynthesis],
  // Its records on a site's plans and tours (../plan2d, ../view360).
  siteRecords: stageSiteRecords,
};
