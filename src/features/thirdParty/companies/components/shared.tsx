/**
 * What the outside companies' screens share: the lists as the device shows them (the server's,
 * kept for offline work, with this device's writes laid over them), a qualification's chip, the
 * intervention's and the plan's state chips, and the district's day.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  qualificationState,
  type Company,
  type Intervention,
  type InterventionState,
  type PlanState,
  type Qualification,
  type QualificationState,
  type Worker,
} from '../../../../../common/modules/thirdParty/companies';
import { StatusChip, type StatusTone } from '../../../../components/module/StatusChip';
import { formatDay } from '../../../../lib/dates';
import { usePendingChanges, withPending, type WithPending } from '../../../../lib/outbox';
import { COMPANIES_MODULE, companies, interventions, sitesQueryOptions, workers } from '../kinds';

/** Today on the device (the site's phone is in the district's time zone), YYYY-MM-DD. */
export const districtDay = (now = new Date()): string => `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;

const QUALIFICATION_TONES: Record<QualificationState, StatusTone> = { valid: 'success', expiring: 'warning', expired: 'danger' };
export const INTERVENTION_TONES: Record<InterventionState, StatusTone> = { planned: 'info', inProgress: 'warning', done: 'success', cancelled: 'neutral' };
export const PLAN_TONES: Record<PlanState, StatusTone> = { toSign: 'danger', partlySigned: 'warning', signed: 'success' };

export function QualificationChip({ qualification }: { qualification: Qualification }) {
  const { t, i18n } = useTranslation('third-party');
  const state = qualificationState(qualification.expiresOn, districtDay());
  const until = qualification.expiresOn === null ? '' : ` · ${t(`companies.qualification.${state}`, { day: formatDay(qualification.expiresOn, i18n.language) })}`;
  return <StatusChip label={`${qualification.name}${until}`} tone={QUALIFICATION_TONES[state]} />;
}

/** Companies, workers, interventions and sites as the device shows them (this device's writes over the server's lists). */
export function useCompaniesData() {
  const pending = usePendingChanges(COMPANIES_MODULE);
  const companyList = useQuery(companies.allQueryOptions());
  const workerList = useQuery(workers.allQueryOptions());
  const interventionList = useQuery(interventions.allQueryOptions());
  const sites = useQuery(sitesQueryOptions());
  const companyRows = withPending(companyList.data ?? [], companies.ownWrites(pending)).map(
    (c) => ({ siret: '', address: '', contactName: '', email: '', phone: '', activity: '', workerCount: 0, deletedAt: null, ...(c as Partial<WithPending<Company>>) }) as WithPending<Company>,
  );
  const companyName = (id: string) => companyRows.find((c) => c.id === id)?.name ?? '';
  const siteName = (id: string) => sites.data?.sites.find((s) => s.id === id)?.name ?? '';
  const workerRows = withPending(workerList.data ?? [], workers.ownWrites(pending)).map(
    (w) => ({ role: '', phone: '', qualifications: [], deletedAt: null, ...(w as Partial<WithPending<Worker>>), companyName: w.companyName ?? companyName(w.companyId) }) as WithPending<Worker>,
  );
  const interventionRows = withPending(interventionList.data ?? [], interventions.ownWrites(pending)).map(
    (i) =>
      ({
      workerIds: [],
      state: 'planned',
      planSections: [],
      planVersion: 1,
      planState: 'toSign',
      signatures: [],
      previousSignatures: [],
      warnings: [],
      companyEmail: companyRows.find((c) => c.id === i.companyId)?.email ?? '',
      deletedAt: null,
      ...(i as Partial<WithPending<Intervention>>),
      companyName: i.companyName ?? companyName(i.companyId),
      siteName: i.siteName ?? siteName(i.siteId),
      workers: i.workers ?? (i.workerIds ?? []).map((id) => ({ id, name: workerRows.find((w) => w.id === id)?.name ?? '' })),
    }) as WithPending<Intervention>,
  );
  return {
    pending,
    companies: companyRows.filter((c) => c.deletedAt === null),
    workers: workerRows.filter((w) => w.deletedAt === null),
    interventions: interventionRows.filter((i) => i.deletedAt === null),
    sites: sites.data?.sites ?? [],
    loading: companyList.isPending || workerList.isPending || interventionList.isPending,
    error: companyList.error ?? workerList.error ?? interventionList.error,
  };
}

/** The assigned workers' qualifications expired on the intervention's last day, as the device reads them. */
export function expiredOnDays(intervention: Pick<Intervention, 'endsOn' | 'workerIds'>, people: readonly Worker[]) {
  return people
    .filter((w) => intervention.workerIds.includes(w.id))
    .flatMap((w) => w.qualifications.filter((q) => q.expiresOn !== null && q.expiresOn < intervention.endsOn).map((q) => ({ worker: w.name, qualification: q.name, expiresOn: q.expiresOn! })));
}
