/**
 * The server modules (MODULES.md, "One module, four places"): each one's route prefix and
 * routes, its client-database migrations (migrations.ts), the socket events it emits and its
 * demo seed. app.ts registers every module's routes from this list, the database layer runs
 * the migrations, the demo seed calls the seeds; adding a module is one entry here.
 */
import type { FastifyInstance } from 'fastify';
import type { AttachmentStorage } from '../attachments/storage.js';
import type { Queryable } from '../db/types.js';
import type { RouteContext } from '../routes/context.js';
import { NOTIFICATION_EVENT } from '../notifications/notifier.js';
import { registerWorkflowCount, type WorkflowCountSql } from '../plugins/envelope.js';
import { RECORDS_CHANGED_EVENT } from './_platform/events.js';
import { actionsWorkflowCount } from './actions/badge.js';
import { actionsRoutes } from './actions/routes.js';
import { seedActions } from './actions/seed.js';
import { BASEMAP_PREFIX, basemapRoutes } from './cartography/basemap.js';
import { cartographyRoutes } from './cartography/routes.js';
import { seedCartography } from './cartography/seed.js';
import { registerLockedContent, type LockedContentOf } from './_platform/lock-chain.js';
import { registerNamedTables, type NamedTable } from './_platform/records.js';
import { lockedContent as declarationLockedContent } from './declarations/repository.js';
import { declarationsRoutes } from './declarations/routes.js';
import { seedDeclarations } from './declarations/seed.js';
import { lockedContent as inspectionLockedContent } from './questionnaires/repository.js';
import { questionnairesRoutes } from './questionnaires/routes.js';
import { sharedReportRoutes } from './questionnaires/shared-routes.js';
import { seedQuestionnaires } from './questionnaires/seed.js';
import { SHARED_REPORTS_PREFIX } from '../../../common/modules/questionnaires/schemas.js';
import { seedSites } from './sites/seed.js';
import { sitesRoutes } from './sites/routes.js';

export { MODULE_MIGRATIONS } from './migrations.js';

/** What a module's demo seed receives for one district (demo data written in one transaction). */
export interface DistrictSeed {
  tx: Queryable;
  /** The client database's name (the attachments' storage keys). */
  clientDb: string;
  districtId: string;
  districtName: string;
  /** The account written as author of the demo records (the demo administrator), and its name (e-mail) as attachments show it. */
  actorId: string;
  actorName: string;
  /** Where demo photos are stored. */
  storage: AttachmentStorage;
}

export interface ServerModule {
  name: string;
  /** Under /api. */
  prefix: string;
  routes: (app: FastifyInstance, ctx: RouteContext) => Promise<void>;
  /** Routes without a session, under /api too, outside the module's authenticated prefix (each marked public: plugins/rights.ts). */
  publicRoutes?: { prefix: string; routes: (app: FastifyInstance, ctx: RouteContext) => Promise<void> };
  /** Socket events the module emits (documentation, and a test's list). */
  events: readonly string[];
  seed?: (district: DistrictSeed) => Promise<void>;
  /** For a module that locks records (_platform/lock-chain.ts): a locked record's content now. */
  lockedContent?: LockedContentOf;
  /** Its part of the toolbar's workflow badge, composed into the envelope's one query (plugins/envelope.ts). */
  workflowCount?: WorkflowCountSql;
  /** Its tables whose records a history names by id (_platform/records.ts, readHistory). */
  namedTables?: readonly NamedTable[];
}

export const SERVER_MODULES: readonly ServerModule[] = [
  {
    name: 'sites',
    prefix: '/sites',
    routes: sitesRoutes,
    events: [RECORDS_CHANGED_EVENT],
    seed: seedSites,
    namedTables: [
      { table: 'sites', name: 'name' },
      { table: 'site_types', name: 'name' },
    ],
  },
  {
    name: 'declarations',
    prefix: '/declarations',
    routes: declarationsRoutes,
    events: [RECORDS_CHANGED_EVENT, NOTIFICATION_EVENT],
    seed: seedDeclarations,
    lockedContent: declarationLockedContent,
    namedTables: [
      { table: 'declaration_templates', name: 'name' },
      { table: 'declarations', name: 'title' },
    ],
  },
  {
    name: 'questionnaires',
    prefix: '/questionnaires',
    routes: questionnairesRoutes,
    // A report's share link, downloaded without a session.
    publicRoutes: { prefix: SHARED_REPORTS_PREFIX, routes: sharedReportRoutes },
    events: [RECORDS_CHANGED_EVENT],
    seed: seedQuestionnaires,
    lockedContent: inspectionLockedContent,
    namedTables: [
      { table: 'questionnaire_templates', name: 'name' },
      // An inspection (an action's source) by its template's name.
      { table: 'inspections', name: '(select q.name from questionnaire_templates q where q.id = inspections.template_id)' },
    ],
  },
  // After declarations and questionnaires: its demo actions follow their demo records.
  {
    name: 'actions',
    prefix: '/actions',
    routes: actionsRoutes,
    events: [RECORDS_CHANGED_EVENT],
    seed: seedActions,
    workflowCount: actionsWorkflowCount,
    namedTables: [
      { table: 'actions', name: 'title' },
      { table: 'action_plans', name: 'name' },
      { table: 'action_templates', name: 'name' },
    ],
  },
  // After sites and declarations: its demo points and areas lie around the demo sites.
  {
    name: 'cartography',
    prefix: '/cartography',
    routes: cartographyRoutes,
    // The basemap's style and tiles: world data, before and without a session.
    publicRoutes: { prefix: BASEMAP_PREFIX, routes: basemapRoutes },
    events: [RECORDS_CHANGED_EVENT],
    seed: seedCartography,
    namedTables: [
      { table: 'map_layers', name: 'name' },
      { table: 'poi_categories', name: 'name' },
      { table: 'map_area_groups', name: 'name' },
    ],
  },
];

for (const module of SERVER_MODULES) {
  if (module.lockedContent) registerLockedContent(module.name, module.lockedContent);
  if (module.workflowCount) registerWorkflowCount(module.name, module.workflowCount);
  if (module.namedTables) registerNamedTables(module.namedTables);
}

/** Registers every module's routes under `apiPrefix`. */
export async function registerModules(app: FastifyInstance, ctx: RouteContext, apiPrefix: string): Promise<void> {
  for (const module of SERVER_MODULES) {
    await app.register(async (api) => module.routes(api, ctx), { prefix: `${apiPrefix}${module.prefix}` });
    const open = module.publicRoutes;
    if (open) await app.register(async (api) => open.routes(api, ctx), { prefix: `${apiPrefix}${open.prefix}` });
  }
}
