/**
 * An article's sheet (/inventory/article/$articleId, /inventory-v2/article/$articleId): its
 * category, maker, model, reference, unit, barcode, supplier and contract (links by address),
 * cost, custom fields, its photo and documents (a manual), the items of this article, history.
 * Managers edit, delete or restore it and add files (uploaded by the outbox, offline too).
 */
import { IonButton } from '@ionic/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Article } from '../../../../../common/modules/inventory/catalog';
import { ModulePage } from '../../../../components/module/ModulePage';
import { RecordAttachments } from '../../../../components/module/RecordAttachments';
import { HistoryList, RecordFields, RecordSection, RecordSheet } from '../../../../components/module/RecordSheet';
import { SheetPlaceholder } from '../../../../components/module/SheetPlaceholder';
import { StatusChip } from '../../../../components/module/StatusChip';
import { useKeptRecord } from '../../../../components/module/kept-record';
import { WaitingMark } from '../../../../components/WaitingMark';
import { useEnvelope } from '../../../../lib/envelope-store';
import { usePendingChanges, useServerMayHave, withPendingRecord, type WithPending } from '../../../../lib/outbox';
import { can } from '../../../../lib/rights';
import { CATALOG_HISTORY_FIELDS } from '../history-fields';
import { DeleteBar, useQueuedAct } from './sheet-parts';
import { articles, ARTICLE_MODULE } from '../kinds';
import { contractHref, equipmentListHref, equipmentNewHref, supplierHref, useCatalogBase } from '../paths';

/** An article created on this device and not sent yet, whole enough for its sheet (names of its links come once it is on the server). */
function fromCreate(payload: Partial<Article> & { id: string; name: string }): Article {
  const nobody = { id: '00000000-0000-4000-8000-000000000000', name: '' };
  const now = new Date().toISOString();
  return {
    districtId: '',
    version: 1,
    createdAt: now,
    createdBy: nobody,
    updatedAt: now,
    updatedBy: nobody,
    deletedAt: null,
    categoryId: null,
    maker: '',
    model: '',
    reference: '',
    unit: '',
    barcode: '',
    supplierId: null,
    contractId: null,
    unitCostCents: null,
    fieldValues: {},
    notes: '',
    categoryName: '',
    supplierName: '',
    contractName: '',
    equipmentCount: 0,
    files: [],
    ...payload,
  };
}

export function ArticleSheet({ articleId, onBack, onEdit }: { articleId: string; onBack?: (() => void) | undefined; onEdit: () => void }) {
  const { t, i18n } = useTranslation('inventoryV2');
  const act = useQueuedAct();
  const base = useCatalogBase();
  const queryClient = useQueryClient();
  const manager = can(useEnvelope((state) => state.rights), base.feature, 'manage');
  const query = useQuery({ ...articles.recordQueryOptions(articleId), enabled: useServerMayHave(articles.writeKinds.create, articleId) });
  const writes = usePendingChanges(ARTICLE_MODULE).filter((write) => write.item.recordId === articleId);
  const overlaid = withPendingRecord(query.data, articles.ownWrites(writes));
  const shown: WithPending<Article> | undefined = overlaid === undefined ? undefined : query.data === undefined ? { ...fromCreate(overlaid), pending: overlaid.pending } : overlaid;
  const article = useKeptRecord(shown, query.isFetching);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const filesId = useId();
  if (article === undefined) return <SheetPlaceholder title={t('catalog.articles.title')} onBack={onBack} query={query} offlineText={t('catalog.sheet.offline_missing')} loadingLabel={t('catalog.sheet.loading')} />;
  const deleted = article.deletedAt !== null;
  const empty = t('catalog.sheet.empty');
  const addFiles = (list: FileList | null) => {
    const files = [...(list ?? [])].map((file) => ({ blob: file, name: file.name, type: file.type || 'application/octet-stream' }));
    if (files.length > 0) void act(() => articles.queueAttach(article, files), 'catalog.sheet.files_queued');
  };
  const cost = article.unitCostCents === null ? empty : new Intl.NumberFormat(i18n.language === 'fr' ? 'fr-FR' : 'en-GB', { style: 'currency', currency: 'EUR' }).format(article.unitCostCents / 100);
  const actions = (
    <>
      {manager && !deleted && <IonButton onClick={onEdit}>{t('catalog.sheet.edit')}</IonButton>}
      {manager && !deleted && <IonButton fill="outline" href={equipmentNewHref(base, { article: article.id })}>{t('catalog.articles.new_item')}</IonButton>}
      {manager && !deleted && (
        <IonButton color="danger" fill="outline" onClick={() => setConfirmDelete(true)}>
          {t('catalog.sheet.delete')}
        </IonButton>
      )}
      {manager && deleted && <IonButton onClick={() => void act(() => articles.queueRestore(article), 'catalog.sheet.restored')}>{t('catalog.sheet.restore')}</IonButton>}
    </>
  );
  return (
    <ModulePage title={article.name} onBack={onBack} actions={actions}>
      <RecordSheet label={article.name}>
        <p className="inventory-catalog-marks">
          {article.categoryName !== '' && <StatusChip label={article.categoryName} />}
          {deleted && <StatusChip label={t('catalog.sheet.deleted')} tone="danger" />}
          {article.pending !== undefined && <WaitingMark pending={article.pending} />}
        </p>
        {confirmDelete && (
          <DeleteBar name={article.name} onConfirm={() => void act(() => articles.queueDelete(article), 'catalog.sheet.deleted_done')} onCancel={() => setConfirmDelete(false)} />
        )}
        <RecordSection title={t('catalog.sheet.details')}>
          <RecordFields
            fields={[
              { label: t('catalog.field.maker'), value: article.maker || empty },
              { label: t('catalog.field.model'), value: article.model || empty },
              { label: t('catalog.field.reference'), value: article.reference || empty },
              { label: t('catalog.field.unit'), value: article.unit || empty },
              { label: t('catalog.field.barcode'), value: article.barcode || empty },
              { label: t('catalog.field.unitCostCents'), value: cost },
              { label: t('catalog.field.supplier'), value: article.supplierId === null ? empty : <a href={supplierHref(article.supplierId)}>{article.supplierName || t('catalog.sheet.open')}</a> },
              { label: t('catalog.field.contract'), value: article.contractId === null ? empty : <a href={contractHref(article.contractId)}>{article.contractName || t('catalog.sheet.open')}</a> },
              { label: t('catalog.articles.items'), value: <a href={equipmentListHref(base, { article: article.id })}>{t('catalog.articles.item_count', { count: article.equipmentCount })}</a> },
              ...Object.entries(article.fieldValues).filter(([, v]) => v !== null && v !== '').map(([key, v]) => ({ label: key, value: String(v) })),
            ]}
          />
          {article.notes !== '' && <p className="inventory-catalog-notes">{article.notes}</p>}
        </RecordSection>
        <RecordSection title={t('catalog.sheet.documents')}>
          <RecordAttachments module={ARTICLE_MODULE} recordId={article.id} attachments={article.files} manage={manager && !deleted} onDelivered={() => void queryClient.invalidateQueries({ queryKey: articles.keys.detail(article.id) })} />
          {manager && !deleted && (
            <label className="record-form-select" htmlFor={filesId}>
              {t('catalog.sheet.add_files')}
              <input id={filesId} type="file" multiple accept="application/pdf,image/*" onChange={(event) => addFiles(event.target.files)} />
            </label>
          )}
        </RecordSection>
        <RecordSection title={t('catalog.sheet.history')}>
          <HistoryList query={articles.historyQueryOptions(article.id)} fields={CATALOG_HISTORY_FIELDS} />
        </RecordSection>
      </RecordSheet>
    </ModulePage>
  );
}
