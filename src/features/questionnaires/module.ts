/**
 * Questionnaires (manifest questionnaryV2) in the app (lib/app-module.ts): its route subtree,
 * its start, the addresses of an inspection and of the inspections to do (the dashboard, the
 * calendar).
 */
import { defineAppModule } from '../../lib/app-module';
import { inspectionHref, inspectionsHref, MANAGE_PATH } from './paths';
import { moduleRoutes } from './routes';

export const questionnairesModule = defineAppModule({
  folder: 'questionnaires',
  manifests: ['questionnaryV2'],
  routes: (parent) => ({ questionnaryV2: moduleRoutes(parent) }),
  start: () => import('./index').then((m) => m.startQuestionnairesModule),
  links: { inspection: inspectionHref, inspections: inspectionsHref(), manageInspections: MANAGE_PATH },
});
