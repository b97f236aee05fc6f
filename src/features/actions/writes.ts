/**
 * Every write of actions, plans and action templates, queued in the outbox (never sent from a
 * screen): saved at once on the device, sent when the network allows, exactly once (the item's
 * Idempotency-Key), so the assignee works offline on its own actions.
 *
 * - An edit carries only its changed fields and, as `base`, the values the user started from
 *   (a version conflict merges field by field; the same field changed on both sides waits for
 *   the user's choice: ConflictDialog).
 * - A status move carries no version (the server checks the move against the status when it
 *   arrives); closing carries its proof photos as the item's attachments, uploaded (tus,
 *   resumable) before the move, so the server sees the photo the proof requires.
 * - A photo added to an action is an upload only (the server links it by its metadata).
 * - A comment carries its own id: a replay is a no-op.
 */
import type { ActionCreate, ActionFields, ActionStatus, ActionTemplateFields, ActionTransition, CommentCreate, PlanFields } from '../../../common/modules/actions/schemas';
import { changedFields, enqueueWrite, type AttachmentInput } from '../../lib/outbox';

/** The outbox modules: the socket's module names of these records (schemas.ts ACTIONS_MODULE…). */
export const ACTIONS_OUTBOX = 'actions';
export const PLANS_OUTBOX = 'action_plans';
export const TEMPLATES_OUTBOX = 'action_templates';

export const ACTION_WRITE_KINDS = [
  'actions.create',
  'actions.update',
  'actions.status',
  'actions.comment',
  'actions.photo.add',
  'actions.delete',
  'actions.restore',
  'action_plans.create',
  'action_plans.update',
  'action_plans.delete',
  'action_plans.restore',
  'action_templates.create',
  'action_templates.update',
  'action_templates.delete',
  'action_templates.restore',
] as const;
export type ActionWriteKind = (typeof ACTION_WRITE_KINDS)[number];

/** A photo as the picker hands it over (resized on the device). */
export interface ActionPhoto {
  blob: Blob;
  name: string;
  type: string;
  takenAt?: string | null;
  gps?: { lat: number; lng: number } | null;
}
export interface PhotoAddPayload {
  attachmentId: string;
  name: string;
}

const moduleOf = (kind: ActionWriteKind) => kind.split('.')[0] as string;
const queue = (kind: ActionWriteKind, recordId: string, baseVersion: number | null, payload: unknown, extra: { base?: unknown; attachments?: AttachmentInput[] } = {}) =>
  enqueueWrite({ kind, module: moduleOf(kind), recordId, baseVersion, payload, ...extra });

const attachmentOf = (photo: ActionPhoto): AttachmentInput => ({
  attachmentId: crypto.randomUUID(),
  blob: photo.blob,
  name: photo.name,
  type: photo.type,
  takenAt: photo.takenAt ?? null,
  gps: photo.gps === undefined || photo.gps === null ? null : { lat: photo.gps.lat, lng: photo.gps.lng },
});

// ------------------------------------------------------------------ actions

/** Queues a new action (its id is made here: it exists at once, offline too); resolves with the id. */
export async function queueCreateAction(fields: ActionFields & { templateId?: string | null; source?: ActionCreate['source'] }): Promise<string> {
  const id = crypto.randomUUID();
  const payload: ActionCreate = { id, ...fields, title: fields.title.trim(), description: fields.description.trim() };
  await queue('actions.create', id, null, payload);
  return id;
}

/** Queues the changed fields only; false when none changed. */
export async function queueUpdateAction(action: { id: string; version: number } & ActionFields, next: ActionFields): Promise<boolean> {
  const { changes, base } = changedFields<ActionFields>(action, next);
  if (Object.keys(changes).length === 0) return false;
  await queue('actions.update', action.id, action.version, changes, { base });
  return true;
}

/** A move in the workflow, with its note and, for a close, the proof photos taken now. */
export async function queueStatusMove(action: { id: string }, status: ActionStatus, note: string, photos: readonly ActionPhoto[] = [], at = new Date()): Promise<void> {
  const payload: ActionTransition = { status, at: at.toISOString(), ...(note.trim() === '' ? {} : { note: note.trim() }) };
  const attachments = photos.map(attachmentOf);
  await queue('actions.status', action.id, null, payload, attachments.length === 0 ? {} : { attachments });
}

export async function queueComment(action: { id: string }, text: string, at = new Date()): Promise<string> {
  const id = crypto.randomUUID();
  const payload: CommentCreate = { id, text: text.trim(), at: at.toISOString() };
  await queue('actions.comment', action.id, null, payload);
  return id;
}

/** Photos added to an action, one outbox item each (a refused one does not hold back the others). */
export async function queueAddPhotos(action: { id: string }, photos: readonly ActionPhoto[]): Promise<string[]> {
  const ids: string[] = [];
  for (const photo of photos) {
    const attachment = attachmentOf(photo);
    const payload: PhotoAddPayload = { attachmentId: attachment.attachmentId, name: attachment.name };
    await queue('actions.photo.add', action.id, null, payload, { attachments: [attachment] });
    ids.push(attachment.attachmentId);
  }
  return ids;
}

export const queueDeleteAction = (action: { id: string; version: number }) => queue('actions.delete', action.id, action.version, null);
export const queueRestoreAction = (action: { id: string; version: number }) => queue('actions.restore', action.id, action.version, null);

// ------------------------------------------------------------------ plans

export async function queueCreatePlan(fields: PlanFields): Promise<string> {
  const id = crypto.randomUUID();
  await queue('action_plans.create', id, null, { id, ...fields, name: fields.name.trim(), description: fields.description.trim() });
  return id;
}

export async function queueUpdatePlan(plan: { id: string; version: number } & PlanFields, next: PlanFields): Promise<boolean> {
  const { changes, base } = changedFields<PlanFields>(plan, next);
  if (Object.keys(changes).length === 0) return false;
  await queue('action_plans.update', plan.id, plan.version, changes, { base });
  return true;
}

export const queueDeletePlan = (plan: { id: string; version: number }) => queue('action_plans.delete', plan.id, plan.version, null);
export const queueRestorePlan = (plan: { id: string; version: number }) => queue('action_plans.restore', plan.id, plan.version, null);

// ------------------------------------------------------------------ templates

export async function queueCreateTemplate(fields: ActionTemplateFields): Promise<string> {
  const id = crypto.randomUUID();
  await queue('action_templates.create', id, null, { id, ...fields, name: fields.name.trim(), title: fields.title.trim(), description: fields.description.trim() });
  return id;
}

export async function queueUpdateTemplate(template: { id: string; version: number } & ActionTemplateFields, next: ActionTemplateFields): Promise<boolean> {
  const { changes, base } = changedFields<ActionTemplateFields>(template, next);
  if (Object.keys(changes).length === 0) return false;
  await queue('action_templates.update', template.id, template.version, changes, { base });
  return true;
}

export const queueDeleteTemplate = (template: { id: string; version: number }) => queue('action_templates.delete', template.id, template.version, null);
export const queueRestoreTemplate = (template: { id: string; version: number }) => queue('action_templates.restore', template.id, template.version, null);
