/**
 * The tc screens: /tc (the current terms of use and privacy notice, the caller's acceptance),
 * /tc/editor (an operator publishes a new version) and /tc/audit (the audit log, read only).
 */
import { IonButton, IonCheckbox, IonSpinner } from '@ionic/react';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AUDIT_ACTS, TC_NOTE_MAX, TC_TEXT_MAX, type AuditEntry, type TcPublishBody } from '../../../../common/modules/tc/schemas';
import { FilterSelect } from '../../../components/module/FilterSelect';
import { ModulePage } from '../../../components/module/ModulePage';
import { formatDateTime } from '../../../lib/dates';
import { downloadApiFile } from '../../../lib/download';
import { useEnvelope } from '../../../lib/envelope-store';
import { describeApiError } from '../../../lib/error-messages';
import { enqueueWrite, onDelivered, usePendingWrites } from '../../../lib/outbox';
import { can } from '../../../lib/rights';
import { showToast } from '../../../lib/toast';
import { auditQuery, auditSearchParams, registerTcSenders, TC_MODULE, TC_PUBLISH, tcKeys, tcStatusQuery, tcVersionsQuery, type AuditFilters } from '../api';
import { TcText } from './TcText';
import './tc.css';

registerTcSenders();

const formatDate = (iso: string, language: string) => formatDateTime(iso, language);

export function TcPage() {
  const { t, i18n } = useTranslation('tc');
  const status = useQuery(tcStatusQuery());
  const rights = useEnvelope((state) => state.rights);
  const [tab, setTab] = useState<'terms' | 'privacy'>('terms');
  const current = status.data?.current ?? null;
  const en = i18n.language.startsWith('en');
  return (
    <ModulePage
      title={t('page.title')}
      className="tc-page"
      actions={
        <>
          {can(rights, 'admin') || can(rights, 'operatorAdmin') ? (
            <Link className="tc-link tc-target" to="/tc/audit">
              {t('page.audit')}
            </Link>
          ) : null}
          {can(rights, 'operatorAdmin') ? (
            <Link className="tc-link tc-target" to="/tc/editor">
              {t('page.editor')}
            </Link>
          ) : null}
        </>
      }
    >
      {status.isPending && <IonSpinner name="crescent" aria-label={t('loading')} />}
      {status.isError && <p role="alert">{describeApiError(status.error)}</p>}
      {status.isSuccess && current === null && <p>{t('page.none')}</p>}
      {current !== null && (
        <>
          <p className="tc-meta">
            {t('page.version', { version: current.version, date: formatDate(current.publishedAt, i18n.language) })}
            {status.data?.acceptedAt ? ` · ${t('page.accepted', { version: status.data.acceptedVersion, date: formatDate(status.data.acceptedAt, i18n.language) })}` : ''}
          </p>
          <div className="tc-tabs" role="tablist" aria-label={t('page.title')}>
            {(['terms', 'privacy'] as const).map((name) => (
              <button key={name} type="button" role="tab" id={`tc-tab-${name}`} aria-controls="tc-panel" aria-selected={tab === name} className="tc-tab tc-target" onClick={() => setTab(name)}>
                {t(`page.${name}`)}
              </button>
            ))}
          </div>
          <div id="tc-panel" role="tabpanel" aria-labelledby={`tc-tab-${tab}`} className="tc-panel">
            <TcText text={tab === 'terms' ? (en ? current.termsEn : current.termsFr) : en ? current.privacyEn : current.privacyFr} />
          </div>
        </>
      )}
    </ModulePage>
  );
}

function TextArea({ label, value, onChange, rows = 10 }: { label: string; value: string; onChange: (value: string) => void; rows?: number }) {
  const id = useId();
  return (
    <div className="tc-field">
      <label htmlFor={id}>{label}</label>
      <textarea id={id} value={value} rows={rows} maxLength={TC_TEXT_MAX} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}

export function TcEditorPage() {
  const { t, i18n } = useTranslation('tc');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const status = useQuery(tcStatusQuery());
  const versions = useQuery(tcVersionsQuery());
  const pending = usePendingWrites(TC_MODULE);
  const [form, setForm] = useState<TcPublishBody | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const noteId = useId();
  const current = status.data?.current;
  useEffect(() => {
    if (form === null && status.isSuccess) {
      setForm({ termsFr: current?.termsFr ?? '', termsEn: current?.termsEn ?? '', privacyFr: current?.privacyFr ?? '', privacyEn: current?.privacyEn ?? '', requiresAcceptance: true, note: '' });
    }
  }, [form, status.isSuccess, current]);
  useEffect(
    () =>
      onDelivered((module) => {
        if (module !== TC_MODULE) return;
        void queryClient.invalidateQueries({ queryKey: tcKeys.all });
      }),
    [queryClient],
  );
  const set = (patch: Partial<TcPublishBody>) => setForm((previous) => (previous === null ? previous : { ...previous, ...patch }));
  const publish = async () => {
    if (form === null) return;
    if ([form.termsFr, form.termsEn, form.privacyFr, form.privacyEn].some((text) => text.trim() === '')) {
      setProblem(t('editor.required'));
      return;
    }
    setProblem(null);
    await enqueueWrite({ kind: TC_PUBLISH, module: TC_MODULE, recordId: crypto.randomUUID(), baseVersion: null, payload: { ...form, note: form.note?.trim() ?? '' }, summary: { note: form.note ?? '' } });
    showToast({ message: t('editor.queued'), kind: 'success' });
    await navigate({ to: '/tc' });
  };
  const waiting = pending.filter((write) => write.kind === TC_PUBLISH).length;
  return (
    <ModulePage title={t('editor.title')} className="tc-page" onBack={() => void navigate({ to: '/tc' })}>
      {waiting > 0 && (
        <p className="tc-waiting" role="status">
          {t('editor.waiting', { count: waiting })}
        </p>
      )}
      {form === null ? (
        <IonSpinner name="crescent" aria-label={t('loading')} />
      ) : (
        <form
          className="tc-form"
          onSubmit={(event) => {
            event.preventDefault();
            void publish();
          }}
        >
          <p>{t('editor.syntax')}</p>
          <TextArea label={t('editor.termsFr')} value={form.termsFr} onChange={(termsFr) => set({ termsFr })} />
          <TextArea label={t('editor.termsEn')} value={form.termsEn} onChange={(termsEn) => set({ termsEn })} />
          <TextArea label={t('editor.privacyFr')} value={form.privacyFr} onChange={(privacyFr) => set({ privacyFr })} />
          <TextArea label={t('editor.privacyEn')} value={form.privacyEn} onChange={(privacyEn) => set({ privacyEn })} />
          <div className="tc-field">
            <label htmlFor={noteId}>{t('editor.note')}</label>
            <input id={noteId} value={form.note ?? ''} maxLength={TC_NOTE_MAX} onChange={(event) => set({ note: event.target.value })} />
          </div>
          <IonCheckbox className="tc-target" labelPlacement="end" justify="start" checked={form.requiresAcceptance} onIonChange={(event) => set({ requiresAcceptance: event.detail.checked })}>
            {t('editor.requiresAcceptance')}
          </IonCheckbox>
          {problem !== null && <p role="alert">{problem}</p>}
          <div className="tc-actions">
            <IonButton type="submit" className="tc-target">
              {t('editor.publish')}
            </IonButton>
          </div>
        </form>
      )}
      <h2>{t('editor.versions')}</h2>
      {versions.isError && <p role="alert">{describeApiError(versions.error)}</p>}
      <ul className="tc-versions">
        {(versions.data ?? []).map((version) => (
          <li key={version.version}>
            <strong>v{version.version}</strong> · {formatDate(version.publishedAt, i18n.language)} · {version.publishedBy} · {version.requiresAcceptance ? t('editor.major') : t('editor.minor')} ·{' '}
            {t('editor.acceptances', { count: version.acceptances })}
            {version.note ? ` · ${version.note}` : ''}
          </li>
        ))}
      </ul>
    </ModulePage>
  );
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  const { t, i18n } = useTranslation('tc');
  const details = Object.entries(entry.details)
    .map(([key, value]) => `${key}: ${Array.isArray(value) ? value.join(', ') : typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value)}`)
    .join(' · ');
  return (
    <li className="tc-audit-row">
      <div className="tc-audit-head">
        <strong>{t(`acts.${entry.act.replace('.', '_')}`, { defaultValue: entry.act })}</strong>
        <span>{formatDate(entry.at, i18n.language)}</span>
      </div>
      <div>
        {t('audit.by', { actor: entry.actorEmail || t('audit.system') })}
        {entry.targetLabel || entry.targetId ? ` · ${entry.targetLabel || entry.targetId}` : ''}
      </div>
      {details !== '' && <div className="tc-audit-details">{details}</div>}
    </li>
  );
}

export function TcAuditPage() {
  const { t } = useTranslation('tc');
  const navigate = useNavigate();
  const [filters, setFilters] = useState<AuditFilters>({});
  const [person, setPerson] = useState('');
  const personId = useId();
  const fromId = useId();
  const toId = useId();
  useEffect(() => {
    const timer = setTimeout(() => setFilters((previous) => (previous.person === (person.trim() || undefined) ? previous : { ...previous, person: person.trim() || undefined })), 300);
    return () => clearTimeout(timer);
  }, [person]);
  const log = useInfiniteQuery(auditQuery(filters));
  const entries = log.data?.pages.flatMap((page) => page.items) ?? [];
  const download = async () => {
    try {
      await downloadApiFile('tc/audit/export.csv', auditSearchParams(filters), 'journal-audit.csv');
    } catch (error) {
      showToast({ message: describeApiError(error), kind: 'danger', persistent: true });
    }
  };
  return (
    <ModulePage
      title={t('audit.title')}
      className="tc-page"
      onBack={() => void navigate({ to: '/tc' })}
      actions={
        <IonButton fill="outline" className="tc-target" onClick={() => void download()}>
          {t('audit.csv')}
        </IonButton>
      }
    >
      <p>{t('audit.intro')}</p>
      <div className="tc-filters">
        <FilterSelect label={t('audit.act')} anyLabel={t('audit.anyAct')} value={filters.act} options={AUDIT_ACTS.map((act) => ({ value: act, label: t(`acts.${act.replace('.', '_')}`) }))} onChange={(act) => setFilters({ ...filters, act: act as AuditFilters['act'] })} />
        <div className="tc-field">
          <label htmlFor={personId}>{t('audit.person')}</label>
          <input id={personId} type="search" value={person} onChange={(event) => setPerson(event.target.value)} />
        </div>
        <div className="tc-field">
          <label htmlFor={fromId}>{t('audit.from')}</label>
          <input id={fromId} type="date" value={filters.from ?? ''} onChange={(event) => setFilters({ ...filters, from: event.target.value || undefined })} />
        </div>
        <div className="tc-field">
          <label htmlFor={toId}>{t('audit.to')}</label>
          <input id={toId} type="date" value={filters.to ?? ''} onChange={(event) => setFilters({ ...filters, to: event.target.value || undefined })} />
        </div>
      </div>
      {log.isPending && <IonSpinner name="crescent" aria-label={t('loading')} />}
      {log.isError && <p role="alert">{describeApiError(log.error)}</p>}
      {log.isSuccess && entries.length === 0 && <p>{t('audit.empty')}</p>}
      <ul className="tc-audit" aria-label={t('audit.title')}>
        {entries.map((entry) => (
          <AuditRow key={entry._id} entry={entry} />
        ))}
      </ul>
      {log.hasNextPage && (
        <IonButton fill="outline" className="tc-target" disabled={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
          {t('audit.more')}
        </IonButton>
      )}
    </ModulePage>
  );
}
