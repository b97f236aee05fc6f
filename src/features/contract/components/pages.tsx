/**
 * The readers' Contracts pages (a chunk of their own): the list (/contract/contract-view) and a
 * contract's sheet (the list beside it on a wide screen, a page above it on a phone).
 */
import { IonButton } from '@ionic/react';
import { useRouter, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { downloadList, NavButton, RecordListPage, RecordSheetPage, useRecordId } from '../../../components/module/RecordPages';
import { useEnvelope } from '../../../lib/envelope-store';
import { can } from '../../../lib/rights';
import { contractEditHref, contractNewHref, contractsListHref, templatesHref } from '../paths';
import { validateContractSearch } from '../search';
import { ContractSheet } from './ContractSheet';
import { ContractsList } from './ContractsList';

export function useListSearch() {
  const raw: Record<string, unknown> = useSearch({ strict: false });
  return validateContractSearch(raw);
}

export const useContractId = (): string => useRecordId('contractId');

export function ContractsListPage() {
  const { t } = useTranslation('contract');
  const search = useListSearch();
  const manager = can(useEnvelope((state) => state.rights), 'contract', 'manage');
  const actions = (
    <>
      {manager && <NavButton href={contractNewHref()}>{t('list.new')}</NavButton>}
      {manager && (
        <NavButton href={templatesHref()} outline>
          {t('list.templates')}
        </NavButton>
      )}
      <IonButton fill="outline" onClick={() => downloadList('contract/contracts/export.csv', search, 'contrats.csv')}>
        {t('list.export')}
      </IonButton>
    </>
  );
  return <RecordListPage title={t('list.title')} placeholder={t('list.choose')} actions={actions} list={<ContractsList search={search} />} />;
}

export function ContractSheetPage() {
  const { t } = useTranslation('contract');
  const search = useListSearch();
  const contractId = useContractId();
  const router = useRouter();
  return (
    <RecordSheetPage
      title={t('list.title')}
      placeholder={t('list.choose')}
      listHref={contractsListHref(search)}
      recordId={contractId}
      list={(selectedId) => <ContractsList search={search} selectedId={selectedId} />}
      sheet={(onBack) => <ContractSheet contractId={contractId} onBack={onBack} onEdit={() => void router.navigate({ href: contractEditHref(contractId) })} />}
    />
  );
}
