/**
 * Create (/supplier/new) or edit a supplier (supplier.admin): its company, how to reach it, its
 * trades and notes. Checked against the contract's schema as the user types (the SIRET's 14
 * digits, an e-mail's shape); a Save with problems says which and focuses the first; a draft is
 * kept and offered back. Save queues the write in the outbox (an edit sends only what changed),
 * so it works offline; the SIRET's key is checked by the server, whose refusal comes back on the
 * write with its message.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SUPPLIER_NAME_MAX, SUPPLIER_NOTES_MAX, SUPPLIER_TEXT_MAX, SupplierFields, type Supplier } from '../../../../common/modules/supplier/schemas';
import { FormActions } from '../../../components/module/FormActions';
import { ModulePage } from '../../../components/module/ModulePage';
import { RecordFormElement, TextField, useRecordForm } from '../../../components/module/RecordForm';
import { schemaProblems } from '../../../components/module/validation';
import { describeApiError } from '../../../lib/error-messages';
import { showSavedToast } from '../../../lib/saved-toast';
import { showToast } from '../../../lib/toast';
import { suppliers, trades } from '../kinds';

type FormState = Omit<SupplierFields, 'archived'>;

const TEXT_FIELDS = ['legalName', 'siret', 'vatNumber', 'address', 'postalCode', 'city', 'phone', 'email', 'website'] as const;

const emptyForm = (): FormState => ({ name: '', legalName: '', siret: '', vatNumber: '', address: '', postalCode: '', city: '', phone: '', email: '', website: '', tradeIds: [], notes: '' });

const formOf = (supplier: Supplier): FormState => {
  const { archived: _archived, ...fields } = Object.fromEntries(suppliers.spec.fields.map((field) => [field, supplier[field]])) as SupplierFields;
  return fields;
};

const fieldsOf = (state: FormState, archived: boolean): SupplierFields => ({
  ...state,
  name: state.name.trim(),
  siret: state.siret.replace(/\s/g, ''),
  vatNumber: state.vatNumber.replace(/\s/g, '').toUpperCase(),
  archived,
});

export interface SupplierFormProps {
  supplier?: Supplier | undefined;
  onDone: (supplierId: string) => void;
  onCancel: () => void;
}

export function SupplierForm({ supplier, onDone, onCancel }: SupplierFormProps) {
  const { t } = useTranslation('supplier');
  const tradeList = useQuery(trades.allQueryOptions());
  const form = useRecordForm<FormState>({
    initial: supplier === undefined ? emptyForm() : formOf(supplier),
    check: (state) => schemaProblems(SupplierFields, fieldsOf(state, false)),
    draftKey: supplier === undefined ? 'supplier:new' : `supplier:edit:${supplier.id}`,
  });
  const [saving, setSaving] = useState(false);
  const { state, set, shown } = form;
  const title = supplier === undefined ? t('form.new_title') : t('form.edit_title', { name: supplier.name });

  const save = async () => {
    if (saving || !form.attemptSave()) return;
    setSaving(true);
    try {
      const fields = fieldsOf(state, supplier?.archived ?? false);
      if (supplier === undefined) {
        const id = await suppliers.queueCreate(fields);
        await form.clearDraft();
        showSavedToast(t('form.created'));
        onDone(id);
      } else {
        if (await suppliers.queueUpdate(supplier, fields)) showSavedToast(t('form.saved'));
        await form.clearDraft();
        onDone(supplier.id);
      }
    } catch (error) {
      showToast({ message: describeApiError(error), kind: 'danger' });
    } finally {
      setSaving(false);
    }
  };

  const toggleTrade = (id: string, on: boolean) => set('tradeIds', on ? [...state.tradeIds, id] : state.tradeIds.filter((tradeId) => tradeId !== id));

  return (
    <ModulePage title={title} onBack={onCancel}>
      <RecordFormElement label={title} onSave={() => void save()} form={form}>
        <TextField label={t('field.name')} value={state.name} onChange={(v) => set('name', v)} problem={shown('name')} maxlength={SUPPLIER_NAME_MAX} required />
        {TEXT_FIELDS.map((field) => (
          <TextField
            key={field}
            label={t(`field.${field}`)}
            value={state[field]}
            onChange={(v) => set(field, v)}
            problem={shown(field)}
            maxlength={SUPPLIER_TEXT_MAX}
            {...(field === 'postalCode' || field === 'siret' ? { inputMode: 'decimal' as const } : {})}
          />
        ))}
        <fieldset className="supplier-form-trades">
          <legend>{t('field.trades')}</legend>
          {(tradeList.data ?? []).filter((trade) => trade.deletedAt === null || state.tradeIds.includes(trade.id)).map((trade) => (
            <label key={trade.id}>
              <input type="checkbox" checked={state.tradeIds.includes(trade.id)} onChange={(event) => toggleTrade(trade.id, event.target.checked)} /> {trade.name}
            </label>
          ))}
        </fieldset>
        <TextField label={t('field.notes')} value={state.notes} onChange={(v) => set('notes', v)} problem={shown('notes')} multiline maxlength={SUPPLIER_NOTES_MAX} />
        <FormActions saveLabel={t('form.save')} cancelLabel={t('sheet.cancel')} saving={saving} onCancel={onCancel} form={form} />
      </RecordFormElement>
    </ModulePage>
  );
}
