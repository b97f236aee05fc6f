/**
 * The Questionnaires route subtree (the manifest's prefix `questionnary-v2`), registered by the
 * app's route table. In the entry: only guards and what loaders start; the pages come from the
 * module's chunks (components/pages.tsx for the field user, components/template-pages.tsx for
 * template builders, components/planning-pages.tsx for planners).
 *
 *   /questionnary-v2                         → the first of these the caller may open
 *   /questionnary-v2/view                    the caller's inspections (?tab=todo|inProgress|submitted)
 *   /questionnary-v2/start                   start one on site (?template=&site=)
 *   /questionnary-v2/inspections/$id         fill it, or its report once submitted
 *   /questionnary-v2/manage                  everyone's inspections, filtered, CSV (managers)
 *   /questionnary-v2/schedules               schedules; /new (?template=), /$id (managers)
 *   /questionnary-v2/templates               templates; /new (?family=), /$id: builder and preview
 */
import { createRoute, redirect, type AnyRoute } from '@tanstack/react-router';
import { lazyPage } from '../../lib/lazy-page';
import { DEFAULT_PAGE } from '../../../common/constants';
import type { Feature } from '../../../common/rights';
import { getEnvelopeState } from '../../lib/envelope-store';
import { i18n } from '../../lib/i18n';
import { can } from '../../lib/rights';
import { inspectionsHref, MANAGE_PATH, TEMPLATES_PATH } from './paths';
import { refuseRights, uuidParams } from '../../lib/route-guards';

const pages = () => import('./components/pages');
const templatePages = () => import('./components/template-pages');
const planningPages = () => import('./components/planning-pages');

/** What each part of the module asks: any one of these (feature, action). */
const FILL: readonly [Feature, 'read' | 'manage'][] = [['questionnaires', 'read'], ['securesphere', 'read']];
const PLAN: readonly [Feature, 'read' | 'manage'][] = [['questionnaires', 'manage'], ['securesphere', 'manage']];
const TEMPLATES: readonly [Feature, 'read' | 'manage'][] = [...FILL, ['questionnaireTemplates', 'read'], ['securesphereTemplates', 'read']];

const allows = (needs: readonly [Feature, 'read' | 'manage'][]) => needs.some(([feature, action]) => can(getEnvelopeState().rights, feature, action));

/** Spec section 8's requiredPermissions toast, then away (as the app's other guards do). */
function requireAny(needs: readonly [Feature, 'read' | 'manage'][], away: string): void {
  if (allows(needs)) return;
  refuseRights([needs[0]?.[0] ?? 'questionnaires'], away);
}

/** The module's first page for the caller: its own inspections, else everyone's, else the templates (the root's guard lets in only these three). */
const firstPage = () => (allows(FILL) ? inspectionsHref() : allows(PLAN) ? MANAGE_PATH : TEMPLATES_PATH);

export function moduleRoutes(parent: AnyRoute) {
  const root = createRoute({
    getParentRoute: () => parent,
    path: 'questionnary-v2',
    beforeLoad: () => requireAny(TEMPLATES, DEFAULT_PAGE),
    loader: () => i18n.loadNamespaces(['questionnaires', 'components']),
    component: lazyPage(pages, 'QuestionnairesLayout'),
  });
  // Refused a part: to the module's first page (never the part itself: the guard holds that).
  const filler = () => requireAny(FILL, firstPage());
  const planner = () => requireAny(PLAN, firstPage());
  const index = createRoute({ getParentRoute: () => root, path: '/', beforeLoad: () => redirect({ href: firstPage(), replace: true }) });
  const list = createRoute({ getParentRoute: () => root, path: 'view', beforeLoad: filler, component: lazyPage(pages, 'InspectionsPage') });
  const start = createRoute({ getParentRoute: () => root, path: 'start', beforeLoad: filler, component: lazyPage(pages, 'StartPage') });
  const inspection = createRoute({
    getParentRoute: () => root,
    path: 'inspections/$inspectionId',
    // Not an id: not an inspection's address (the app's 404 rule answers).
    params: uuidParams('inspectionId'),
    beforeLoad: () => requireAny([...FILL, ...PLAN], firstPage()),
    component: lazyPage(pages, 'InspectionPage'),
  });
  const manage = createRoute({ getParentRoute: () => root, path: 'manage', beforeLoad: planner, component: lazyPage(planningPages, 'ManageInspectionsPage') });
  const schedules = createRoute({ getParentRoute: () => root, path: 'schedules', beforeLoad: planner, component: lazyPage(planningPages, 'SchedulesPage') });
  const newSchedule = createRoute({ getParentRoute: () => root, path: 'schedules/new', beforeLoad: planner, component: lazyPage(planningPages, 'ScheduleNewPage') });
  const schedule = createRoute({
    getParentRoute: () => root,
    path: 'schedules/$scheduleId',
    params: uuidParams('scheduleId'),
    beforeLoad: planner,
    component: lazyPage(planningPages, 'ScheduleEditPage'),
  });
  const templates = createRoute({ getParentRoute: () => root, path: 'templates', component: lazyPage(templatePages, 'TemplatesPage') });
  const newTemplate = createRoute({ getParentRoute: () => root, path: 'templates/new', component: lazyPage(templatePages, 'TemplateNewPage') });
  const template = createRoute({
    getParentRoute: () => root,
    path: 'templates/$templateId',
    params: uuidParams('templateId'),
    component: lazyPage(templatePages, 'TemplateEditPage'),
  });
  return root.addChildren([index, list, start, inspection, manage, schedules, newSchedule, schedule, templates, newTemplate, template]);
}
