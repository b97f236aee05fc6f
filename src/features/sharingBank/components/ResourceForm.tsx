/**
 * Publish (/sharing-bank/new) or edit a resource (sharing-bank.admin): its title, kind,
 * description, tags, audience (the district's members, or chosen groups), a reminder N days
 * after publication, and for a template kind the district's questionnaire template or
 * declaration type it copies. Files chosen here are uploaded through the outbox (tus) after the
 * resource's creation, offline included. Checked against the contract's schema as the user types.
 */
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isTemplateKind, REMIND_AFTER_MAX, RESOURCE_DESCRIPTION_MAX, RESOURCE_KINDS, RESOURCE_TITLE_MAX, ResourceFields, type Resource, type ResourceKind } from '../../../../common/modules/sharingBank/schemas';
import { FormActions } from '../../../components/module/FormActions';
import { ModulePage } from '../../../components/module/ModulePage';
import { RecordFormElement, TextField, useRecordForm } from '../../../components/module/RecordForm';
import { schemaProblems } from '../../../components/module/validation';
import { describeApiError } from '../../../lib/error-messages';
import { showSavedToast } from '../../../lib/saved-toast';
import { showToast } from '../../../lib/toast';
import { groups, resources, sourceTemplatesQueryOptions } from '../kinds';

interface FormState {
  title: string;
  kind: ResourceKind;
  description: string;
  tags: string;
  audience: 'district' | 'groups';
  groupIds: string[];
  remindAfterDays: string;
  sourceId: string;
}

const formOf = (resource: Resource | undefined): FormState => ({
  title: resource?.title ?? '',
  kind: resource?.kind ?? 'procedure',
  description: resource?.description ?? '',
  tags: resource?.tags.join(', ') ?? '',
  audience: resource?.audience ?? 'district',
  groupIds: resource?.groupIds ?? [],
  remindAfterDays: resource?.remindAfterDays === null || resource?.remindAfterDays === undefined ? '' : String(resource.remindAfterDays),
  sourceId: resource?.sourceId ?? '',
});

const fieldsOf = (state: FormState): ResourceFields => ({
  title: state.title.trim(),
  kind: state.kind,
  description: state.description.trim(),
  tags: [...new Set(state.tags.split(',').map((tag) => tag.trim()).filter((tag) => tag !== ''))],
  audience: state.audience,
  groupIds: state.audience === 'groups' ? state.groupIds : [],
  remindAfterDays: state.remindAfterDays.trim() === '' ? null : Number(state.remindAfterDays),
  sourceId: isTemplateKind(state.kind) && state.sourceId !== '' ? state.sourceId : null,
});

export function ResourceForm({ resource, onDone, onCancel }: { resource?: Resource; onDone: (id: string) => void; onCancel: () => void }) {
  const { t } = useTranslation('sharingBank');
  const groupList = useQuery(groups.allQueryOptions());
  const form = useRecordForm<FormState>({
    initial: formOf(resource),
    check: (state) => {
      const problems = schemaProblems(ResourceFields, fieldsOf(state));
      if (isTemplateKind(state.kind) && state.sourceId === '') problems.sourceId = { key: 'module.error.required' };
      if (state.audience === 'groups' && state.groupIds.length === 0) problems.groupIds = { key: 'module.error.required' };
      return problems;
    },
    draftKey: resource === undefined ? 'sharingBank:new' : `sharingBank:edit:${resource.id}`,
  });
  const { state, set, shown } = form;
  const sources = useQuery({ ...sourceTemplatesQueryOptions(state.kind === 'declarationType' ? 'declarationType' : 'questionnaireTemplate'), enabled: resource === undefined && isTemplateKind(state.kind) });
  const [files, setFiles] = useState<File[]>([]);
  const [saving, setSaving] = useState(false);
  const filesId = useId();
  const title = resource === undefined ? t('form.new_title') : t('form.edit_title', { title: resource.title });

  const save = async () => {
    if (saving || !form.attemptSave()) return;
    setSaving(true);
    try {
      const fields = fieldsOf(state);
      const record = resource ?? { id: await resources.queueCreate(fields), version: 1 };
      if (resource !== undefined) await resources.queueUpdate(resource, fields);
      const toUpload = files.map((file) => ({ blob: file, name: file.name, type: file.type || 'application/octet-stream' }));
      if (toUpload.length > 0) await resources.queueAttach(record, toUpload);
      await form.clearDraft();
      showSavedToast(resource === undefined ? t('form.published') : t('form.saved'));
      onDone(record.id);
    } catch (error) {
      showToast({ message: describeApiError(error), kind: 'danger' });
    } finally {
      setSaving(false);
    }
  };

  const toggleGroup = (id: string, on: boolean) => set('groupIds', on ? [...state.groupIds, id] : state.groupIds.filter((groupId) => groupId !== id));
  const problem = (path: string) => shown(path);

  return (
    <ModulePage title={title} onBack={onCancel}>
      <RecordFormElement label={title} onSave={() => void save()} form={form}>
        <TextField label={t('field.title')} value={state.title} onChange={(v) => set('title', v)} problem={problem('title')} maxlength={RESOURCE_TITLE_MAX} required />
        <label className="record-form-select">
          {t('field.kind')}
          <select value={state.kind} disabled={resource !== undefined} onChange={(event) => set('kind', event.target.value as ResourceKind)}>
            {RESOURCE_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`kind.${kind}`)}
              </option>
            ))}
          </select>
        </label>
        {isTemplateKind(state.kind) && resource === undefined && (
          <label className="record-form-select">
            {t('field.source')}
            <select value={state.sourceId} onChange={(event) => set('sourceId', event.target.value)} aria-invalid={problem('sourceId') !== undefined}>
              <option value="">{t('form.choose_source')}</option>
              {(sources.data ?? []).map((source) => (
                <option key={source.id} value={source.id}>
                  {source.name}
                </option>
              ))}
            </select>
            {problem('sourceId') !== undefined && <span className="sharing-bank-problem">{t('form.source_required')}</span>}
          </label>
        )}
        {isTemplateKind(state.kind) && <p className="sharing-bank-hint">{t('form.template_hint')}</p>}
        <TextField label={t('field.description')} value={state.description} onChange={(v) => set('description', v)} problem={problem('description')} multiline maxlength={RESOURCE_DESCRIPTION_MAX} />
        <TextField label={t('form.tags')} value={state.tags} onChange={(v) => set('tags', v)} problem={problem('tags')} maxlength={400} />
        <fieldset className="sharing-bank-audience">
          <legend>{t('field.audience')}</legend>
          {(['district', 'groups'] as const).map((audience) => (
            <label key={audience}>
              <input type="radio" name="audience" checked={state.audience === audience} onChange={() => set('audience', audience)} /> {t(`audience.${audience}`)}
            </label>
          ))}
          {state.audience === 'groups' &&
            (groupList.data ?? [])
              .filter((group) => group.deletedAt === null)
              .map((group) => (
                <label key={group.id} className="sharing-bank-group-choice">
                  <input type="checkbox" checked={state.groupIds.includes(group.id)} onChange={(event) => toggleGroup(group.id, event.target.checked)} /> {group.name} ({t('groups.members', { count: group.memberIds.length })})
                </label>
              ))}
          {state.audience === 'groups' && problem('groupIds') !== undefined && <span className="sharing-bank-problem">{t('form.groups_required')}</span>}
        </fieldset>
        <TextField
          label={t('form.remind_after', { max: REMIND_AFTER_MAX })}
          value={state.remindAfterDays}
          onChange={(v) => set('remindAfterDays', v.replace(/\D/g, ''))}
          problem={problem('remindAfterDays')}
          inputMode="decimal"
          maxlength={3}
        />
        <label className="record-form-select" htmlFor={filesId}>
          {t('sheet.add_files')}
          <input id={filesId} type="file" multiple onChange={(event) => setFiles([...(event.target.files ?? [])])} />
        </label>
        <FormActions saveLabel={resource === undefined ? t('form.publish') : t('form.save')} cancelLabel={t('sheet.cancel')} saving={saving} onCancel={onCancel} form={form} />
      </RecordFormElement>
    </ModulePage>
  );
}
