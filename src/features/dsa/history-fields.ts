/** An area's fields as its history shows them (components/module/history-format.ts). */
import type { HistoryFields } from '../../components/module/history-format';

export const AREA_HISTORY_FIELDS: HistoryFields = {
  name: { label: 'dsa:field.name', kind: 'text' },
  siteId: { label: 'dsa:field.site', kind: 'ref' },
  counterpartName: { label: 'dsa:field.counterpartName', kind: 'text' },
  counterpartEmail: { label: 'dsa:field.counterpartEmail', kind: 'text' },
};
