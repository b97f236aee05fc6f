/**
 * A supplier's document, added or renewed (supplier.admin): its kind, title, reference, issue and
 * expiry dates, and its files (the certificate's scan or PDF: added here, offline too, uploaded by
 * the outbox and resumed after a cut; removed with a confirmation). A renewal is an edit of the
 * expiry date (the history keeps the previous one). Save queues the write in the outbox.
 */
import { IonButton } from '@ionic/react';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_KINDS, DOCUMENT_TITLE_MAX, SupplierDocumentFields, type DocumentKind, type SupplierDocument } from '../../../../common/modules/supplier/schemas';
import { FormActions } from '../../../components/module/FormActions';
import { ModulePage } from '../../../components/module/ModulePage';
import { RecordAttachments } from '../../../components/module/RecordAttachments';
import { HistoryList, RecordSection } from '../../../components/module/RecordSheet';
import { RecordFormElement, TextField, useRecordForm } from '../../../components/module/RecordForm';
import { schemaProblems } from '../../../components/module/validation';
import { describeApiError } from '../../../lib/error-messages';
import { showSavedToast } from '../../../lib/saved-toast';
import { showToast } from '../../../lib/toast';
import { SUPPLIER_HISTORY_FIELDS } from '../history-fields';
import { documents, SUPPLIER_MODULE, suppliers } from '../kinds';

interface FormState {
  kind: DocumentKind;
  title: string;
  reference: string;
  issuedOn: string;
  expiresOn: string;
}

const day = (text: string) => (text === '' ? null : text);

export interface DocumentFormProps {
  supplierId: string;
  document?: SupplierDocument | undefined;
  onDone: () => void;
}

export function DocumentForm({ supplierId, document, onDone }: DocumentFormProps) {
  const { t } = useTranslation('supplier');
  const queryClient = useQueryClient();
  const kindId = useId();
  const issuedId = useId();
  const expiresId = useId();
  const filesId = useId();
  const form = useRecordForm<FormState>({
    initial:
      document === undefined
        ? { kind: 'insurance', title: '', reference: '', issuedOn: '', expiresOn: '' }
        : { kind: document.kind, title: document.title, reference: document.reference, issuedOn: document.issuedOn ?? '', expiresOn: document.expiresOn ?? '' },
    check: (state) => {
      const problems = schemaProblems(SupplierDocumentFields, { supplierId, ...state, title: state.title.trim(), issuedOn: day(state.issuedOn), expiresOn: day(state.expiresOn) });
      if (state.issuedOn !== '' && state.expiresOn !== '' && state.expiresOn < state.issuedOn) problems.expiresOn = { key: 'supplier:document.dates' };
      return problems;
    },
    draftKey: document === undefined ? `supplier:document:new:${supplierId}` : `supplier:document:${document.id}`,
  });
  const [files, setFiles] = useState<File[]>([]);
  const [saving, setSaving] = useState(false);
  const { state, set, shown } = form;
  const title = document === undefined ? t('document.new_title') : t('document.edit_title', { title: document.title });

  const save = async () => {
    if (saving || !form.attemptSave()) return;
    setSaving(true);
    try {
      const fields = { supplierId, kind: state.kind, title: state.title.trim(), reference: state.reference.trim(), issuedOn: day(state.issuedOn), expiresOn: day(state.expiresOn) };
      const record = document ?? { id: await documents.queueCreate(fields), version: 1 };
      if (document !== undefined) await documents.queueUpdate(document, fields);
      const toUpload = files.map((file) => ({ blob: file, name: file.name, type: file.type || 'application/octet-stream' }));
      if (toUpload.length > 0) await documents.queueAttach(record, toUpload);
      await form.clearDraft();
      showSavedToast(t('document.saved'));
      onDone();
    } catch (error) {
      showToast({ message: describeApiError(error), kind: 'danger' });
    } finally {
      setSaving(false);
    }
  };

  const remove = async () => {
    if (document === undefined) return;
    try {
      await documents.queueDelete(document);
      showSavedToast(t('document.removed'));
      onDone();
    } catch (error) {
      showToast({ message: describeApiError(error), kind: 'danger' });
    }
  };

  return (
    <ModulePage title={title} onBack={onDone} actions={document !== undefined ? <IonButton color="danger" fill="outline" onClick={() => void remove()}>{t('document.remove')}</IonButton> : undefined}>
      <RecordFormElement label={title} onSave={() => void save()} form={form}>
        <label className="record-form-select" htmlFor={kindId}>
          {t('document.kind_label')}
          <select id={kindId} value={state.kind} onChange={(event) => set('kind', event.target.value as DocumentKind)}>
            {DOCUMENT_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`document.kind.${kind}`)}
              </option>
            ))}
          </select>
        </label>
        <TextField label={t('document.title')} value={state.title} onChange={(v) => set('title', v)} problem={shown('title')} maxlength={DOCUMENT_TITLE_MAX} required />
        <TextField label={t('document.reference')} value={state.reference} onChange={(v) => set('reference', v)} problem={shown('reference')} maxlength={120} />
        <label className="record-form-select" htmlFor={issuedId}>
          {t('document.issuedOn')}
          <input id={issuedId} type="date" value={state.issuedOn} onChange={(event) => set('issuedOn', event.target.value)} />
        </label>
        <label className="record-form-select" htmlFor={expiresId}>
          {t('document.expiresOn')}
          <input id={expiresId} type="date" value={state.expiresOn} onChange={(event) => set('expiresOn', event.target.value)} aria-invalid={shown('expiresOn') !== undefined} />
        </label>
        {shown('expiresOn') !== undefined && <p className="supplier-form-problem" role="alert">{t('document.dates')}</p>}
        <label className="record-form-select" htmlFor={filesId}>
          {t('document.add_files')}
          <input id={filesId} type="file" multiple accept="application/pdf,image/*" onChange={(event) => setFiles([...(event.target.files ?? [])])} />
        </label>
        {files.length > 0 && <p>{t('document.files_chosen', { count: files.length })}</p>}
        <FormActions saveLabel={t('form.save')} cancelLabel={t('sheet.cancel')} saving={saving} onCancel={onDone} form={form} />
      </RecordFormElement>
      {document !== undefined && (
        <>
          <RecordSection title={t('document.files_title')}>
            <RecordAttachments
              module={SUPPLIER_MODULE}
              recordId={document.id}
              attachments={document.files}
              manage
              onDelivered={() => {
                void queryClient.invalidateQueries({ queryKey: documents.keys.detail(document.id) });
                void queryClient.invalidateQueries({ queryKey: suppliers.keys.detail(supplierId) });
              }}
            />
          </RecordSection>
          <RecordSection title={t('sheet.history')}>
            <HistoryList query={documents.historyQueryOptions(document.id)} fields={SUPPLIER_HISTORY_FIELDS} />
          </RecordSection>
        </>
      )}
    </ModulePage>
  );
}
