/**
 * Every inspection write, queued in the outbox (never sent from a screen): starting an
 * inspection on site (the device's time and position kept), planning one for someone (the
 * inspections kind's create, kinds.ts), and its submit, which carries the whole filling and
 * uploads its photos and signature first (attachmentsFirst: the answers name their ids, which
 * the server checks are this inspection's own uploads), exactly once (the item's
 * Idempotency-Key).
 */
import type { DevicePosition, InspectionSubmit } from '../../../common/modules/questionnaires/schemas';
import { enqueueWrite, type AttachmentInput } from '../../lib/outbox';
import { inspections, QUESTIONNAIRES_MODULE } from './kinds';

export { QUESTIONNAIRES_MODULE };
export const SUBMIT = 'questionnaires.inspection.submit';

/** Starts an inspection of `templateId` now; resolves with its id once queued on disk. */
export const queueStart = (templateId: string, siteId: string | null, position: DevicePosition | null, now = new Date()): Promise<string> =>
  inspections.queueCreate({ templateId, siteId, startedAt: now.toISOString(), startPosition: position });

/** A manager plans one inspection for someone (to do, due then); resolves with its id once queued on disk. */
export const queuePlan = (templateId: string, siteId: string | null, assigneeId: string, dueAt: string): Promise<string> => inspections.queueCreate({ templateId, siteId, assigneeId, dueAt });

export const queueSubmit = (inspectionId: string, payload: InspectionSubmit, attachments: AttachmentInput[]) =>
  enqueueWrite({ kind: SUBMIT, module: QUESTIONNAIRES_MODULE, recordId: inspectionId, baseVersion: null, payload, attachments });
