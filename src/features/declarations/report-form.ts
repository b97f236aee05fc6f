/**
 * The report form's state, built from a template revision, and its check: the contract's
 * DeclarationFields schema for what every report has (title, lengths, the position's range),
 * and the template's own fields as the server checks them (server/src/modules/declarations/
 * values.ts: required answers, numbers, dates, options). The state holds the pictures as Blobs,
 * so the draft (IndexedDB) keeps them across a reload: a photo taken is never lost.
 */
import { DeclarationFields, type CapturePosition, type FieldValues, type Severity, type Template, type TemplateField } from '../../../common/modules/declarations/schemas';
import { schemaProblems, type Problems } from '../../components/module/validation';
import type { PickedPhoto } from '../../components/PhotoPicker';
import type { DrawnSignature } from '../../components/SignaturePad';
import type { Report } from './writes';

/** A yes/no answer as the form holds it: not answered yet, yes or no. */
export type YesNo = '' | 'yes' | 'no';
export type Answer = string | string[];

export interface ReportState {
  templateId: string;
  templateVersion: number;
  siteId: string;
  position: CapturePosition | null;
  /** `YYYY-MM-DDTHH:mm` in the device's time zone (a datetime-local input's value). */
  occurredAt: string;
  severity: Severity;
  title: string;
  description: string;
  /** Every field but photos and signatures, as typed: numbers as text, yes/no as YesNo. */
  answers: Record<string, Answer>;
  photos: PickedPhoto[];
  fieldPhotos: Record<string, PickedPhoto[]>;
  signatures: Record<string, DrawnSignature>;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** A datetime-local value of an instant, in the device's time zone. */
export const localDateTime = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;

const isPicture = (field: TemplateField) => field.kind === 'photo' || field.kind === 'signature';

/**
 * The template's own photo field, if it has one: the report's photos then go there alone (the
 * form and the sheet show one Photos block, not that field and the declaration's own photos).
 */
export const photoFieldOf = (fields: readonly TemplateField[]): TemplateField | undefined => fields.find((field) => field.kind === 'photo');

export function emptyReport(template: Template, siteId: string | null, now = new Date()): ReportState {
  const answers: Record<string, Answer> = {};
  for (const field of template.fields) if (!isPicture(field)) answers[field.key] = field.kind === 'multiChoice' ? [] : '';
  return {
    templateId: template.id,
    templateVersion: template.version,
    siteId: siteId ?? '',
    position: null,
    occurredAt: localDateTime(now),
    severity: template.defaultSeverity,
    title: '',
    description: '',
    answers,
    photos: [],
    fieldPhotos: {},
    signatures: {},
  };
}

const number = (text: string) => Number(text.trim().replace(',', '.'));
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The answers as the contract's values (empty ones left out: no answer). */
export function valuesOf(fields: readonly TemplateField[], answers: Readonly<Record<string, Answer>>): FieldValues {
  const values: FieldValues = {};
  for (const field of fields) {
    const answer = answers[field.key];
    if (answer === undefined || isPicture(field)) continue;
    if (Array.isArray(answer)) {
      if (answer.length > 0) values[field.key] = answer;
    } else if (answer.trim() !== '') {
      if (field.kind === 'number') values[field.key] = number(answer);
      else if (field.kind === 'yesNo') values[field.key] = answer === 'yes';
      else values[field.key] = field.kind === 'text' || field.kind === 'longText' ? answer.trim() : answer;
    }
  }
  return values;
}

/** What is sent: the state as a report (the occurrence as an instant). */
export function reportOf(state: ReportState, fields: readonly TemplateField[]): Report {
  const signatures: Record<string, DrawnSignature> = {};
  const fieldPhotos: Record<string, PickedPhoto[]> = {};
  for (const field of fields) {
    if (field.kind === 'signature' && state.signatures[field.key] !== undefined) signatures[field.key] = state.signatures[field.key]!;
    if (field.kind === 'photo' && (state.fieldPhotos[field.key]?.length ?? 0) > 0) fieldPhotos[field.key] = state.fieldPhotos[field.key]!;
  }
  return {
    templateId: state.templateId,
    templateVersion: state.templateVersion,
    siteId: state.siteId === '' ? null : state.siteId,
    position: state.position,
    occurredAt: new Date(state.occurredAt).toISOString(),
    severity: state.severity,
    title: state.title,
    description: state.description,
    values: valuesOf(fields, state.answers),
    photos: state.photos,
    fieldPhotos,
    signatures,
  };
}

/** The problems of the form, by path: the common fields' (contract) and `answers.<key>` for the template's. */
export function checkReport(fields: readonly TemplateField[]): (state: ReportState) => Problems {
  return (state) => {
    const problems: Problems = {};
    const occurred = Date.parse(state.occurredAt);
    if (Number.isNaN(occurred)) problems.occurredAt = { key: 'module.error.required' };
    const common = schemaProblems(DeclarationFields, {
      siteId: state.siteId === '' ? null : state.siteId,
      position: state.position,
      occurredAt: Number.isNaN(occurred) ? new Date(0).toISOString() : new Date(occurred).toISOString(),
      severity: state.severity,
      title: state.title.trim(),
      description: state.description.trim(),
      values: {},
      photos: [],
    });
    for (const [path, problem] of Object.entries(common)) if (!(path in problems)) problems[path] = problem;
    if (state.photos.length > 20) problems.photos = { key: 'module.error.too_many', values: { max: 20 } };
    for (const field of fields) {
      const path = `answers.${field.key}`;
      if (field.kind === 'photo') {
        const count = state.fieldPhotos[field.key]?.length ?? 0;
        if (field.required && count === 0) problems[path] = { key: 'module.error.required' };
        continue;
      }
      if (field.kind === 'signature') {
        if (field.required && state.signatures[field.key] === undefined) problems[path] = { key: 'module.error.required' };
        continue;
      }
      const answer = state.answers[field.key] ?? '';
      const empty = Array.isArray(answer) ? answer.length === 0 : answer.trim() === '';
      if (empty) {
        if (field.required) problems[path] = { key: 'module.error.required' };
        continue;
      }
      if (field.kind === 'number' && !Number.isFinite(number(answer as string))) problems[path] = { key: 'module.error.invalid' };
      if (field.kind === 'date' && !(DAY.test(answer as string) && !Number.isNaN(Date.parse(answer as string)))) problems[path] = { key: 'module.error.invalid' };
      if (field.kind === 'text' && (answer as string).length > 1000) problems[path] = { key: 'module.error.too_long', values: { max: 1000 } };
      if (field.kind === 'choice' && !(field.options ?? []).includes(answer as string)) problems[path] = { key: 'module.error.invalid' };
    }
    return problems;
  };
}
