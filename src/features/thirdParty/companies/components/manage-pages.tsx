/**
 * The managers' forms of the outside companies (thirdPartyV2.admin, a chunk of their own): a
 * company, a worker with their qualifications (each a name and an expiry day), an intervention
 * (its company, site, days, assigned workers, state; an assigned worker's qualification expired
 * on its days is warned before saving). Each save is queued in the outbox (offline too) and the
 * sheet opens at once with the record marked as waiting.
 */
import { IonButton } from '@ionic/react';
import { useRouter, useSearch } from '@tanstack/react-router';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  INTERVENTION_STATES,
  PLAN_SECTION_KEYS,
  type CompanyFields,
  type Intervention,
  type InterventionState,
  type Qualification,
  type WorkerFields,
} from '../../../../../common/modules/thirdParty/companies';
import { ModulePage } from '../../../../components/module/ModulePage';
import { TextField } from '../../../../components/module/RecordForm';
import { useRecordId } from '../../../../components/module/RecordPages';
import { useBack } from '../../../../hooks/use-back';
import { formatDay } from '../../../../lib/dates';
import { showSavedToast } from '../../../../lib/saved-toast';
import { companies, interventions, workers } from '../kinds';
import { companiesHref, companyHref, interventionHref, interventionsHref, workerHref } from '../paths';
import { districtDay, expiredOnDays, useCompaniesData } from './shared';

/** Qualifications offered as the name is typed. */
const QUALIFICATION_NAMES = [
  'Habilitation électrique B0',
  'Habilitation électrique B1V',
  'Habilitation électrique B2V',
  'Habilitation électrique BR',
  'Habilitation électrique BC',
  'Habilitation électrique H0V',
  'CACES R489',
  'CACES R486 nacelle',
  'CACES R482',
  'SST',
  'Travail en hauteur',
  'AIPR',
  'Port de l’ARI',
];

function FormShell({ title, onBack, onSubmit, problem, children }: { title: string; onBack: () => void; onSubmit: () => void; problem: string | null; children: ReactNode }) {
  const { t } = useTranslation('third-party');
  return (
    <ModulePage title={title} onBack={onBack}>
      <form
        className="third-party-co-scroll"
        aria-label={title}
        noValidate
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        {children}
        {problem && (
          <p role="alert" className="third-party-co-warning">
            {problem}
          </p>
        )}
        <span className="third-party-co-choices">
          <IonButton type="submit">{t('companies.save')}</IonButton>
          <IonButton fill="clear" onClick={onBack}>
            {t('companies.cancel')}
          </IonButton>
        </span>
      </form>
    </ModulePage>
  );
}

// ---------------------------------------------------------------- companies

function CompanyForm({ id }: { id: string | null }) {
  const { t } = useTranslation('third-party');
  const router = useRouter();
  const data = useCompaniesData();
  const record = id === null ? undefined : data.companies.find((c) => c.id === id);
  const back = useBack(id === null ? companiesHref() : companyHref(id));
  const [fields, setFields] = useState<CompanyFields>(() => ({
    name: record?.name ?? '',
    siret: record?.siret ?? '',
    address: record?.address ?? '',
    contactName: record?.contactName ?? '',
    email: record?.email ?? '',
    phone: record?.phone ?? '',
    activity: record?.activity ?? '',
  }));
  const [problem, setProblem] = useState<string | null>(null);
  if (id !== null && !record) return <ModulePage title={t('companies.company.edit')} onBack={back}>{t(data.loading ? 'companies.panel.loading' : 'companies.not_found')}</ModulePage>;
  const set = (key: keyof CompanyFields) => (value: string) => setFields((f) => ({ ...f, [key]: value }));
  const submit = async () => {
    const clean = { ...fields, name: fields.name.trim(), siret: fields.siret.replace(/\s/g, ''), email: fields.email.trim() };
    if (clean.name === '') return setProblem(t('companies.form.name_missing'));
    if (clean.siret !== '' && !/^[0-9]{14}$/.test(clean.siret)) return setProblem(t('companies.form.siret_invalid'));
    if (clean.email !== '' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(clean.email)) return setProblem(t('companies.form.email_invalid'));
    const saved = record ? (await companies.queueUpdate(record, clean), record.id) : await companies.queueCreate(clean);
    showSavedToast(t('companies.form.saved'));
    void router.navigate({ href: companyHref(saved), replace: true });
  };
  return (
    <FormShell title={record ? t('companies.company.edit') : t('companies.companies.new')} onBack={back} onSubmit={() => void submit()} problem={problem}>
      <TextField label={t('companies.field.name')} value={fields.name} onChange={set('name')} problem={undefined} required maxlength={200} />
      <TextField label={t('companies.field.activity')} value={fields.activity} onChange={set('activity')} problem={undefined} maxlength={200} />
      <TextField label={t('companies.field.siret')} value={fields.siret} onChange={set('siret')} problem={undefined} maxlength={17} />
      <TextField label={t('companies.field.address')} value={fields.address} onChange={set('address')} problem={undefined} multiline maxlength={500} />
      <TextField label={t('companies.field.contactName')} value={fields.contactName} onChange={set('contactName')} problem={undefined} maxlength={200} />
      <TextField label={t('companies.field.email')} value={fields.email} onChange={set('email')} problem={undefined} maxlength={254} />
      <TextField label={t('companies.field.phone')} value={fields.phone} onChange={set('phone')} problem={undefined} maxlength={40} />
    </FormShell>
  );
}

export const CompanyNewPage = () => <CompanyForm id={null} />;
export function CompanyEditPage() {
  return <CompanyForm id={useRecordId('companyId')} />;
}

// ---------------------------------------------------------------- workers

function WorkerForm({ id, companyId }: { id: string | null; companyId: string }) {
  const { t } = useTranslation('third-party');
  const router = useRouter();
  const data = useCompaniesData();
  const record = id === null ? undefined : data.workers.find((w) => w.id === id);
  const back = useBack(record ? workerHref(record.id) : companyId ? companyHref(companyId) : companiesHref());
  const ids = { company: useId(), list: useId() };
  const [fields, setFields] = useState<WorkerFields>(() => ({
    companyId: record?.companyId ?? companyId,
    name: record?.name ?? '',
    role: record?.role ?? '',
    phone: record?.phone ?? '',
    qualifications: record?.qualifications ?? [],
  }));
  const [problem, setProblem] = useState<string | null>(null);
  if (id !== null && !record) return <ModulePage title={t('companies.worker.edit')} onBack={back}>{t(data.loading ? 'companies.panel.loading' : 'companies.not_found')}</ModulePage>;
  const setQualification = (index: number, change: Partial<Qualification>) =>
    setFields((f) => ({ ...f, qualifications: f.qualifications.map((q, i) => (i === index ? { ...q, ...change } : q)) }));
  const submit = async () => {
    const clean = { ...fields, name: fields.name.trim(), qualifications: fields.qualifications.filter((q) => q.name.trim() !== '').map((q) => ({ name: q.name.trim(), expiresOn: q.expiresOn || null })) };
    if (clean.companyId === '') return setProblem(t('companies.form.company_missing'));
    if (clean.name === '') return setProblem(t('companies.form.name_missing'));
    const saved = record ? (await workers.queueUpdate(record, clean), record.id) : await workers.queueCreate(clean);
    showSavedToast(t('companies.form.saved'));
    void router.navigate({ href: workerHref(saved), replace: true });
  };
  return (
    <FormShell title={record ? t('companies.worker.edit') : t('companies.company.add_worker')} onBack={back} onSubmit={() => void submit()} problem={problem}>
      <div className="third-party-co-field">
        <label htmlFor={ids.company}>{t('companies.field.company')}</label>
        <select id={ids.company} value={fields.companyId} onChange={(event) => setFields((f) => ({ ...f, companyId: event.target.value }))}>
          <option value="">{t('companies.form.choose_company')}</option>
          {data.companies.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      <TextField label={t('companies.field.name')} value={fields.name} onChange={(name) => setFields((f) => ({ ...f, name }))} problem={undefined} required maxlength={200} />
      <TextField label={t('companies.field.role')} value={fields.role} onChange={(role) => setFields((f) => ({ ...f, role }))} problem={undefined} maxlength={200} />
      <TextField label={t('companies.field.phone')} value={fields.phone} onChange={(phone) => setFields((f) => ({ ...f, phone }))} problem={undefined} maxlength={40} />
      <fieldset className="third-party-co-card">
        <legend>{t('companies.worker.qualifications')}</legend>
        <datalist id={ids.list}>
          {QUALIFICATION_NAMES.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
        {fields.qualifications.map((q, index) => (
          <div key={index} className="third-party-co-choices">
            <span className="third-party-co-field">
              <label htmlFor={`${ids.list}-name-${index}`}>{t('companies.worker.qualification_name')}</label>
              <input id={`${ids.list}-name-${index}`} list={ids.list} value={q.name} maxLength={120} onChange={(event) => setQualification(index, { name: event.target.value })} />
            </span>
            <span className="third-party-co-field">
              <label htmlFor={`${ids.list}-day-${index}`}>{t('companies.worker.expires_on')}</label>
              <input id={`${ids.list}-day-${index}`} type="date" value={q.expiresOn ?? ''} onChange={(event) => setQualification(index, { expiresOn: event.target.value || null })} />
            </span>
            <IonButton fill="clear" color="danger" onClick={() => setFields((f) => ({ ...f, qualifications: f.qualifications.filter((_, i) => i !== index) }))}>
              {t('companies.worker.remove_qualification', { name: q.name || '…' })}
            </IonButton>
          </div>
        ))}
        <IonButton fill="outline" onClick={() => setFields((f) => ({ ...f, qualifications: [...f.qualifications, { name: '', expiresOn: null }] }))}>
          {t('companies.worker.add_qualification')}
        </IonButton>
      </fieldset>
    </FormShell>
  );
}

export function WorkerNewPage() {
  const search: { companyId?: string } = useSearch({ strict: false });
  return <WorkerForm id={null} companyId={typeof search.companyId === 'string' ? search.companyId : ''} />;
}
export function WorkerEditPage() {
  return <WorkerForm id={useRecordId('workerId')} companyId="" />;
}

// ---------------------------------------------------------------- interventions

function InterventionForm({ id, companyId }: { id: string | null; companyId: string }) {
  const { t, i18n } = useTranslation('third-party');
  const router = useRouter();
  const data = useCompaniesData();
  const record = id === null ? undefined : data.interventions.find((i) => i.id === id);
  const back = useBack(record ? interventionHref(record.id) : interventionsHref());
  const ids = { company: useId(), site: useId(), start: useId(), end: useId(), state: useId() };
  const today = districtDay();
  const [fields, setFields] = useState<Pick<Intervention, 'companyId' | 'siteId' | 'title' | 'startsOn' | 'endsOn' | 'workerIds' | 'state'>>(() => ({
    companyId: record?.companyId ?? companyId,
    siteId: record?.siteId ?? '',
    title: record?.title ?? '',
    startsOn: record?.startsOn ?? today,
    endsOn: record?.endsOn ?? today,
    workerIds: record?.workerIds ?? [],
    state: record?.state ?? 'planned',
  }));
  const [problem, setProblem] = useState<string | null>(null);
  if (id !== null && !record) return <ModulePage title={t('companies.intervention.edit')} onBack={back}>{t(data.loading ? 'companies.panel.loading' : 'companies.not_found')}</ModulePage>;
  const people = data.workers.filter((w) => w.companyId === fields.companyId);
  const expired = expiredOnDays(fields, data.workers);
  const submit = async () => {
    const clean = { ...fields, title: fields.title.trim(), workerIds: fields.workerIds.filter((w) => people.some((p) => p.id === w)) };
    if (clean.companyId === '') return setProblem(t('companies.form.company_missing'));
    if (clean.siteId === '') return setProblem(t('companies.form.site_missing'));
    if (clean.title === '') return setProblem(t('companies.form.title_missing'));
    if (!clean.startsOn || !clean.endsOn || clean.endsOn < clean.startsOn) return setProblem(t('companies.form.dates_invalid'));
    let saved: string;
    if (record) {
      const { pending: _pending, ...current } = record;
      await interventions.queueUpdate(current, { ...clean, planSections: record.planSections });
      saved = record.id;
    } else saved = await interventions.queueCreate({ ...clean, planSections: PLAN_SECTION_KEYS.map((key) => ({ key, title: '', body: '' })) });
    showSavedToast(t('companies.form.saved'));
    void router.navigate({ href: interventionHref(saved), replace: true });
  };
  return (
    <FormShell title={record ? t('companies.intervention.edit') : t('companies.interventions.new')} onBack={back} onSubmit={() => void submit()} problem={problem}>
      <div className="third-party-co-field">
        <label htmlFor={ids.company}>{t('companies.field.company')}</label>
        <select id={ids.company} value={fields.companyId} onChange={(event) => setFields((f) => ({ ...f, companyId: event.target.value, workerIds: [] }))}>
          <option value="">{t('companies.form.choose_company')}</option>
          {data.companies.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      <div className="third-party-co-field">
        <label htmlFor={ids.site}>{t('companies.field.site')}</label>
        <select id={ids.site} value={fields.siteId} onChange={(event) => setFields((f) => ({ ...f, siteId: event.target.value }))}>
          <option value="">{t('companies.current.choose_site')}</option>
          {data.sites.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
      </div>
      <TextField label={t('companies.field.title')} value={fields.title} onChange={(title) => setFields((f) => ({ ...f, title }))} problem={undefined} required maxlength={200} />
      <span className="third-party-co-choices">
        <span className="third-party-co-field">
          <label htmlFor={ids.start}>{t('companies.field.startsOn')}</label>
          <input id={ids.start} type="date" value={fields.startsOn} onChange={(event) => setFields((f) => ({ ...f, startsOn: event.target.value }))} />
        </span>
        <span className="third-party-co-field">
          <label htmlFor={ids.end}>{t('companies.field.endsOn')}</label>
          <input id={ids.end} type="date" value={fields.endsOn} onChange={(event) => setFields((f) => ({ ...f, endsOn: event.target.value }))} />
        </span>
      </span>
      <div className="third-party-co-field">
        <label htmlFor={ids.state}>{t('companies.field.state')}</label>
        <select id={ids.state} value={fields.state} onChange={(event) => setFields((f) => ({ ...f, state: event.target.value as InterventionState }))}>
          {INTERVENTION_STATES.map((state) => (
            <option key={state} value={state}>
              {t(`companies.state.${state}`)}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="third-party-co-card">
        <legend>{t('companies.field.workers')}</legend>
        {people.length === 0 && <p>{t('companies.company.no_workers')}</p>}
        <span className="third-party-co-choices">
          {people.map((w) => (
            <label key={w.id}>
              <input
                type="checkbox"
                checked={fields.workerIds.includes(w.id)}
                onChange={(event) => setFields((f) => ({ ...f, workerIds: event.target.checked ? [...f.workerIds, w.id] : f.workerIds.filter((x) => x !== w.id) }))}
              />
              {w.name}
            </label>
          ))}
        </span>
      </fieldset>
      {expired.length > 0 && (
        <div className="third-party-co-warning" role="note">
          {expired.map((e) => (
            <p key={`${e.worker}-${e.qualification}`}>{t('companies.intervention.warning', { worker: e.worker, qualification: e.qualification, day: formatDay(e.expiresOn, i18n.language) })}</p>
          ))}
        </div>
      )}
    </FormShell>
  );
}

export function InterventionNewPage() {
  const search: { companyId?: string } = useSearch({ strict: false });
  return <InterventionForm id={null} companyId={typeof search.companyId === 'string' ? search.companyId : ''} />;
}
export function InterventionEditPage() {
  return <InterventionForm id={useRecordId('interventionId')} companyId="" />;
}
