/** A contract's and a template's fields as their history shows them (components/module/history-format.ts). */
import type { HistoryFields } from '../../components/module/history-format';

export const CONTRACT_HISTORY_FIELDS: HistoryFields = {
  title: { label: 'contract:field.title', kind: 'text' },
  supplierId: { label: 'contract:field.supplier', kind: 'ref' },
  siteIds: { label: 'contract:field.sites', kind: 'ref' },
  type: { label: 'contract:field.type', kind: 'choice', choices: 'contract:type' },
  reference: { label: 'contract:field.reference', kind: 'text' },
  startOn: { label: 'contract:field.startOn', kind: 'day' },
  endOn: { label: 'contract:field.endOn', kind: 'day' },
  tacitRenewal: { label: 'contract:field.tacitRenewal', kind: 'boolean' },
  renewalMonths: { label: 'contract:field.renewalMonths', kind: 'number' },
  noticeDays: { label: 'contract:field.noticeDays', kind: 'number' },
  amountCents: { label: 'contract:field.amountCentsHistory', kind: 'number' },
  reminderDays: { label: 'contract:field.reminderDays', kind: 'text' },
  ownerId: { label: 'contract:field.owner', kind: 'ref' },
  templateId: { label: 'contract:field.template', kind: 'ref' },
  fieldValues: { label: 'contract:field.fieldValues', kind: 'text' },
  notes: { label: 'contract:field.notes', kind: 'text' },
  status: { label: 'contract:field.status', kind: 'choice', choices: 'contract:status' },
  // A manager's words, or the job's `rule:<status>`, translated.
  statusReason: { label: 'contract:field.statusReason', kind: 'choice', choices: 'contract:reason' },
  name: { label: 'contract:template.name', kind: 'text' },
  fields: { label: 'contract:template.fields', kind: 'text' },
  clauses: { label: 'contract:template.clauses', kind: 'text' },
};
