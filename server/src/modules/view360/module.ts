/** The 360 module's descriptor (_platform/module.ts), listed once in ../index.ts after the modules whose records its markers point to. */
import { RECORDS_CHANGED_EVENT } from '../_platform/events.js';
import type { ServerModule } from '../_platform/module.js';
import { view360Migrations } from './migrations.js';
import { VIEW360_MODULE } from './repository.js';
import { view360Routes } from './routes.js';
import { seedView360 } from './seed.js';

export const view360Module: ServerModule = {
  folder: 'view360',
  prefix: '/360',
  routes: view360Routes,
  migrations: view360Migrations,
  events: [RECORDS_CHANGED_EVENT],
  // After the sites', declarations', actions' and inventory's: its demo markers point to their records.
  seed: seedView360,
  // A stage's dated captures: files of the site, added by its managers.
  attachments: { [VIEW360_MODULE]: { features: ['sites'], table: 'sites', owners: [] } },
};
