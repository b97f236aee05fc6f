/**
 * The schedule form's plain logic, apart from its screen: the form's values as typed (local
 * date and time), their checks with the message each shows, the contract's fields they make,
 * a schedule's recurrence in words, and the preview of its next due dates (the shared
 * recurrence: the same dates the server's scheduler makes).
 */
import { occurrencesFrom } from '../../../common/modules/questionnaires/recurrence';
import { REMIND_DAYS_MAX, SCHEDULE_PEOPLE_MAX, SCHEDULE_SITES_MAX, type Recurrence, type Schedule, type ScheduleFields } from '../../../common/modules/questionnaires/schemas';

export const INTERVAL_MAX = 52;
export const PREVIEW_COUNT = 5;

export interface ScheduleFormValues {
  templateId: string;
  siteIds: string[];
  assigneeIds: string[];
  recurrence: Recurrence;
  /** As typed (digits). */
  interval: string;
  /** `YYYY-MM-DDTHH:mm` in the device's time zone (a datetime-local field). */
  firstDue: string;
  /** `YYYY-MM-DD` (the last day included) or '' (no end). */
  until: string;
  remindDays: string;
}

export type ScheduleFormField = 'templateId' | 'siteIds' | 'assigneeIds' | 'interval' | 'firstDue' | 'until' | 'remindDays';
/** Each field's problem, as a key of the `schedules.error` strings. */
export type ScheduleFormProblems = Partial<Record<ScheduleFormField, string>>;

const pad = (n: number) => String(n).padStart(2, '0');
/** A time as a datetime-local field shows it (the device's zone). */
export const localDateTime = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
export const localDay = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

const LOCAL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
const LOCAL_DAY = /^\d{4}-\d{2}-\d{2}$/;
const parseLocal = (text: string): Date | null => (LOCAL_TIME.test(text) && !Number.isNaN(new Date(text).getTime()) ? new Date(text) : null);
/** The end of a day (its last millisecond, the device's zone): an occurrence that day is included. */
const endOfDay = (text: string): Date | null => (LOCAL_DAY.test(text) && !Number.isNaN(new Date(`${text}T23:59:59.999`).getTime()) ? new Date(`${text}T23:59:59.999`) : null);
const count = (text: string, max: number): number | null => (/^\d{1,3}$/.test(text.trim()) && Number(text) <= max ? Number(text) : null);

/** A new schedule: weekly from next Monday at 9:00, a day's reminder. */
export function emptyScheduleForm(templateId = '', now = new Date()): ScheduleFormValues {
  const first = new Date(now);
  first.setDate(first.getDate() + (((8 - first.getDay()) % 7) || 7));
  first.setHours(9, 0, 0, 0);
  return { templateId, siteIds: [], assigneeIds: [], recurrence: 'weekly', interval: '1', firstDue: localDateTime(first), until: '', remindDays: '1' };
}

export function scheduleFormOf(schedule: Schedule): ScheduleFormValues {
  return {
    templateId: schedule.templateId,
    siteIds: [...schedule.siteIds],
    assigneeIds: [...schedule.assigneeIds],
    recurrence: schedule.recurrence,
    interval: String(schedule.interval),
    firstDue: localDateTime(new Date(schedule.firstDueAt)),
    until: schedule.until === null ? '' : localDay(new Date(schedule.until)),
    remindDays: String(schedule.remindDays),
  };
}

export function scheduleFormProblems(form: ScheduleFormValues): ScheduleFormProblems {
  const problems: ScheduleFormProblems = {};
  if (form.templateId === '') problems.templateId = 'template_required';
  if (form.assigneeIds.length === 0) problems.assigneeIds = 'people_required';
  else if (form.assigneeIds.length > SCHEDULE_PEOPLE_MAX) problems.assigneeIds = 'people_max';
  if (form.siteIds.length > SCHEDULE_SITES_MAX) problems.siteIds = 'sites_max';
  if (form.recurrence !== 'once' && (count(form.interval, INTERVAL_MAX) ?? 0) < 1) problems.interval = 'interval_range';
  const first = parseLocal(form.firstDue);
  if (first === null) problems.firstDue = 'first_due_required';
  // A single one has no end (the field is not shown for it).
  if (form.recurrence !== 'once' && form.until !== '') {
    const until = endOfDay(form.until);
    if (until === null) problems.until = 'until_invalid';
    else if (first !== null && until.getTime() < first.getTime()) problems.until = 'until_before_first';
  }
  if (count(form.remindDays, REMIND_DAYS_MAX) === null) problems.remindDays = 'remind_range';
  return problems;
}

/** The contract's fields of a valid form (scheduleFormProblems found nothing). */
export function scheduleFieldsOf(form: ScheduleFormValues): ScheduleFields {
  const first = parseLocal(form.firstDue);
  if (first === null) throw new Error('scheduleFieldsOf: no first due time');
  const until = form.recurrence === 'once' || form.until === '' ? null : endOfDay(form.until);
  return {
    siteIds: [...form.siteIds],
    assigneeIds: [...form.assigneeIds],
    recurrence: form.recurrence,
    interval: form.recurrence === 'once' ? 1 : Number(form.interval),
    firstDueAt: first.toISOString(),
    until: until === null ? null : until.toISOString(),
    remindDays: Number(form.remindDays),
  };
}

/**
 * The next due dates the form's pattern makes from `now` (at most `limit`; a single one is its
 * first due time whenever it is). None while the pattern is incomplete.
 */
export function previewOccurrences(form: Pick<ScheduleFormValues, 'recurrence' | 'interval' | 'firstDue' | 'until'>, now = new Date(), limit = PREVIEW_COUNT): Date[] {
  const first = parseLocal(form.firstDue);
  const interval = form.recurrence === 'once' ? 1 : count(form.interval, INTERVAL_MAX);
  if (first === null || interval === null || interval < 1) return [];
  const until = form.recurrence === 'once' || form.until === '' ? null : endOfDay(form.until);
  const pattern = { firstDueAt: first, recurrence: form.recurrence, interval, until };
  return occurrencesFrom(pattern, form.recurrence === 'once' ? first : now, limit);
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** "Once", "Every week", "Every 2 weeks", "Every 3 months", "Every year" (the `schedules.every` strings, plural by the interval). */
export const recurrenceWords = (t: Translate, recurrence: Recurrence, interval: number) =>
  recurrence === 'once' ? t('schedules.every.once') : t(`schedules.every.${recurrence}`, { count: interval });
