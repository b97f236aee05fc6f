/**
 * The managers' Contacts pages (contactV2.admin, guarded by their routes; a chunk of their own):
 * create or edit a contact, import a vCard file (a contact of the same UID is updated, the others
 * created), and the duplicates (contacts sharing an e-mail or a phone) to merge. The import and
 * the merge are online actions: each answers at once with what it did.
 */
import { IonButton, IonSpinner } from '@ionic/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VCARD_IMPORT_MAX_BYTES, type Contact, type ContactRow, type DuplicateGroup, type VcardImportResult } from '../../../../common/modules/contactV2/schemas';
import { IDEMPOTENCY_HEADER } from '../../../../common/constants';
import { ModulePage } from '../../../components/module/ModulePage';
import { useBack } from '../../../hooks/use-back';
import { useLinkNavigation } from '../../../hooks/use-link-navigation';
import { apiGet, apiPost } from '../../../lib/api-client';
import { describeApiError } from '../../../lib/error-messages';
import { showSavedToast } from '../../../lib/saved-toast';
import { showToast } from '../../../lib/toast';
import { CONTACT_MODULE, contacts, siteContactsKeys } from '../kinds';
import { contactHref, contactsListHref } from '../paths';
import { ContactForm } from './ContactForm';
import { useContactId } from './pages';

export function ContactNewPage() {
  const router = useRouter();
  const back = useBack(contactsListHref());
  return <ContactForm onCancel={back} onDone={(id) => void router.navigate({ href: contactHref(id), replace: true })} />;
}

function Loading({ title, query, onBack }: { title: string; query: { isError: boolean; error: unknown }; onBack: () => void }) {
  const { t } = useTranslation('contact-v2');
  return (
    <ModulePage title={title} onBack={onBack}>
      {query.isError ? <p role="alert">{describeApiError(query.error)}</p> : <IonSpinner name="crescent" aria-label={t('sheet.loading')} />}
    </ModulePage>
  );
}

export function ContactEditPage() {
  const { t } = useTranslation('contact-v2');
  const contactId = useContactId();
  const back = useBack(contactHref(contactId));
  const contact = useQuery(contacts.recordQueryOptions(contactId));
  if (contact.data === undefined) return <Loading title={t('form.edit_title', { name: '' })} query={contact} onBack={back} />;
  return <ContactForm key={contact.data.id} contact={contact.data} onCancel={back} onDone={() => back()} />;
}

/** After a write of several contacts: every list, sheet and site panel read again. */
const useRefreshContacts = () => {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: contacts.keys.all });
    void queryClient.invalidateQueries({ queryKey: siteContactsKeys.all });
  };
};

export function ContactImportPage() {
  const { t } = useTranslation('contact-v2');
  const back = useBack(contactsListHref());
  const refresh = useRefreshContacts();
  const [text, setText] = useState('');
  const [result, setResult] = useState<VcardImportResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const importing = useMutation({
    mutationFn: (vcf: string) => apiPost<VcardImportResult>('contact-v2/import', { vcf }, { headers: { [IDEMPOTENCY_HEADER]: crypto.randomUUID() } }),
    onSuccess: (answer) => {
      setResult(answer);
      setProblem(null);
      refresh();
    },
    onError: (error) => {
      setResult(null);
      const details = (error as { body?: { details?: string } }).body?.details;
      setProblem(details ? `${describeApiError(error)}\n${details}` : describeApiError(error));
    },
  });
  const readFile = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > VCARD_IMPORT_MAX_BYTES) {
      setProblem(t('import.too_large'));
      return;
    }
    setText(await file.text());
  };
  return (
    <ModulePage title={t('import.title')} onBack={back}>
      <form
        className="record-form contact-import"
        aria-label={t('import.title')}
        onSubmit={(event) => {
          event.preventDefault();
          if (text.trim() !== '' && !importing.isPending) importing.mutate(text);
        }}
      >
        <p>{t('import.intro')}</p>
        <label>
          {t('import.file')}
          <input type="file" accept=".vcf,text/vcard,text/x-vcard" onChange={(event) => void readFile(event.target.files?.[0])} />
        </label>
        <label>
          {t('import.text')}
          <textarea value={text} onChange={(event) => setText(event.target.value)} maxLength={VCARD_IMPORT_MAX_BYTES} spellCheck={false} />
        </label>
        <IonButton type="submit" disabled={text.trim() === '' || importing.isPending}>
          {t('import.submit')}
        </IonButton>
        {problem !== null && (
          <p role="alert" className="contact-import-problem" style={{ whiteSpace: 'pre-line' }}>
            {problem}
          </p>
        )}
        {result !== null && (
          <p role="status">{t('import.done', { created: result.created, updated: result.updated, unchanged: result.unchanged })}</p>
        )}
      </form>
    </ModulePage>
  );
}

function DuplicateLine({ contact }: { contact: ContactRow }) {
  const { t } = useTranslation('contact-v2');
  const follow = useLinkNavigation();
  const href = contactHref(contact.id);
  return (
    <span className="contact-site-text">
      <a href={href} onClick={follow(href)}>
        <strong>{contact.displayName}</strong>
      </a>
      <span>{[contact.jobTitle, contact.supplierName, ...contact.phones.map((p) => p.number), ...contact.emails].filter(Boolean).join(' · ') || t('sheet.empty')}</span>
    </span>
  );
}

export function DuplicatesPage() {
  const { t } = useTranslation('contact-v2');
  const back = useBack(contactsListHref());
  const refresh = useRefreshContacts();
  const [keptIds, setKeptIds] = useState<Record<string, string>>({});
  const groups = useQuery({ queryKey: [CONTACT_MODULE, 'duplicates'], queryFn: ({ signal }) => apiGet<DuplicateGroup[]>('contact-v2/duplicates', { signal }) });
  const merging = useMutation({
    mutationFn: ({ kept, other }: { kept: ContactRow; other: ContactRow }) =>
      apiPost<Contact>(`contact-v2/contacts/${encodeURIComponent(kept.id)}/merge`, { baseVersion: kept.version, otherId: other.id, otherBaseVersion: other.version }, { headers: { [IDEMPOTENCY_HEADER]: crypto.randomUUID() } }),
    onSuccess: (contact) => {
      showSavedToast(t('duplicates.merged', { name: contact.displayName }));
      refresh();
      void groups.refetch();
    },
    onError: (error) => showToast({ message: describeApiError(error), kind: 'danger' }),
  });
  return (
    <ModulePage title={t('duplicates.title')} onBack={back}>
      <p>{t('duplicates.intro')}</p>
      {groups.data === undefined ? (
        groups.isError ? (
          <p role="alert">{describeApiError(groups.error)}</p>
        ) : (
          <IonSpinner name="crescent" aria-label={t('sheet.loading')} />
        )
      ) : groups.data.length === 0 ? (
        <p>{t('duplicates.none')}</p>
      ) : (
        <ul className="contact-duplicates" aria-label={t('duplicates.title')}>
          {groups.data.map((group) => {
            const groupKey = `${group.kind}-${group.key}`;
            // The one kept: the manager's choice, the first (the server's) until then.
            const kept = group.contacts.find((contact) => contact.id === keptIds[groupKey]) ?? group.contacts[0];
            return (
              <li key={groupKey}>
                <fieldset className="contact-duplicate-group">
                  <legend>
                    <strong>{t(`duplicates.shared_${group.kind}`, { value: group.key })}</strong>
                  </legend>
                  {group.contacts.map((contact) => (
                    <div key={contact.id} className="contact-form-row">
                      <label className="contact-duplicate-keep">
                        <input type="radio" name={groupKey} checked={contact.id === kept?.id} onChange={() => setKeptIds((ids) => ({ ...ids, [groupKey]: contact.id }))} />
                        <span className="visually-hidden">{t('duplicates.keep', { name: contact.displayName })}</span>
                      </label>
                      <DuplicateLine contact={contact} />
                      {kept !== undefined && contact.id !== kept.id && (
                        <IonButton size="small" disabled={merging.isPending} onClick={() => merging.mutate({ kept, other: contact })}>
                          {t('duplicates.merge', { other: contact.displayName, kept: kept.displayName })}
                        </IonButton>
                      )}
                    </div>
                  ))}
                </fieldset>
              </li>
            );
          })}
        </ul>
      )}
    </ModulePage>
  );
}
