/**
 * The action form: a new action (managers, for anyone; a member with a read right, for
 * itself), prefilled from a template, a declaration (?source=declaration:<id>: its title,
 * description and site) or an inspection's failed item (?source=inspection:<id>:<questionKey>:
 * the item's action draft and the inspection's site); and a manager's edit. Validated from the
 * contract's schema (what the server would refuse is refused here), kept as a draft on the
 * device, saved through the outbox (offline too).
 */
import { IonSpinner } from '@ionic/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { actionPowers } from '../../../../common/modules/actions/access';
import { ActionFields, PRIORITIES, TEXT_MAX, TITLE_MAX, type Action, type ActionTemplate, type Priority, type SourceRef } from '../../../../common/modules/actions/schemas';
import type { Declaration } from '../../../../common/modules/declarations/schemas';
import type { Inspection } from '../../../../common/modules/questionnaires/schemas';
import { ChoiceSelect } from '../../../components/module/ChoiceSelect';
import { FormActions, FormPage, useFormSave } from '../../../components/module/FormActions';
import { ModulePage } from '../../../components/module/ModulePage';
import { FieldError, TextField, useRecordForm } from '../../../components/module/RecordForm';
import { SiteSelect } from '../../../components/module/SiteSelect';
import { schemaProblems } from '../../../components/module/validation';
import { apiGet } from '../../../lib/api-client';
import { currentActor } from '../../../lib/current-actor';
import { useEnvelope } from '../../../lib/envelope-store';
import { describeApiError } from '../../../lib/error-messages';
import { actionsKeys } from '../api/keys';
import { membersQueryOptions, plansQueryOptions, siteChoicesQueryOptions, templateQueryOptions, templatesQueryOptions } from '../api/reads';
import { today } from '../pending';
import { parseSource, type NewActionSearch, type ParsedSource } from '../search';
import { actionRecords, queueCreateAction } from '../writes';

export type ActionFormState = ActionFields;

const EMPTY: ActionFormState = { title: '', description: '', siteId: null, planId: null, assigneeId: null, dueOn: null, priority: 'normal', proof: { photo: false, note: false } };

/** The due day `days` after today (a template's delay). */
export function dueAfter(days: number | null, from = new Date()): string | null {
  if (days === null) return null;
  const day = new Date(from);
  day.setDate(day.getDate() + days);
  return today(day);
}

/** What a template gives a new action. */
export const fromTemplate = (template: ActionTemplate, now = new Date()): Partial<ActionFormState> => ({
  title: template.title,
  description: template.description,
  priority: template.priority,
  dueOn: dueAfter(template.dueInDays, now),
  proof: template.proof,
});

/** What a source gives a new action, and the name of its site (the picker may not list it). */
export interface SourcePrefill {
  fields: Partial<ActionFormState>;
  siteName: string | null;
  ref: SourceRef;
}

export function fromDeclaration(declaration: Declaration): SourcePrefill {
  return {
    fields: { title: declaration.title, description: declaration.description, siteId: declaration.siteId },
    siteName: declaration.siteName,
    ref: { kind: 'declaration', id: declaration.id },
  };
}

export function fromInspection(inspection: Inspection, questionKey: string): SourcePrefill {
  const item = inspection.failedItems.find((f) => f.questionKey === questionKey);
  const draft = item?.action ?? null;
  return {
    fields: {
      title: draft?.title ?? item?.label ?? '',
      description: [item?.label, item?.note].filter((part): part is string => typeof part === 'string' && part !== '').join('\n'),
      siteId: inspection.siteId,
      dueOn: draft?.dueOn ?? null,
      // The inspector follows up what they found unless the item's draft names someone else.
      assigneeId: draft?.assigneeId ?? inspection.assignee.id,
    },
    siteName: inspection.siteName,
    ref: { kind: 'inspection', id: inspection.id, questionKey },
  };
}

const sourceQuery = (source: ParsedSource) => ({
  queryKey: actionsKeys.source(source.kind === 'declaration' ? `declaration:${source.id}` : `inspection:${source.id}:${source.questionKey}`),
  queryFn: async ({ signal }: { signal: AbortSignal }): Promise<SourcePrefill> =>
    source.kind === 'declaration'
      ? fromDeclaration(await apiGet<Declaration>(`declarations/${encodeURIComponent(source.id)}`, { signal }))
      : fromInspection(await apiGet<Inspection>(`questionnaires/inspections/${encodeURIComponent(source.id)}`, { signal }), source.questionKey),
  staleTime: 60_000,
});

/** /…/actions/new: the prefill is read (template, source), then the form opens with it. */
export interface NewActionProps {
  prefill: NewActionSearch;
  onDone: (id: string) => void;
  onCancel: () => void;
  /** A template chosen in the form: the address takes it (the form opens again, prefilled). */
  onChooseTemplate: (templateId: string) => void;
}

export function NewAction({ prefill, onDone, onCancel, onChooseTemplate }: NewActionProps) {
  const { t } = useTranslation('action');
  const rights = useEnvelope((state) => state.rights);
  const powers = actionPowers(rights);
  const me = currentActor();
  const source = parseSource(prefill.source);
  const queryClient = useQueryClient();
  // The templates' list is kept offline: a template chosen without a network comes from it.
  const template = useQuery({
    ...templateQueryOptions(prefill.template ?? ''),
    enabled: prefill.template !== undefined,
    initialData: () => queryClient.getQueryData(templatesQueryOptions().queryKey)?.items.find((t) => t.id === prefill.template),
  });
  const origin = useQuery({ ...(source === null ? sourceQuery({ kind: 'declaration', id: '' }) : sourceQuery(source)), enabled: source !== null });
  const loading = (prefill.template !== undefined && template.isPending) || (source !== null && origin.isPending);
  // A read that failed matters only when nothing is known (a template from the kept list is enough).
  const failed = (template.data === undefined ? template.error : null) ?? (origin.data === undefined ? origin.error : null);
  if (failed !== null && failed !== undefined) {
    return (
      <ModulePage title={t('form.new_title')} onBack={onCancel}>
        <p role="alert" className="record-form">{describeApiError(failed)}</p>
      </ModulePage>
    );
  }
  if (loading) {
    return (
      <ModulePage title={t('form.new_title')} onBack={onCancel}>
        {template.fetchStatus === 'paused' || origin.fetchStatus === 'paused' ? <p className="record-form">{t('form.prefill_offline')}</p> : <IonSpinner name="crescent" aria-label={t('sheet.loading')} />}
      </ModulePage>
    );
  }
  const initial: ActionFormState = {
    ...EMPTY,
    ...(template.data === undefined ? {} : fromTemplate(template.data)),
    ...(origin.data?.fields ?? {}),
    ...(prefill.plan === undefined ? {} : { planId: prefill.plan }),
    // A member without the manage right makes actions for itself only.
    ...(powers.manage ? {} : { assigneeId: me?.id ?? null }),
  };
  const save = async (state: ActionFormState) => {
    const id = await queueCreateAction({ ...state, templateId: template.data?.id ?? null, source: origin.data?.ref ?? null });
    onDone(id);
  };
  return (
    <ActionForm
      title={t('form.new_title')}
      initial={initial}
      draftKey={`actions:new:${prefill.template ?? ''}:${prefill.source ?? ''}`}
      siteName={origin.data?.siteName ?? null}
      sourceLabel={origin.data === undefined ? null : t(`source.from_${origin.data.ref.kind}`)}
      templateName={template.data?.name ?? null}
      templatePicker={powers.readTemplates && prefill.template === undefined && source === null ? <TemplatePicker onChoose={onChooseTemplate} /> : null}
      onSave={save}
      onCancel={onCancel}
    />
  );
}

/** A manager's edit of an action (its changed fields only; a conflict merges field by field). */
export function EditAction({ action, onDone, onCancel }: { action: Action; onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation('action');
  const initial: ActionFormState = {
    title: action.title,
    description: action.description,
    siteId: action.siteId,
    planId: action.planId,
    assigneeId: action.assigneeId,
    dueOn: action.dueOn,
    priority: action.priority,
    proof: action.proof,
  };
  const save = async (state: ActionFormState) => {
    await actionRecords.queueUpdate({ ...initial, id: action.id, version: action.version }, state);
    onDone();
  };
  return (
    <ActionForm
      title={t('form.edit_title', { title: action.title })}
      initial={initial}
      draftKey={`actions:edit:${action.id}:${action.version}`}
      siteName={action.siteName}
      assigneeName={action.assignee?.name ?? null}
      planName={action.planName}
      onSave={save}
      onCancel={onCancel}
    />
  );
}

interface ActionFormProps {
  title: string;
  initial: ActionFormState;
  draftKey: string;
  /** Names of the chosen site, assignee and plan, when the pickers may not list them. */
  siteName?: string | null;
  assigneeName?: string | null;
  planName?: string | null;
  sourceLabel?: string | null;
  templateName?: string | null;
  templatePicker?: ReactNode;
  onSave: (state: ActionFormState) => Promise<void>;
  onCancel: () => void;
}

function ActionForm({ title, initial, draftKey, siteName = null, assigneeName = null, planName = null, sourceLabel = null, templateName = null, templatePicker = null, onSave, onCancel }: ActionFormProps) {
  const { t } = useTranslation('action');
  const rights = useEnvelope((state) => state.rights);
  const powers = actionPowers(rights);
  const me = currentActor();
  const check = useCallback((state: ActionFormState) => schemaProblems(ActionFields, state), []);
  const form = useRecordForm<ActionFormState>({ initial, check, draftKey });
  const { state, set, shown } = form;
  const { saving, submit } = useFormSave(form, onSave, t('form.saved'));
  const members = useQuery({ ...membersQueryOptions(), enabled: powers.manage });
  const plans = useQuery({ ...plansQueryOptions(), enabled: powers.readPlans });
  const ids = { priority: useId(), due: useId(), error: useId() };
  /** The problems of the pickers, shown under them (a date typed by hand, a choice the contract refuses). */
  const pickerError = (field: 'siteId' | 'planId' | 'assigneeId' | 'dueOn') => <FieldError id={`${ids.error}-${field}`} problem={shown(field)} />;

  return (
    <FormPage title={title} onBack={onCancel} form={form} submit={submit}>
        {templatePicker}
        {(templateName !== null || sourceLabel !== null) && <p>{[templateName === null ? null : t('form.from_template', { name: templateName }), sourceLabel].filter(Boolean).join(' · ')}</p>}
        <TextField label={t('field.title')} value={state.title} onChange={(v) => set('title', v)} problem={shown('title')} maxlength={TITLE_MAX} required />
        <TextField label={t('field.description')} value={state.description} onChange={(v) => set('description', v)} problem={shown('description')} multiline maxlength={TEXT_MAX} />
        <SiteSelect label={t('field.siteId')} value={state.siteId} choices={siteChoicesQueryOptions} chosenName={siteName} noneLabel={t('sheet.no_site')} onChange={(v) => set('siteId', v)} className="record-form-site" describedBy={`${ids.error}-siteId`} />
        {pickerError('siteId')}
        {powers.readPlans && (
          <>
            <ChoiceSelect label={t('field.planId')} value={state.planId} choices={plans.data?.items ?? []} chosenName={planName} noneLabel={t('sheet.no_plan')} onChange={(v) => set('planId', v)} />
            {pickerError('planId')}
          </>
        )}
        {powers.manage ? (
          <ChoiceSelect
            label={t('field.assigneeId')}
            value={state.assigneeId}
            choices={members.data ?? []}
            chosenName={state.assigneeId === me?.id ? me.name : assigneeName}
            noneLabel={t('sheet.nobody')}
            onChange={(v) => set('assigneeId', v)}
          />
        ) : (
          <p>{t('form.assigned_to_me')}</p>
        )}
        {pickerError('assigneeId')}
        <label className="record-form-select" htmlFor={ids.due}>
          {t('field.dueOn')}
          <input id={ids.due} type="date" value={state.dueOn ?? ''} onChange={(event) => set('dueOn', event.target.value || null)} />
        </label>
        {pickerError('dueOn')}
        <PrioritySelect value={state.priority} onChange={(priority) => set('priority', priority)} />
        <ProofFields value={state.proof} onChange={(proof) => set('proof', proof)} />
        <FormActions saveLabel={t('form.save')} cancelLabel={t('form.cancel')} saving={saving} onCancel={onCancel} form={form} />
    </FormPage>
  );
}

/** An action's (a template's) priority. */
export function PrioritySelect({ value, onChange }: { value: Priority; onChange: (priority: Priority) => void }) {
  const { t } = useTranslation('action');
  const id = useId();
  return (
    <label className="record-form-select" htmlFor={id}>
      {t('field.priority')}
      <select id={id} value={value} onChange={(event) => onChange(event.target.value as Priority)}>
        {PRIORITIES.map((priority) => (
          <option key={priority} value={priority}>
            {t(`priority.${priority}`)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** What closing requires (an action's, a template's): a photo, a note. */
export function ProofFields({ value, onChange }: { value: { photo: boolean; note: boolean }; onChange: (proof: { photo: boolean; note: boolean }) => void }) {
  const { t } = useTranslation('action');
  return (
    <fieldset className="action-proof">
      <legend>{t('field.proof')}</legend>
      {(['photo', 'note'] as const).map((kind) => (
        <label key={kind} className="action-proof-choice">
          <input type="checkbox" checked={value[kind]} onChange={(event) => onChange({ ...value, [kind]: event.target.checked })} />
          {t(`proof.require_${kind}`)}
        </label>
      ))}
    </fieldset>
  );
}


/** "Start from a template": the district's templates (Actions V3), one chosen prefills the form. */
function TemplatePicker({ onChoose }: { onChoose: (templateId: string) => void }) {
  const { t } = useTranslation('action');
  const templates = useQuery(templatesQueryOptions());
  const id = useId();
  const listed = (templates.data?.items ?? []).filter((template) => template.deletedAt === null);
  if (listed.length === 0) return null;
  return (
    <label className="record-form-select" htmlFor={id}>
      {t('form.template')}
      <select id={id} value="" onChange={(event) => event.target.value !== '' && onChoose(event.target.value)}>
        <option value="">{t('form.no_template')}</option>
        {listed.map((template) => (
          <option key={template.id} value={template.id}>
            {template.name}
          </option>
        ))}
      </select>
    </label>
  );
}
