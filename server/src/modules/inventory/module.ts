/**
 * The inventory family's descriptor (_platform/module.ts; manifests inventory, inventoryV2 and
 * stockManagement), listed once in ../index.ts after the sites', suppliers' and contracts'
 * modules (an article's supplier and contract, an item's site). Its three parts (./part.ts) are
 * composed here: routes under /api/inventory, seeds in order (the stock's and audits' demo data
 * are the catalog's articles and items), jobs, attachments, calendar events and named tables.
 */
import type { CalendarEvents, ServerModule } from '../_platform/module.js';
import { RECORDS_CHANGED_EVENT } from '../_platform/events.js';
import { auditPart } from './audit/part.js';
import { catalogPart } from './catalog/part.js';
import { inventoryMigrations } from './migrations.js';
import type { InventoryPart } from './part.js';
import { stockPart } from './stock/part.js';

const PARTS: readonly InventoryPart[] = [catalogPart, stockPart, auditPart];

function composedCalendar(): CalendarEvents | undefined {
  const parts = PARTS.flatMap((p) => (p.calendarEvents ? [p.calendarEvents] : []));
  if (parts.length === 0) return undefined;
  return {
    items: async (reader, from, to, now) => (await Promise.all(parts.map((p) => p.items(reader, from, to, now)))).flat(),
    words: Object.assign({}, ...parts.map((p) => p.words)) as CalendarEvents['words'],
    statusWords: Object.assign({}, ...parts.map((p) => p.statusWords)) as CalendarEvents['statusWords'],
  };
}

const calendarEvents = composedCalendar();

export const inventoryModule: ServerModule = {
  folder: 'inventory',
  prefix: '/inventory',
  routes: async (app, ctx) => {
    for (const part of PARTS) await part.routes(app, ctx);
  },
  migrations: inventoryMigrations,
  events: [...new Set([RECORDS_CHANGED_EVENT, ...PARTS.flatMap((p) => p.events ?? [])])],
  seed: async (district) => {
    for (const part of PARTS) await part.seed?.(district);
  },
  benchSeeds: PARTS.flatMap((p) => p.benchSeeds ?? []),
  jobs: PARTS.flatMap((p) => p.jobs ?? []),
  attachments: Object.assign({}, ...PARTS.map((p) => p.attachments ?? {})) as ServerModule['attachments'],
  ...(calendarEvents ? { calendarEvents } : {}),
  namedTables: PARTS.flatMap((p) => p.namedTables ?? []),
  dashboardCards: async (reader, today) => (await Promise.all(PARTS.map(async (p) => (p.dashboardCards ? p.dashboardCards(reader, today) : [])))).flat(),
};
