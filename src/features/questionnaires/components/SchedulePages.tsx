/**
 * The schedules' pages (planners): the list (template, recurrence in words, sites, people, the
 * next due time, the end), a new schedule (?template=) and one to change, delete or restore.
 * The form checks what it can before queueing (at least one person, an end after the start)
 * and previews the next due dates with the server's own recurrence (common/…/recurrence.ts).
 * A schedule written on this device shows at once, marked waiting, until the outbox delivers it.
 */
import { IonButton, IonSpinner } from '@ionic/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams, useRouter, useSearch } from '@tanstack/react-router';
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { questionnairePowers } from '../../../../common/modules/questionnaires/access';
import { occurrencesFrom } from '../../../../common/modules/questionnaires/recurrence';
import { RECURRENCES, type Recurrence, type Schedule, type ScheduleCreate } from '../../../../common/modules/questionnaires/schemas';
import type { Actor } from '../../../../common/schemas/platform';
import { ModulePage } from '../../../components/module/ModulePage';
import { StatusChip } from '../../../components/module/StatusChip';
import { WaitingMark } from '../../../components/WaitingMark';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { useEnvelope } from '../../../lib/envelope-store';
import { describeApiError } from '../../../lib/error-messages';
import { useOnDelivered, usePendingChanges, useServerMayHave, withPending, withPendingRecord, type WithPending } from '../../../lib/outbox';
import { useKeptRecord } from '../../../components/module/kept-record';
import { onRecordsChanged } from '../../../lib/socket';
import { showToast } from '../../../lib/toast';
import { showSavedToast } from '../../../lib/saved-toast';
import { questionnairesKeys } from '../api/keys';
import { membersQueryOptions, scheduleQueryOptions, schedulesQueryOptions, siteChoicesQueryOptions, templatesQueryOptions } from '../api/reads';
import { newScheduleHref, scheduleHref, SCHEDULES_PATH } from '../paths';
import {
  emptyScheduleForm,
  previewOccurrences,
  recurrenceWords,
  scheduleFieldsOf,
  scheduleFormOf,
  scheduleFormProblems,
  type ScheduleFormField,
  type ScheduleFormValues,
} from '../schedule-form';
import { schedules, SCHEDULES_MODULE } from '../kinds';
import { QuestionnairesNav } from './QuestionnairesNav';
import './questionnaires.css';
import './planning.css';

/** The schedules (or the deleted ones) as this device will have them once its writes are delivered (and a refetch once they are). */
function useSchedulesView(deleted: boolean) {
  const queryClient = useQueryClient();
  const list = useQuery(schedulesQueryOptions(deleted));
  const pending = usePendingChanges(SCHEDULES_MODULE);
  // Delivered: read again (the socket's records:changed may come before, after, or not at all to a page just loaded).
  useOnDelivered(SCHEDULES_MODULE, () => void queryClient.invalidateQueries({ queryKey: questionnairesKeys.schedules() }));
  useEffect(() => onRecordsChanged(SCHEDULES_MODULE, () => void queryClient.invalidateQueries({ queryKey: questionnairesKeys.schedules() })), [queryClient]);
  return { list, pending };
}

/** The next due time from now (null once ended), by the shared recurrence: the one a planner waits for. */
export const nextDue = (schedule: Pick<Schedule, 'firstDueAt' | 'recurrence' | 'interval' | 'until'>, now = new Date()): Date | null =>
  occurrencesFrom(
    { firstDueAt: new Date(schedule.firstDueAt), recurrence: schedule.recurrence, interval: schedule.interval, until: schedule.until === null ? null : new Date(schedule.until) },
    now,
    1,
  )[0] ?? null;

export function SchedulesPage() {
  const { t, i18n } = useTranslation('questionnaires');
  const router = useRouter();
  // The state filter lives in the address (?deleted=true), as the sites' list's.
  const search: Record<string, unknown> = useSearch({ strict: false });
  const deletedView = search.deleted === true || search.deleted === 'true';
  const { list, pending } = useSchedulesView(deletedView);
  const templates = useQuery(templatesQueryOptions());
  const members = useQuery(membersQueryOptions());
  const sites = useQuery(siteChoicesQueryOptions(''));
  const nameOf = (all: readonly Actor[] | undefined, id: string) => all?.find((a) => a.id === id)?.name ?? '';
  // A schedule created here and not yet delivered: completed with the names this device knows.
  const complete = (row: WithPending<Schedule>): WithPending<Schedule> => {
    if (row.templateName !== undefined) return row;
    const created = row as unknown as ScheduleCreate & WithPending<object>;
    return {
      ...row,
      templateName: templates.data?.find((tpl) => tpl.id === created.templateId)?.name ?? '',
      sites: created.siteIds.map((id) => ({ id, name: nameOf(sites.data, id) })),
      assignees: created.assigneeIds.map((id) => ({ id, name: nameOf(members.data, id) })),
    };
  };
  const rows = withPending(list.data ?? [], schedules.ownWrites(pending))
    .map(complete)
    // The deleted view: a restore waiting to be sent takes the row out; the live one: a delete does.
    .filter((row) => (deletedView ? (row.pending?.deleted ?? true) : !(row.pending?.deleted ?? false)));
  const restore = async (row: Schedule) => {
    try {
      await schedules.queueRestore(row);
      showSavedToast(t('schedules.restored'));
    } catch (error) {
      showToast({ message: describeApiError(error), kind: 'danger' });
    }
  };
  return (
    <ModulePage
      className="questionnaires-page planning-page"
      title={t('schedules.title')}
      actions={<IonButton onClick={() => void router.navigate({ href: newScheduleHref() })}>{t('schedules.new')}</IonButton>}
    >
      <QuestionnairesNav current="schedules" />
      <label className="record-list-select planning-state">
        {t('schedules.filter_state')}
        <select value={deletedView ? 'true' : ''} onChange={(event) => void router.navigate({ href: event.target.value === 'true' ? `${SCHEDULES_PATH}?deleted=true` : SCHEDULES_PATH, replace: true })}>
          <option value="">{t('schedules.filter_active')}</option>
          <option value="true">{t('schedules.filter_deleted')}</option>
        </select>
      </label>
      {list.isPending && list.fetchStatus !== 'paused' && <IonSpinner name="crescent" aria-label={t('list.loading')} />}
      {list.isPending && list.fetchStatus === 'paused' && <p>{t('list.offline_empty')}</p>}
      {list.isError && list.data === undefined && <p role="alert">{describeApiError(list.error)}</p>}
      {list.data !== undefined && rows.length === 0 && <p>{t(deletedView ? 'schedules.deleted_empty' : 'schedules.empty')}</p>}
      <ul className="bare-list inspection-list planning-schedules" aria-label={t(deletedView ? 'schedules.deleted_list_label' : 'schedules.list_label')}>
        {rows.map((row) => {
          const next = nextDue(row);
          return (
            <li key={row.id}>
              <Link to={scheduleHref(row.id)} className="inspection-row planning-schedule">
                <span className="inspection-row-title">{row.templateName}</span>
                <span className="planning-schedule-every">{recurrenceWords(t, row.recurrence, row.interval)}</span>
                <span className="inspection-row-site">
                  {row.sites.length === 0 ? t('schedules.no_site') : row.sites.map((s) => s.name).join(', ')}
                </span>
                <span className="inspection-row-site">{t('schedules.people_list', { names: row.assignees.map((a) => a.name).join(', ') })}</span>
                <span className="planning-schedule-when">
                  {next === null ? <StatusChip label={t('schedules.ended')} /> : t('schedules.next_due', { at: formatDateTime(next, i18n.language) })}
                  {row.until !== null && ` · ${t('schedules.until_at', { at: formatDate(row.until, i18n.language) })}`}
                  {row.pending !== undefined && <WaitingMark pending={row.pending} />}
                </span>
                {deletedView && row.deletedAt != null && <span className="inspection-row-site">{t('schedules.deleted_at', { at: formatDateTime(row.deletedAt, i18n.language) })}</span>}
              </Link>
              {deletedView && row.pending === undefined && (
                <IonButton fill="outline" onClick={() => void restore(row)} aria-label={t('schedules.restore_named', { name: row.templateName })}>
                  {t('schedules.restore')}
                </IonButton>
              )}
            </li>
          );
        })}
      </ul>
    </ModulePage>
  );
}

export function ScheduleNewPage() {
  const { t } = useTranslation('questionnaires');
  const router = useRouter();
  const raw: Record<string, unknown> = useSearch({ strict: false });
  const template = typeof raw.template === 'string' ? raw.template : '';
  const back = () => void router.navigate({ href: SCHEDULES_PATH });
  const save = async (form: ScheduleFormValues) => {
    await schedules.queueCreate({ templateId: form.templateId, ...scheduleFieldsOf(form) });
    showSavedToast(t('schedules.saved_new'));
    back();
  };
  return (
    <ModulePage className="questionnaires-page planning-page" title={t('schedules.new_title')} onBack={back}>
      <ScheduleForm initial={emptyScheduleForm(template)} onSave={save} onCancel={back} />
    </ModulePage>
  );
}

export function ScheduleEditPage() {
  const { t } = useTranslation('questionnaires');
  const router = useRouter();
  const params: Record<string, string | undefined> = useParams({ strict: false });
  const id = params.scheduleId ?? '';
  const schedule = useQuery({ ...scheduleQueryOptions(id), enabled: useServerMayHave(schedules.writeKinds.create, id) });
  const pending = usePendingChanges(SCHEDULES_MODULE, id);
  const queryClient = useQueryClient();
  const back = () => void router.navigate({ href: SCHEDULES_PATH });
  const shown = useKeptRecord(withPendingRecord(schedule.data, schedules.ownWrites(pending)), schedule.isFetching);
  const deleted = shown?.pending?.deleted === true || (shown?.deletedAt != null && shown.pending === undefined);

  const save = async (form: ScheduleFormValues) => {
    if (shown === undefined) return;
    const changed = await schedules.queueUpdate(shown, { templateId: shown.templateId, ...scheduleFieldsOf(form) });
    showToast({ message: t(changed ? 'schedules.saved' : 'schedules.unchanged'), kind: changed ? 'success' : 'info' });
    void queryClient.invalidateQueries({ queryKey: questionnairesKeys.schedule(id) });
    back();
  };
  const remove = async () => {
    if (shown === undefined) return;
    try {
      await schedules.queueDelete(shown);
      showToast({
        message: t('schedules.deleted'),
        kind: 'success',
        action: { label: t('schedules.undo'), run: () => void schedules.queueRestore({ id: shown.id, version: shown.version + 1 }).catch((error: unknown) => showToast({ message: describeApiError(error), kind: 'danger' })) },
      });
      back();
    } catch (error) {
      showToast({ message: describeApiError(error), kind: 'danger' });
    }
  };
  const restore = async () => {
    if (shown === undefined) return;
    try {
      await schedules.queueRestore(shown);
      showSavedToast(t('schedules.restored'));
    } catch (error) {
      showToast({ message: describeApiError(error), kind: 'danger' });
    }
  };

  return (
    <ModulePage className="questionnaires-page planning-page" title={shown?.templateName ?? t('schedules.edit_title')} onBack={back}>
      {schedule.isPending && schedule.fetchStatus !== 'paused' && <IonSpinner name="crescent" aria-label={t('list.loading')} />}
      {schedule.isPending && schedule.fetchStatus === 'paused' && <p>{t('list.offline_empty')}</p>}
      {schedule.isError && schedule.data === undefined && <p role="alert">{describeApiError(schedule.error)}</p>}
      {shown?.pending !== undefined && (
        <p role="status" className="inspection-help">
          <WaitingMark pending={shown.pending} /> {t('schedules.waiting')}
        </p>
      )}
      {shown !== undefined && deleted && (
        <div className="planning-deleted">
          <p>{t('schedules.is_deleted')}</p>
          <IonButton onClick={() => void restore()}>{t('schedules.restore')}</IonButton>
        </div>
      )}
      {shown !== undefined && !deleted && (
        <ScheduleForm
          key={`${shown.id}:${shown.version}`}
          initial={scheduleFormOf(shown)}
          schedule={shown}
          onSave={save}
          onCancel={back}
          extra={
            <IonButton color="danger" fill="outline" onClick={() => void remove()}>
              {t('schedules.delete')}
            </IonButton>
          }
        />
      )}
    </ModulePage>
  );
}

const ERROR_FIELDS: readonly ScheduleFormField[] = ['templateId', 'assigneeIds', 'siteIds', 'interval', 'firstDue', 'until', 'remindDays'];

function ScheduleForm({ initial, schedule, onSave, onCancel, extra }: { initial: ScheduleFormValues; schedule?: Schedule; onSave: (form: ScheduleFormValues) => Promise<void>; onCancel: () => void; extra?: ReactNode }) {
  const { t, i18n } = useTranslation('questionnaires');
  const powers = questionnairePowers(useEnvelope((state) => state.rights));
  const templates = useQuery(templatesQueryOptions());
  const members = useQuery(membersQueryOptions());
  const [form, setForm] = useState(initial);
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const [siteSearch, setSiteSearch] = useState('');
  const [peopleFilter, setPeopleFilter] = useState('');
  const sites = useQuery(siteChoicesQueryOptions(siteSearch));
  const [siteNames, setSiteNames] = useState<Record<string, string>>(() => Object.fromEntries((schedule?.sites ?? []).map((s) => [s.id, s.name])));
  const base = useId();
  const idOf = (field: string) => `${base}-${field}`;
  const problems = scheduleFormProblems(form);
  const set = <K extends keyof ScheduleFormValues>(field: K, value: ScheduleFormValues[K]) => setForm((current) => ({ ...current, [field]: value }));
  const toggle = (field: 'siteIds' | 'assigneeIds', id: string, on: boolean) =>
    setForm((current) => ({ ...current, [field]: on ? [...current[field].filter((x) => x !== id), id] : current[field].filter((x) => x !== id) }));
  const shownError = (field: ScheduleFormField) => (tried ? problems[field] : undefined);
  const errorOf = (field: ScheduleFormField) => {
    const key = shownError(field);
    return key === undefined ? null : (
      <span id={idOf(`${field}-error`)} className="planning-field-error">
        {t(`schedules.error.${key}`)}
      </span>
    );
  };
  const describedBy = (field: ScheduleFormField) => (shownError(field) === undefined ? {} : { 'aria-describedby': idOf(`${field}-error`), 'aria-invalid': true });
  const preview = previewOccurrences(form);
  const unit = form.recurrence === 'once' ? 'weekly' : form.recurrence;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    const found = ERROR_FIELDS.find((field) => problems[field] !== undefined);
    if (found !== undefined) {
      document.getElementById(idOf(found))?.focus();
      return;
    }
    setSaving(true);
    try {
      await onSave(form);
    } catch (error) {
      showToast({ message: describeApiError(error), kind: 'danger' });
      setSaving(false);
    }
  };

  const memberList = (members.data ?? []).filter((m) => peopleFilter.trim() === '' || m.name.toLocaleLowerCase().includes(peopleFilter.trim().toLocaleLowerCase()));
  const problemCount = Object.keys(problems).length;

  return (
    <form className="planning-form" onSubmit={(event) => void submit(event)} noValidate aria-label={t('schedules.form_label')}>
      {tried && problemCount > 0 && (
        <p role="alert" className="planning-error">
          {t('schedules.fix', { count: problemCount })}
        </p>
      )}
      {schedule === undefined ? (
        <label className="planning-field" htmlFor={idOf('templateId')}>
          {t('schedules.template')}
          <select id={idOf('templateId')} value={form.templateId} onChange={(event) => set('templateId', event.target.value)} {...describedBy('templateId')}>
            <option value="">{t('manage.choose')}</option>
            {(templates.data ?? [])
              .filter((tpl) => tpl.deletedAt === null && powers.manage.includes(tpl.family))
              .map((tpl) => (
                <option key={tpl.id} value={tpl.id}>
                  {tpl.name}
                </option>
              ))}
          </select>
          {errorOf('templateId')}
        </label>
      ) : (
        <p className="planning-field">{t('schedules.template_is', { name: schedule.templateName })}</p>
      )}

      <fieldset className="record-fieldset planning-fieldset" id={idOf('siteIds')} tabIndex={-1} {...describedBy('siteIds')}>
        <legend>{t('schedules.sites')}</legend>
        <p className="planning-hint">{t('schedules.sites_hint')}</p>
        {form.siteIds.length > 0 && (
          <ul className="planning-chosen" aria-label={t('schedules.sites_chosen')}>
            {form.siteIds.map((siteId) => (
              <li key={siteId}>
                <button type="button" className="planning-chip" onClick={() => toggle('siteIds', siteId, false)} aria-label={t('schedules.remove', { name: siteNames[siteId] ?? siteId })}>
                  {siteNames[siteId] ?? siteId} ✕
                </button>
              </li>
            ))}
          </ul>
        )}
        <label className="planning-field" htmlFor={idOf('siteSearch')}>
          {t('schedules.site_search')}
          <input id={idOf('siteSearch')} type="search" value={siteSearch} onChange={(event) => setSiteSearch(event.target.value)} />
        </label>
        <div className="planning-options">
          {(sites.data ?? []).map((site) => (
            <label key={site.id} className={`inspection-choice${form.siteIds.includes(site.id) ? ' chosen' : ''}`}>
              <input
                type="checkbox"
                checked={form.siteIds.includes(site.id)}
                onChange={(event) => {
                  setSiteNames((known) => ({ ...known, [site.id]: site.name }));
                  toggle('siteIds', site.id, event.target.checked);
                }}
              />
              {site.name}
            </label>
          ))}
        </div>
        {errorOf('siteIds')}
      </fieldset>

      <fieldset className="record-fieldset planning-fieldset" id={idOf('assigneeIds')} tabIndex={-1} {...describedBy('assigneeIds')}>
        <legend>{t('schedules.people')}</legend>
        <label className="planning-field" htmlFor={idOf('peopleFilter')}>
          {t('schedules.people_filter')}
          <input id={idOf('peopleFilter')} type="search" value={peopleFilter} onChange={(event) => setPeopleFilter(event.target.value)} />
        </label>
        <div className="planning-options">
          {memberList.map((member) => (
            <label key={member.id} className={`inspection-choice${form.assigneeIds.includes(member.id) ? ' chosen' : ''}`}>
              <input type="checkbox" checked={form.assigneeIds.includes(member.id)} onChange={(event) => toggle('assigneeIds', member.id, event.target.checked)} />
              {member.name}
            </label>
          ))}
        </div>
        {errorOf('assigneeIds')}
      </fieldset>

      <div className="planning-row-fields">
        <label className="planning-field" htmlFor={idOf('recurrence')}>
          {t('schedules.recurrence')}
          <select id={idOf('recurrence')} value={form.recurrence} onChange={(event) => set('recurrence', event.target.value as Recurrence)}>
            {RECURRENCES.map((value) => (
              <option key={value} value={value}>
                {t(`schedules.recurrence_choice.${value}`)}
              </option>
            ))}
          </select>
        </label>
        {form.recurrence !== 'once' && (
          <label className="planning-field" htmlFor={idOf('interval')}>
            {t(`schedules.interval.${unit}`)}
            <input id={idOf('interval')} type="number" inputMode="numeric" min={1} max={52} value={form.interval} onChange={(event) => set('interval', event.target.value)} {...describedBy('interval')} />
            {errorOf('interval')}
          </label>
        )}
      </div>
      <div className="planning-row-fields">
        <label className="planning-field" htmlFor={idOf('firstDue')}>
          {t('schedules.first_due')}
          <input id={idOf('firstDue')} type="datetime-local" value={form.firstDue} onChange={(event) => set('firstDue', event.target.value)} {...describedBy('firstDue')} />
          {errorOf('firstDue')}
        </label>
        {form.recurrence !== 'once' && (
          <label className="planning-field" htmlFor={idOf('until')}>
            {t('schedules.until')}
            <input id={idOf('until')} type="date" value={form.until} onChange={(event) => set('until', event.target.value)} {...describedBy('until')} />
            {errorOf('until')}
          </label>
        )}
        <label className="planning-field" htmlFor={idOf('remindDays')}>
          {t('schedules.remind_days')}
          <input id={idOf('remindDays')} type="number" inputMode="numeric" min={0} max={60} value={form.remindDays} onChange={(event) => set('remindDays', event.target.value)} {...describedBy('remindDays')} />
          {errorOf('remindDays')}
        </label>
      </div>

      <section className="planning-preview" aria-labelledby={idOf('preview')}>
        <h2 id={idOf('preview')}>{t('schedules.preview')}</h2>
        {preview.length === 0 ? (
          <p>{t('schedules.preview_none')}</p>
        ) : (
          <>
            <p>{recurrenceWords(t, form.recurrence, Number(form.interval) || 1)}</p>
            <ol>
              {preview.map((date) => (
                <li key={date.toISOString()}>{formatDateTime(date, i18n.language)}</li>
              ))}
            </ol>
          </>
        )}
      </section>

      <div className="planning-buttons">
        <IonButton type="submit" disabled={saving}>
          {t('schedules.save')}
        </IonButton>
        <IonButton fill="clear" onClick={onCancel}>
          {t('manage.cancel')}
        </IonButton>
        {extra}
      </div>
    </form>
  );
}
