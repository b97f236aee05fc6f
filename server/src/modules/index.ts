/**
 * The server modules, listed once (docs/modules.md): each one's descriptor (./<folder>/module.ts,
 * the shape in _platform/module.ts). The order is the order their migrations and demo seeds run
 * (a module may depend on one listed before it). Everything the platform knows of the modules
 * is derived here: the routes app.ts registers, the migrations the database layer runs, the
 * scheduled jobs, the bench seeds of tasks.ts, the attachment rules, the workflow badge, the
 * locked records and the history's named tables. The platform imports this list, never a module.
 */
import type { FastifyInstance } from 'fastify';
import { registerAttachmentRules, type AttachmentRule } from '../attachments/index.js';
import type { ModuleMigrations } from '../db/migrate.js';
import { registerSessionCheck } from '../plugins/auth.js';
import { registerWorkflowCount } from '../plugins/envelope.js';
import type { RouteContext } from '../routes/context.js';
import { registerLockedContent } from './_platform/lock-chain.js';
import { platformMigrations } from './_platform/migrations.js';
import type { BenchSeed, CalendarEvents, ServerModule } from './_platform/module.js';
import { registerSiteRecords } from './_platform/site-records.js';
import { registerNamedTables } from './_platform/records.js';
import type { ScheduledJob } from './_platform/scheduler.js';
import { registerExports, registerImports } from './_platform/transfer.js';
import { registerWorkflowTargets } from './_platform/workflow-targets.js';
import { registerSynthesisSources } from './_platform/synthesis-sources.js';
import { actionsModule } from './actions/module.js';
import { cartographyModule } from './cartography/module.js';
import { contactModule } from './contactV2/module.js';
import { declarationsModule } from './declarations/module.js';
import { dsaModule } from './dsa/module.js';
import { filesModule } from './files/module.js';
import { importExportModule } from './importExport/module.js';
import { inventoryModule } from './inventory/module.js';
import { plan2dModule } from './plan2d/module.js';
import { questionnairesModule } from './questionnaires/module.js';
import { contractModule } from './contract/module.js';
import { sharingBankModule } from './sharingBank/module.js';
import { sitesModule } from './sites/module.js';
import { supplierModule } from './supplier/module.js';
import { tcModule } from './tc/module.js';
import { synthesisModule } from './synthesis/module.js';
import { thirdPartyModule } from './thirdParty/module.js';
import { view360Module } from './view360/module.js';
import { workflowModule } from './workflow/module.js';

export type { DistrictSeed, ServerModule } from './_platform/module.js';

export const SERVER_MODULES: readonly ServerModule[] = [
  sitesModule,
  declarationsModule,
  questionnairesModule,
  actionsModule,
  cartographyModule,
  supplierModule,
  contractModule,
  contactModule,
  inventoryModule,
  filesModule,
  thirdPartyModule,
  sharingBankModule,
  dsaModule,
  importExportModule,
  view360Module,
  workflowModule,
  tcModule,
  synthesisModule,
  plan2dModule,
];

/** The client-database migrations, in the order they run (after the core ones: db/databases.ts). */
export const MODULE_MIGRATIONS: readonly ModuleMigrations[] = [
  // First: the history table and the text folding every module uses.
  { module: '_platform', migrations: platformMigrations },
  ...SERVER_MODULES.filter((m) => m.migrations).map((m) => ({ module: m.folder, migrations: [...m.migrations!] })),
];

/** The modules' scheduled jobs, run every minute in this order (_platform/scheduler.ts). */
export const SCHEDULED_JOBS: readonly ScheduledJob[] = SERVER_MODULES.flatMap((m) => m.jobs ?? []);

/** The modules' events in the calendar and its iCal feed (server/src/calendar). */
export const CALENDAR_EVENTS: readonly CalendarEvents[] = SERVER_MODULES.flatMap((m) => (m.calendarEvents ? [m.calendarEvents] : []));

/** The modules' dashboard cards, in the modules' order (routes/api/dashboard). */
export const DASHBOARD_CARDS = SERVER_MODULES.flatMap((m) => (m.dashboardCards ? [m.dashboardCards] : []));

/** The bench data sets of `tasks.js seed-bench`, in the order they are written (sites first: the others spread over them). */
export const BENCH_SEEDS: readonly BenchSeed[] = SERVER_MODULES.flatMap((m) => m.benchSeeds ?? []);

registerAttachmentRules(Object.assign({}, ...SERVER_MODULES.map((m) => m.attachments ?? {})) as Record<string, AttachmentRule>);
for (const module of SERVER_MODULES) {
  if (module.lockedContent) registerLockedContent(module.folder, module.lockedContent);
  if (module.workflowCount) registerWorkflowCount(module.folder, module.workflowCount);
  if (module.namedTables) registerNamedTables(module.namedTables);
  if (module.exports) registerExports(module.exports);
  if (module.imports) registerImports(module.imports);
  if (module.workflowTargets) registerWorkflowTargets(module.workflowTargets);
  if (module.sessionCheck) registerSessionCheck(module.folder, module.sessionCheck);
  if (module.synthesisSources) registerSynthesisSources(module.synthesisSources);
  if (module.siteRecords) registerSiteRecords(module.siteRecords);
}

/** Registers every module's routes under `apiPrefix`. */
export async function registerModules(app: FastifyInstance, ctx: RouteContext, apiPrefix: string): Promise<void> {
  for (const module of SERVER_MODULES) {
    await app.register(async (api) => module.routes(api, ctx), { prefix: `${apiPrefix}${module.prefix}` });
    const open = module.publicRoutes;
    if (open) await app.register(async (api) => open.routes(api, ctx), { prefix: `${apiPrefix}${open.prefix}` });
  }
}
