/** An area's form (create or edit, dsa.admin): its name, its optional site, the counterpart's name and e-mail. */
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AreaFields, DSA_NAME_MAX, type Area } from '../../../../common/modules/dsa/schemas';
import { FormActions } from '../../../components/module/FormActions';
import { ModulePage } from '../../../components/module/ModulePage';
import { RecordFormElement, TextField, useRecordForm } from '../../../components/module/RecordForm';
import { schemaProblems } from '../../../components/module/validation';
import { describeApiError } from '../../../lib/error-messages';
import { showSavedToast } from '../../../lib/saved-toast';
import { showToast } from '../../../lib/toast';
import { areas, siteChoicesQueryOptions } from '../kinds';

interface FormState {
  name: string;
  siteId: string;
  counterpartName: string;
  counterpartEmail: string;
}

export function AreaForm({ area, onCancel, onDone }: { area?: Area; onCancel: () => void; onDone: (id: string) => void }) {
  const { t } = useTranslation('dsa');
  const siteSelect = useId();
  const sites = useQuery(siteChoicesQueryOptions());
  const fieldsOf = (s: FormState): AreaFields => ({ name: s.name.trim(), siteId: s.siteId || null, counterpartName: s.counterpartName.trim(), counterpartEmail: s.counterpartEmail.trim() });
  const form = useRecordForm<FormState>({
    initial: { name: area?.name ?? '', siteId: area?.siteId ?? '', counterpartName: area?.counterpartName ?? '', counterpartEmail: area?.counterpartEmail ?? '' },
    check: (state) => schemaProblems(AreaFields, fieldsOf(state)),
    draftKey: area === undefined ? 'dsa:new' : `dsa:edit:${area.id}`,
  });
  const [saving, setSaving] = useState(false);
  const { state, set, shown } = form;
  const title = area === undefined ? t('form.new_title') : t('form.edit_title');

  const save = async () => {
    if (saving || !form.attemptSave()) return;
    setSaving(true);
    try {
      if (area === undefined) {
        const id = await areas.queueCreate(fieldsOf(state));
        await form.clearDraft();
        showSavedToast(t('form.created'));
        onDone(id);
      } else {
        if (await areas.queueUpdate(area, fieldsOf(state))) showSavedToast(t('form.saved'));
        await form.clearDraft();
        onDone(area.id);
      }
    } catch (error) {
      showToast({ message: describeApiError(error), kind: 'danger' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <ModulePage title={title} onBack={onCancel}>
      <RecordFormElement label={title} onSave={() => void save()} form={form}>
        <TextField label={t('field.name')} value={state.name} onChange={(v) => set('name', v)} problem={shown('name')} maxlength={DSA_NAME_MAX} required />
        <label className="record-form-select" htmlFor={siteSelect}>
          {t('field.site')}
          <select id={siteSelect} value={state.siteId} onChange={(event) => set('siteId', event.target.value)}>
            <option value="">{t('form.no_site')}</option>
            {(sites.data ?? []).map((site) => (
              <option key={site.id} value={site.id}>
                {site.name}
              </option>
            ))}
          </select>
        </label>
        <TextField label={t('field.counterpartName')} value={state.counterpartName} onChange={(v) => set('counterpartName', v)} problem={shown('counterpartName')} maxlength={DSA_NAME_MAX} />
        <TextField label={t('field.counterpartEmail')} value={state.counterpartEmail} onChange={(v) => set('counterpartEmail', v)} problem={shown('counterpartEmail')} />
        <FormActions saveLabel={t('form.save')} cancelLabel={t('form.cancel')} saving={saving} onCancel={onCancel} form={form} />
      </RecordFormElement>
    </ModulePage>
  );
}
