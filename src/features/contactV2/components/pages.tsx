/**
 * The readers' Contacts pages (a chunk of their own): the list (/contact-v2/contacts) and a
 * contact's sheet (the list beside it on a wide screen, a page above it on a phone).
 */
import { IonButton } from '@ionic/react';
import { useParams, useRouter, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ModulePage } from '../../../components/module/ModulePage';
import { SplitLayout, useWideLayout } from '../../../components/module/SplitLayout';
import { useBack } from '../../../hooks/use-back';
import { downloadApiFile } from '../../../lib/download';
import { useEnvelope } from '../../../lib/envelope-store';
import { describeApiError } from '../../../lib/error-messages';
import { can } from '../../../lib/rights';
import { showToast } from '../../../lib/toast';
import { contactEditHref, contactImportHref, contactNewHref, contactsListHref, duplicatesHref } from '../paths';
import { validateContactSearch } from '../search';
import { ContactSheet } from './ContactSheet';
import { ContactsList } from './ContactsList';

export function useListSearch() {
  const raw: Record<string, unknown> = useSearch({ strict: false });
  return validateContactSearch(raw);
}

export function useContactId(): string {
  const params: { contactId?: string } = useParams({ strict: false });
  return params.contactId ?? '';
}

export function ContactsListPage() {
  const { t } = useTranslation('contact-v2');
  const search = useListSearch();
  const router = useRouter();
  const manager = can(useEnvelope((state) => state.rights), 'contactV2', 'manage');
  const exportVcf = () => {
    const params = new URLSearchParams(Object.entries(search).filter((entry): entry is [string, string] => entry[1] !== undefined));
    void downloadApiFile('contact-v2/contacts/export.vcf', params, 'contacts.vcf').catch((error: unknown) => showToast({ message: describeApiError(error), kind: 'danger' }));
  };
  const actions = (
    <>
      {manager && <IonButton onClick={() => void router.navigate({ href: contactNewHref() })}>{t('list.new')}</IonButton>}
      {manager && (
        <IonButton fill="outline" onClick={() => void router.navigate({ href: contactImportHref() })}>
          {t('list.import')}
        </IonButton>
      )}
      {manager && (
        <IonButton fill="outline" onClick={() => void router.navigate({ href: duplicatesHref() })}>
          {t('list.duplicates')}
        </IonButton>
      )}
      <IonButton fill="outline" onClick={exportVcf}>
        {t('list.export')}
      </IonButton>
    </>
  );
  return (
    <SplitLayout
      list={
        <ModulePage title={t('list.title')} actions={actions}>
          <ContactsList search={search} />
        </ModulePage>
      }
      detail={null}
      placeholder={t('list.choose')}
    />
  );
}

export function ContactSheetPage() {
  const { t } = useTranslation('contact-v2');
  const search = useListSearch();
  const contactId = useContactId();
  const router = useRouter();
  const wide = useWideLayout();
  const back = useBack(contactsListHref(search));
  return (
    <SplitLayout
      list={
        <ModulePage title={t('list.title')}>
          <ContactsList search={search} selectedId={contactId} />
        </ModulePage>
      }
      detail={<ContactSheet key={contactId} contactId={contactId} onBack={wide ? undefined : back} onEdit={() => void router.navigate({ href: contactEditHref(contactId) })} />}
      placeholder={t('list.choose')}
    />
  );
}
