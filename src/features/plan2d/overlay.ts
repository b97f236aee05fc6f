/**
 * The plan as the device shows it: the server's pins and zones with the writes still waiting in
 * the outbox laid over them (a pin placed or reported, moved, removed; a zone drawn or
 * removed), each marked as waiting, from the items' summaries (no payload read).
 */
import type { PlanSheet } from '../../../common/modules/plan2d/schemas';
import { WRITES, type WriteSummary } from './api';
import type { ShownPin, ShownZone } from './layers';

export interface WaitingWrite {
  kind: string;
  recordId: string;
  summary: Record<string, unknown> | null;
}

export function shownPlan(sheet: Pick<PlanSheet, 'pins' | 'zones'>, planId: string, waiting: readonly WaitingWrite[]): { pins: ShownPin[]; zones: ShownZone[] } {
  const mine = waiting.filter((w) => (w.summary as WriteSummary | null)?.planId === planId);
  const pins = new Map<string, ShownPin>(sheet.pins.map((pin) => [pin.id, { ...pin, pending: false }]));
  const zones = new Map<string, ShownZone>(sheet.zones.map((zone) => [zone.id, { ...zone, pending: false }]));
  for (const write of mine) {
    const s = write.summary as WriteSummary;
    switch (write.kind) {
      case WRITES.pinCreate:
      case WRITES.declarationPin:
        if (!pins.has(write.recordId) && s.kind && s.recordId && s.x !== undefined && s.y !== undefined) {
          pins.set(write.recordId, { id: write.recordId, version: 1, kind: s.kind, recordId: s.recordId, x: s.x, y: s.y, title: s.name || null, pending: true });
        }
        break;
      case WRITES.pinMove: {
        const pin = pins.get(write.recordId);
        if (pin && s.x !== undefined && s.y !== undefined) pins.set(pin.id, { ...pin, x: s.x, y: s.y, pending: true });
        break;
      }
      case WRITES.pinDelete:
        pins.delete(write.recordId);
        break;
      case WRITES.zoneCreate:
        if (!zones.has(write.recordId) && s.type && s.points) zones.set(write.recordId, { id: write.recordId, version: 1, type: s.type, name: s.name ?? '', colour: s.colour ?? '#000000', points: s.points, pending: true });
        break;
      case WRITES.zoneDelete:
        zones.delete(write.recordId);
        break;
      default:
        break;
    }
  }
  return { pins: [...pins.values()], zones: [...zones.values()] };
}
