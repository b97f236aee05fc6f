/**
 * Every Declarations write, queued in the outbox (never sent from a screen). A report is one
 * item carrying its photos and signatures as attachments, uploaded (resumable, tus) before the
 * record that names them (the sender is registered with attachmentsFirst): saved at once on
 * the device, sent when the network allows, exactly once (the item's Idempotency-Key).
 * An edit carries only its changed fields and, as `base`, the values the user started from (a
 * conflict merges field by field); a status change and a deletion are sent again on the
 * current version when the record moved on (the server still checks the step is allowed).
 */
import type { CapturePosition, DeclarationCreate, DeclarationUpdate, FieldValues, Severity, Status, TemplateFields } from '../../../common/modules/declarations/schemas';
import type { PickedPhoto } from '../../components/PhotoPicker';
import type { DrawnSignature } from '../../components/SignaturePad';
import { enqueueWrite, type AttachmentInput } from '../../lib/outbox';

export const DECLARATIONS_MODULE = 'declarations';

export const DECLARATION_WRITE_KINDS = [
  'declarations.create',
  'declarations.update',
  'declarations.status',
  'declarations.comment',
  'declarations.delete',
  'declarations.restore',
  'declarations.template.create',
  'declarations.template.update',
  'declarations.template.delete',
  'declarations.template.restore',
] as const;
export type DeclarationWriteKind = (typeof DECLARATION_WRITE_KINDS)[number];

/** What the report form hands over: the fields, and the pictures still as Blobs. */
export interface Report {
  templateId: string;
  templateVersion: number;
  siteId: string | null;
  position: CapturePosition | null;
  occurredAt: string;
  severity: Severity;
  title: string;
  description: string;
  /** Answers of every field but photo and signature fields. */
  values: FieldValues;
  photos: readonly PickedPhoto[];
  fieldPhotos: Readonly<Record<string, readonly PickedPhoto[]>>;
  signatures: Readonly<Record<string, DrawnSignature>>;
}

export interface StatusPayload {
  status: Status;
  reason: string;
}
export interface CommentPayload {
  id: string;
  text: string;
}
export type DeclarationChanges = DeclarationUpdate['changes'];

const queue = (kind: DeclarationWriteKind, recordId: string, baseVersion: number | null, payload: unknown, extra: { base?: unknown; attachments?: AttachmentInput[] } = {}) =>
  enqueueWrite({ kind, module: DECLARATIONS_MODULE, recordId, baseVersion, payload, ...extra });

const attachmentOf = (picture: PickedPhoto | DrawnSignature): AttachmentInput => {
  const photo = picture as Partial<PickedPhoto>;
  return {
    attachmentId: crypto.randomUUID(),
    blob: picture.blob,
    name: picture.name,
    type: picture.type,
    takenAt: photo.takenAt ?? null,
    gps: photo.gps === undefined || photo.gps === null ? null : { lat: photo.gps.lat, lng: photo.gps.lng },
  };
};

/**
 * Queues a report; `capturedAt` is the device's clock now (kept as evidence, never replaced).
 * Resolves with the declaration's id once the report and its pictures are on disk.
 */
export async function queueReport(report: Report, capturedAt = new Date()): Promise<string> {
  const id = crypto.randomUUID();
  const attachments: AttachmentInput[] = [];
  const photos = report.photos.map(attachmentOf);
  attachments.push(...photos);
  const values: FieldValues = { ...report.values };
  for (const [key, picked] of Object.entries(report.fieldPhotos)) {
    if (picked.length === 0) continue;
    const added = picked.map(attachmentOf);
    attachments.push(...added);
    values[key] = added.map((a) => a.attachmentId);
  }
  for (const [key, signature] of Object.entries(report.signatures)) {
    const added = attachmentOf(signature);
    attachments.push(added);
    values[key] = added.attachmentId;
  }
  const payload: DeclarationCreate = {
    id,
    templateId: report.templateId,
    templateVersion: report.templateVersion,
    capturedAt: capturedAt.toISOString(),
    siteId: report.siteId,
    position: report.position,
    occurredAt: report.occurredAt,
    severity: report.severity,
    title: report.title.trim(),
    description: report.description.trim(),
    values,
    photos: photos.map((p) => p.attachmentId),
  };
  await queue('declarations.create', id, null, payload, { attachments });
  return id;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Queues the changed fields only (with the values the user started from); false when none changed. */
export async function queueDeclarationUpdate(record: { id: string; version: number } & Record<string, unknown>, next: DeclarationChanges): Promise<boolean> {
  const changes: Record<string, unknown> = {};
  const base: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(next)) {
    if (same(record[field], value)) continue;
    changes[field] = value;
    base[field] = record[field] ?? null;
  }
  if (Object.keys(changes).length === 0) return false;
  await queue('declarations.update', record.id, record.version, changes, { base });
  return true;
}

export const queueStatusChange = (record: { id: string; version: number }, status: Status, reason: string) =>
  queue('declarations.status', record.id, record.version, { status, reason: reason.trim() } satisfies StatusPayload);

export async function queueComment(record: { id: string }, text: string): Promise<string> {
  const id = crypto.randomUUID();
  await queue('declarations.comment', record.id, null, { id, text: text.trim() } satisfies CommentPayload);
  return id;
}

export const queueDeleteDeclaration = (record: { id: string; version: number }) => queue('declarations.delete', record.id, record.version, null);
export const queueRestoreDeclaration = (record: { id: string; version: number }) => queue('declarations.restore', record.id, record.version, null);

export async function queueCreateTemplate(fields: TemplateFields): Promise<string> {
  const id = crypto.randomUUID();
  await queue('declarations.template.create', id, null, { id, ...fields });
  return id;
}

export async function queueUpdateTemplate(template: { id: string; version: number } & TemplateFields, next: TemplateFields): Promise<boolean> {
  const changes: Record<string, unknown> = {};
  const base: Record<string, unknown> = {};
  for (const field of Object.keys(next) as (keyof TemplateFields)[]) {
    if (same(template[field], next[field])) continue;
    changes[field] = next[field];
    base[field] = template[field];
  }
  if (Object.keys(changes).length === 0) return false;
  await queue('declarations.template.update', template.id, template.version, changes, { base });
  return true;
}

export const queueDeleteTemplate = (template: { id: string; version: number }) => queue('declarations.template.delete', template.id, template.version, null);
export const queueRestoreTemplate = (template: { id: string; version: number }) => queue('declarations.template.restore', template.id, template.version, null);
