/**
 * An inspection being filled on the device: every answer, photo and the signature kept in
 * IndexedDB as it is given (lib/drafts.ts, scoped to the account and district), so a closed
 * app or a dead battery loses nothing. The draft is kept in parts: the filling's head (times,
 * signer, signature), the template revision, and one record an answer, so a tap writes its one
 * answer (a few hundred bytes), never the whole filling of a long template. The engine (common/modules/questionnaires/engine.ts)
 * reads it as the server will, for the live score, the questions shown and what still blocks
 * the submit. Photos stay Blobs on the device until the submit queues them as the record's
 * attachments (each keeps the id it was given when taken, which the answers name).
 */
import type { Answer, Answers, DevicePosition, Inspection, InspectionSubmit, Question, Section } from '../../../common/modules/questionnaires/schemas';
import type { PickedPhoto } from '../../components/PhotoPicker';
import type { DrawnSignature } from '../../components/SignaturePad';
import { deleteDraftPart, deleteDraftParts, loadDraftParts, saveDraftParts } from '../../lib/drafts';
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
/** The parts' suffixes: the head is the key itself. */
const TEMPLATE_PART = ':template';
const answerPart = (questionKey: string) => `:answer:${questionKey}`;
const ANSWER_PREFIX = answerPart('');

/** The whole filling, assembled from its parts; undefined when none is kept. */
export async function loadFill(inspectionId: string): Promise<FillState | undefined> {
  const parts = await loadDraftParts(draftKey(inspectionId));
  const head = parts.get('') as FillState | undefined;
  const template = parts.get(TEMPLATE_PART) as FillTemplate | undefined;
  if (head === undefined) return undefined;
  const answers: Record<string, LocalAnswer> = { ...head.answers };
  for (const [suffix, value] of parts) if (suffix.startsWith(ANSWER_PREFIX)) answers[suffix.slice(ANSWER_PREFIX.length)] = value as LocalAnswer;
  // A draft written whole (before the parts) holds its template and answers in the head.
  return { ...head, template: template ?? head.template, answers };
}

/** The whole filling written (when it starts on the device): head, template and every answer in one transaction. */
export function saveFill(state: FillState): Promise<void> {
  const parts: Record<string, unknown> = { '': head(state), [TEMPLATE_PART]: state.template };
  for (const [key, answer] of Object.entries(state.answers)) parts[answerPart(key)] = answer;
  return saveDraftParts(draftKey(state.inspectionId), parts);
}

/** The head without the template and the answers (each its own record). */
const head = (state: FillState): FillState => ({ ...state, template: { name: state.template.name, sections: [], passMark: state.template.passMark }, answers: {} });

/** The filling's own fields (signer, signature) written, not its answers nor its template. */
export const saveFillHead = (state: FillState) => saveDraftParts(draftKey(state.inspectionId), { '': head(state) });

/** One answer written, or removed (null). */
export const saveAnswer = (inspectionId: string, questionKey: string, answer: LocalAnswer | null) =>
  answer === null ? deleteDraftPart(draftKey(inspectionId), answerPart(questionKey)) : saveDraftParts(draftKey(inspectionId), { [answerPart(questionKey)]: answer });

export const dropFill = (inspectionId: string) => deleteDraftParts(draftKey(inspectionId));

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
