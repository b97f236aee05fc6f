/**
 * The readers' Contracts pages (a chunk of their own): the list (/contract/contract-view) and a
 * contract's sheet (the list beside it on a wide screen, a page above it on a phone).
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
import { contractEditHref, contractNewHref, contractsListHref, templatesHref } from '../paths';
import { validateContractSearch } from '../search';
import { ContractSheet } from './ContractSheet';
import { ContractsList } from './ContractsList';

export function useListSearch() {
  const raw: Record<string, unknown> = useSearch({ strict: false });
  return validateContractSearch(raw);
}

export function useContractId(): string {
  const params: { contractId?: string } = useParams({ strict: false });
  return params.contractId ?? '';
}

export function ContractsListPage() {
  const { t } = useTranslation('contract');
  const search = useListSearch();
  const router = useRouter();
  const manager = can(useEnvelope((state) => state.rights), 'contract', 'manage');
  const exportCsv = () => {
    const params = new URLSearchParams(Object.entries(search).filter((entry): entry is [string, string] => entry[1] !== undefined));
    void downloadApiFile('contract/contracts/export.csv', params, 'contrats.csv').catch((error: unknown) => showToast({ message: describeApiError(error), kind: 'danger' }));
  };
  const actions = (
    <>
      {manager && <IonButton onClick={() => void router.navigate({ href: contractNewHref() })}>{t('list.new')}</IonButton>}
      {manager && (
        <IonButton fill="outline" onClick={() => void router.navigate({ href: templatesHref() })}>
          {t('list.templates')}
        </IonButton>
      )}
      <IonButton fill="outline" onClick={exportCsv}>
        {t('list.export')}
      </IonButton>
    </>
  );
  return (
    <SplitLayout
      list={
        <ModulePage title={t('list.title')} actions={actions}>
          <ContractsList search={search} />
        </ModulePage>
      }
      detail={null}
      placeholder={t('list.choose')}
    />
  );
}

export function ContractSheetPage() {
  const { t } = useTranslation('contract');
  const search = useListSearch();
  const contractId = useContractId();
  const router = useRouter();
  const wide = useWideLayout();
  const back = useBack(contractsListHref(search));
  return (
    <SplitLayout
      list={
        <ModulePage title={t('list.title')}>
          <ContractsList search={search} selectedId={contractId} />
        </ModulePage>
      }
      detail={<ContractSheet key={contractId} contractId={contractId} onBack={wide ? undefined : back} onEdit={() => void router.navigate({ href: contractEditHref(contractId) })} />}
      placeholder={t('list.choose')}
    />
  );
}
