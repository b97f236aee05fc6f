/**
 * A management form inside its page (beside the map, in a list's row): titled, validated on
 * submit by the form's own rules (never by the browser), Save and Cancel at its end.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../../components/module/FormActions';
import type { RecordForm } from '../../../../components/module/RecordForm';

export interface InlineFormProps {
  title: string;
  submit: () => Promise<void>;
  saving: boolean;
  onCancel: () => void;
  saveLabel?: string;
  /** The form's state: after a Save that found problems, Save says how many fields need attention. */
  form?: Pick<RecordForm<unknown>, 'blocked' | 'problems'>;
  children: ReactNode;
}

export function InlineForm({ title, submit, saving, onCancel, saveLabel, form, children }: InlineFormProps) {
  const { t } = useTranslation('cartography');
  return (
    <form
      className="record-form cm-form"
      aria-label={title}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h2>{title}</h2>
      {children}
      <FormActions saveLabel={saveLabel ?? t('management.common.save')} cancelLabel={t('management.common.cancel')} saving={saving} onCancel={onCancel} form={form} />
    </form>
  );
}
