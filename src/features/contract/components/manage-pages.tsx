/**
 * The managers' Contracts pages (contract.admin, guarded by their routes; a chunk of their own):
 * create or edit a contract, the district's templates and a template's form (its name, type,
 * named fields with their label and kind, and default clauses with `{{key}}` placeholders).
 */
import { IonButton, IonSpinner } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { useParams, useRouter } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTRACT_TEXT_MAX, CONTRACT_TITLE_MAX, CONTRACT_TYPES, ContractTemplateFields, FIELD_KINDS, type ContractTemplate, type ContractType, type TemplateField, type TemplateFieldKind } from '../../../../common/modules/contract/schemas';
import { FormActions } from '../../../components/module/FormActions';
import { ModulePage } from '../../../components/module/ModulePage';
import { RecordSheet } from '../../../components/module/RecordSheet';
import { RecordFormElement, TextField, useRecordForm } from '../../../components/module/RecordForm';
import { schemaProblems } from '../../../components/module/validation';
import { useBack } from '../../../hooks/use-back';
import { useLinkNavigation } from '../../../hooks/use-link-navigation';
import { describeApiError } from '../../../lib/error-messages';
import { showSavedToast } from '../../../lib/saved-toast';
import { showToast } from '../../../lib/toast';
import { contracts, templates } from '../kinds';
import { contractHref, contractsListHref, templateHref, templateNewHref, templatesHref } from '../paths';
import { ContractForm } from './ContractForm';
import { useContractId } from './pages';

function Loading({ title, query, onBack }: { title: string; query: { isError: boolean; error: unknown }; onBack: () => void }) {
  const { t } = useTranslation('contract');
  return (
    <ModulePage title={title} onBack={onBack}>
      {query.isError ? <p role="alert">{describeApiError(query.error)}</p> : <IonSpinner name="crescent" aria-label={t('sheet.loading')} />}
    </ModulePage>
  );
}

export function ContractNewPage() {
  const router = useRouter();
  const back = useBack(contractsListHref());
  return <ContractForm onCancel={back} onDone={(id) => void router.navigate({ href: contractHref(id), replace: true })} />;
}

export function ContractEditPage() {
  const { t } = useTranslation('contract');
  const contractId = useContractId();
  const back = useBack(contractHref(contractId));
  const contract = useQuery(contracts.recordQueryOptions(contractId));
  if (contract.data === undefined) return <Loading title={t('form.edit_title', { title: '' })} query={contract} onBack={back} />;
  return <ContractForm key={contract.data.id} contract={contract.data} onCancel={back} onDone={() => back()} />;
}

export function TemplatesPage() {
  const { t } = useTranslation('contract');
  const router = useRouter();
  const follow = useLinkNavigation();
  const back = useBack(contractsListHref());
  const list = useQuery(templates.allQueryOptions());
  return (
    <ModulePage title={t('template.list_title')} onBack={back} actions={<IonButton onClick={() => void router.navigate({ href: templateNewHref() })}>{t('template.new')}</IonButton>}>
      <RecordSheet label={t('template.list_title')}>
        {list.data === undefined ? (
          <IonSpinner name="crescent" aria-label={t('sheet.loading')} />
        ) : list.data.length === 0 ? (
          <p>{t('template.empty')}</p>
        ) : (
          <ul className="supplier-documents">
            {list.data.map((template) => (
              <li key={template.id}>
                <a href={templateHref(template.id)} onClick={follow(templateHref(template.id))}>
                  <strong>{template.name}</strong>
                </a>
                <span>
                  {t(`type.${template.type}`)} · {t('template.field_count', { count: template.fields.length })} · {t('template.contract_count', { count: template.contractCount })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </RecordSheet>
    </ModulePage>
  );
}

export function TemplateNewPage() {
  const router = useRouter();
  const back = useBack(templatesHref());
  return <TemplateForm onDone={() => void router.navigate({ href: templatesHref(), replace: true })} onCancel={back} />;
}

export function TemplateEditPage() {
  const { t } = useTranslation('contract');
  const params: { templateId?: string } = useParams({ strict: false });
  const back = useBack(templatesHref());
  const list = useQuery(templates.allQueryOptions());
  const template = list.data?.find((tp) => tp.id === params.templateId);
  if (template === undefined) return <Loading title={t('template.edit_title', { name: '' })} query={list} onBack={back} />;
  return <TemplateForm key={template.id} template={template} onDone={back} onCancel={back} />;
}

function TemplateForm({ template, onDone, onCancel }: { template?: ContractTemplate; onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation('contract');
  const typeId = useId();
  const form = useRecordForm<ContractTemplateFields>({
    initial: template === undefined ? { name: '', type: 'maintenance', fields: [], clauses: '' } : { name: template.name, type: template.type, fields: template.fields, clauses: template.clauses },
    check: (state) => schemaProblems(ContractTemplateFields, state),
    draftKey: template === undefined ? 'contract:template:new' : `contract:template:${template.id}`,
  });
  const [saving, setSaving] = useState(false);
  const { state, set, shown } = form;
  const title = template === undefined ? t('template.new_title') : t('template.edit_title', { name: template.name });
  const setField = (index: number, patch: Partial<TemplateField>) => set('fields', state.fields.map((field, i) => (i === index ? { ...field, ...patch } : field)));

  const save = async () => {
    if (saving || !form.attemptSave()) return;
    setSaving(true);
    try {
      const fields = { ...state, name: state.name.trim() };
      if (template === undefined) await templates.queueCreate(fields);
      else await templates.queueUpdate(template, fields);
      await form.clearDraft();
      showSavedToast(t('template.saved'));
      onDone();
    } catch (error) {
      showToast({ message: describeApiError(error), kind: 'danger' });
    } finally {
      setSaving(false);
    }
  };
  const remove = async () => {
    if (template === undefined) return;
    try {
      await templates.queueDelete(template);
      showSavedToast(t('template.removed'));
      onDone();
    } catch (error) {
      showToast({ message: describeApiError(error), kind: 'danger' });
    }
  };

  return (
    <ModulePage title={title} onBack={onCancel} actions={template !== undefined && template.contractCount === 0 ? <IonButton color="danger" fill="outline" onClick={() => void remove()}>{t('template.remove')}</IonButton> : undefined}>
      <RecordFormElement label={title} onSave={() => void save()} form={form}>
        <TextField label={t('template.name')} value={state.name} onChange={(v) => set('name', v)} problem={shown('name')} maxlength={CONTRACT_TITLE_MAX} required />
        <label className="record-form-select" htmlFor={typeId}>
          {t('field.type')}
          <select id={typeId} value={state.type} onChange={(event) => set('type', event.target.value as ContractType)}>
            {CONTRACT_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`type.${type}`)}
              </option>
            ))}
          </select>
        </label>
        <fieldset>
          <legend>{t('template.fields')}</legend>
          {state.fields.map((field, index) => (
            <div key={index} className="contract-template-field">
              <TextField label={t('template.field_key')} value={field.key} onChange={(v) => setField(index, { key: v })} problem={shown(`fields/${index}/key`)} maxlength={40} />
              <TextField label={t('template.field_label')} value={field.label} onChange={(v) => setField(index, { label: v })} problem={shown(`fields/${index}/label`)} maxlength={120} />
              <label className="record-form-select">
                {t('template.field_kind')}
                <select value={field.kind} onChange={(event) => setField(index, { kind: event.target.value as TemplateFieldKind })}>
                  {FIELD_KINDS.map((kind) => (
                    <option key={kind} value={kind}>
                      {t(`template.kind.${kind}`)}
                    </option>
                  ))}
                </select>
              </label>
              <IonButton fill="clear" color="danger" onClick={() => set('fields', state.fields.filter((_, i) => i !== index))}>
                {t('template.field_remove', { label: field.label || field.key })}
              </IonButton>
            </div>
          ))}
          <IonButton fill="outline" size="small" onClick={() => set('fields', [...state.fields, { key: `field${state.fields.length + 1}`, label: '', kind: 'text' }])}>
            {t('template.field_add')}
          </IonButton>
        </fieldset>
        <TextField label={t('template.clauses')} value={state.clauses} onChange={(v) => set('clauses', v)} problem={shown('clauses')} multiline maxlength={CONTRACT_TEXT_MAX} />
        <p>{t('template.clauses_help', { example: '{{visits}}' })}</p>
        <FormActions saveLabel={t('form.save')} cancelLabel={t('sheet.cancel')} saving={saving} onCancel={onCancel} form={form} />
      </RecordFormElement>
    </ModulePage>
  );
}
