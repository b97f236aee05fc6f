/**
 * Every Declarations write, queued in the outbox (never sent from a screen). Templates and
 * declarations are kinds of the app's record core (lib/record-kind.ts), under the outbox names
 * the module always had (`declarations.create`, `declarations.template.update`…), so writes a
 * device queued before still send. A report is one item carrying its photos and signatures as
 * attachments, uploaded (resumable, tus) before the record that names them: saved at once on
 * the device, sent when the network allows, exactly once (the item's Idempotency-Key). An edit
 * carries only its changed fields and, as `base`, the values the user started from (a conflict
 * merges field by field); a deletion or a restore is sent again on the current version. The
 * status change (sent again on the current version too: the server still checks the step is
 * allowed) and the comment are the module's own writes (senders.ts).
 */
import type { CapturePosition, Declaration, DeclarationCreate, DeclarationSummary, DeclarationUpdate, FieldValues, Severity, Status, Template, TemplateFields } from '../../../common/modules/declarations/schemas';
import type { PickedPhoto } from '../../components/PhotoPicker';
import type { DrawnSignature } from '../../components/SignaturePad';
import { enqueueWrite, type AttachmentInput } from '../../lib/outbox';
import { defineRecordKind } from '../../lib/record-kind';

export const DECLARATIONS_MODULE = 'declarations';

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
/** A report's fields (its template revision, its capture time), and what only an edit sets (the assignee, the investigation). */
type DeclarationWritten = Omit<DeclarationCreate, 'id'> & Partial<Pick<Required<DeclarationChanges>, 'assigneeId' | 'cause' | 'measures'>>;

export const templates = defineRecordKind<TemplateFields, Template, Template>({
  module: DECLARATIONS_MODULE,
  kind: 'templates',
  path: 'declarations/templates',
  fields: ['name', 'icon', 'defaultSeverity', 'fields', 'notify'],
  writeNames: { create: 'declarations.template.create', update: 'declarations.template.update', delete: 'declarations.template.delete', restore: 'declarations.template.restore' },
});

/** Declarations: a record as an edit starts from it carries its assignee's id. */
export const declarations = defineRecordKind<DeclarationWritten, Declaration & { assigneeId: string | null }, DeclarationSummary>({
  module: DECLARATIONS_MODULE,
  kind: 'declarations',
  path: 'declarations',
  fields: ['siteId', 'position', 'occurredAt', 'severity', 'title', 'description', 'values', 'photos', 'assigneeId', 'cause', 'measures'],
  writeNames: { create: 'declarations.create', update: 'declarations.update', delete: 'declarations.delete', restore: 'declarations.restore' },
  createFilesFirst: true,
});

/** The outbox names of the module's own writes. */
export const STATUS_WRITE = 'declarations.status';
export const COMMENT_WRITE = 'declarations.comment';

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
  return declarations.queueCreate(
    {
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
    },
    attachments,
  );
}

/** Queues the changed fields only (with the values the user started from); false when none changed. */
export const queueDeclarationUpdate = (record: Declaration & { assigneeId: string | null }, next: DeclarationChanges) => declarations.queueUpdate(record, { ...record, ...next });

const queue = (kind: string, record: { id: string; version?: number }, payload: unknown) =>
  enqueueWrite({ kind, module: DECLARATIONS_MODULE, recordId: record.id, baseVersion: record.version ?? null, payload });

export const queueStatusChange = (record: { id: string; version: number }, status: Status, reason: string) =>
  queue(STATUS_WRITE, record, { status, reason: reason.trim() } satisfies StatusPayload);

export async function queueComment(record: { id: string }, text: string): Promise<string> {
  const id = crypto.randomUUID();
  await queue(COMMENT_WRITE, { id: record.id }, { id, text: text.trim() } satisfies CommentPayload);
  return id;
}
