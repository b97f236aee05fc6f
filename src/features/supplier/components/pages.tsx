/**
 * The readers' Suppliers pages (a chunk of their own): the list (/supplier/supplier-view) and a
 * supplier's sheet (the list beside it on a wide screen, a page above it on a phone).
 */
import { IonButton } from '@ionic/react';
import { useRouter, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { downloadList, NavButton, RecordListPage, RecordSheetPage, useRecordId } from '../../../components/module/RecordPages';
import { useEnvelope } from '../../../lib/envelope-store';
import { can } from '../../../lib/rights';
import { supplierEditHref, supplierNewHref, suppliersListHref, tradesHref } from '../paths';
import { validateSupplierSearch } from '../search';
import { SupplierSheet } from './SupplierSheet';
import { SuppliersList } from './SuppliersList';

export function useListSearch() {
  const raw: Record<string, unknown> = useSearch({ strict: false });
  return validateSupplierSearch(raw);
}

export const useSupplierId = (): string => useRecordId('supplierId');

export function SuppliersListPage() {
  const { t } = useTranslation('supplier');
  const search = useListSearch();
  const manager = can(useEnvelope((state) => state.rights), 'supplier', 'manage');
  const actions = manager ? (
    <>
      <NavButton href={supplierNewHref()}>{t('list.new')}</NavButton>
      <NavButton href={tradesHref()} outline>
        {t('list.trades')}
      </NavButton>
      <IonButton fill="outline" onClick={() => downloadList('supplier/suppliers/export.csv', search, 'fournisseurs.csv')}>
        {t('list.export')}
      </IonButton>
    </>
  ) : undefined;
  return <RecordListPage title={t('list.title')} placeholder={t('list.choose')} actions={actions} list={<SuppliersList search={search} />} />;
}

export function SupplierSheetPage() {
  const { t } = useTranslation('supplier');
  const search = useListSearch();
  const supplierId = useSupplierId();
  const router = useRouter();
  return (
    <RecordSheetPage
      title={t('list.title')}
      placeholder={t('list.choose')}
      listHref={suppliersListHref(search)}
      recordId={supplierId}
      list={(selectedId) => <SuppliersList search={search} selectedId={selectedId} />}
      sheet={(onBack) => <SupplierSheet supplierId={supplierId} onBack={onBack} onEdit={() => void router.navigate({ href: supplierEditHref(supplierId) })} />}
    />
  );
}
