/**
 * The managers' Suppliers pages (supplier.admin, guarded by their routes; a chunk of their own):
 * create or edit a supplier, add or renew a document, the district's trades.
 */
import { IonSpinner } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { useParams, useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { TRADE_NAME_MAX } from '../../../../common/modules/supplier/schemas';
import { ModulePage } from '../../../components/module/ModulePage';
import { NamedRecordsPage, type NamedRecord } from '../../../components/module/NamedRecordsPage';
import { useBack } from '../../../hooks/use-back';
import { describeApiError } from '../../../lib/error-messages';
import { documents, suppliers, trades } from '../kinds';
import { supplierHref, suppliersListHref } from '../paths';
import { DocumentForm } from './DocumentForm';
import { useSupplierId } from './pages';
import { SupplierForm } from './SupplierForm';

export function SupplierNewPage() {
  const router = useRouter();
  const back = useBack(suppliersListHref());
  return <SupplierForm onCancel={back} onDone={(id) => void router.navigate({ href: supplierHref(id), replace: true })} />;
}

function Loading({ title, query, onBack }: { title: string; query: { isError: boolean; error: unknown }; onBack: () => void }) {
  const { t } = useTranslation('supplier');
  return (
    <ModulePage title={title} onBack={onBack}>
      {query.isError ? <p role="alert">{describeApiError(query.error)}</p> : <IonSpinner name="crescent" aria-label={t('sheet.loading')} />}
    </ModulePage>
  );
}

export function SupplierEditPage() {
  const { t } = useTranslation('supplier');
  const supplierId = useSupplierId();
  const back = useBack(supplierHref(supplierId));
  const supplier = useQuery(suppliers.recordQueryOptions(supplierId));
  if (supplier.data === undefined) return <Loading title={t('form.edit_title', { name: '' })} query={supplier} onBack={back} />;
  return <SupplierForm key={supplier.data.id} supplier={supplier.data} onCancel={back} onDone={() => back()} />;
}

export function DocumentNewPage() {
  const supplierId = useSupplierId();
  const back = useBack(supplierHref(supplierId));
  return <DocumentForm supplierId={supplierId} onDone={back} />;
}

export function DocumentEditPage() {
  const { t } = useTranslation('supplier');
  const supplierId = useSupplierId();
  const params: { documentId?: string } = useParams({ strict: false });
  const back = useBack(supplierHref(supplierId));
  const document = useQuery(documents.recordQueryOptions(params.documentId ?? ''));
  if (document.data === undefined) return <Loading title={t('document.edit_title', { title: '' })} query={document} onBack={back} />;
  return <DocumentForm key={document.data.id} supplierId={supplierId} document={document.data} onDone={back} />;
}

export function TradesRoutePage() {
  const { t } = useTranslation('supplier');
  const back = useBack(suppliersListHref());
  return (
    <NamedRecordsPage
      kind={trades}
      maxLength={TRADE_NAME_MAX}
      onBack={back}
      texts={{
        title: t('trades.title'),
        name: t('trades.name'),
        add: t('trades.add'),
        added: t('trades.added'),
        renamed: t('trades.renamed'),
        deleted: t('trades.deleted'),
        empty: t('trades.empty'),
        rename: (name) => t('trades.rename', { name }),
        remove: (name) => t('trades.remove', { name }),
        confirmRemove: (name) => t('trades.remove_yes', { name }),
        count: (record: NamedRecord) => t('trades.count', { count: (record as NamedRecord & { supplierCount: number }).supplierCount }),
      }}
    />
  );
}
