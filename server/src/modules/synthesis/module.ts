/** The synthesis module's descriptor (_platform/module.ts), listed once in ../index.ts: its figures come from the other modules' synthesisSources; its saved tables and dashboards are its own records. */
import type { ServerModule } from '../_platform/module.js';
import { RECORDS_CHANGED_EVENT } from '../_platform/events.js';
import { synthesisMigrations } from './migrations.js';
import { synthesisRoutes } from './routes.js';
import { seedSynthesis } from './seed.js';

export const synthesisModule: ServerModule = {
  folder: 'synthesis',
  prefix: '/synthesisBuilder',
  routes: synthesisRoutes,
  migrations: synthesisMigrations,
  events: [RECORDS_CHANGED_EVENT],
  seed: seedSynthesis,
  namedTables: [
    { table: 'synthesis_tables', name: 'name' },
    { table: 'synthesis_dashboards', name: 'name' },
  ],
};
