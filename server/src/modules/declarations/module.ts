/** The declarations module's descriptor (_platform/module.ts), listed once in ../index.ts. */
import { RECORDS_CHANGED_EVENT } from '../_platform/events.js';
import type { ServerModule } from '../_platform/module.js';
import { NOTIFICATION_EVENT } from '../../notifications/notifier.js';
import { seedBenchDeclarations } from './bench-seed.js';
import { declarationsMigrations } from './migrations.js';
import { lockedContent } from './repository.js';
import { declarationsRoutes } from './routes.js';
import { seedDeclarations } from './seed.js';
import { declarationWorkflowTargets } from './workflow-targets.js';

import { declarationsSynthesis } from './synthesis.js';
import { declarationSiteRecords } from './site-records.js';

export const declarationsModule: ServerModule = {
  folder: 'declarations',
  prefix: '/declarations',
  routes: declarationsRoutes,
  // After sites: a declaration names its site.
  migrations: declarationsMigrations,
  events: [RECORDS_CHANGED_EVENT, NOTIFICATION_EVENT],
  seed: seedDeclarations,
  benchSeeds: [{ option: 'declarations', what: 'declarations', run: seedBenchDeclarations }],
  // Field users photograph what they report: the author and the assignee of a declaration.
  attachments: { declarations: { features: ['declarations'], table: 'declarations', owners: ['created_by', 'assignee_id'], locks: true } },
  lockedContent,
  workflowTargets: declarationWorkflowTargets,
  namedTables: [
    { table: 'declaration_templates', name: 'name' },
    { table: 'declarations', name: 'title' },
  ],
  synthesisSources: [declarationsSynthesis],
  // Its records on a site's plans and tours (../plan2d, ../view360).
  siteRecords: declarationSiteRecords,
};
