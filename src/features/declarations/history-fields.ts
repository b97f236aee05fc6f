/** A declaration's and a declaration type's fields as their history shows them (components/module/history-format.ts). */
import type { AnswerField, HistoryFields, HistoryKind } from '../../components/module/history-format';
import type { TemplateField } from '../../../common/modules/declarations/schemas';

export const DECLARATION_HISTORY_FIELDS: HistoryFields = {
  template: { label: 'declarations:field.template', kind: 'ref' },
  siteId: { label: 'declarations:field.siteId', kind: 'ref' },
  position: { label: 'declarations:field.position', kind: 'position' },
  occurredAt: { label: 'declarations:field.occurredAt', kind: 'moment' },
  severity: { label: 'declarations:field.severity', kind: 'choice', choices: 'declarations:severity' },
  title: { label: 'declarations:field.title', kind: 'text' },
  description: { label: 'declarations:field.description', kind: 'text' },
  values: { label: 'declarations:field.values', kind: 'answers' },
  photos: { label: 'declarations:field.photos', kind: 'photos' },
  assigneeId: { label: 'declarations:field.assigneeId', kind: 'ref' },
  cause: { label: 'declarations:field.cause', kind: 'text' },
  measures: { label: 'declarations:field.measures', kind: 'text' },
  status: { label: 'declarations:field.status', kind: 'choice', choices: 'declarations:status' },
  reason: { label: 'declarations:field.reason', kind: 'text' },
  comment: { label: 'declarations:field.comment', kind: 'text' },
};

export const DECLARATION_TEMPLATE_HISTORY_FIELDS: HistoryFields = {
  name: { label: 'declarations:templates.history_field.name', kind: 'text' },
  icon: { label: 'declarations:templates.history_field.icon', kind: 'choice', choices: 'declarations:icon' },
  defaultSeverity: { label: 'declarations:templates.history_field.defaultSeverity', kind: 'choice', choices: 'declarations:severity' },
  // A list of questions: each by its label.
  fields: { label: 'declarations:templates.history_field.fields' },
  notify: { label: 'declarations:templates.history_field.notify', kind: 'ref' },
};

const ANSWER_KINDS: Partial<Record<TemplateField['kind'], HistoryKind>> = {
  text: 'text',
  longText: 'text',
  number: 'number',
  yesNo: 'boolean',
  date: 'day',
  choice: 'text',
  multiChoice: 'text',
  photo: 'photos',
  signature: 'files',
};

/** The questions of a declaration's type, for its answers in the history. */
export const answerFieldOf =
  (fields: readonly TemplateField[]) =>
  (key: string): AnswerField | undefined => {
    const field = fields.find((f) => f.key === key);
    return field === undefined ? undefined : { label: field.label, kind: ANSWER_KINDS[field.kind] };
  };
