/**
 * The planners' pages (managers of a family: its questionnaires or securesphere manage right):
 * everyone's inspections, filtered in the address, exported as CSV, and one planned for someone
 * (ManageInspectionsPage); the schedules, their form and preview (SchedulePages.tsx). Every
 * write goes through the outbox (writes.ts, kinds.ts).
 */
import { IonButton, IonSpinner } from '@ionic/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter, useSearch } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { questionnairePowers } from '../../../../common/modules/questionnaires/access';
import type { InspectionCreate, InspectionSort, InspectionSummary } from '../../../../common/modules/questionnaires/schemas';
import { FilterSelect } from '../../../components/module/FilterSelect';
import { ModulePage } from '../../../components/module/ModulePage';
import { RecordList } from '../../../components/module/RecordList';
import { StatusChip } from '../../../components/module/StatusChip';
import { WaitingMark } from '../../../components/WaitingMark';
import { useLinkNavigation } from '../../../hooks/use-link-navigation';
import { formatDateTime } from '../../../lib/dates';
import { downloadApiFile } from '../../../lib/download';
import { useEnvelope } from '../../../lib/envelope-store';
import { describeApiError } from '../../../lib/error-messages';
import { useOnDelivered, usePendingChanges } from '../../../lib/outbox';
import { showToast } from '../../../lib/toast';
import { showSavedToast } from '../../../lib/saved-toast';
import { questionnairesKeys } from '../api/keys';
import { managedInspectionsQueryOptions, membersQueryOptions, siteChoicesQueryOptions, templatesQueryOptions } from '../api/reads';
import { activeFilters, DEFAULT_MANAGE_SORT, MANAGE_SORTS, MANAGE_STATUSES, manageHref, manageQueryParams, validateManageSearch, type ManageSearch, type ManageStatus } from '../manage-search';
import { inspectionHref } from '../paths';
import { localDateTime } from '../schedule-form';
import { registerQuestionnaireSenders } from '../senders';
import { inspections } from '../kinds';
import { QUESTIONNAIRES_MODULE, queuePlan } from '../writes';
import { QuestionnairesNav } from './QuestionnairesNav';
import { SiteSelect } from '../../../components/module/SiteSelect';
import './questionnaires.css';
import './planning.css';

export { ScheduleEditPage, ScheduleNewPage, SchedulesPage } from './SchedulePages';

registerQuestionnaireSenders();

const ROW_HEIGHT = 104;
/** A narrow list's row: the template on up to two lines, site and person, the date, and the chips' line. */
const NARROW_ROW_HEIGHT = 128;

export function ManageInspectionsPage() {
  const { t, i18n } = useTranslation('questionnaires');
  const router = useRouter();
  const raw: Record<string, unknown> = useSearch({ strict: false });
  const search = validateManageSearch(raw);
  const powers = questionnairePowers(useEnvelope((state) => state.rights));
  const templates = useQuery(templatesQueryOptions());
  const members = useQuery(membersQueryOptions());
  const follow = useLinkNavigation();
  const [planning, setPlanning] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const planned = usePendingChanges(QUESTIONNAIRES_MODULE).filter((w) => w.item.kind === inspections.writeKinds.create && (w.payload as Partial<InspectionCreate> | null)?.assigneeId !== undefined);

  // A write delivered (a planned one among them): read the list again (the socket's records:changed may come before, after, or not at all to a page just loaded).
  const queryClient = useQueryClient();
  useOnDelivered(QUESTIONNAIRES_MODULE, () => void queryClient.invalidateQueries({ queryKey: questionnairesKeys.lists() }));

  const managed = (templates.data ?? []).filter((tpl) => powers.manage.includes(tpl.family));
  const setSearch = (patch: ManageSearch) => {
    const next: Record<string, unknown> = { ...validateManageSearch(router.state.location.search as Record<string, unknown>), ...patch };
    void router.navigate({ href: manageHref(validateManageSearch(next)), replace: true });
  };
  const active = activeFilters(search);
  const templateName = (id: string) => templates.data?.find((tpl) => tpl.id === id)?.name ?? '';
  const memberName = (id: string) => members.data?.find((m) => m.id === id)?.name ?? '';

  const exportCsv = async () => {
    setExportError(null);
    if (!navigator.onLine) {
      setExportError(t('manage.export_offline'));
      return;
    }
    setExporting(true);
    try {
      await downloadApiFile('questionnaires/inspections/export.csv', manageQueryParams(search), 'inspections.csv');
    } catch (error) {
      setExportError(t('manage.export_failed', { reason: describeApiError(error) }));
    } finally {
      setExporting(false);
    }
  };

  const select = (label: string, value: string | undefined, options: readonly { value: string; label: string }[], onChange: (value: string | undefined) => void) => (
    <FilterSelect label={label} anyLabel={t('manage.filter_any')} value={value} options={options} onChange={onChange} />
  );
  const percentField = (label: string, value: number | undefined, onChange: (value: number | undefined) => void) => (
    <label className="record-list-select planning-percent">
      {label}
      <input
        type="number"
        inputMode="numeric"
        min={0}
        max={100}
        value={value ?? ''}
        onChange={(event) => {
          const text = event.target.value;
          const n = Number(text);
          onChange(text === '' || !Number.isInteger(n) || n < 0 || n > 100 ? undefined : n);
        }}
      />
    </label>
  );

  return (
    <ModulePage
      className="questionnaires-page planning-page"
      title={t('manage.title')}
      actions={
        <>
          <IonButton fill="outline" onClick={() => void exportCsv()} disabled={exporting}>
            {exporting ? <IonSpinner name="dots" aria-label={t('manage.exporting')} /> : t('manage.export')}
          </IonButton>
          <IonButton onClick={() => setPlanning((open) => !open)} aria-expanded={planning}>
            {t('manage.plan')}
          </IonButton>
        </>
      }
    >
      <QuestionnairesNav current="manage" />
      {exportError !== null && (
        <p role="alert" className="planning-error">
          {exportError}
        </p>
      )}
      {planning && <PlanInspectionForm onDone={() => setPlanning(false)} />}
      {planned.length > 0 && (
        <section className="planning-waiting" aria-label={t('manage.planned_waiting')}>
          <h2>{t('manage.planned_waiting')}</h2>
          <ul>
            {planned.map((write) => {
              const payload = write.payload as InspectionCreate;
              return (
                <li key={write.item.recordId}>
                  {templateName(payload.templateId)} · {memberName(payload.assigneeId ?? '')}
                  {payload.dueAt ? ` · ${t('manage.due', { at: formatDateTime(payload.dueAt, i18n.language) })}` : ''} <WaitingMark />
                </li>
              );
            })}
          </ul>
        </section>
      )}
      <RecordList
        query={managedInspectionsQueryOptions(search)}
        label={t('manage.list_label')}
        getKey={(row: InspectionSummary) => row.id}
        rowHeight={ROW_HEIGHT}
        narrowRowHeight={NARROW_ROW_HEIGHT}
        scrollKey={manageHref(search)}
        search={search.search ?? ''}
        onSearch={(value) => setSearch({ search: value === '' ? undefined : value })}
        searchLabel={t('manage.search')}
        countText={(count) => t('manage.count', { count })}
        emptyText={active > 0 || search.search !== undefined ? t('manage.empty_filtered') : t('manage.empty')}
        sort={{
          value: search.sort ?? DEFAULT_MANAGE_SORT,
          options: MANAGE_SORTS.map((value) => ({ value, label: t(`manage.sort.${value}`) })),
          onChange: (value) => setSearch({ sort: value as InspectionSort }),
        }}
        filters={
          <details className="record-list-filters planning-filters" open={active > 0 ? true : undefined}>
            <summary>{active === 0 ? t('manage.filters') : t('manage.filters_active', { count: active })}</summary>
            <div className="planning-filter-grid">
              {select(
                t('manage.filter_status'),
                search.status,
                MANAGE_STATUSES.map((value) => ({ value, label: t(`manage.status.${value}`) })),
                (status) => setSearch({ status: status as ManageStatus | undefined }),
              )}
              {powers.manage.length > 1 &&
                select(
                  t('manage.filter_family'),
                  search.family,
                  powers.manage.map((value) => ({ value, label: t(`manage.family.${value}`) })),
                  (family) => setSearch({ family: family as ManageSearch['family'] }),
                )}
              {select(
                t('manage.filter_template'),
                search.template,
                managed.map((tpl) => ({ value: tpl.id, label: tpl.name })),
                (template) => setSearch({ template }),
              )}
              <SiteSelect label={t('manage.filter_site')} value={search.site ?? null} noneLabel={t('manage.filter_any')} onChange={(site) => setSearch({ site: site ?? undefined })} choices={siteChoicesQueryOptions} />
              {select(
                t('manage.filter_person'),
                search.assignee,
                (members.data ?? []).map((m) => ({ value: m.id, label: m.name })),
                (assignee) => setSearch({ assignee }),
              )}
              <label className="record-list-select">
                {t('manage.filter_from')}
                <input type="date" value={search.from ?? ''} onChange={(event) => setSearch({ from: event.target.value || undefined })} />
              </label>
              <label className="record-list-select">
                {t('manage.filter_to')}
                <input type="date" value={search.to ?? ''} onChange={(event) => setSearch({ to: event.target.value || undefined })} />
              </label>
              {percentField(t('manage.filter_min_percent'), search.minPercent, (minPercent) => setSearch({ minPercent }))}
              {percentField(t('manage.filter_max_percent'), search.maxPercent, (maxPercent) => setSearch({ maxPercent }))}
              {active > 0 && (
                <IonButton fill="clear" onClick={() => void router.navigate({ href: manageHref({ ...(search.search ? { search: search.search } : {}), ...(search.sort ? { sort: search.sort } : {}) }), replace: true })}>
                  {t('manage.clear_filters')}
                </IonButton>
              )}
            </div>
          </details>
        }
        renderRow={(row) => {
          const href = inspectionHref(row.id);
          return (
            <a href={href} onClick={follow(href)} className="record-row planning-row">
              <span className="record-row-text planning-row-text">
                <strong>{row.templateName}</strong>
                <span>
                  {row.siteName ?? t('report.no_site')} · {row.assignee.name}
                </span>
                <span>
                  {row.status === 'submitted' && row.submittedAt !== null
                    ? t('manage.submitted_at', { at: formatDateTime(row.submittedAt, i18n.language) })
                    : row.dueAt !== null
                      ? t('manage.due', { at: formatDateTime(row.dueAt, i18n.language) })
                      : t('manage.no_due')}
                </span>
              </span>
              <span className="record-row-chips planning-row-chips">
                {row.status !== 'submitted' && <StatusChip label={t(`manage.status.${row.status}`)} tone={row.status === 'inProgress' ? 'info' : 'neutral'} />}
                {row.overdue && <StatusChip label={t('manage.status.overdue')} tone="danger" />}
                {row.percent !== null && <span className="planning-score">{t('fill.score', { percent: row.percent })}</span>}
                {row.passed !== null && <StatusChip label={t(row.passed ? 'report.passed' : 'report.failed')} tone={row.passed ? 'success' : 'danger'} />}
                {row.status === 'submitted' && row.failedCount > 0 && <span className="planning-failed">{t('manage.failed_count', { count: row.failedCount })}</span>}
              </span>
            </a>
          );
        }}
      />
    </ModulePage>
  );
}

/** "Plan an inspection": a template, a site (or none), a person, a due time; queued, then listed once delivered. */
function PlanInspectionForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('questionnaires');
  const powers = questionnairePowers(useEnvelope((state) => state.rights));
  const templates = useQuery(templatesQueryOptions());
  const members = useQuery(membersQueryOptions());
  const [templateId, setTemplateId] = useState('');
  const [siteId, setSiteId] = useState<string | null>(null);
  const [assigneeId, setAssigneeId] = useState('');
  const [due, setDue] = useState(() => {
    const tomorrow = new Date();
    tomorrow.setDate(tomorrow.getDate() + 1);
    tomorrow.setHours(9, 0, 0, 0);
    return localDateTime(tomorrow);
  });
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const ids = { template: useId(), person: useId(), due: useId() };
  const problems = {
    template: templateId === '' ? t('manage.plan_error.template') : null,
    person: assigneeId === '' ? t('manage.plan_error.person') : null,
    due: due === '' || Number.isNaN(new Date(due).getTime()) ? t('manage.plan_error.due') : null,
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (problems.template !== null || problems.person !== null || problems.due !== null) return;
    setSaving(true);
    try {
      await queuePlan(templateId, siteId, assigneeId, new Date(due).toISOString());
      showSavedToast(t('manage.planned'));
      onDone();
    } catch (error) {
      showToast({ message: describeApiError(error), kind: 'danger' });
    } finally {
      setSaving(false);
    }
  };
  const error = (id: string, text: string | null) =>
    tried && text !== null ? (
      <span id={`${id}-error`} className="planning-field-error">
        {text}
      </span>
    ) : null;
  const described = (id: string, text: string | null) => (tried && text !== null ? { 'aria-describedby': `${id}-error`, 'aria-invalid': true } : {});
  return (
    <form className="planning-form planning-plan" onSubmit={(event) => void submit(event)} noValidate aria-label={t('manage.plan_title')}>
      <h2>{t('manage.plan_title')}</h2>
      <label className="planning-field" htmlFor={ids.template}>
        {t('manage.plan_template')}
        <select id={ids.template} value={templateId} onChange={(event) => setTemplateId(event.target.value)} {...described(ids.template, problems.template)}>
          <option value="">{t('manage.choose')}</option>
          {(templates.data ?? [])
            .filter((tpl) => tpl.deletedAt === null && powers.manage.includes(tpl.family))
            .map((tpl) => (
              <option key={tpl.id} value={tpl.id}>
                {tpl.name}
              </option>
            ))}
        </select>
        {error(ids.template, problems.template)}
      </label>
      <SiteSelect label={t('manage.plan_site')} value={siteId} noneLabel={t('manage.no_site')} onChange={setSiteId} choices={siteChoicesQueryOptions} className="planning-field" />
      <label className="planning-field" htmlFor={ids.person}>
        {t('manage.plan_person')}
        <select id={ids.person} value={assigneeId} onChange={(event) => setAssigneeId(event.target.value)} {...described(ids.person, problems.person)}>
          <option value="">{t('manage.choose')}</option>
          {(members.data ?? []).map((m) => (
            <option key={m.id} value={m.id}>
              {m.name}
            </option>
          ))}
        </select>
        {error(ids.person, problems.person)}
      </label>
      <label className="planning-field" htmlFor={ids.due}>
        {t('manage.plan_due')}
        <input id={ids.due} type="datetime-local" value={due} onChange={(event) => setDue(event.target.value)} {...described(ids.due, problems.due)} />
        {error(ids.due, problems.due)}
      </label>
      <div className="planning-buttons">
        <IonButton type="submit" disabled={saving}>
          {t('manage.plan_save')}
        </IonButton>
        <IonButton fill="clear" onClick={onDone}>
          {t('manage.cancel')}
        </IonButton>
      </div>
    </form>
  );
}
