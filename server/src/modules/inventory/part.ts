/**
 * The inventory family is one server module (./module.ts) in three parts, each in its folder:
 * the catalog and the equipment with their checks (./catalog), the stock (./stock), the labels,
 * scans and audits (./audit). Each part gives what a module gives (ServerModule) for its own
 * tables; the module composes them, so a part is changed without touching the others.
 */
import type { FastifyInstance } from 'fastify';
import type { AttachmentRule } from '../../attachments/index.js';
import type { RouteContext } from '../../routes/context.js';
import type { BenchSeed, CalendarEvents, DistrictSeed, ServerModule } from '../_platform/module.js';
import type { NamedTable } from '../_platform/records.js';
import type { ScheduledJob } from '../_platform/scheduler.js';

export interface InventoryPart {
  /** Its routes, under /api/inventory. */
  routes: (app: FastifyInstance, ctx: RouteContext) => Promise<void>;
  /** Its demo data for one district, run in the parts' order (catalog, stock, audit). */
  seed?: (district: DistrictSeed) => Promise<void>;
  benchSeeds?: readonly BenchSeed[];
  jobs?: readonly ScheduledJob[];
  attachments?: Readonly<Record<string, AttachmentRule>>;
  calendarEvents?: CalendarEvents;
  namedTables?: readonly NamedTable[];
  /** Its cards on the dashboard (checks due, low stock), each checking its own read right. */
  dashboardCards?: ServerModule['dashboardCards'];
  /** Socket events it emits. */
  events?: readonly string[];
}
