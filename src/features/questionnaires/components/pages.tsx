/**
 * The Questionnaires pages, one per route of routes.tsx (the module's chunk): the field user's
 * inspections (to do, in progress, done), starting one on site, and an inspection (filled on
 * the device while it is its assignee's and not submitted; its report otherwise).
 */
import { IonButton, IonSpinner } from '@ionic/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, Outlet, useParams, useRouter, useSearch } from '@tanstack/react-router';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DevicePosition, InspectionSummary } from '../../../../common/modules/questionnaires/schemas';
import { ModulePage } from '../../../components/module/ModulePage';
import { useBack } from '../../../hooks/use-back';
import { StatusChip } from '../../../components/module/StatusChip';
import { WaitingMark } from '../../../components/WaitingMark';
import { currentActor } from '../../../lib/current-actor';
import { describeApiError } from '../../../lib/error-messages';
import { usePendingWrites } from '../../../lib/outbox';
import { onRecordsChanged } from '../../../lib/socket';
import { showToast } from '../../../lib/toast';
import { questionnairesKeys } from '../api/keys';
import { inspectionQueryOptions, inspectionsQueryOptions, siteChoicesQueryOptions, templateQueryOptions, templatesQueryOptions } from '../api/reads';
import { dropFill, loadFill, newFill, saveFill, type FillState } from '../fill';
import { inspectionHref, inspectionsHref, MANAGE_PATH, startHref, type InspectionTab } from '../paths';
import { registerQuestionnaireSenders } from '../senders';
import { QUESTIONNAIRES_MODULE, queueStart, SUBMIT } from '../writes';
import { InspectionFill } from './InspectionFill';
import { InspectionReport } from './InspectionReport';
import { QuestionnairesNav } from './QuestionnairesNav';
import { formatDateTime } from '../../../lib/dates';
import './questionnaires.css';

registerQuestionnaireSenders();

const TABS: readonly InspectionTab[] = ['todo', 'inProgress', 'submitted'];

/** Around every Questionnaires page: the server's `records:changed` refetches what shows an inspection or a template. */
export function QuestionnairesLayout() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const stopInspections = onRecordsChanged(QUESTIONNAIRES_MODULE, (ids) => {
      void queryClient.invalidateQueries({ queryKey: questionnairesKeys.lists() });
      for (const id of ids) void queryClient.invalidateQueries({ queryKey: questionnairesKeys.detail(id) });
    });
    const stopTemplates = onRecordsChanged('questionnaire_templates', () => void queryClient.invalidateQueries({ queryKey: questionnairesKeys.templates() }));
    return () => {
      stopInspections();
      stopTemplates();
    };
  }, [queryClient]);
  return <Outlet />;
}

const day = (iso: string | null, language: string) => (iso === null ? null : formatDateTime(iso, language));

export function InspectionsPage() {
  const { t, i18n } = useTranslation('questionnaires');
  const raw: Record<string, unknown> = useSearch({ strict: false });
  const tab: InspectionTab = TABS.includes(raw.tab as InspectionTab) ? (raw.tab as InspectionTab) : 'todo';
  const me = currentActor();
  const list = useQuery(inspectionsQueryOptions(tab, me?.id ?? null));
  const pending = usePendingWrites(QUESTIONNAIRES_MODULE);
  const router = useRouter();
  const waiting = new Set(pending.map((p) => p.recordId));
  const rows = list.data?.items ?? [];
  return (
    <ModulePage className="questionnaires-page"
      title={t('list.title')}
      actions={<IonButton onClick={() => void router.navigate({ href: startHref() })}>{t('list.start')}</IonButton>}
    >
      <QuestionnairesNav current="mine" />
      <nav className="inspection-tabs" aria-label={t('list.tabs')}>
        {TABS.map((name) => (
          <Link key={name} to={inspectionsHref(name)} aria-current={name === tab ? 'page' : undefined} className={name === tab ? 'active' : ''}>
            {t(`tab.${name}`)}
          </Link>
        ))}
      </nav>
      {pending.length > 0 && (
        <p className="inspection-help" role="status">
          {t('list.waiting', { count: new Set(pending.map((p) => p.recordId)).size })}
        </p>
      )}
      {list.isPending && list.fetchStatus !== 'paused' && <IonSpinner name="crescent" aria-label={t('list.loading')} />}
      {list.isPending && list.fetchStatus === 'paused' && <p>{t('list.offline_empty')}</p>}
      {list.isError && list.data === undefined && <p role="alert">{describeApiError(list.error)}</p>}
      {list.data !== undefined && rows.length === 0 && <p>{t(`list.empty.${tab}`)}</p>}
      <ul className="bare-list inspection-list" aria-label={t(`tab.${tab}`)}>
        {rows.map((row) => (
          <InspectionRow key={row.id} row={row} locale={i18n.language} waiting={waiting.has(row.id)} />
        ))}
      </ul>
    </ModulePage>
  );
}

function InspectionRow({ row, locale, waiting }: { row: InspectionSummary; locale: string; waiting: boolean }) {
  const { t } = useTranslation('questionnaires');
  return (
    <li>
      <Link to={inspectionHref(row.id)} className="inspection-row">
        <span className="inspection-row-title">{row.templateName}</span>
        <span className="inspection-row-site">{row.siteName ?? t('report.no_site')}</span>
        <span className="inspection-row-marks">
          {row.status === 'submitted' ? (
            <>
              {row.percent !== null && <span>{t('fill.score', { percent: row.percent })}</span>}
              {row.passed !== null && <StatusChip label={t(row.passed ? 'report.passed' : 'report.failed')} tone={row.passed ? 'success' : 'danger'} />}
              {row.submittedAt && <span>{day(row.submittedAt, locale)}</span>}
            </>
          ) : (
            <>
              {row.dueAt && <span>{t('list.due', { at: day(row.dueAt, locale) })}</span>}
              {row.overdue && <StatusChip label={t('list.overdue')} tone="danger" />}
            </>
          )}
          {waiting && <WaitingMark />}
        </span>
      </Link>
    </li>
  );
}

/** The device's position, if it gives one within a few seconds (starting never waits on it). */
function devicePosition(): Promise<DevicePosition | null> {
  if (!('geolocation' in navigator)) return Promise.resolve(null);
  return new Promise((done) => {
    navigator.geolocation.getCurrentPosition(
      (p) => done({ lat: Number(p.coords.latitude.toFixed(6)), lng: Number(p.coords.longitude.toFixed(6)), accuracy: Math.round(p.coords.accuracy) }),
      () => done(null),
      { enableHighAccuracy: true, timeout: 8_000, maximumAge: 60_000 },
    );
  });
}

export function StartPage() {
  const { t } = useTranslation('questionnaires');
  const router = useRouter();
  const raw: Record<string, unknown> = useSearch({ strict: false });
  const templateId = typeof raw.template === 'string' ? raw.template : undefined;
  const templates = useQuery(templatesQueryOptions());
  const template = useQuery({ ...templateQueryOptions(templateId ?? ''), enabled: templateId !== undefined });
  const [search, setSearch] = useState('');
  const sites = useQuery(siteChoicesQueryOptions(search));
  const [siteId, setSiteId] = useState<string | null>(typeof raw.site === 'string' ? raw.site : null);
  const [starting, setStarting] = useState(false);
  const ids = { search: useId(), sites: useId() };
  const back = () => void router.navigate({ href: inspectionsHref() });

  if (templateId === undefined) {
    return (
      <ModulePage className="questionnaires-page" title={t('start.choose_template')} onBack={back}>
        {templates.isPending && templates.fetchStatus !== 'paused' && <IonSpinner name="crescent" aria-label={t('list.loading')} />}
        {templates.isPending && templates.fetchStatus === 'paused' && <p>{t('start.offline_no_templates')}</p>}
        {templates.isError && templates.data === undefined && <p role="alert">{describeApiError(templates.error)}</p>}
        <ul className="bare-list inspection-list" aria-label={t('start.choose_template')}>
          {(templates.data ?? []).map((candidate) => (
            <li key={candidate.id}>
              <Link to={startHref({ template: candidate.id })} className="inspection-row">
                <span className="inspection-row-title">{candidate.name}</span>
                <span className="inspection-row-site">{t('start.questions', { count: candidate.questionCount })}</span>
              </Link>
            </li>
          ))}
        </ul>
      </ModulePage>
    );
  }

  const start = async () => {
    if (template.data === undefined) return;
    setStarting(true);
    try {
      const position = await devicePosition();
      const site = sites.data?.find((s) => s.id === siteId) ?? null;
      const id = await queueStart(template.data.id, siteId, position);
      const me = currentActor();
      await saveFill(
        newFill(
          { id, templateId: template.data.id, templateVersion: template.data.version, template: template.data, siteName: site?.name ?? null, startedAt: new Date().toISOString(), startPosition: position, answers: {} },
          me?.name ?? '',
        ),
      );
      void router.navigate({ href: inspectionHref(id), replace: true });
    } catch (error) {
      showToast({ message: describeApiError(error), kind: 'danger' });
      setStarting(false);
    }
  };

  return (
    <ModulePage className="questionnaires-page" title={template.data?.name ?? t('start.title')} onBack={() => void router.navigate({ href: startHref() })}>
      {template.isError && template.data === undefined && <p role="alert">{describeApiError(template.error)}</p>}
      <label htmlFor={ids.search} className="inspection-label">
        {t('start.site_search')}
        <input id={ids.search} type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
      </label>
      <fieldset className="inspection-choices inspection-sites" aria-describedby={ids.sites}>
        <legend id={ids.sites}>{t('start.site')}</legend>
        <label className={`inspection-choice${siteId === null ? ' chosen' : ''}`}>
          <input type="radio" name="site" checked={siteId === null} onChange={() => setSiteId(null)} />
          {t('start.no_site')}
        </label>
        {(sites.data ?? []).map((site) => (
          <label key={site.id} className={`inspection-choice${siteId === site.id ? ' chosen' : ''}`}>
            <input type="radio" name="site" checked={siteId === site.id} onChange={() => setSiteId(site.id)} />
            {site.name}
          </label>
        ))}
      </fieldset>
      <IonButton expand="block" onClick={() => void start()} disabled={starting || template.data === undefined}>
        {starting ? <IonSpinner name="dots" aria-label={t('start.starting')} /> : t('start.start')}
      </IonButton>
    </ModulePage>
  );
}

export function InspectionPage() {
  const { t } = useTranslation('questionnaires');
  const params: Record<string, string | undefined> = useParams({ strict: false });
  const id = params.inspectionId ?? '';
  const router = useRouter();
  const inspection = useQuery(inspectionQueryOptions(id));
  const pending = usePendingWrites(QUESTIONNAIRES_MODULE, id);
  const submitting = pending.some((p) => p.kind === SUBMIT);
  const [fill, setFill] = useState<FillState | null | undefined>(undefined);
  const queryClient = useQueryClient();
  // Submitted from this page: waiting, then (once the outbox has delivered it) the server's report.
  const [sentHere, setSentHere] = useState(false);
  useEffect(() => {
    if (submitting) setSentHere(true);
    else if (sentHere) void queryClient.invalidateQueries({ queryKey: questionnairesKeys.detail(id) });
  }, [submitting, sentHere, queryClient, id]);
  // Someone else's inspection was opened from everyone's list: back to it as it was (its filters), else to one's own.
  const backInHistory = useBack(MANAGE_PATH);
  const back = () =>
    inspection.data && inspection.data.assignee.id !== currentActor()?.id ? backInHistory() : void router.navigate({ href: inspectionsHref() });

  useEffect(() => {
    let alive = true;
    void loadFill(id).then((found) => alive && setFill(found ?? null));
    return () => {
      alive = false;
    };
  }, [id]);
  // Once the server has it submitted, the device's copy has done its work.
  const submitted = inspection.data?.status === 'submitted';
  useEffect(() => {
    if (submitted && fill) {
      void dropFill(id);
      setFill(null);
    }
  }, [submitted, fill, id]);

  if (inspection.data && (submitted || inspection.data.assignee.id !== currentActor()?.id)) return <InspectionReport inspection={inspection.data} onBack={back} />;
  if (submitting || (sentHere && !submitted)) {
    return (
      <ModulePage className="questionnaires-page" title={fill?.title ?? t('fill.title')} onBack={back}>
        <p role="status" className="inspection-waiting">
          <WaitingMark /> {t('fill.waiting')}
        </p>
      </ModulePage>
    );
  }
  if (fill === undefined) return <IonSpinner name="crescent" aria-label={t('list.loading')} />;
  const initial = fill ?? (inspection.data ? newFill(inspection.data, currentActor()?.name ?? '') : null);
  if (initial === null) {
    if (inspection.isPending && inspection.fetchStatus !== 'paused') return <IonSpinner name="crescent" aria-label={t('list.loading')} />;
    return (
      <ModulePage className="questionnaires-page" title={t('fill.title')} onBack={back}>
        <p role="alert">{inspection.isError ? describeApiError(inspection.error) : t('fill.unavailable_offline')}</p>
      </ModulePage>
    );
  }
  // Once submitted, the outbox holds it: this page shows it waiting, then its report.
  return <InspectionFill key={initial.inspectionId} initial={initial} onDevice={fill !== null} onSubmitted={() => undefined} onBack={back} />;
}
