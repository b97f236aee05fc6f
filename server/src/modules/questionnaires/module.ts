/** The questionnaires module's descriptor (_platform/module.ts), listed once in ../index.ts. */
import { SHARED_REPORTS_PREFIX } from '../../../../common/modules/questionnaires/schemas.js';
import { RECORDS_CHANGED_EVENT } from '../_platform/events.js';
import type { ServerModule } from '../_platform/module.js';
import { seedBenchAnswers } from './bench-seed.js';
import { questionnairesMigrations } from './migrations.js';
import { lockedContent } from './repository.js';
import { questionnairesRoutes } from './routes.js';
import { runSchedules } from './scheduler.js';
import { seedQuestionnaires } from './seed.js';
import { sharedReportRoutes } from './shared-routes.js';
import { inspectionsSynthesis } from './synthesis.js';
import { answersSynthesis } from './synthesis-answers.js';

export const questionnairesModule: ServerModule = {
  folder: 'questionnaires',
  prefix: '/questionnaires',
  routes: questionnairesRoutes,
  // A report's share link, downloaded without a session.
  publicRoutes: { prefix: SHARED_REPORTS_PREFIX, routes: sharedReportRoutes },
  // After sites: an inspection names its site.
  migrations: questionnairesMigrations,
  events: [RECORDS_CHANGED_EVENT],
  seed: seedQuestionnaires,
  benchSeeds: [{ option: 'answers', what: 'answered questions of submitted inspections', run: seedBenchAnswers }],
  // Inspections: occurrences of the schedules, reminders, overdue notices.
  jobs: [runSchedules],
  // An inspection's photos and signature, by whoever fills it (either family's read right):
  // its assignee, or who started it.
  attachments: { questionnaires: { features: ['questionnaires', 'securesphere'], table: 'inspections', owners: ['assignee_id', 'created_by'], locks: true } },
  lockedContent,
  namedTables: [
    { table: 'questionnaire_templates', name: 'name' },
    // An inspection (an action's source) by its template's name.
    { table: 'inspections', name: '(select q.name from questionnaire_templates q where q.id = inspections.template_id)' },
  ],
  synthesisSources: [inspectionsSynthesis, answersSynthesis],
};
