/**
 * The synthesis's shared records on the app's record core (lib/record-kind.ts): the saved tables
 * and the dashboards (common/modules/synthesis/saved.ts), their writes queued in the outbox
 * (shown at once as waiting, sent once with their Idempotency-Key), their lists kept for offline
 * reading. And the one-time move of the cards a previous version pinned on this device (kept in
 * localStorage per district) into the server's records: each pinned card becomes a private saved
 * table, all of them the cards of one private dashboard, then the device's copy is dropped.
 */
import type { SavedDashboard, SavedDashboardFields, SavedTable, SavedTableFields } from '../../../common/modules/synthesis/saved';
import type { SynthesisCard } from '../../../common/modules/synthesis/schemas';
import { defineRecordKind } from '../../lib/record-kind';
import { getSessionDistrictId } from '../../lib/storage';

export const SYNTHESIS_OUTBOX = 'synthesis';

export const savedTables = defineRecordKind<SavedTableFields, SavedTable, SavedTable>({
  module: SYNTHESIS_OUTBOX,
  kind: 'tables',
  path: 'synthesisBuilder/tables',
  fields: ['name', 'definition', 'chart', 'shared'],
});

export const savedDashboards = defineRecordKind<SavedDashboardFields, SavedDashboard, SavedDashboard>({
  module: SYNTHESIS_OUTBOX,
  kind: 'dashboards',
  path: 'synthesisBuilder/dashboards',
  fields: ['name', 'shared', 'cards'],
});

export function registerSynthesisSenders(): void {
  savedTables.registerSenders();
  savedDashboards.registerSenders();
}

/** Where a previous version kept the pinned cards of a district on this device. */
export const pinsKey = (districtId: string): string => `vigie.synthesis.pins.${districtId}`;

/** The pinned cards a previous version left on this device for the session's district (dropped once read if malformed). */
export function legacyPins(): SynthesisCard[] {
  const district = getSessionDistrictId();
  if (district === null) return [];
  const raw = localStorage.getItem(pinsKey(district));
  if (raw === null) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (Array.isArray(parsed)) return parsed.filter((c): c is SynthesisCard => typeof c === 'object' && c !== null && 'definition' in c && 'chart' in c && 'title' in c);
  } catch {
    // Unreadable: nothing to move.
  }
  localStorage.removeItem(pinsKey(district));
  return [];
}

/**
 * Moves the device's pinned cards into private saved tables and one private dashboard named
 * `dashboardName` (through the outbox: they are sent once on line), then drops them from the
 * device. Answers the new dashboard's id, or null when there was nothing to move.
 */
export async function movePinsToServer(dashboardName: string): Promise<string | null> {
  const district = getSessionDistrictId();
  const pins = legacyPins();
  if (district === null || pins.length === 0) return null;
  // Dropped first: a second screen opening meanwhile does not move them twice.
  localStorage.removeItem(pinsKey(district));
  const cards: SavedDashboardFields['cards'] = [];
  for (const pin of pins.slice(0, 24)) {
    const tableId = await savedTables.queueCreate({ name: pin.title.slice(0, 200) || dashboardName, definition: pin.definition, chart: pin.chart, shared: false });
    cards.push({ tableId, chart: pin.chart });
  }
  return savedDashboards.queueCreate({ name: dashboardName, shared: false, cards });
}
