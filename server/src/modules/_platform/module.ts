/**
 * What a server module is to the platform (docs/modules.md): one descriptor per module,
 * `server/src/modules/<folder>/module.ts`, listed once in server/src/modules/index.ts. Everything
 * the server would otherwise list by hand comes from those descriptors: the routes under /api,
 * the client-database migrations, the demo and bench seeds, the scheduled jobs, the attachment
 * rules, the workflow badge, the history's named tables, the locked records' content and the
 * socket events. The platform never imports a module; it reads the list.
 */
import type { FastifyInstance } from 'fastify';
import type { CalendarItem } from '../../../../common/schemas/calendar.js';
import type { DashboardCard } from '../../../../common/schemas/dashboard.js';
import type { Language } from '../../../../common/constants.js';
import type { AttachmentRule } from '../../attachments/index.js';
import type { AttachmentStorage } from '../../attachments/storage.js';
import type { Migration } from '../../db/migrate.js';
import type { Database, Queryable } from '../../db/types.js';
import type { WorkflowCountSql } from '../../plugins/envelope.js';
import type { SessionCheck } from '../../plugins/auth.js';
import type { RouteContext } from '../../routes/context.js';
import type { LockedContentOf } from './lock-chain.js';
import type { SiteRecordSource } from './site-records.js';
import type { NamedTable } from './records.js';
import type { ScheduledJob } from './scheduler.js';
import type { ModuleExport, ModuleImport } from './transfer.js';
import type { WorkflowTarget } from './workflow-targets.js';
import type { SynthesisSource } from './synthesis-sources.js';

/** Whose calendar a module's events are read for (server/src/calendar/items.ts). */
export interface CalendarReader {
  db: Queryable;
  districtId: string;
  accountId: string;
  rights: readonly string[];
}

/** A module's dated events in its members' calendars and iCal feeds (server/src/calendar). */
export interface CalendarEvents {
  /** Its items for `reader` from `from` to `to` (days, both included), only with its module's read right (the hook checks). */
  items: (reader: CalendarReader, from: string, to: string, now: Date) => Promise<CalendarItem[]>;
  /** The feed's words of its kinds (`Préavis : `) and statuses, in each language. */
  words: Readonly<Record<string, Record<Language, string>>>;
  statusWords: Readonly<Record<string, Record<Language, string>>>;
}

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

/** A benchmark data set of a module (`node server/dist/tasks.js seed-bench --<option> N`). */
export interface BenchSeed {
  /** The command-line option (`sites`), and what the count is of, as the task prints it. */
  option: string;
  what: string;
  /** Adds `count` records to the district, as `actorId`; answers how many were written. */
  run: (db: Database, districtId: string, actorId: string, count: number) => Promise<number>;
}

export interface ServerModule {
  /** The module's folder, the same on every side (common/modules/<folder>, src/features/<folder>). */
  folder: string;
  /** Under /api. */
  prefix: string;
  routes: (app: FastifyInstance, ctx: RouteContext) => Promise<void>;
  /** Routes without a session, under /api too, outside the module's authenticated prefix (each marked public: plugins/rights.ts). */
  publicRoutes?: { prefix: string; routes: (app: FastifyInstance, ctx: RouteContext) => Promise<void> };
  /** Its client-database migrations, numbered from 1 for this module only (module_migrations). */
  migrations?: readonly Migration[];
  /** Socket events the module emits (documentation, and a test's list). */
  events: readonly string[];
  seed?: (district: DistrictSeed) => Promise<void>;
  benchSeeds?: readonly BenchSeed[];
  /** Its jobs, run every minute by the scheduler (_platform/scheduler.ts). */
  jobs?: readonly ScheduledJob[];
  /** The attachment rules of its records that take files, by the attachments' module name. */
  attachments?: Readonly<Record<string, AttachmentRule>>;
  /** For a module that locks records (_platform/lock-chain.ts): a locked record's content now. */
  lockedContent?: LockedContentOf;
  /** Its part of the toolbar's workflow badge, composed into the envelope's one query (plugins/envelope.ts). */
  workflowCount?: WorkflowCountSql;
  /** Its events in the calendar and its iCal feed. */
  calendarEvents?: CalendarEvents;
  /** Its cards on the reader's dashboard (only with its own read right: the module checks), `today` the district's day. */
  dashboardCards?: (reader: CalendarReader, today: string) => Promise<DashboardCard[]>;
  /** Its tables whose records a history names by id (_platform/records.ts, readHistory). */
  namedTables?: readonly NamedTable[];
  /** Its lists exported as CSV/XLSX and in the district's ZIP (_platform/transfer.ts; importExport module). */
  exports?: readonly ModuleExport[];
  /** Its records imported from CSV/XLSX (_platform/transfer.ts; importExport module). */
  imports?: readonly ModuleImport[];
  /** Its record kinds that can carry a workflow (_platform/workflow-targets.ts). */
  workflowTargets?: readonly WorkflowTarget[];
  /** A check every authenticated request passes (plugins/auth.ts), e.g. the terms of use accepted (tc). */
  sessionCheck?: SessionCheck;
  /** Its sources of figures for the synthesis's tables and dashboards (_platform/synthesis-sources.ts). */
  synthesisSources?: readonly SynthesisSource[];
  /** Its kinds of records on a site, with their titles, for the plans' pins and the tours' markers (_platform/site-records.ts). */
  siteRecords?: readonly SiteRecordSource[];
}
