/**
 * Every Questionnaires write, queued in the outbox (never sent from a screen): starting an
 * inspection on site (the device's time and position kept), and its submit, which carries the
 * whole filling and uploads its photos and signature first (attachmentsFirst: the answers name
 * their ids, which the server checks are this inspection's own uploads), exactly once (the
 * item's Idempotency-Key).
 */
import type { DevicePosition, InspectionCreate, InspectionSubmit } from '../../../common/modules/questionnaires/schemas';
import { enqueueWrite, type AttachmentInput } from '../../lib/outbox';

export const QUESTIONNAIRES_MODULE = 'questionnaires';
export const QUESTIONNAIRE_WRITE_KINDS = ['questionnaires.inspection.create', 'questionnaires.inspection.submit'] as const;
export type QuestionnaireWriteKind = (typeof QUESTIONNAIRE_WRITE_KINDS)[number];

/** Starts an inspection of `templateId` now; resolves with its id once queued on disk. */
export async function queueStart(templateId: string, siteId: string | null, position: DevicePosition | null, now = new Date()): Promise<string> {
  const id = crypto.randomUUID();
  const payload: InspectionCreate = { id, templateId, siteId, startedAt: now.toISOString(), startPosition: position };
  await enqueueWrite({ kind: 'questionnaires.inspection.create', module: QUESTIONNAIRES_MODULE, recordId: id, baseVersion: null, payload });
  return id;
}

export const queueSubmit = (inspectionId: string, payload: InspectionSubmit, attachments: AttachmentInput[]) =>
  enqueueWrite({ kind: 'questionnaires.inspection.submit', module: QUESTIONNAIRES_MODULE, recordId: inspectionId, baseVersion: null, payload, attachments });

/** A manager plans one inspection for someone (to do, due then); resolves with its id once queued on disk. */
export async function queuePlan(templateId: string, siteId: string | null, assigneeId: string, dueAt: string): Promise<string> {
  const id = crypto.randomUUID();
  const payload: InspectionCreate = { id, templateId, siteId, assigneeId, dueAt };
  await enqueueWrite({ kind: 'questionnaires.inspection.create', module: QUESTIONNAIRES_MODULE, recordId: id, baseVersion: null, payload });
  return id;
}
