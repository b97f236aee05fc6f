/** An action's fields as its history shows them (components/module/history-format.ts). */
import type { HistoryFields } from '../../components/module/history-format';

export const ACTION_HISTORY_FIELDS: HistoryFields = {
  title: { label: 'action:field.title', kind: 'text' },
  description: { label: 'action:field.description', kind: 'text' },
  siteId: { label: 'action:field.siteId', kind: 'ref' },
  planId: { label: 'action:field.planId', kind: 'ref' },
  assigneeId: { label: 'action:field.assigneeId', kind: 'ref' },
  dueOn: { label: 'action:field.dueOn', kind: 'day' },
  priority: { label: 'action:field.priority', kind: 'choice', choices: 'action:priority' },
  proof: { label: 'action:field.proof', kind: 'choice', choices: 'action:proof' },
  status: { label: 'action:field.status', kind: 'choice', choices: 'action:status' },
  closingNote: { label: 'action:field.closingNote', kind: 'text' },
  note: { label: 'action:field.note', kind: 'text' },
  comment: { label: 'action:field.comment', kind: 'text' },
  templateId: { label: 'action:field.template', kind: 'ref' },
  source: { label: 'action:field.source', kind: 'ref' },
};
