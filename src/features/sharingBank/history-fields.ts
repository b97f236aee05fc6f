/** Each field of a resource and a group as the history shows it (components/module/history-format.ts). */
import type { HistoryFields } from '../../components/module/history-format';

export const RESOURCE_HISTORY_FIELDS: HistoryFields = {
  title: { label: 'sharingBank:field.title', kind: 'text' },
  kind: { label: 'sharingBank:field.kind', kind: 'choice', choices: 'sharingBank:kind' },
  description: { label: 'sharingBank:field.description', kind: 'text' },
  tags: { label: 'sharingBank:field.tags' },
  audience: { label: 'sharingBank:field.audience', kind: 'choice', choices: 'sharingBank:audience' },
  groupIds: { label: 'sharingBank:field.groups', kind: 'ref' },
  remindAfterDays: { label: 'sharingBank:field.remindAfterDays', kind: 'number' },
  sourceId: { label: 'sharingBank:field.source', kind: 'ref' },
  currentVersion: { label: 'sharingBank:field.currentVersion', kind: 'number' },
};
