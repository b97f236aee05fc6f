/**
 * An inspection being filled on the device: every answer, photo and the signature kept in
 * IndexedDB as it is given (lib/drafts.ts, scoped to the account and district), so a closed
 * app or a dead battery loses nothing; the engine (common/modules/questionnaryV2/engine.ts)
 * reads it as the server will, for the live score, the questions shown and what still blocks
 * the submit. Photos stay Blobs on the device until the submit queues them as the record's
 * attachments (each keeps the id it was given when taken, which the answers name).
 */
import type { Answer, Answers, DevicePosition, Inspection, InspectionSubmit, Question, Section } from '../../../common/modules/questionnaryV2/schemas';
import type { PickedPhoto } from '../../components/PhotoPicker';
import type { DrawnSignature } from '../../components/SignaturePad';
import { deleteDraft, loadDraft, saveDraft } from '../../lib/drafts';
import type { AttachmentInput } from '../../lib/outbox';

/** A photo taken for an answer, with the attachment id it will be sent under. */
export type LocalPhoto = PickedPhoto & { id: string };

/** An answer as the device keeps it: the engine's answer, its photos still Blobs. */
export interface LocalAnswer {
  value: Answer['value'];
  note?: string;
  action?: NonNullable<Answer['action']>;
  photos?: LocalPhoto[];
  at: string;
}

/** The template revision as the device filled it (kept with the answers: filling needs no network). */
export interface FillTemplate {
  name: string;
  sections: Section[];
  passMark: number | null;
}

export interface FillState {
  inspectionId: string;
  templateId: string;
  templateVersion: number;
  template: FillTemplate;
  /** The title the screens show: the template and the site. */
  title: string;
  startedAt: string;
  startPosition: DevicePosition | null;
  answers: Record<string, LocalAnswer>;
  signedBy: string;
  signature: DrawnSignature | null;
}

const draftKey = (inspectionId: string) => `questionnaires:fill:${inspectionId}`;

export const loadFill = (inspectionId: string) => loadDraft<FillState>(draftKey(inspectionId));
export const saveFill = (state: FillState) => saveDraft(draftKey(state.inspectionId), state);
export const dropFill = (inspectionId: string) => deleteDraft(draftKey(inspectionId));

/** A new filling: the answers the server already has (progress sent from elsewhere) kept. */
export function newFill(
  inspection: Pick<Inspection, 'id' | 'templateId' | 'templateVersion' | 'template' | 'siteName' | 'startedAt' | 'startPosition' | 'answers'>,
  signedBy: string,
  now = new Date(),
): FillState {
  return {
    inspectionId: inspection.id,
    templateId: inspection.templateId,
    templateVersion: inspection.templateVersion,
    template: inspection.template,
    title: `${inspection.template.name}${inspection.siteName ? ` – ${inspection.siteName}` : ''}`,
    startedAt: inspection.startedAt ?? now.toISOString(),
    startPosition: inspection.startPosition,
    answers: Object.fromEntries(Object.entries(inspection.answers).map(([key, answer]) => [key, { ...answer, photos: [] }])),
    signedBy,
    signature: null,
  };
}

/** The answers as the engine and the server read them: a photo question's value and any answer's photos are the photos' ids. */
export function engineAnswers(sections: readonly Section[], answers: Readonly<Record<string, LocalAnswer>>): Answers {
  const types = new Map(sections.flatMap((s) => s.questions.map((q): [string, Question['type']] => [q.key, q.type])));
  const out: Answers = {};
  for (const [key, local] of Object.entries(answers)) {
    const { photos, ...rest } = local;
    const ids = (photos ?? []).map((p) => p.id);
    if (types.get(key) === 'photo') out[key] = { ...rest, value: ids.length > 0 ? ids : null };
    else out[key] = { ...rest, ...(ids.length > 0 ? { photos: ids } : {}) };
  }
  return out;
}

/** What the submit sends, and the photos and signature to upload before it. */
export function submission(state: FillState, sections: readonly Section[], signature: DrawnSignature, now = new Date()): { payload: InspectionSubmit; attachments: AttachmentInput[] } {
  const attachments: AttachmentInput[] = Object.values(state.answers).flatMap((answer) =>
    (answer.photos ?? []).map((photo) => ({
      attachmentId: photo.id,
      blob: photo.blob,
      name: photo.name,
      type: photo.type,
      takenAt: photo.takenAt,
      gps: photo.gps === null ? null : { lat: photo.gps.lat, lng: photo.gps.lng },
    })),
  );
  const signatureId = crypto.randomUUID();
  attachments.push({ attachmentId: signatureId, blob: signature.blob, name: signature.name, type: signature.type, takenAt: now.toISOString(), gps: null });
  return {
    payload: {
      answers: engineAnswers(sections, state.answers),
      signature: signatureId,
      signedBy: state.signedBy.trim(),
      startedAt: state.startedAt,
      finishedAt: now.toISOString(),
      startPosition: state.startPosition,
      endPosition: null,
    },
    attachments,
  };
}
