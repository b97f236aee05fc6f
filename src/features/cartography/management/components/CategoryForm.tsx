/**
 * A point category's form: its name, its icon (chosen among POI_ICONS, each shown as the map
 * draws it, in the chosen colour) and its colour (ColourField). Validated from the contract's
 * schema; the page queues the write.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { POI_ICONS, PoiCategoryFields, type PoiIcon } from '../../../../../common/modules/cartography/schemas';
import { useFormSave } from '../../../../components/module/FormActions';
import { TextField, useRecordForm } from '../../../../components/module/RecordForm';
import { schemaProblems } from '../../../../components/module/validation';
import { CategoryIcon } from './CategoryIcon';
import { ColourField } from './ColourField';
import { InlineForm } from './InlineForm';

export interface CategoryDraft {
  name: string;
  icon: PoiIcon;
  colour: string;
}

export const categoryProblems = (draft: CategoryDraft) => schemaProblems(PoiCategoryFields, { ...draft, name: draft.name.trim() });

export function CategoryForm({ title, initial, onSave, onCancel }: { title: string; initial: CategoryDraft; onSave: (draft: CategoryDraft) => Promise<void>; onCancel: () => void }) {
  const { t } = useTranslation('cartography');
  const form = useRecordForm<CategoryDraft>({ initial, check: categoryProblems });
  const { saving, submit } = useFormSave(form, (draft) => onSave({ ...draft, name: draft.name.trim() }), t('management.categories.saved'));
  const group = useId();
  return (
    <InlineForm title={title} submit={submit} saving={saving} onCancel={onCancel} form={form}>
      <TextField label={t('management.categories.name')} value={form.state.name} onChange={(value) => form.set('name', value)} problem={form.shown('name')} maxlength={120} required />
      <fieldset className="record-fieldset cm-icons">
        <legend>{t('management.categories.icon_label')}</legend>
        <div className="cm-icon-choices">
          {POI_ICONS.map((icon) => (
            <label key={icon} className="cm-icon-choice">
              <input type="radio" name={group} value={icon} checked={form.state.icon === icon} onChange={() => form.set('icon', icon)} />
              <CategoryIcon icon={icon} colour={/^#[0-9a-fA-F]{6}$/.test(form.state.colour) ? form.state.colour : '#37474f'} size={28} />
              {t(`management.categories.icons.${icon}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <ColourField label={t('management.common.colour')} value={form.state.colour} onChange={(value) => form.set('colour', value)} problem={form.shown('colour')} />
    </InlineForm>
  );
}
