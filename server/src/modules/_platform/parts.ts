/**
 * A module family in parts (docs/modules.md, "A family in parts"): one server module whose
 * folder holds a part per sub-folder (the inventory's catalog, stock and audits; the third
 * parties' links and companies). Each part gives what a module gives for its own tables; the
 * family's descriptor composes them, so a part is changed without touching the others.
 */
import type { FastifyInstance } from 'fastify';
import type { RouteContext } from '../../routes/context.js';
import { RECORDS_CHANGED_EVENT } from './events.js';
import type { CalendarEvents, ServerModule } from './module.js';

export interface ModulePart extends Pick<ServerModule, 'seed' | 'benchSeeds' | 'jobs' | 'attachments' | 'calendarEvents' | 'namedTables' | 'dashboardCards'> {
  /** Socket events it emits besides `records:changed`. */
  events?: readonly string[];
  /** Its routes, under the family's prefix. */
  routes: (app: FastifyInstance, ctx: RouteContext) => Promise<void>;
  /** Its routes without a session, under the family's public prefix. */
  publicRoutes?: (app: FastifyInstance, ctx: RouteContext) => Promise<void>;
}

function composedCalendar(parts: readonly ModulePart[]): CalendarEvents | undefined {
  const events = parts.flatMap((p) => (p.calendarEvents ? [p.calendarEvents] : []));
  if (events.length === 0) return undefined;
  return {
    items: async (reader, from, to, now) => (await Promise.all(events.map((p) => p.items(reader, from, to, now)))).flat(),
    words: Object.assign({}, ...events.map((p) => p.words)) as CalendarEvents['words'],
    statusWords: Object.assign({}, ...events.map((p) => p.statusWords)) as CalendarEvents['statusWords'],
  };
}

/**
 * The family's descriptor: routes, public routes, seeds (in the parts' order: a later part's
 * demo data may use an earlier part's), jobs, attachments, calendar events, named tables and
 * dashboard cards of every part.
 */
export function composeParts(
  head: Pick<ServerModule, 'folder' | 'prefix' | 'migrations'> & { publicPrefix?: string },
  parts: readonly ModulePart[],
): ServerModule {
  const calendarEvents = composedCalendar(parts);
  const open = parts.flatMap((p) => (p.publicRoutes ? [p.publicRoutes] : []));
  if (open.length > 0 && !head.publicPrefix) throw new Error(`${head.folder}: a part has public routes but the family has no public prefix`);
  return {
    folder: head.folder,
    prefix: head.prefix,
    ...(head.migrations ? { migrations: head.migrations } : {}),
    routes: async (app, ctx) => {
      for (const part of parts) await part.routes(app, ctx);
    },
    ...(open.length > 0
      ? {
          publicRoutes: {
            prefix: head.publicPrefix!,
            routes: async (app: FastifyInstance, ctx: RouteContext) => {
              for (const routes of open) await routes(app, ctx);
            },
          },
        }
      : {}),
    events: [...new Set([RECORDS_CHANGED_EVENT, ...parts.flatMap((p) => p.events ?? [])])],
    seed: async (district) => {
      for (const part of parts) await part.seed?.(district);
    },
    benchSeeds: parts.flatMap((p) => p.benchSeeds ?? []),
    jobs: parts.flatMap((p) => p.jobs ?? []),
    attachments: Object.assign({}, ...parts.map((p) => p.attachments ?? {})) as ServerModule['attachments'],
    ...(calendarEvents ? { calendarEvents } : {}),
    namedTables: parts.flatMap((p) => p.namedTables ?? []),
    dashboardCards: async (reader, today) => (await Promise.all(parts.map(async (p) => (p.dashboardCards ? p.dashboardCards(reader, today) : [])))).flat(),
  };
}
