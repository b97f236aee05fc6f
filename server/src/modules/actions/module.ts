/** The actions module's descriptor (_platform/module.ts), listed once in ../index.ts. */
import { RECORDS_CHANGED_EVENT } from '../_platform/events.js';
import type { ServerModule } from '../_platform/module.js';
import { actionsWorkflowCount } from './badge.js';
import { seedBenchActions } from './bench-seed.js';
import { actionsMigrations } from './migrations.js';
import { checkPhotoDeletion } from './photos.js';
import { runActionReminders } from './reminders.js';
import { actionsRoutes } from './routes.js';
import { seedActions } from './seed.js';

import { actionsSynthesis } from './synthesis.js';
import { actionSiteRecords } from './site-records.js';

export const actionsModule: ServerModule = {
  folder: 'actions',
  prefix: '/actions',
  routes: actionsRoutes,
  // After sites, declarations and questionnaires: an action names its site and its source.
  migrations: actionsMigrations,
  events: [RECORDS_CHANGED_EVENT],
  // After declarations and questionnaires: its demo actions follow their demo records.
  seed: seedActions,
  benchSeeds: [{ option: 'actions', what: 'actions', run: seedBenchActions }],
  // Reminders before the due date, overdue notices to the assignee and the plan's owner.
  jobs: [runActionReminders],
  // An action's photos (its proof among them), by its assignee or its author (either
  // manifest's actions read right) or a manager; the action counts them for its proof.
  // Others' actions are not the read right's to see (docs/actions.md): their files neither.
  // A closed action keeps its photos as proof (photos.ts, the rule of access.ts).
  attachments: { actions: { features: ['actions', 'actionsV3'], table: 'actions', owners: ['assignee_id', 'created_by'], ownersOnly: true, beforeDelete: checkPhotoDeletion } },
  workflowCount: actionsWorkflowCount,
  namedTables: [
    { table: 'actions', name: 'title' },
    { table: 'action_plans', name: 'name' },
    { table: 'action_templates', name: 'name' },
  ],
  synthesisSources: [actionsSynthesis],
  // Its records on a site's plans and tours (../plan2d, ../view360).
  siteRecords: actionSiteRecords,
};
