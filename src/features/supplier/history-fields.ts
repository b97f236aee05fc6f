/** A supplier's and a document's fields as their history shows them (components/module/history-format.ts). */
import type { HistoryFields } from '../../components/module/history-format';

export const SUPPLIER_HISTORY_FIELDS: HistoryFields = {
  name: { label: 'supplier:field.name', kind: 'text' },
  legalName: { label: 'supplier:field.legalName', kind: 'text' },
  siret: { label: 'supplier:field.siret', kind: 'text' },
  vatNumber: { label: 'supplier:field.vatNumber', kind: 'text' },
  address: { label: 'supplier:field.address', kind: 'text' },
  postalCode: { label: 'supplier:field.postalCode', kind: 'text' },
  city: { label: 'supplier:field.city', kind: 'text' },
  phone: { label: 'supplier:field.phone', kind: 'text' },
  email: { label: 'supplier:field.email', kind: 'text' },
  website: { label: 'supplier:field.website', kind: 'text' },
  tradeIds: { label: 'supplier:field.trades', kind: 'ref' },
  notes: { label: 'supplier:field.notes', kind: 'text' },
  archived: { label: 'supplier:field.archived', kind: 'boolean' },
  kind: { label: 'supplier:document.kind_label', kind: 'choice', choices: 'supplier:document.kind' },
  title: { label: 'supplier:document.title', kind: 'text' },
  reference: { label: 'supplier:document.reference', kind: 'text' },
  issuedOn: { label: 'supplier:document.issuedOn', kind: 'day' },
  expiresOn: { label: 'supplier:document.expiresOn', kind: 'day' },
};
