/**
 * Create (/contact-v2/new) or edit a contact (contactV2.admin): names, job title, company (a
 * supplier of the district), phones and e-mails (rows added and removed), sites with a role,
 * notes. Checked against the contract's schema as the user types; a Save with problems says which
 * and focuses the first; a draft is kept and offered back. Save queues the write in the outbox
 * (an edit sends only what changed), so it works offline.
 */
import { IonButton } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTACT_NAME_MAX, CONTACT_NOTES_MAX, CONTACT_TEXT_MAX, ContactFields, PHONE_TYPES, type Contact, type ContactRole, type PhoneType } from '../../../../common/modules/contactV2/schemas';
import { FormActions } from '../../../components/module/FormActions';
import { ModulePage } from '../../../components/module/ModulePage';
import { RecordFormElement, TextField, useRecordForm } from '../../../components/module/RecordForm';
import { SiteSelect } from '../../../components/module/SiteSelect';
import { schemaProblems } from '../../../components/module/validation';
import { describeApiError } from '../../../lib/error-messages';
import { showSavedToast } from '../../../lib/saved-toast';
import { showToast } from '../../../lib/toast';
import { siteChoicesQueryOptions, supplierChoicesQueryOptions } from '../choices';
import { contacts } from '../kinds';
import { ROLES } from '../search';

type SiteRow = { siteId: string | null; role: ContactRole };
type FormState = Omit<ContactFields, 'archived' | 'uid' | 'sites'> & { sites: SiteRow[] };

const emptyForm = (): FormState => ({ firstName: '', lastName: '', jobTitle: '', supplierId: null, phones: [], emails: [], notes: '', sites: [] });

const formOf = (contact: Contact): FormState => ({
  firstName: contact.firstName,
  lastName: contact.lastName,
  jobTitle: contact.jobTitle,
  supplierId: contact.supplierId,
  phones: contact.phones,
  emails: contact.emails,
  notes: contact.notes,
  sites: contact.sites,
});

const fieldsOf = (state: FormState, contact: Contact | undefined): ContactFields => ({
  ...state,
  firstName: state.firstName.trim(),
  lastName: state.lastName.trim(),
  phones: state.phones.map((p) => ({ ...p, number: p.number.trim() })).filter((p) => p.number !== ''),
  emails: state.emails.map((e) => e.trim()).filter((e) => e !== ''),
  sites: state.sites.filter((l): l is { siteId: string; role: ContactRole } => l.siteId !== null),
  uid: contact?.uid ?? '',
  archived: contact?.archived ?? false,
});

export interface ContactFormProps {
  contact?: Contact | undefined;
  onDone: (contactId: string) => void;
  onCancel: () => void;
}

export function ContactForm({ contact, onDone, onCancel }: ContactFormProps) {
  const { t } = useTranslation('contact-v2');
  const supplierList = useQuery(supplierChoicesQueryOptions());
  const form = useRecordForm<FormState>({
    initial: contact === undefined ? emptyForm() : formOf(contact),
    check: (state) => {
      const fields = fieldsOf(state, contact);
      const problems = schemaProblems(ContactFields, { ...fields, uid: fields.uid || 'new' });
      return fields.firstName === '' && fields.lastName === '' ? { ...problems, lastName: { key: 'module.error.required' } } : problems;
    },
    draftKey: contact === undefined ? 'contactV2:new' : `contactV2:edit:${contact.id}`,
  });
  const [saving, setSaving] = useState(false);
  const { state, set, shown } = form;
  const title = contact === undefined ? t('form.new_title') : t('form.edit_title', { name: contact.displayName });

  const save = async () => {
    if (saving || !form.attemptSave()) return;
    setSaving(true);
    try {
      const fields = fieldsOf(state, contact);
      if (contact === undefined) {
        const id = await contacts.queueCreate(fields);
        await form.clearDraft();
        showSavedToast(t('form.created'));
        onDone(id);
      } else {
        if (await contacts.queueUpdate(contact, fields)) showSavedToast(t('form.saved'));
        await form.clearDraft();
        onDone(contact.id);
      }
    } catch (error) {
      showToast({ message: describeApiError(error), kind: 'danger' });
    } finally {
      setSaving(false);
    }
  };

  /** Replaces (or, with null, removes) the row `index` of a list of the form. */
  const replace = <K extends 'phones' | 'emails' | 'sites'>(key: K, index: number, value: FormState[K][number] | null) => {
    const rows = state[key] as FormState[K][number][];
    const next = value === null ? rows.filter((_, i) => i !== index) : rows.map((item, i) => (i === index ? value : item));
    set(key, next as FormState[K]);
  };

  return (
    <ModulePage title={title} onBack={onCancel}>
      <RecordFormElement label={title} onSave={() => void save()} form={form}>
        <TextField label={t('field.firstName')} value={state.firstName} onChange={(v) => set('firstName', v)} problem={shown('firstName')} maxlength={CONTACT_NAME_MAX} />
        <TextField label={t('field.lastName')} value={state.lastName} onChange={(v) => set('lastName', v)} problem={shown('lastName')} maxlength={CONTACT_NAME_MAX} required />
        <TextField label={t('field.jobTitle')} value={state.jobTitle} onChange={(v) => set('jobTitle', v)} problem={shown('jobTitle')} maxlength={CONTACT_TEXT_MAX} />
        <label className="record-list-select">
          {t('field.company')}
          <select value={state.supplierId ?? ''} onChange={(event) => set('supplierId', event.target.value || null)}>
            <option value="">{t('form.no_company')}</option>
            {contact?.supplierId && !(supplierList.data ?? []).some((s) => s.id === contact.supplierId) && <option value={contact.supplierId}>{contact.supplierName ?? ''}</option>}
            {(supplierList.data ?? []).map((supplier) => (
              <option key={supplier.id} value={supplier.id}>
                {supplier.name}
              </option>
            ))}
          </select>
        </label>

        <fieldset className="contact-form-list">
          <legend>{t('field.phones')}</legend>
          {state.phones.map((phone, index) => (
            <div className="contact-form-row" key={index}>
              <label className="record-list-select">
                {t('form.phone_type')}
                <select value={phone.type} onChange={(event) => replace('phones', index, { ...phone, type: event.target.value as PhoneType })}>
                  {PHONE_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {t(`phone.${type}`)}
                    </option>
                  ))}
                </select>
              </label>
              <TextField label={t('form.phone_number', { index: index + 1 })} value={phone.number} onChange={(v) => replace('phones', index, { ...phone, number: v })} problem={shown(`phones.${index}.number`)} maxlength={40} />
              <IonButton fill="clear" onClick={() => replace('phones', index, null)}>
                {t('form.remove')}
              </IonButton>
            </div>
          ))}
          <IonButton fill="outline" size="small" onClick={() => set('phones', [...state.phones, { type: state.phones.length === 0 ? 'mobile' : 'work', number: '' }])}>
            {t('form.add_phone')}
          </IonButton>
        </fieldset>

        <fieldset className="contact-form-list">
          <legend>{t('field.emails')}</legend>
          {state.emails.map((email, index) => (
            <div className="contact-form-row" key={index}>
              <TextField label={t('form.email', { index: index + 1 })} value={email} onChange={(v) => replace('emails', index, v)} problem={shown(`emails.${index}`)} maxlength={254} />
              <IonButton fill="clear" onClick={() => replace('emails', index, null)}>
                {t('form.remove')}
              </IonButton>
            </div>
          ))}
          <IonButton fill="outline" size="small" onClick={() => set('emails', [...state.emails, ''])}>
            {t('form.add_email')}
          </IonButton>
        </fieldset>

        <fieldset className="contact-form-list">
          <legend>{t('field.sites')}</legend>
          {state.sites.map((link, index) => (
            <div className="contact-form-row" key={index}>
              <SiteSelect
                label={t('form.site', { index: index + 1 })}
                value={link.siteId}
                noneLabel={t('form.no_site')}
                choices={siteChoicesQueryOptions}
                chosenName={link.siteId === null ? null : (contact?.siteNames[link.siteId] ?? null)}
                onChange={(siteId) => replace('sites', index, { ...link, siteId })}
              />
              <label className="record-list-select">
                {t('form.role')}
                <select value={link.role} onChange={(event) => replace('sites', index, { ...link, role: event.target.value as ContactRole })}>
                  {ROLES.map((role) => (
                    <option key={role} value={role}>
                      {t(`role.${role}`)}
                    </option>
                  ))}
                </select>
              </label>
              <IonButton fill="clear" onClick={() => replace('sites', index, null)}>
                {t('form.remove')}
              </IonButton>
            </div>
          ))}
          <IonButton fill="outline" size="small" onClick={() => set('sites', [...state.sites, { siteId: null, role: 'emergency' }])}>
            {t('form.add_site')}
          </IonButton>
        </fieldset>

        <TextField label={t('field.notes')} value={state.notes} onChange={(v) => set('notes', v)} problem={shown('notes')} multiline maxlength={CONTACT_NOTES_MAX} />
        <FormActions saveLabel={t('form.save')} cancelLabel={t('sheet.cancel')} saving={saving} onCancel={onCancel} form={form} />
      </RecordFormElement>
    </ModulePage>
  );
}
