/**
 * The caller's readings as the device knows them: the server's (a resource's `mine`) with the
 * readings still in the outbox laid over them, so an acknowledgement made offline shows at once
 * (marked waiting) and the resource leaves "to acknowledge".
 */
import type { ResourceRow } from '../../../../common/modules/sharingBank/schemas';
import type { PendingWrite } from '../../../lib/outbox';
import { READ_WRITE, type ReadingPayload } from '../kinds';

export interface Reading {
  /** Acknowledged (on the server, or waiting to be sent) for the current version. */
  acknowledged: boolean;
  /** The acknowledgement waits in the outbox. */
  waiting: boolean;
  /** The caller is asked to acknowledge it, and has not. */
  toAcknowledge: boolean;
}

/** The current version's acknowledgements waiting in the outbox, by resource. */
export function pendingAcknowledgements(writes: readonly PendingWrite[]): Map<string, number[]> {
  const found = new Map<string, number[]>();
  for (const write of writes) {
    if (write.item.kind !== READ_WRITE) continue;
    const payload = write.payload as ReadingPayload | undefined;
    if (!payload?.acknowledged) continue;
    found.set(write.item.recordId, [...(found.get(write.item.recordId) ?? []), payload.version]);
  }
  return found;
}

export function readingOf(resource: Pick<ResourceRow, 'id' | 'mine' | 'currentVersion' | 'deletedAt'>, waiting: Map<string, number[]>): Reading {
  const pending = (waiting.get(resource.id) ?? []).includes(resource.currentVersion);
  const acknowledged = resource.mine.acknowledgedAt !== null || pending;
  return { acknowledged, waiting: pending && resource.mine.acknowledgedAt === null, toAcknowledge: resource.mine.asked && !acknowledged && resource.deletedAt === null };
}
