/**
 * The readers' Suppliers pages (a chunk of their own): the list (/supplier/supplier-view) and a
 * supplier's sheet (the list beside it on a wide screen, a page above it on a phone).
 */
import { IonButton } from '@ionic/react';
import { useParams, useRouter, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ModulePage } from '../../../components/module/ModulePage';
import { SplitLayout, useWideLayout } from '../../../components/module/SplitLayout';
import { useBack } from '../../../hooks/use-back';
import { useEnvelope } from '../../../lib/envelope-store';
import { downloadApiFile } from '../../../lib/download';
import { describeApiError } from '../../../lib/error-messages';
import { can } from '../../../lib/rights';
import { showToast } from '../../../lib/toast';
import { supplierEditHref, supplierNewHref, suppliersListHref, tradesHref } from '../paths';
import { validateSupplierSearch } from '../search';
import { SupplierSheet } from './SupplierSheet';
import { SuppliersList } from './SuppliersList';

export function useListSearch() {
  const raw: Record<string, unknown> = useSearch({ strict: false });
  return validateSupplierSearch(raw);
}

export function useSupplierId(): string {
  const params: { supplierId?: string } = useParams({ strict: false });
  return params.supplierId ?? '';
}

export function SuppliersListPage() {
  const { t } = useTranslation('supplier');
  const search = useListSearch();
  const router = useRouter();
  const manager = can(useEnvelope((state) => state.rights), 'supplier', 'manage');
  const exportCsv = () => {
    const params = new URLSearchParams(Object.entries(search).filter((entry): entry is [string, string] => entry[1] !== undefined));
    void downloadApiFile('supplier/suppliers/export.csv', params, 'fournisseurs.csv').catch((error: unknown) => showToast({ message: describeApiError(error), kind: 'danger' }));
  };
  const actions = manager ? (
    <>
      <IonButton onClick={() => void router.navigate({ href: supplierNewHref() })}>{t('list.new')}</IonButton>
      <IonButton fill="outline" onClick={() => void router.navigate({ href: tradesHref() })}>
        {t('list.trades')}
      </IonButton>
      <IonButton fill="outline" onClick={exportCsv}>
        {t('list.export')}
      </IonButton>
    </>
  ) : undefined;
  return (
    <SplitLayout
      list={
        <ModulePage title={t('list.title')} actions={actions}>
          <SuppliersList search={search} />
        </ModulePage>
      }
      detail={null}
      placeholder={t('list.choose')}
    />
  );
}

export function SupplierSheetPage() {
  const { t } = useTranslation('supplier');
  const search = useListSearch();
  const supplierId = useSupplierId();
  const router = useRouter();
  const wide = useWideLayout();
  const back = useBack(suppliersListHref(search));
  return (
    <SplitLayout
      list={
        <ModulePage title={t('list.title')}>
          <SuppliersList search={search} selectedId={supplierId} />
        </ModulePage>
      }
      detail={<SupplierSheet key={supplierId} supplierId={supplierId} onBack={wide ? undefined : back} onEdit={() => void router.navigate({ href: supplierEditHref(supplierId) })} />}
      placeholder={t('list.choose')}
    />
  );
}
