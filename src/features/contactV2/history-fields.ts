/** A contact's fields as its history shows them (components/module/history-format.ts). */
import type { HistoryFields } from '../../components/module/history-format';

export const CONTACT_HISTORY_FIELDS: HistoryFields = {
  firstName: { label: 'contact-v2:field.firstName', kind: 'text' },
  lastName: { label: 'contact-v2:field.lastName', kind: 'text' },
  jobTitle: { label: 'contact-v2:field.jobTitle', kind: 'text' },
  supplierId: { label: 'contact-v2:field.company', kind: 'ref' },
  phones: { label: 'contact-v2:field.phones' },
  emails: { label: 'contact-v2:field.emails' },
  notes: { label: 'contact-v2:field.notes', kind: 'text' },
  uid: { label: 'contact-v2:field.uid', kind: 'text' },
  sites: { label: 'contact-v2:field.sites' },
  archived: { label: 'contact-v2:field.archived', kind: 'boolean' },
  mergedFrom: { label: 'contact-v2:field.mergedFrom', kind: 'ref' },
  mergedInto: { label: 'contact-v2:field.mergedInto', kind: 'ref' },
};
