/**
 * The managers' Declarations pages (guarded by their routes): the declaration types, a new
 * one, and editing one. Every change of a type is a new revision on the server: declarations
 * already made keep the revision they were filled on. A field's key is made from its label
 * when added and never changes after (it is the field's identity across revisions).
 */
import { IonButton, IonIcon, IonSpinner } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FIELD_KINDS, TEMPLATE_ICONS, TemplateFields, type FieldKind, type Template, type TemplateField } from '../../../../common/modules/declarations/schemas';
import { FormActions } from '../../../components/module/FormActions';
import { ModulePage } from '../../../components/module/ModulePage';
import { DraftOffer, FieldError, RequiredNote, TextField, useRecordForm } from '../../../components/module/RecordForm';
import { HistoryList, RecordSection } from '../../../components/module/RecordSheet';
import { StatusChip } from '../../../components/module/StatusChip';
import { schemaProblems, type Problems } from '../../../components/module/validation';
import { WaitingMark } from '../../../components/WaitingMark';
import { describeApiError } from '../../../lib/error-messages';
import { usePendingChanges } from '../../../lib/outbox';
import { showToast } from '../../../lib/toast';
import { showSavedToast } from '../../../lib/saved-toast';
import { membersQueryOptions, templateHistoryQueryOptions, templatesQueryOptions } from '../api/reads';
import { foldKey } from '../field-key';
import { DECLARATION_TEMPLATE_HISTORY_FIELDS } from '../history-fields';
import { declarationsListHref, templateHref, templateNewHref, templatesHref } from '../paths';
import { SEVERITY_NAMES } from '../search';
import { templates as templateKind } from '../writes';
import { useRecordId } from '../../../components/module/RecordPages';
import { useBack } from './page-hooks';
import { iconOf } from './template-icons';
import './declarations.css';

export function TemplatesPage() {
  const { t } = useTranslation('declarations');
  const router = useRouter();
  const back = useBack(declarationsListHref());
  const [deleted, setDeleted] = useState(false);
  const templates = useQuery(templatesQueryOptions(deleted));
  const pending = usePendingChanges('declarations');
  const waiting = new Set(pending.filter((w) => Object.values(templateKind.writeKinds).includes(w.item.kind) && w.item.state !== 'sent').map((w) => w.item.recordId));
  const act = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      showSavedToast(t(done));
    } catch (error) {
      showToast({ message: describeApiError(error), kind: 'danger' });
    }
  };
  return (
    <ModulePage
      title={t('templates.title')}
      onBack={back}
      actions={<IonButton onClick={() => void router.navigate({ href: templateNewHref() })}>{t('templates.new')}</IonButton>}
    >
      <div className="record-sheet">
        <label className="record-list-select">
          {t('templates.show')}
          <select value={deleted ? 'true' : ''} onChange={(event) => setDeleted(event.target.value === 'true')}>
            <option value="">{t('templates.active')}</option>
            <option value="true">{t('templates.deleted')}</option>
          </select>
        </label>
        {templates.isPending && <IonSpinner name="crescent" aria-label={t('report.loading')} />}
        {templates.isError && templates.data === undefined && <p role="alert">{describeApiError(templates.error)}</p>}
        {templates.data?.length === 0 && <p>{t('templates.none')}</p>}
        <ul className="bare-list declaration-template-list" aria-label={t('templates.title')}>
          {(templates.data ?? []).map((template) => (
            <li key={template.id} className="declaration-template-row">
              <IonIcon icon={iconOf(template.icon)} aria-hidden="true" />
              <span className="declaration-template-name">
                <strong>{template.name}</strong>
                <span>{t('templates.summary', { count: template.fields.length, version: template.version })}</span>
              </span>
              {waiting.has(template.id) && <WaitingMark />}
              {template.deletedAt === null ? (
                <>
                  <IonButton fill="outline" onClick={() => void router.navigate({ href: templateHref(template.id) })}>
                    {t('templates.edit')}
                  </IonButton>
                  <IonButton fill="outline" color="danger" onClick={() => void act(() => templateKind.queueDelete(template), 'templates.deleted_done')}>
                    {t('templates.delete')}
                  </IonButton>
                </>
              ) : (
                <>
                  <StatusChip label={t('templates.deleted_chip')} tone="danger" />
                  <IonButton fill="outline" onClick={() => void act(() => templateKind.queueRestore(template), 'templates.restored')}>
                    {t('templates.restore')}
                  </IonButton>
                </>
              )}
            </li>
          ))}
        </ul>
      </div>
    </ModulePage>
  );
}

export function TemplateNewPage() {
  const router = useRouter();
  const back = useBack(templatesHref());
  return <TemplateEditor onCancel={back} onDone={() => void router.navigate({ href: templatesHref(), replace: true })} />;
}

export function TemplateEditPage() {
  const { t } = useTranslation('declarations');
  const id = useRecordId('templateId');
  const back = useBack(templatesHref());
  const templates = useQuery(templatesQueryOptions());
  const template = templates.data?.find((candidate) => candidate.id === id);
  if (template === undefined) {
    return (
      <ModulePage title={t('templates.edit_title', { name: '' })} onBack={back}>
        {templates.isPending ? <IonSpinner name="crescent" aria-label={t('report.loading')} /> : <p role="alert">{t('templates.not_found')}</p>}
      </ModulePage>
    );
  }
  return <TemplateEditor key={`${template.id}:${template.version}`} template={template} onCancel={back} onDone={back} />;
}

type EditorState = TemplateFields;

const emptyTemplate = (): EditorState => ({ name: '', icon: 'warning', defaultSeverity: 'medium', fields: [], notify: [] });
const stateOf = (template: Template): EditorState => ({
  name: template.name,
  icon: template.icon,
  defaultSeverity: template.defaultSeverity,
  fields: template.fields,
  notify: template.notify,
});

function checkTemplate(state: EditorState): Problems {
  const problems = schemaProblems(TemplateFields, { ...state, name: state.name.trim() });
  state.fields.forEach((field, index) => {
    const choice = field.kind === 'choice' || field.kind === 'multiChoice';
    if (field.label.trim() === '') problems[`fields.${index}.label`] = { key: 'module.error.required' };
    if (choice && (field.options?.length ?? 0) === 0) problems[`fields.${index}.options`] = { key: 'module.error.required' };
  });
  return problems;
}

/** A template's fields as sent: options only for choices, trimmed labels. */
const cleaned = (state: EditorState): EditorState => ({
  ...state,
  name: state.name.trim(),
  fields: state.fields.map((field) => {
    const choice = field.kind === 'choice' || field.kind === 'multiChoice';
    const { options, ...rest } = field;
    return choice ? { ...rest, label: field.label.trim(), options: (options ?? []).map((o) => o.trim()).filter((o) => o !== '') } : { ...rest, label: field.label.trim() };
  }),
});

function TemplateEditor({ template, onCancel, onDone }: { template?: Template; onCancel: () => void; onDone: () => void }) {
  const { t } = useTranslation('declarations');
  const [initial] = useState(() => (template === undefined ? emptyTemplate() : stateOf(template)));
  const form = useRecordForm<EditorState>({ initial, check: checkTemplate, draftKey: template === undefined ? 'declarations:template:new' : `declarations:template:${template.id}` });
  const { state, set, shown } = form;
  const members = useQuery(membersQueryOptions());
  const [saving, setSaving] = useState(false);
  const ids = { icon: useId(), severity: useId(), kind: useId() };
  const [newKind, setNewKind] = useState<FieldKind>('text');
  const title = template === undefined ? t('templates.new_title') : t('templates.edit_title', { name: template.name });
  const usedKeys = useMemo(() => new Set(state.fields.map((f) => f.key)), [state.fields]);

  const setField = (index: number, patch: Partial<TemplateField>) => set('fields', state.fields.map((field, i) => (i === index ? { ...field, ...patch } : field)));
  const move = (index: number, by: number) => {
    const next = [...state.fields];
    const [field] = next.splice(index, 1);
    if (field === undefined) return;
    next.splice(index + by, 0, field);
    set('fields', next);
  };
  const addField = () => {
    const label = t(`kind.${newKind}`);
    const field: TemplateField = { key: foldKey(label, usedKeys), label, kind: newKind, required: false };
    if (newKind === 'choice' || newKind === 'multiChoice') field.options = [];
    set('fields', [...state.fields, field]);
  };

  const save = async () => {
    if (saving || !form.attemptSave()) return;
    setSaving(true);
    try {
      const fields = cleaned(state);
      if (template === undefined) await templateKind.queueCreate(fields);
      else await templateKind.queueUpdate(template, fields);
      await form.clearDraft();
      showSavedToast(t('templates.saved'));
      onDone();
    } catch (error) {
      showToast({ message: describeApiError(error), kind: 'danger' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <ModulePage title={title} onBack={onCancel}>
      <form
        className="record-form"
        noValidate
        aria-label={title}
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        {form.draft !== null && <DraftOffer onRestore={form.restoreDraft} onDiscard={form.discardDraft} />}
        <RequiredNote />
        <TextField label={t('templates.name')} value={state.name} onChange={(v) => set('name', v)} problem={shown('name')} maxlength={100} required />
        <label className="record-form-select" htmlFor={ids.icon}>
          {t('templates.icon')}
          <select id={ids.icon} value={state.icon} onChange={(event) => set('icon', event.target.value as EditorState['icon'])}>
            {TEMPLATE_ICONS.map((icon) => (
              <option key={icon} value={icon}>
                {t(`icon.${icon}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="record-form-select" htmlFor={ids.severity}>
          {t('templates.default_severity')}
          <select id={ids.severity} value={state.defaultSeverity} onChange={(event) => set('defaultSeverity', event.target.value as EditorState['defaultSeverity'])}>
            {SEVERITY_NAMES.map((severity) => (
              <option key={severity} value={severity}>
                {t(`severity.${severity}`)}
              </option>
            ))}
          </select>
        </label>
        <fieldset className="declaration-template-fields">
          <legend>{t('templates.fields')}</legend>
          {state.fields.length === 0 && <p>{t('templates.no_fields')}</p>}
          <ol className="bare-list">
            {state.fields.map((field, index) => (
              <li key={field.key} className="declaration-template-field">
                <TextField label={t('templates.field_label', { kind: t(`kind.${field.kind}`) })} value={field.label} onChange={(label) => setField(index, { label })} problem={shown(`fields.${index}.label`)} maxlength={200} />
                {(field.kind === 'choice' || field.kind === 'multiChoice') && (
                  <>
                    <TextField
                      label={t('templates.options')}
                      value={(field.options ?? []).join('\n')}
                      onChange={(text) => setField(index, { options: text.split('\n') })}
                      problem={shown(`fields.${index}.options`)}
                      multiline
                    />
                  </>
                )}
                <label>
                  <input type="checkbox" checked={field.required} onChange={(event) => setField(index, { required: event.target.checked })} />
                  {t('templates.required')}
                </label>
                <div className="record-form-actions">
                  <IonButton fill="clear" disabled={index === 0} onClick={() => move(index, -1)}>
                    {t('templates.up', { label: field.label })}
                  </IonButton>
                  <IonButton fill="clear" disabled={index === state.fields.length - 1} onClick={() => move(index, 1)}>
                    {t('templates.down', { label: field.label })}
                  </IonButton>
                  <IonButton fill="clear" color="danger" onClick={() => set('fields', state.fields.filter((_, i) => i !== index))}>
                    {t('templates.remove', { label: field.label })}
                  </IonButton>
                </div>
              </li>
            ))}
          </ol>
          <div className="record-form-actions">
            <label className="record-form-select" htmlFor={ids.kind}>
              {t('templates.new_field_kind')}
              <select id={ids.kind} value={newKind} onChange={(event) => setNewKind(event.target.value as FieldKind)}>
                {FIELD_KINDS.map((kind) => (
                  <option key={kind} value={kind}>
                    {t(`kind.${kind}`)}
                  </option>
                ))}
              </select>
            </label>
            <IonButton fill="outline" onClick={addField}>
              {t('templates.add_field')}
            </IonButton>
          </div>
          <FieldError id={`${ids.kind}-e`} problem={shown('fields')} />
        </fieldset>
        <fieldset className="declaration-choices">
          <legend>{t('templates.notify')}</legend>
          {members.isPending && <IonSpinner name="dots" aria-label={t('report.loading')} />}
          {(members.data ?? []).map((member) => (
            <label key={member.id}>
              <input
                type="checkbox"
                checked={state.notify.includes(member.id)}
                onChange={(event) => set('notify', event.target.checked ? [...state.notify, member.id] : state.notify.filter((id) => id !== member.id))}
              />
              {member.name}
            </label>
          ))}
        </fieldset>
        <FormActions saveLabel={t('templates.save')} cancelLabel={t('report.cancel')} saving={saving} onCancel={onCancel} form={form} />
      </form>
      {template !== undefined && (
        <div className="record-sheet">
          <RecordSection title={t('sheet.history')}>
            <HistoryList query={templateHistoryQueryOptions(template.id)} fields={DECLARATION_TEMPLATE_HISTORY_FIELDS} />
          </RecordSection>
        </div>
      )}
    </ModulePage>
  );
}
