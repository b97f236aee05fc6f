/** The companies', workers' and interventions' fields as their history shows them (components/module/history-format.ts). */
import type { HistoryFields } from '../../../components/module/history-format';

export const COMPANIES_HISTORY_FIELDS: HistoryFields = {
  name: { label: 'third-party:companies.field.name', kind: 'text' },
  siret: { label: 'third-party:companies.field.siret', kind: 'text' },
  address: { label: 'third-party:companies.field.address', kind: 'text' },
  contactName: { label: 'third-party:companies.field.contactName', kind: 'text' },
  email: { label: 'third-party:companies.field.email', kind: 'text' },
  phone: { label: 'third-party:companies.field.phone', kind: 'text' },
  activity: { label: 'third-party:companies.field.activity', kind: 'text' },
  companyId: { label: 'third-party:companies.field.company', kind: 'ref' },
  role: { label: 'third-party:companies.field.role', kind: 'text' },
  qualifications: { label: 'third-party:companies.worker.qualifications' },
  title: { label: 'third-party:companies.field.title', kind: 'text' },
  siteId: { label: 'third-party:companies.field.site', kind: 'ref' },
  startsOn: { label: 'third-party:companies.field.startsOn', kind: 'day' },
  endsOn: { label: 'third-party:companies.field.endsOn', kind: 'day' },
  workerIds: { label: 'third-party:companies.field.workers', kind: 'ref' },
  state: { label: 'third-party:companies.field.state', kind: 'choice', choices: 'third-party:companies.state' },
  planSections: { label: 'third-party:companies.plan.sections' },
  districtSignature: { label: 'third-party:companies.plan.signer_district', kind: 'text' },
  companySignature: { label: 'third-party:companies.plan.signer_company', kind: 'text' },
};
