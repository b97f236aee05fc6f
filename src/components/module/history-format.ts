/**
 * A history entry as a person reads it, for every module: each changed field under its
 * translated label, each value as text (a name for an id, a translated status, a date in the
 * language's format, Yes/No, "label: value" lines for answers, "2 photos" for files).
 *
 * A module describes its fields once (HistoryFields: the label's translation key and the kind
 * of value); a field it does not describe is shown by the shape of its value, so that no raw
 * id, key or JSON reaches the screen. The names of ids come with the history from the server
 * (HistoryEntry.names): they travel with the history wherever the device keeps it, offline too.
 */
import type { TFunction } from 'i18next';
import type { HistoryEntry } from '../../../common/schemas/platform';
import { formatDateTime, formatDay } from '../../lib/dates';
import { formatNumber, formatPosition } from '../../lib/numbers';
import { isUuid } from '../../../common/uuid';

export type HistoryKind =
  /** Shown as written. */
  | 'text'
  | 'number'
  /** Yes / No. */
  | 'boolean'
  /** An instant (ISO 8601): date and time. */
  | 'moment'
  /** A calendar day (YYYY-MM-DD). */
  | 'day'
  /** A key among the field's `choices` (a status, a severity): translated. */
  | 'choice'
  /** The id of another record or a person (or a list of them; `{ id }` too): its name. */
  | 'ref'
  /** Attachment ids: how many files. */
  | 'files'
  /** Photo ids: how many photos. */
  | 'photos'
  /** A record's answers to its template's questions: one "question: answer" line each. */
  | 'answers'
  /** `{ lat, lng }`. */
  | 'position'
  /** A drawn geometry: not written out. */
  | 'shape';

export interface HistoryField {
  /** The field's label: a translation key with its namespace (`sites:field.name`). */
  label: string;
  /** Unset: read from the value's shape. */
  kind?: HistoryKind;
  /** For `choice`: the key under which its values are translated (`action:status`). */
  choices?: string;
}

export type HistoryFields = Readonly<Record<string, HistoryField>>;

/** A question of a record's template, as its answers show it. */
export interface AnswerField {
  label: string;
  kind?: HistoryKind;
}

export interface HistoryFormat {
  t: TFunction;
  language: string;
  fields: HistoryFields;
  /** The names of ids (HistoryEntry.names). */
  names?: Readonly<Record<string, string>> | undefined;
  /** The questions of the record's template, for its answers. */
  answerField?: ((key: string) => AnswerField | undefined) | undefined;
}

/** Fields every module's records write (the platform's delete and restore, a lock). */
export const PLATFORM_HISTORY_FIELDS: HistoryFields = {
  deletedAt: { label: 'components:module.history_field.deletedAt', kind: 'moment' },
  lockedAt: { label: 'components:module.history_field.lockedAt', kind: 'moment' },
};

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);
const isEmpty = (value: unknown) => value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

function nameOf(id: string, format: HistoryFormat): string {
  return format.names?.[id] ?? format.names?.[id.toLowerCase()] ?? format.t('components:module.history_value.unknown');
}

/** A value by its shape, when its field says nothing of it. */
function byShape(value: unknown, format: HistoryFormat): string {
  const { t, language } = format;
  if (typeof value === 'boolean') return t(value ? 'components:module.history_value.yes' : 'components:module.history_value.no');
  if (typeof value === 'number') return formatNumber(value, language);
  if (typeof value === 'string') {
    if (isUuid(value)) return nameOf(value, format);
    if (INSTANT.test(value)) return formatDateTime(value, language);
    if (DAY.test(value)) return formatDay(value, language);
    return value;
  }
  if (Array.isArray(value)) return value.map((item) => byShape(item, format)).join(', ');
  if (isRecord(value)) {
    if (typeof value.lat === 'number' && typeof value.lng === 'number') return formatPosition({ lat: value.lat, lng: value.lng }, language);
    if (typeof value.type === 'string' && 'coordinates' in value) return t('components:module.history_value.shape');
    if (typeof value.id === 'string' && isUuid(value.id)) return nameOf(value.id, format);
    // A template's question or a list's item: its own label.
    if (typeof value.label === 'string') return value.label;
    if (typeof value.name === 'string') return value.name;
    return answerLines(value, format);
  }
  return String(value);
}

/** "label: value" lines, one per answered key, in the keys' order. */
function answerLines(answers: Record<string, unknown>, format: HistoryFormat): string {
  return Object.entries(answers)
    .filter(([, value]) => !isEmpty(value))
    .map(([key, value]) => {
      const question = format.answerField?.(key);
      return `${question?.label ?? key}: ${formatHistoryValue(value, question?.kind === undefined ? undefined : { label: '', kind: question.kind }, format)}`;
    })
    .join('\n');
}

/** One value of a field (before or after a change) as text; the empty mark for no value. */
export function formatHistoryValue(value: unknown, field: HistoryField | undefined, format: HistoryFormat): string {
  const { t, language } = format;
  if (isEmpty(value)) return t('components:module.empty_value');
  switch (field?.kind) {
    case 'text':
      return typeof value === 'string' ? value : byShape(value, format);
    case 'number':
      return typeof value === 'number' ? formatNumber(value, language) : byShape(value, format);
    case 'moment':
      return typeof value === 'string' || typeof value === 'number' ? formatDateTime(value, language) || String(value) : byShape(value, format);
    case 'day':
      return typeof value === 'string' ? formatDay(value, language) : byShape(value, format);
    case 'choice': {
      const choice = (item: unknown) => (typeof item === 'string' && field.choices !== undefined ? t(`${field.choices}.${item}`, { defaultValue: item }) : byShape(item, format));
      return Array.isArray(value) ? value.map(choice).join(', ') : choice(value);
    }
    case 'ref': {
      const ref = (item: unknown): string =>
        typeof item === 'string' ? nameOf(item, format) : isRecord(item) && typeof item.id === 'string' ? nameOf(item.id, format) : byShape(item, format);
      return Array.isArray(value) ? value.map(ref).join(', ') : ref(value);
    }
    case 'files':
    case 'photos':
      return t(`components:module.history_value.${field.kind}`, { count: Array.isArray(value) ? value.length : 1 });
    case 'answers':
      return isRecord(value) ? answerLines(value, format) : byShape(value, format);
    case 'position':
      return isRecord(value) && typeof value.lat === 'number' && typeof value.lng === 'number' ? formatPosition({ lat: value.lat, lng: value.lng }, language) : byShape(value, format);
    case 'shape':
      return t('components:module.history_value.shape');
    default:
      return byShape(value, format);
  }
}

export interface ShownChange {
  field: string;
  label: string;
  before: string;
  after: string;
}

/** An entry's changes as text, each under its field's label. */
export function formatChanges(entry: Pick<HistoryEntry, 'changes' | 'names'>, format: Omit<HistoryFormat, 'names'>): ShownChange[] {
  const withNames: HistoryFormat = { ...format, names: entry.names };
  return entry.changes.map((change) => {
    const field = format.fields[change.field] ?? PLATFORM_HISTORY_FIELDS[change.field];
    return {
      field: change.field,
      label: format.t(field?.label ?? `components:module.history_field.${change.field}`, { defaultValue: change.field }),
      before: formatHistoryValue(change.before, field, withNames),
      after: formatHistoryValue(change.after, field, withNames),
    };
  });
}
