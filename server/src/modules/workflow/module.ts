/**
 * The workflow family's descriptor (manifests workflow and notificationsWorkflowV2, folder
 * `workflow`), listed once in ../index.ts after the modules whose records a workflow attaches to.
 */
import { RECORDS_CHANGED_EVENT } from '../_platform/events.js';
import type { ServerModule } from '../_platform/module.js';
import { NOTIFICATION_EVENT } from '../../notifications/notifier.js';
import { seedBenchWorkflow } from './bench-seed.js';
import { runWorkflowDeadlines } from './jobs.js';
import { workflowMigrations } from './migrations.js';
import { workflowRoutes } from './routes.js';
import { seedWorkflow } from './seed.js';
import { WORKFLOW_COUNT_SQL } from './service.js';

export const workflowModule: ServerModule = {
  folder: 'workflow',
  prefix: '/workflow',
  routes: workflowRoutes,
  migrations: workflowMigrations,
  events: [RECORDS_CHANGED_EVENT, NOTIFICATION_EVENT],
  seed: seedWorkflow,
  benchSeeds: [{ option: 'workflow', what: 'workflow instances', run: seedBenchWorkflow }],
  // Reminders and escalations at the states' deadlines, each sent once.
  jobs: [runWorkflowDeadlines],
  // The toolbar's badge: the open instances waiting on the member (or on whoever named it their delegate today).
  workflowCount: WORKFLOW_COUNT_SQL,
  namedTables: [
    { table: 'workflow_definitions', name: 'name' },
    { table: 'workflow_instances', name: 'title' },
  ],
};
