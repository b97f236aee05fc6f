/**
 * The readers' Contacts pages (a chunk of their own): the list (/contact-v2/contacts) and a
 * contact's sheet (the list beside it on a wide screen, a page above it on a phone).
 */
import { IonButton } from '@ionic/react';
import { useRouter, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { downloadList, NavButton, RecordListPage, RecordSheetPage, useRecordId } from '../../../components/module/RecordPages';
import { useEnvelope } from '../../../lib/envelope-store';
import { can } from '../../../lib/rights';
import { contactEditHref, contactImportHref, contactNewHref, contactsListHref, duplicatesHref } from '../paths';
import { validateContactSearch } from '../search';
import { ContactSheet } from './ContactSheet';
import { ContactsList } from './ContactsList';

export function useListSearch() {
  const raw: Record<string, unknown> = useSearch({ strict: false });
  return validateContactSearch(raw);
}

export const useContactId = (): string => useRecordId('contactId');

export function ContactsListPage() {
  const { t } = useTranslation('contact-v2');
  const search = useListSearch();
  const manager = can(useEnvelope((state) => state.rights), 'contactV2', 'manage');
  const actions = (
    <>
      {manager && <NavButton href={contactNewHref()}>{t('list.new')}</NavButton>}
      {manager && (
        <NavButton href={contactImportHref()} outline>
          {t('list.import')}
        </NavButton>
      )}
      {manager && (
        <NavButton href={duplicatesHref()} outline>
          {t('list.duplicates')}
        </NavButton>
      )}
      <IonButton fill="outline" onClick={() => downloadList('contact-v2/contacts/export.vcf', search, 'contacts.vcf')}>
        {t('list.export')}
      </IonButton>
    </>
  );
  return <RecordListPage title={t('list.title')} placeholder={t('list.choose')} actions={actions} list={<ContactsList search={search} />} />;
}

export function ContactSheetPage() {
  const { t } = useTranslation('contact-v2');
  const search = useListSearch();
  const contactId = useContactId();
  const router = useRouter();
  return (
    <RecordSheetPage
      title={t('list.title')}
      placeholder={t('list.choose')}
      listHref={contactsListHref(search)}
      recordId={contactId}
      list={(selectedId) => <ContactsList search={search} selectedId={selectedId} />}
      sheet={(onBack) => <ContactSheet contactId={contactId} onBack={onBack} onEdit={() => void router.navigate({ href: contactEditHref(contactId) })} />}
    />
  );
}
