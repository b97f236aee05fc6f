/**
 * Actions V3's own pages: its layout (the live updates, as Action plans'), and the action
 * templates: the list (readers see them, to make actions from; managers of templates build
 * them) and the template form (name, title, description, priority, delay to the due date,
 * required proof). Its actions are Action plans' pages (src/features/actions), under this
 * module's prefix.
 */
import { IonButton, IonSpinner } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { Outlet, useParams, useRouter, useSearch } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { actionPowers } from '../../../../common/modules/actions/access';
import { ActionTemplateFields, DUE_IN_DAYS_MAX, TEMPLATE_NAME_MAX, TEXT_MAX, TITLE_MAX, type ActionTemplate } from '../../../../common/modules/actions/schemas';
import { FormActions, FormPage, useFormSave } from '../../../components/module/FormActions';
import { ModulePage } from '../../../components/module/ModulePage';
import { SheetPlaceholder } from '../../../components/module/SheetPlaceholder';
import { TextField, useRecordForm } from '../../../components/module/RecordForm';
import { schemaProblems } from '../../../components/module/validation';
import { WaitingMark } from '../../../components/WaitingMark';
import { useBack } from '../../../hooks/use-back';
import { useLinkNavigation } from '../../../hooks/use-link-navigation';
import { useEnvelope } from '../../../lib/envelope-store';
import { describeApiError } from '../../../lib/error-messages';
import { deletedOnceSent, usePendingChanges, useServerMayHave, withPendingList, withPendingRecord, type WithPending } from '../../../lib/outbox';
import { useKeptRecord } from '../../../components/module/kept-record';
import { templateQueryOptions, templatesQueryOptions } from '../api/reads';
import { PrioritySelect, ProofFields } from './ActionForm';
import { DeletedFilter, PRIORITY_TONE, useQueueThenGo, useReadAgainWhenSent } from './parts';
import { actionsKeys } from '../api/keys';
import { useLiveActions } from '../live';
import { ACTIONS_V3_PREFIX, newActionHref, templateHref, templateNewHref, templatesHref } from '../paths';
import { validateDeletedSearch } from '../search';
import { registerActionSenders } from '../senders';
import { queueCreateTemplate, templateRecords, TEMPLATES_OUTBOX } from '../writes';
import { RecordFields, RecordSheet } from '../../../components/module/RecordSheet';
import { StatusChip } from '../../../components/module/StatusChip';

registerActionSenders();

export { ActionsListPage, ActionSheetPage, EditActionPage, NewActionPage } from './pages';

export function ActionsV3Layout() {
  useLiveActions();
  return <Outlet />;
}

export function TemplatesPage() {
  const { t } = useTranslation('actionsV3');
  const { t: ta } = useTranslation('action');
  const router = useRouter();
  const follow = useLinkNavigation();
  const powers = actionPowers(useEnvelope((state) => state.rights));
  // The deleted view (template managers; the server refuses it to others).
  const deletedView = validateDeletedSearch(useSearch({ strict: false })).deleted === true && powers.manageTemplates;
  const templates = useQuery(templatesQueryOptions('', deletedView));
  const pending = usePendingChanges(TEMPLATES_OUTBOX);
  useReadAgainWhenSent(TEMPLATES_OUTBOX, actionsKeys.templates());
  const rows: WithPending<ActionTemplate>[] = withPendingList(templates.data?.items ?? [], templates.data?.total ?? 0, pending, { matches: () => true, deletedView }).rows;
  return (
    <ModulePage title={t('templates.title')} actions={powers.manageTemplates ? <IonButton onClick={() => void router.navigate({ href: templateNewHref() })}>{t('templates.new')}</IonButton> : undefined}>
      <div className="record-sheet">
        {powers.manageTemplates && (
          <div className="record-list-tools">
            <DeletedFilter kind="templates" deleted={deletedView} onChange={(deleted) => void router.navigate({ href: templatesHref(deleted ? { deleted: true } : {}), replace: true })} />
          </div>
        )}
        {templates.isPending && templates.fetchStatus !== 'paused' && <IonSpinner name="crescent" aria-label={ta('sheet.loading')} />}
        {templates.isError && templates.data === undefined && <p role="alert">{describeApiError(templates.error)}</p>}
        {templates.data !== undefined && rows.length === 0 && <p>{deletedView ? ta('deleted_view.templates_empty') : t('templates.empty')}</p>}
        {rows.length > 0 && (
          <ul className="bare-list action-list-plain" aria-label={deletedView ? ta('deleted_view.templates_deleted') : t('templates.title')}>
            {rows.map((template) => {
              const href = powers.manageTemplates ? templateHref(template.id) : newActionHref(ACTIONS_V3_PREFIX, { template: template.id });
              return (
                <li key={template.id}>
                  <a className="plan-row" href={href} onClick={follow(href)}>
                    <span className="record-row-text">
                      <strong>{template.name}</strong>
                      <span>{template.title}</span>
                      <span>
                        {template.dueInDays === null ? t('templates.no_delay') : t('templates.delay', { count: template.dueInDays })}
                        {template.usageCount !== undefined ? ` · ${t('templates.usage', { count: template.usageCount })}` : ''}
                      </span>
                    </span>
                    <StatusChip label={ta(`priority.${template.priority}`)} tone={PRIORITY_TONE[template.priority]} />
                    {template.deletedAt !== null && <StatusChip label={ta('deleted_view.deleted')} tone="danger" />}
                    {template.pending !== undefined && <WaitingMark pending={template.pending} />}
                  </a>
                  {powers.own && powers.manageTemplates && !deletedView && (
                    <IonButton fill="clear" size="small" onClick={() => void router.navigate({ href: newActionHref(ACTIONS_V3_PREFIX, { template: template.id }) })}>
                      {t('templates.use', { name: template.name })}
                    </IonButton>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </ModulePage>
  );
}

type TemplateFormState = ActionTemplateFields;
const EMPTY: TemplateFormState = { name: '', title: '', description: '', priority: 'normal', dueInDays: null, proof: { photo: false, note: false } };

export function TemplateNewPage() {
  const { t } = useTranslation('actionsV3');
  const router = useRouter();
  const back = useBack(templatesHref());
  return (
    <TemplateForm
      title={t('templates.new')}
      initial={EMPTY}
      draftKey="actions:template:new"
      onSave={async (state) => {
        await queueCreateTemplate(state);
        void router.navigate({ href: templatesHref(), replace: true });
      }}
      onCancel={back}
    />
  );
}

export function TemplateEditPage() {
  const { t } = useTranslation('actionsV3');
  const { t: ta } = useTranslation('action');
  const params: Record<string, string | undefined> = useParams({ strict: false });
  const id = params.templateId ?? '';
  const router = useRouter();
  const back = useBack(templatesHref());
  const query = useQuery({ ...templateQueryOptions(id), enabled: useServerMayHave('action_templates.create', id) });
  const writes = usePendingChanges(TEMPLATES_OUTBOX, id);
  const template = useKeptRecord(withPendingRecord(query.data, writes), query.isFetching);
  const queueThenGo = useQueueThenGo();
  if (template === undefined) return <SheetPlaceholder title={t('templates.edit')} onBack={back} query={query} offlineText={ta('sheet.offline_missing')} loadingLabel={ta('sheet.loading')} />;
  if (deletedOnceSent(template, writes)) {
    // Deleted: nothing to edit, what it holds and Restore (through the outbox).
    const restore = () => queueThenGo(() => templateRecords.queueRestore(template), ta('sheet.restored'), templateHref(template.id));
    return (
      <ModulePage title={template.name} onBack={back} actions={<IonButton onClick={restore}>{ta('sheet.restore')}</IonButton>}>
        <RecordSheet label={template.name}>
          <p>
            <StatusChip label={ta('deleted_view.deleted')} tone="danger" /> {template.pending !== undefined && <WaitingMark pending={template.pending} />}
          </p>
          <RecordFields
            fields={[
              { label: ta('field.title'), value: template.title },
              { label: ta('field.description'), value: template.description || ta('sheet.empty') },
              { label: ta('field.priority'), value: ta(`priority.${template.priority}`) },
              { label: t('templates.due_in_days'), value: template.dueInDays === null ? t('templates.no_delay') : String(template.dueInDays) },
            ]}
          />
        </RecordSheet>
      </ModulePage>
    );
  }
  const initial: TemplateFormState = { name: template.name, title: template.title, description: template.description, priority: template.priority, dueInDays: template.dueInDays, proof: template.proof };
  const remove = () => queueThenGo(() => templateRecords.queueDelete(template), t('templates.deleted'), templatesHref());
  return (
    <TemplateForm
      key={template.version}
      title={t('templates.edit')}
      initial={initial}
      draftKey={`actions:template:${template.id}:${template.version}`}
      onSave={async (state) => {
        await templateRecords.queueUpdate({ ...initial, id: template.id, version: template.version }, state);
        void router.navigate({ href: templatesHref(), replace: true });
      }}
      onDelete={remove}
      onCancel={back}
    />
  );
}

interface TemplateFormProps {
  title: string;
  initial: TemplateFormState;
  draftKey: string;
  onSave: (state: TemplateFormState) => Promise<void>;
  onDelete?: () => void;
  onCancel: () => void;
}

function TemplateForm({ title, initial, draftKey, onSave, onDelete, onCancel }: TemplateFormProps) {
  const { t } = useTranslation('actionsV3');
  const { t: ta } = useTranslation('action');
  const check = useCallback((state: TemplateFormState) => schemaProblems(ActionTemplateFields, state), []);
  const form = useRecordForm<TemplateFormState>({ initial, check, draftKey });
  const { state, set, shown } = form;
  const { saving, submit } = useFormSave(form, onSave, ta('form.saved'));
  return (
    <FormPage
      title={title}
      onBack={onCancel}
      form={form}
      submit={submit}
      actions={
        onDelete === undefined ? undefined : (
          <IonButton fill="outline" color="danger" onClick={onDelete}>
            {ta('sheet.delete')}
          </IonButton>
        )
      }
    >
        <TextField label={t('templates.name')} value={state.name} onChange={(v) => set('name', v)} problem={shown('name')} maxlength={TEMPLATE_NAME_MAX} required />
        <TextField label={ta('field.title')} value={state.title} onChange={(v) => set('title', v)} problem={shown('title')} maxlength={TITLE_MAX} required />
        <TextField label={ta('field.description')} value={state.description} onChange={(v) => set('description', v)} problem={shown('description')} multiline maxlength={TEXT_MAX} />
        <PrioritySelect value={state.priority} onChange={(priority) => set('priority', priority)} />
        <TextField
          label={t('templates.due_in_days')}
          type="number"
          value={state.dueInDays === null ? '' : String(state.dueInDays)}
          onChange={(v) => set('dueInDays', v.trim() === '' ? null : Number(v))}
          problem={shown('dueInDays')}
        />
        <p className="action-help">{t('templates.due_in_days_help', { max: DUE_IN_DAYS_MAX })}</p>
        <ProofFields value={state.proof} onChange={(proof) => set('proof', proof)} />
        <FormActions saveLabel={ta('form.save')} cancelLabel={ta('form.cancel')} saving={saving} onCancel={onCancel} form={form} />
    </FormPage>
  );
}
