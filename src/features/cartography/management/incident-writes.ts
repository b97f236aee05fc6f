/**
 * An incident's status moved from the map's management (POST /api/cartography/incidents/:id/status,
 * the incidents' manage right; the declarations' own workflow and rules on the server), queued
 * in the outbox like every write: shown at once over the map's features, sent when the network
 * allows, once (its Idempotency-Key). A version conflict sends it again on the current version;
 * a step no longer allowed (the incident moved on meanwhile) is refused and shown failed.
 */
import type { Status } from '../../../../common/modules/declarations/schemas';
import type { MapFeature } from '../../../../common/modules/cartography/schemas';
import { enqueueWrite, registerSender, sendWrite, type PendingWrite } from '../../../lib/outbox';

export const INCIDENTS_OUTBOX = 'incidents';
const KIND = 'incidents.status';

export interface IncidentStatusPayload {
  status: Status;
  reason: string;
}

export const queueIncidentStatus = (incident: { id: string; version: number }, status: Status, reason: string) =>
  enqueueWrite({ kind: KIND, module: INCIDENTS_OUTBOX, recordId: incident.id, baseVersion: incident.version, payload: { status, reason: reason.trim() } satisfies IncidentStatusPayload });

let registered = false;

export function registerIncidentSenders(): void {
  if (registered) return;
  registered = true;
  registerSender(
    KIND,
    async (item, ctx) => ({
      result: await sendWrite('post', `cartography/incidents/${encodeURIComponent(item.recordId)}/status`, { baseVersion: item.baseVersion ?? 1, ...(ctx.payload as IncidentStatusPayload) }, ctx.idempotencyKey),
    }),
    { onConflict: 'rebase' },
  );
}

/** The incidents with the statuses moved on this device and not yet sent (the last one wins). */
export function incidentsWithPending(incidents: readonly MapFeature[], writes: readonly PendingWrite[]): MapFeature[] {
  const moved = new Map<string, Status>();
  for (const { item, payload } of writes) if (item.kind === KIND && item.state !== 'sent') moved.set(item.recordId, (payload as IncidentStatusPayload).status);
  if (moved.size === 0) return [...incidents];
  return incidents.map((feature) => {
    const status = moved.get(feature.id);
    return status === undefined ? feature : { ...feature, properties: { ...feature.properties, status } };
  });
}
