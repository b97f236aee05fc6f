/**
 * The readers' screens of the outside companies (a chunk of their own):
 *
 * - current: who is on which site now, grouped by site, each with sign-out in one tap; the
 *   sign-in form (the site, kept on this phone; a worker found by name or by the code of their
 *   badge, or a visitor's name). Works offline: the register is kept on the device, sign-ins
 *   and sign-outs are queued and shown at once, marked as waiting;
 * - the companies, a company's sheet with its workers and their qualifications, a worker's
 *   sheet with the badge's QR code (printable);
 * - the interventions, an intervention's sheet with its prevention plan: its sections (filled by
 *   a manager), the two representatives' signatures (drawn on the phone, offline too), the
 *   warnings of expired qualifications, and "share with the company" (a share link).
 */
import { IonButton } from '@ionic/react';
import { useRouter } from '@tanstack/react-router';
import QRCode from 'qrcode';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  badgeCode,
  PLAN_SECTION_KEYS,
  workerIdOfCode,
  type PlanSection,
  type PlanState,
  type SignerRole,
} from '../../../../../common/modules/thirdParty/companies';
import { ConfirmBar } from '../../../../components/module/ConfirmBar';
import { Scanner } from '../../../../components/scanner/Scanner';
import { ModulePage } from '../../../../components/module/ModulePage';
import { TextField } from '../../../../components/module/RecordForm';
import { downloadList, NavButton, useRecordId } from '../../../../components/module/RecordPages';
import { HistoryList, RecordFields, RecordSection } from '../../../../components/module/RecordSheet';
import { StatusChip } from '../../../../components/module/StatusChip';
import { SignaturePad, type DrawnSignature } from '../../../../components/SignaturePad';
import { WaitingMark } from '../../../../components/WaitingMark';
import { useBack } from '../../../../hooks/use-back';
import { useLinkNavigation } from '../../../../hooks/use-link-navigation';
import { formatDay, formatDateTime, formatTime } from '../../../../lib/dates';
import { useEnvelope } from '../../../../lib/envelope-store';
import { describeApiError } from '../../../../lib/error-messages';
import { usePendingChanges } from '../../../../lib/outbox';
import { can } from '../../../../lib/rights';
import { showSavedToast } from '../../../../lib/saved-toast';
import { showToast } from '../../../../lib/toast';
import { COMPANIES_HISTORY_FIELDS } from '../history-fields';
import {
  companies,
  interventions,
  queueSignature,
  queueSignIn,
  queueSignOut,
  SIGNATURES_MODULE,
  workers,
  type SignPayload,
} from '../kinds';
import {
  companiesHref,
  companyEditHref,
  companyHref,
  companyNewHref,
  interventionEditHref,
  interventionHref,
  interventionNewHref,
  interventionsHref,
  sharePlanHref,
  workerEditHref,
  workerHref,
  workerNewHref,
} from '../paths';
import { useCurrent, Waiting, type Shown } from './presence';
import { INTERVENTION_TONES, PLAN_TONES, QualificationChip, useCompaniesData } from './shared';

const SITE_KEY = 'vigie.thirdPartyV2.site';
const useManager = () => can(useEnvelope((state) => state.rights), 'thirdPartyV2', 'manage');

// ---------------------------------------------------------------- current

export function CurrentPage() {
  const { t, i18n } = useTranslation('third-party');
  const [siteId, setSiteId] = useState(() => localStorage.getItem(SITE_KEY) ?? '');
  const { rows, query, data } = useCurrent();
  const chooseSite = (id: string) => {
    setSiteId(id);
    localStorage.setItem(SITE_KEY, id);
  };
  const bySite = new Map<string, Shown[]>();
  for (const row of rows) bySite.set(row.siteId, [...(bySite.get(row.siteId) ?? []), row]);
  const groups = [...bySite.entries()].sort(([a], [b]) => (a === siteId ? -1 : b === siteId ? 1 : 0));
  const signOut = async (p: Shown) => {
    await queueSignOut(p);
    showSavedToast(t('companies.current.signed_out', { name: p.name }));
  };
  return (
    <ModulePage
      title={t('companies.current.title')}
      actions={
        <IonButton fill="outline" onClick={() => downloadList('third-party/presence/export.csv', siteId ? { siteId } : {}, 'registre-presence.csv')}>
          {t('companies.current.export')}
        </IonButton>
      }
    >
      <div className="third-party-co-scroll">
        <SignInForm siteId={siteId} onSite={chooseSite} present={rows} data={data} />
        <BadgeScan siteId={siteId} present={rows} data={data} onSignOut={signOut} />
        <h2>{t('companies.current.on_site', { count: rows.length })}</h2>
        {query.isError && query.data === undefined && <p role="alert">{describeApiError(query.error)}</p>}
        {rows.length === 0 && !query.isPending && <p>{t('companies.current.nobody')}</p>}
        {groups.map(([site, people]) => (
          <section key={site} className="third-party-co-card" aria-label={people[0]?.siteName || site}>
            <h3>
              {people[0]?.siteName || data.sites.find((s) => s.id === site)?.name} · {t('companies.current.count', { count: people.length })}
            </h3>
            {people.map((p) => (
              <div key={p.id} className="third-party-co-row">
                <span className="third-party-co-row-text">
                  <strong>{p.name}</strong>
                  <span className="third-party-co-muted">
                    {[p.workerId === null ? t('companies.current.visitor') : p.companyName, t('companies.current.since', { time: formatTime(p.signedInAt, i18n.language) })].filter(Boolean).join(' · ')}
                  </span>
                </span>
                <Waiting write={p.waiting} />
                <IonButton onClick={() => void signOut(p)} aria-label={t('companies.current.sign_out_of', { name: p.name })}>
                  {t('companies.current.sign_out')}
                </IonButton>
              </div>
            ))}
          </section>
        ))}
      </div>
    </ModulePage>
  );
}

/**
 * The camera scan of workers' badges (the shared scanner, continuous: a gate where workers
 * come one after the other): a worker's badge signs them in on the chosen site, or out if they
 * are on it already. Each badge counts once while it stays in front of the camera.
 */
function BadgeScan({ siteId, present, data, onSignOut }: { siteId: string; present: readonly Shown[]; data: ReturnType<typeof useCompaniesData>; onSignOut: (p: Shown) => Promise<void> }) {
  const { t } = useTranslation('third-party');
  const [said, setSaid] = useState('');
  const onCode = async (text: string) => {
    const id = workerIdOfCode(text);
    const worker = id === null ? undefined : data.workers.find((w) => w.id === id);
    if (!worker) return setSaid(t('companies.current.unknown_badge'));
    if (siteId === '') return setSaid(t('companies.current.choose_site'));
    const there = present.find((p) => p.siteId === siteId && p.workerId === worker.id);
    if (there) {
      await onSignOut(there);
      return setSaid(t('companies.current.signed_out', { name: worker.name }));
    }
    await queueSignIn({ siteId, workerId: worker.id, visitorName: '' });
    showSavedToast(t('companies.current.signed_in', { name: worker.name }));
    setSaid(t('companies.current.signed_in', { name: worker.name }));
  };
  return (
    <section className="third-party-co-card" aria-label={t('companies.current.scan_title')}>
      <h2>{t('companies.current.scan_title')}</h2>
      <p className="third-party-co-muted">{t('companies.current.scan_intro')}</p>
      <Scanner continuous typed={false} onCode={(text) => void onCode(text)} />
      <p role="status" className="third-party-co-scan-said">
        {said}
      </p>
    </section>
  );
}

function SignInForm({ siteId, onSite, present, data }: { siteId: string; onSite: (id: string) => void; present: readonly Shown[]; data: ReturnType<typeof useCompaniesData> }) {
  const { t } = useTranslation('third-party');
  const ids = { site: useId(), worker: useId(), search: useId(), code: useId(), visitor: useId() };
  const [mode, setMode] = useState<'worker' | 'visitor'>('worker');
  const [search, setSearch] = useState('');
  const [workerId, setWorkerId] = useState('');
  const [code, setCode] = useState('');
  const [visitor, setVisitor] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const folded = search.trim().toLocaleLowerCase();
  const found = data.workers.filter((w) => folded === '' || `${w.name} ${w.companyName}`.toLocaleLowerCase().includes(folded));
  const readCode = (value: string) => {
    setCode(value);
    const id = workerIdOfCode(value);
    if (id === null) return;
    if (data.workers.some((w) => w.id === id)) {
      setWorkerId(id);
      setProblem(null);
    } else setProblem(t('companies.current.unknown_badge'));
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (siteId === '') return setProblem(t('companies.current.choose_site'));
    if (mode === 'worker' && workerId === '') return setProblem(t('companies.current.choose_worker'));
    if (mode === 'visitor' && visitor.trim() === '') return setProblem(t('companies.current.visitor_name_missing'));
    const name = mode === 'worker' ? (data.workers.find((w) => w.id === workerId)?.name ?? '') : visitor.trim();
    const there = present.some((p) => p.siteId === siteId && (mode === 'worker' ? p.workerId === workerId : p.workerId === null && p.visitorName.toLocaleLowerCase() === name.toLocaleLowerCase()));
    if (there) return setProblem(t('companies.current.already_there', { name }));
    setProblem(null);
    await queueSignIn({ siteId, workerId: mode === 'worker' ? workerId : null, visitorName: mode === 'visitor' ? name : '' });
    showSavedToast(t('companies.current.signed_in', { name }));
    setWorkerId('');
    setCode('');
    setVisitor('');
    setSearch('');
  };
  return (
    <form className="third-party-co-card" onSubmit={(event) => void submit(event)} aria-label={t('companies.current.sign_in_title')}>
      <h2>{t('companies.current.sign_in_title')}</h2>
      <div className="third-party-co-field">
        <label htmlFor={ids.site}>{t('companies.field.site')}</label>
        <select id={ids.site} value={siteId} onChange={(event) => onSite(event.target.value)}>
          <option value="">{t('companies.current.choose_site')}</option>
          {data.sites.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="third-party-co-choices">
        <legend>{t('companies.current.who')}</legend>
        {(['worker', 'visitor'] as const).map((m) => (
          <label key={m}>
            <input type="radio" name="third-party-co-mode" checked={mode === m} onChange={() => setMode(m)} />
            {t(`companies.current.mode_${m}`)}
          </label>
        ))}
      </fieldset>
      {mode === 'worker' ? (
        <>
          <div className="third-party-co-field">
            <label htmlFor={ids.code}>{t('companies.current.badge_code')}</label>
            <input id={ids.code} value={code} autoComplete="off" onChange={(event) => readCode(event.target.value)} placeholder={t('companies.current.badge_hint')} />
          </div>
          <div className="third-party-co-field">
            <label htmlFor={ids.search}>{t('companies.current.search_worker')}</label>
            <input id={ids.search} type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
          </div>
          <div className="third-party-co-field">
            <label htmlFor={ids.worker}>{t('companies.field.worker')}</label>
            <select id={ids.worker} value={workerId} onChange={(event) => setWorkerId(event.target.value)}>
              <option value="">{t('companies.current.choose_worker')}</option>
              {(found.some((w) => w.id === workerId) ? found : [...found, ...data.workers.filter((w) => w.id === workerId)]).map((w) => (
                <option key={w.id} value={w.id}>
                  {w.name} – {w.companyName}
                </option>
              ))}
            </select>
          </div>
        </>
      ) : (
        <div className="third-party-co-field">
          <label htmlFor={ids.visitor}>{t('companies.current.visitor_name')}</label>
          <input id={ids.visitor} value={visitor} onChange={(event) => setVisitor(event.target.value)} maxLength={200} />
        </div>
      )}
      {problem && (
        <p role="alert" className="third-party-co-warning">
          {problem}
        </p>
      )}
      <IonButton type="submit">{t('companies.current.sign_in')}</IonButton>
    </form>
  );
}

/** A manager's delete of the sheet's record, confirmed in place (reversible: managers restore it from the API's deleted list). */
function DeleteAction({ question, onDelete }: { question: string; onDelete: () => Promise<void> }) {
  const { t } = useTranslation('third-party');
  const [asking, setAsking] = useState(false);
  if (!asking)
    return (
      <IonButton fill="outline" color="danger" onClick={() => setAsking(true)}>
        {t('companies.delete')}
      </IonButton>
    );
  return <ConfirmBar className="third-party-co-card" question={question} confirmLabel={t('companies.delete')} cancelLabel={t('companies.cancel')} onConfirm={() => void onDelete()} onCancel={() => setAsking(false)} />;
}

// ---------------------------------------------------------------- companies and workers

export function CompaniesPage() {
  const { t } = useTranslation('third-party');
  const manager = useManager();
  const data = useCompaniesData();
  const follow = useLinkNavigation();
  return (
    <ModulePage
      title={t('companies.companies.title')}
      actions={
        <>
          {manager && <NavButton href={companyNewHref()}>{t('companies.companies.new')}</NavButton>}
          <IonButton fill="outline" onClick={() => downloadList('third-party/companies/export.csv', {}, 'entreprises-exterieures.csv')}>
            {t('companies.companies.export')}
          </IonButton>
          <IonButton fill="outline" onClick={() => downloadList('third-party/workers/export.csv', {}, 'intervenants.csv')}>
            {t('companies.companies.export_workers')}
          </IonButton>
        </>
      }
    >
      <div className="third-party-co-scroll">
        {data.error && data.companies.length === 0 && <p role="alert">{describeApiError(data.error)}</p>}
        {!data.loading && data.companies.length === 0 && <p>{t('companies.companies.empty')}</p>}
        {data.companies.map((c) => {
          const people = data.workers.filter((w) => w.companyId === c.id);
          const expired = people.some((w) => w.qualifications.some((q) => q.expiresOn !== null && q.expiresOn < new Date().toISOString().slice(0, 10)));
          return (
            <div key={c.id} className="third-party-co-row">
              <span className="third-party-co-row-text">
                <a href={companyHref(c.id)} onClick={follow(companyHref(c.id))}>
                  {c.name}
                </a>
                <span className="third-party-co-muted">{[c.activity, t('companies.companies.workers', { count: people.length })].filter(Boolean).join(' · ')}</span>
              </span>
              {expired && <StatusChip label={t('companies.companies.expired_qualification')} tone="danger" />}
              {c.pending && <WaitingMark pending={c.pending} />}
            </div>
          );
        })}
      </div>
    </ModulePage>
  );
}

export function CompanyPage() {
  const { t } = useTranslation('third-party');
  const id = useRecordId('companyId');
  const manager = useManager();
  const data = useCompaniesData();
  const back = useBack(companiesHref());
  const follow = useLinkNavigation();
  const router = useRouter();
  const company = data.companies.find((c) => c.id === id);
  if (!company) return <Missing title={t('companies.company.title')} loading={data.loading} onBack={back} />;
  const people = data.workers.filter((w) => w.companyId === id);
  const works = data.interventions.filter((i) => i.companyId === id);
  return (
    <ModulePage
      title={company.name}
      onBack={back}
      actions={
        manager ? (
          <>
            <NavButton href={companyEditHref(id)}>{t('companies.edit')}</NavButton>
            <NavButton href={workerNewHref(id)} outline>
              {t('companies.company.add_worker')}
            </NavButton>
            <NavButton href={interventionNewHref(id)} outline>
              {t('companies.interventions.new')}
            </NavButton>
          </>
        ) : undefined
      }
    >
      <div className="third-party-co-scroll">
        {company.pending && <WaitingMark pending={company.pending} />}
        <RecordFields
          fields={[
            { label: t('companies.field.activity'), value: company.activity },
            { label: t('companies.field.siret'), value: company.siret },
            { label: t('companies.field.address'), value: company.address },
            { label: t('companies.field.contactName'), value: company.contactName },
            { label: t('companies.field.email'), value: company.email ? <a href={`mailto:${company.email}`}>{company.email}</a> : '' },
            { label: t('companies.field.phone'), value: company.phone ? <a href={`tel:${company.phone.replace(/\s/g, '')}`}>{company.phone}</a> : '' },
          ]}
        />
        <RecordSection title={t('companies.company.workers', { count: people.length })}>
          {people.length === 0 && <p>{t('companies.company.no_workers')}</p>}
          {people.map((w) => (
            <div key={w.id} className="third-party-co-row">
              <span className="third-party-co-row-text">
                <a href={workerHref(w.id)} onClick={follow(workerHref(w.id))}>
                  {w.name}
                </a>
                <span className="third-party-co-muted">{w.role}</span>
              </span>
              <span className="third-party-co-choices">
                {w.qualifications.map((q) => (
                  <QualificationChip key={q.name} qualification={q} />
                ))}
              </span>
              {w.pending && <WaitingMark pending={w.pending} />}
            </div>
          ))}
        </RecordSection>
        <RecordSection title={t('companies.company.interventions')}>
          {works.length === 0 && <p>{t('companies.interventions.empty')}</p>}
          {works.map((i) => (
            <InterventionRow key={i.id} intervention={i} />
          ))}
        </RecordSection>
        {manager && (
          <DeleteAction
            question={t('companies.company.delete_question', { name: company.name })}
            onDelete={async () => {
              await companies.queueDelete(company);
              showSavedToast(t('companies.deleted'));
              void router.navigate({ href: companiesHref(), replace: true });
            }}
          />
        )}
      </div>
    </ModulePage>
  );
}

function Missing({ title, loading, onBack }: { title: string; loading: boolean; onBack: () => void }) {
  const { t } = useTranslation('third-party');
  return (
    <ModulePage title={title} onBack={onBack}>
      <p className="third-party-co-scroll">{loading ? t('companies.panel.loading') : t('companies.not_found')}</p>
    </ModulePage>
  );
}

export function WorkerPage() {
  const { t } = useTranslation('third-party');
  const id = useRecordId('workerId');
  const manager = useManager();
  const data = useCompaniesData();
  const worker = data.workers.find((w) => w.id === id);
  const back = useBack(worker ? companyHref(worker.companyId) : companiesHref());
  const follow = useLinkNavigation();
  const router = useRouter();
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    let alive = true;
    void QRCode.toDataURL(badgeCode(id), { margin: 2, width: 400, errorCorrectionLevel: 'M' }).then((url) => alive && setQr(url));
    return () => {
      alive = false;
    };
  }, [id]);
  if (!worker) return <Missing title={t('companies.worker.title')} loading={data.loading} onBack={back} />;
  return (
    <ModulePage
      title={worker.name}
      onBack={back}
      actions={
        <>
          {manager && <NavButton href={workerEditHref(id)}>{t('companies.edit')}</NavButton>}
          <IonButton fill="outline" onClick={() => window.print()}>
            {t('companies.worker.print_badge')}
          </IonButton>
        </>
      }
    >
      <div className="third-party-co-scroll">
        {worker.pending && <WaitingMark pending={worker.pending} />}
        <RecordFields
          fields={[
            {
              label: t('companies.field.company'),
              value: (
                <a href={companyHref(worker.companyId)} onClick={follow(companyHref(worker.companyId))}>
                  {worker.companyName}
                </a>
              ),
            },
            { label: t('companies.field.role'), value: worker.role },
            { label: t('companies.field.phone'), value: worker.phone },
          ]}
        />
        <RecordSection title={t('companies.worker.qualifications')}>
          {worker.qualifications.length === 0 ? (
            <p>{t('companies.worker.no_qualifications')}</p>
          ) : (
            <span className="third-party-co-choices">
              {worker.qualifications.map((q) => (
                <QualificationChip key={q.name} qualification={q} />
              ))}
            </span>
          )}
        </RecordSection>
        <RecordSection title={t('companies.worker.badge')}>
          <div className="third-party-co-badge">
            {qr && <img src={qr} alt={t('companies.worker.badge_alt', { name: worker.name })} />}
            <strong>{worker.name}</strong>
            <span>{worker.companyName}</span>
            <span className="third-party-co-muted">{badgeCode(worker.id)}</span>
          </div>
        </RecordSection>
        {manager && (
          <DeleteAction
            question={t('companies.worker.delete_question', { name: worker.name })}
            onDelete={async () => {
              await workers.queueDelete(worker);
              showSavedToast(t('companies.deleted'));
              void router.navigate({ href: companyHref(worker.companyId), replace: true });
            }}
          />
        )}
      </div>
    </ModulePage>
  );
}

// ---------------------------------------------------------------- interventions

function InterventionRow({ intervention: i }: { intervention: ReturnType<typeof useCompaniesData>['interventions'][number] }) {
  const { t, i18n } = useTranslation('third-party');
  const follow = useLinkNavigation();
  return (
    <div className="third-party-co-row">
      <span className="third-party-co-row-text">
        <a href={interventionHref(i.id)} onClick={follow(interventionHref(i.id))}>
          {i.title}
        </a>
        <span className="third-party-co-muted">
          {[i.companyName, i.siteName, `${formatDay(i.startsOn, i18n.language)} – ${formatDay(i.endsOn, i18n.language)}`].filter(Boolean).join(' · ')}
        </span>
      </span>
      <StatusChip label={t(`companies.state.${i.state}`)} tone={INTERVENTION_TONES[i.state]} />
      <StatusChip label={t(`companies.plan_state.${i.planState}`)} tone={PLAN_TONES[i.planState]} />
      {i.warnings.length > 0 && <StatusChip label={t('companies.interventions.warnings', { count: i.warnings.length })} tone="danger" />}
      {i.pending && <WaitingMark pending={i.pending} />}
    </div>
  );
}

export function InterventionsPage() {
  const { t } = useTranslation('third-party');
  const manager = useManager();
  const data = useCompaniesData();
  return (
    <ModulePage title={t('companies.interventions.title')} actions={manager ? <NavButton href={interventionNewHref()}>{t('companies.interventions.new')}</NavButton> : undefined}>
      <div className="third-party-co-scroll">
        {data.error && data.interventions.length === 0 && <p role="alert">{describeApiError(data.error)}</p>}
        {!data.loading && data.interventions.length === 0 && <p>{t('companies.interventions.empty')}</p>}
        {data.interventions.map((i) => (
          <InterventionRow key={i.id} intervention={i} />
        ))}
      </div>
    </ModulePage>
  );
}

/** A section's title: the template's translated, a custom one as written. */
export function useSectionTitle() {
  const { t } = useTranslation('third-party');
  return (section: PlanSection) => ((PLAN_SECTION_KEYS as readonly string[]).includes(section.key) && section.title === '' ? t(`companies.plan.section.${section.key}`) : section.title || section.key);
}

export function InterventionPage() {
  const { t, i18n } = useTranslation('third-party');
  const id = useRecordId('interventionId');
  const manager = useManager();
  const shares = can(useEnvelope((state) => state.rights), 'thirdParty');
  const router = useRouter();
  const data = useCompaniesData();
  const back = useBack(interventionsHref());
  const titleOf = useSectionTitle();
  const signWrites = usePendingChanges(SIGNATURES_MODULE).filter((w) => w.item.state !== 'sent' && (w.payload as SignPayload | undefined)?.interventionId === id);
  const [editing, setEditing] = useState<PlanSection[] | null>(null);
  const [signing, setSigning] = useState<SignerRole | null>(null);
  const intervention = data.interventions.find((i) => i.id === id);
  if (!intervention) return <Missing title={t('companies.intervention.title')} loading={data.loading} onBack={back} />;

  const queued = signWrites.map((w) => ({ write: w, payload: w.payload as SignPayload })).filter((s) => s.payload.planVersion === intervention.planVersion);
  const roles = new Set([...intervention.signatures.map((s) => s.role), ...queued.filter((s) => s.write.item.state !== 'failed').map((s) => s.payload.role)]);
  const planState: PlanState = roles.size === 0 ? 'toSign' : roles.size === 1 ? 'partlySigned' : 'signed';
  const savePlan = async (sections: PlanSection[]) => {
    const { pending: _pending, ...record } = intervention;
    await interventions.queueUpdate(record, { ...record, planSections: sections });
    setEditing(null);
    showSavedToast(t('companies.plan.saved'));
  };
  const signatureOf = (role: SignerRole) => {
    const server = intervention.signatures.find((s) => s.role === role);
    if (server) return { name: server.name, signedAt: server.signedAt, write: undefined };
    const mine = queued.find((s) => s.payload.role === role);
    return mine ? { name: mine.payload.name, signedAt: mine.payload.signedAt, write: mine.write } : null;
  };
  return (
    <ModulePage
      title={intervention.title}
      onBack={back}
      actions={
        <>
          {manager && <NavButton href={interventionEditHref(id)}>{t('companies.edit')}</NavButton>}
          {shares && (
            <IonButton fill="outline" onClick={() => void router.navigate({ href: sharePlanHref(intervention.siteId, intervention.id, intervention.companyEmail) })}>
              {t('companies.plan.share')}
            </IonButton>
          )}
        </>
      }
    >
      <div className="third-party-co-scroll">
        <span className="third-party-co-choices">
          <StatusChip label={t(`companies.state.${intervention.state}`)} tone={INTERVENTION_TONES[intervention.state]} />
          <StatusChip label={t(`companies.plan_state.${planState}`)} tone={PLAN_TONES[planState]} />
          {intervention.pending && <WaitingMark pending={intervention.pending} />}
        </span>
        <RecordFields
          fields={[
            { label: t('companies.field.company'), value: intervention.companyName },
            { label: t('companies.field.site'), value: intervention.siteName },
            { label: t('companies.field.dates'), value: `${formatDay(intervention.startsOn, i18n.language)} – ${formatDay(intervention.endsOn, i18n.language)}` },
            { label: t('companies.field.workers'), value: intervention.workers.map((w) => w.name).join(', ') },
          ]}
        />
        {intervention.warnings.length > 0 && (
          <div className="third-party-co-warning" role="note">
            {intervention.warnings.map((w) => (
              <p key={`${w.workerId}-${w.qualification}`}>
                {t('companies.intervention.warning', { worker: w.workerName, qualification: w.qualification, day: formatDay(w.expiresOn, i18n.language) })}
              </p>
            ))}
          </div>
        )}
        <RecordSection
          title={t('companies.plan.title', { version: intervention.planVersion })}
          actions={
            manager && editing === null ? (
              <IonButton fill="outline" onClick={() => setEditing(intervention.planSections)}>
                {t('companies.plan.fill')}
              </IonButton>
            ) : undefined
          }
        >
          {editing !== null ? (
            <PlanEditor sections={editing} signed={roles.size > 0} onChange={setEditing} onSave={(s) => void savePlan(s)} onCancel={() => setEditing(null)} />
          ) : (
            intervention.planSections.map((section, index) => (
              <div key={`${section.key}-${index}`} className="third-party-co-card">
                <h3>{titleOf(section)}</h3>
                <p className="third-party-co-section-body">{section.body || t('companies.plan.empty_section')}</p>
              </div>
            ))
          )}
        </RecordSection>
        <RecordSection title={t('companies.plan.signatures')}>
          {(['district', 'company'] as const).map((role) => {
            const signature = signatureOf(role);
            return (
              <div key={role} className="third-party-co-card">
                <h3>{t(`companies.plan.signer_${role}`)}</h3>
                {signature ? (
                  <p>
                    {t('companies.plan.signed_by', { name: signature.name, at: formatDateTime(signature.signedAt, i18n.language) })} <Waiting write={signature.write} />
                  </p>
                ) : signing === role ? (
                  <SignForm
                    role={role}
                    defaultName={role === 'company' ? (data.companies.find((c) => c.id === intervention.companyId)?.contactName ?? '') : ''}
                    onCancel={() => setSigning(null)}
                    onSign={async (name, drawn) => {
                      await queueSignature(intervention, role, name, drawn.blob);
                      setSigning(null);
                      showSavedToast(t('companies.plan.signature_saved'));
                    }}
                  />
                ) : (
                  <IonButton disabled={editing !== null || intervention.pending?.created === true} onClick={() => setSigning(role)}>
                    {t(`companies.plan.sign_${role}`)}
                  </IonButton>
                )}
              </div>
            );
          })}
          {intervention.previousSignatures.length > 0 && (
            <p className="third-party-co-muted">
              {t('companies.plan.previous', {
                list: intervention.previousSignatures.map((s) => `${s.name} (v${s.planVersion}, ${formatDateTime(s.signedAt, i18n.language)})`).join(', '),
              })}
            </p>
          )}
        </RecordSection>
        {manager && (
          <DeleteAction
            question={t('companies.intervention.delete_question', { title: intervention.title })}
            onDelete={async () => {
              await interventions.queueDelete(intervention);
              showSavedToast(t('companies.deleted'));
              void router.navigate({ href: interventionsHref(), replace: true });
            }}
          />
        )}
        {!intervention.pending?.created && (
          <RecordSection title={t('companies.history')}>
            <HistoryList query={interventions.historyQueryOptions(id)} fields={COMPANIES_HISTORY_FIELDS} />
          </RecordSection>
        )}
      </div>
    </ModulePage>
  );
}

function PlanEditor({ sections, signed, onChange, onSave, onCancel }: { sections: PlanSection[]; signed: boolean; onChange: (s: PlanSection[]) => void; onSave: (s: PlanSection[]) => void; onCancel: () => void }) {
  const { t } = useTranslation('third-party');
  const titleOf = useSectionTitle();
  const set = (index: number, change: Partial<PlanSection>) => onChange(sections.map((s, i) => (i === index ? { ...s, ...change } : s)));
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSave(sections.filter((s) => s.key !== 'custom' || s.title.trim() !== '' || s.body.trim() !== ''));
      }}
    >
      {signed && (
        <p className="third-party-co-warning" role="note">
          {t('companies.plan.new_version_note')}
        </p>
      )}
      {sections.map((section, index) => (
        <div key={index} className="third-party-co-card">
          {section.key === 'custom' ? (
            <TextField label={t('companies.plan.custom_title')} value={section.title} onChange={(title) => set(index, { title })} problem={undefined} maxlength={200} />
          ) : (
            <h3>{titleOf(section)}</h3>
          )}
          <TextField label={t('companies.plan.section_text', { title: titleOf(section) })} value={section.body} onChange={(body) => set(index, { body })} problem={undefined} multiline maxlength={20000} />
        </div>
      ))}
      <span className="third-party-co-choices">
        <IonButton fill="outline" onClick={() => onChange([...sections, { key: 'custom', title: '', body: '' }])}>
          {t('companies.plan.add_section')}
        </IonButton>
        <IonButton type="submit">{t('companies.save')}</IonButton>
        <IonButton fill="clear" onClick={onCancel}>
          {t('companies.cancel')}
        </IonButton>
      </span>
    </form>
  );
}

function SignForm({ role, defaultName, onSign, onCancel }: { role: SignerRole; defaultName: string; onSign: (name: string, drawn: DrawnSignature) => Promise<void>; onCancel: () => void }) {
  const { t } = useTranslation('third-party');
  const [name, setName] = useState(defaultName);
  const [drawn, setDrawn] = useState<DrawnSignature | undefined>(undefined);
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <form
      aria-label={t(`companies.plan.sign_${role}`)}
      onSubmit={(event) => {
        event.preventDefault();
        if (name.trim() === '') return setProblem(t('companies.plan.name_missing'));
        if (!drawn) return setProblem(t('companies.plan.drawing_missing'));
        void onSign(name.trim(), drawn).catch((error: unknown) => showToast({ message: describeApiError(error), kind: 'danger' }));
      }}
    >
      <p>{t('companies.plan.read_before')}</p>
      <TextField label={t('companies.plan.signer_name')} value={name} onChange={setName} problem={undefined} maxlength={200} required />
      <SignaturePad label={t('companies.plan.signature')} value={drawn} onChange={setDrawn} />
      {problem && (
        <p role="alert" className="third-party-co-warning">
          {problem}
        </p>
      )}
      <span className="third-party-co-choices">
        <IonButton type="submit">{t('companies.plan.confirm_signature')}</IonButton>
        <IonButton fill="clear" onClick={onCancel}>
          {t('companies.cancel')}
        </IonButton>
      </span>
    </form>
  );
}
