/**
 * Every write of actions, plans and action templates, queued in the outbox (never sent from a
 * screen): saved at once on the device, sent when the network allows, exactly once (the item's
 * Idempotency-Key), so the assignee works offline on its own actions. Their plain writes
 * (create, edit, delete, restore) are the app's record core's (lib/record-kind.ts), under the
 * outbox names they always had, so a write queued by an earlier version still sends.
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
import type {
  Action,
  ActionCreate,
  ActionFields,
  ActionStatus,
  ActionSummary,
  ActionTemplate,
  ActionTemplateFields,
  ActionTransition,
  CommentCreate,
  Plan,
  PlanFields,
  PlanSummary,
} from '../../../common/modules/actions/schemas';
import { enqueueWrite, type AttachmentInput } from '../../lib/outbox';
import { defineRecordKind } from '../../lib/record-kind';

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

/** An action's own write (a status move, a comment, a photo): no base version. */
const queue = (kind: ActionWriteKind, recordId: string, baseVersion: null, payload: unknown, extra: { attachments?: AttachmentInput[] } = {}) =>
  enqueueWrite({ kind, module: ACTIONS_OUTBOX, recordId, baseVersion, payload, ...extra });

const attachmentOf = (photo: ActionPhoto): AttachmentInput => ({
  attachmentId: crypto.randomUUID(),
  blob: photo.blob,
  name: photo.name,
  type: photo.type,
  takenAt: photo.takenAt ?? null,
  gps: photo.gps === undefined || photo.gps === null ? null : { lat: photo.gps.lat, lng: photo.gps.lng },
});

/** The outbox names of a kind's plain writes: `<module>.create`… */
const named = (module: string) => ({ create: `${module}.create`, update: `${module}.update`, delete: `${module}.delete`, restore: `${module}.restore` });

/** Actions: a photo added is the kind's file write (`actions.photo.add`, queued by queueAddPhotos with its place and time). */
export const actionRecords = defineRecordKind<ActionFields & Pick<ActionCreate, 'templateId' | 'source'>, Action, ActionSummary>({
  module: ACTIONS_OUTBOX,
  kind: 'actions',
  path: 'actions',
  fields: ['title', 'description', 'siteId', 'planId', 'assigneeId', 'dueOn', 'priority', 'proof'],
  writeNames: { ...named(ACTIONS_OUTBOX), file: 'actions.photo.add' },
});

export const planRecords = defineRecordKind<PlanFields, Plan, PlanSummary>({
  module: PLANS_OUTBOX,
  kind: 'plans',
  path: 'actions/plans',
  fields: ['name', 'description', 'siteId', 'ownerId', 'startOn', 'endOn'],
  writeNames: named(PLANS_OUTBOX),
});

export const templateRecords = defineRecordKind<ActionTemplateFields, ActionTemplate, ActionTemplate>({
  module: TEMPLATES_OUTBOX,
  kind: 'templates',
  path: 'actions/templates',
  fields: ['name', 'title', 'description', 'priority', 'dueInDays', 'proof'],
  writeNames: named(TEMPLATES_OUTBOX),
});

/** A new action, its texts trimmed (its id is made here: it exists at once, offline too); resolves with the id. */
export const queueCreateAction = (fields: ActionFields & Pick<ActionCreate, 'templateId' | 'source'>) =>
  actionRecords.queueCreate({ ...fields, title: fields.title.trim(), description: fields.description.trim() });

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

/** A new plan, its texts trimmed. */
export const queueCreatePlan = (fields: PlanFields) => planRecords.queueCreate({ ...fields, name: fields.name.trim(), description: fields.description.trim() });

/** A new template, its texts trimmed. */
export const queueCreateTemplate = (fields: ActionTemplateFields) =>
  templateRecords.queueCreate({ ...fields, name: fields.name.trim(), title: fields.title.trim(), description: fields.description.trim() });
