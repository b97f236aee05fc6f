/**
 * A supplier's sheet (/supplier/supplier-view/$supplierId): its company (legal name, SIRET, VAT,
 * address), how to reach it (tap to call, to write, to open its site), its trades, its documents
 * with their expiry state (managers add, renew and remove them), its notes and its history.
 * Managers edit, archive, delete or restore it. The writes of this device still waiting are laid
 * over the server's copy and marked; a supplier created offline shows from its own payload.
 */
import { IonButton } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Supplier, SupplierDocumentSummary } from '../../../../common/modules/supplier/schemas';
import { ConfirmBar } from '../../../components/module/ConfirmBar';
import { ModulePage } from '../../../components/module/ModulePage';
import { RecordPanels } from '../../../components/module/RecordPanels';
import { SheetPlaceholder } from '../../../components/module/SheetPlaceholder';
import { HistoryList, RecordFields, RecordSection, RecordSheet } from '../../../components/module/RecordSheet';
import { StatusChip } from '../../../components/module/StatusChip';
import { useKeptRecord } from '../../../components/module/kept-record';
import { WaitingMark } from '../../../components/WaitingMark';
import { formatDay } from '../../../lib/dates';
import { useEnvelope } from '../../../lib/envelope-store';
import { usePendingChanges, useServerMayHave, withPending, withPendingRecord, type PendingMark, type WithPending } from '../../../lib/outbox';
import { can } from '../../../lib/rights';
import { withToast } from '../../../lib/toast-action';
import { SUPPLIER_HISTORY_FIELDS } from '../history-fields';
import { documents, suppliers, trades } from '../kinds';
import { documentEditHref, documentNewHref } from '../paths';
import { DocumentStateChip } from './DocumentStateChip';

export interface SupplierSheetProps {
  supplierId: string;
  onBack?: (() => void) | undefined;
  onEdit: () => void;
}

/** A supplier created on this device, whole enough for its sheet. */
function fromCreate(payload: Partial<Supplier> & { id: string; name: string }, tradeNames: (id: string) => string): Supplier {
  const nobody = { id: '00000000-0000-4000-8000-000000000000', name: '' };
  const now = new Date().toISOString();
  const tradeIds = payload.tradeIds ?? [];
  return {
    districtId: '',
    version: 1,
    createdAt: now,
    createdBy: nobody,
    updatedAt: now,
    updatedBy: nobody,
    deletedAt: null,
    legalName: '',
    siret: '',
    vatNumber: '',
    address: '',
    postalCode: '',
    city: '',
    phone: '',
    email: '',
    website: '',
    notes: '',
    archived: false,
    ...payload,
    tradeIds,
    trades: tradeIds.map((id) => ({ id, name: tradeNames(id) })),
    documents: [],
    documentState: 'valid',
  };
}

/** A document created on this device, as the sheet lists it until the server has it. */
const waitingDocument = (document: WithPending<Partial<SupplierDocumentSummary> & { id: string }>): SupplierDocumentSummary & { pending?: PendingMark } => ({
  id: document.id,
  version: 0,
  kind: document.kind ?? 'other',
  title: document.title ?? '',
  reference: document.reference ?? '',
  issuedOn: document.issuedOn ?? null,
  expiresOn: document.expiresOn ?? null,
  state: 'valid',
  fileCount: 0,
  ...(document.pending === undefined ? {} : { pending: document.pending }),
});

export function SupplierSheet({ supplierId, onBack, onEdit }: SupplierSheetProps) {
  const { t } = useTranslation('supplier');
  const query = useQuery({ ...suppliers.recordQueryOptions(supplierId), enabled: useServerMayHave(suppliers.writeKinds.create, supplierId) });
  const tradeList = useQuery(trades.allQueryOptions());
  const moduleWrites = usePendingChanges('supplier');
  const pending = suppliers.ownWrites(moduleWrites.filter((write) => write.item.recordId === supplierId));
  // Its documents written on this device and not sent yet, shown at once with their values.
  const pendingDocuments = withPending<SupplierDocumentSummary & { supplierId?: string }>([], documents.ownWrites(moduleWrites)).filter((document) => document.supplierId === supplierId);
  const server = query.data;
  const overlaid = withPendingRecord(server, pending);
  const tradeName = (id: string) => tradeList.data?.find((trade) => trade.id === id)?.name ?? '';
  const supplier = useKeptRecord(
    overlaid === undefined ? undefined : server === undefined ? fromCreate(overlaid as Supplier, tradeName) : { ...overlaid, trades: (overlaid.tradeIds ?? []).map((id) => ({ id, name: tradeName(id) || (server.trades.find((trade) => trade.id === id)?.name ?? '') })) },
    query.isFetching,
  );
  if (supplier === undefined) return <SheetPlaceholder title={t('sheet.title')} onBack={onBack} query={query} offlineText={t('sheet.offline_missing')} loadingLabel={t('sheet.loading')} />;
  const shown = pendingDocuments.length === 0 ? supplier : { ...supplier, documents: [...pendingDocuments.map(waitingDocument), ...supplier.documents] };
  return <SupplierSheetView supplier={shown} onServer={server !== undefined} pending={overlaid?.pending} onBack={onBack} onEdit={onEdit} />;
}

interface ViewProps {
  supplier: Supplier;
  onServer: boolean;
  pending: Parameters<typeof WaitingMark>[0]['pending'] | undefined;
  onBack?: (() => void) | undefined;
  onEdit: () => void;
}

function SupplierSheetView({ supplier, onServer, pending, onBack, onEdit }: ViewProps) {
  const { t, i18n } = useTranslation('supplier');
  const rights = useEnvelope((state) => state.rights);
  const manager = can(rights, 'supplier', 'manage');
  const router = useRouter();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const deleted = supplier.deletedAt !== null;
  const empty = t('sheet.empty');
  const editable = manager && !deleted && onServer;

  const act = (action: () => Promise<unknown>, done: string) => withToast(action, t(done));

  const actions = (
    <>
      {editable && <IonButton onClick={onEdit}>{t('sheet.edit')}</IonButton>}
      {editable && (
        <IonButton fill="outline" onClick={() => void act(() => suppliers.queueUpdate(supplier, { ...supplier, archived: !supplier.archived }), supplier.archived ? 'sheet.unarchived' : 'sheet.archived_done')}>
          {supplier.archived ? t('sheet.unarchive') : t('sheet.archive')}
        </IonButton>
      )}
      {editable && (
        <IonButton color="danger" fill="outline" onClick={() => setConfirmDelete(true)}>
          {t('sheet.delete')}
        </IonButton>
      )}
      {manager && deleted && onServer && <IonButton onClick={() => void act(() => suppliers.queueRestore(supplier), 'sheet.restored')}>{t('sheet.restore')}</IonButton>}
    </>
  );

  const link = (href: string, text: string) => (text === '' ? empty : <a href={href}>{text}</a>);
  const website = supplier.website === '' ? '' : /^https?:\/\//i.test(supplier.website) ? supplier.website : `https://${supplier.website}`;

  return (
    <ModulePage title={supplier.name} onBack={onBack} actions={actions}>
      <RecordSheet label={supplier.name}>
        {(pending !== undefined || deleted || supplier.archived || supplier.documentState !== 'valid') && (
          <p className="supplier-sheet-marks">
            {supplier.documentState !== 'valid' && <DocumentStateChip state={supplier.documentState} />}
            {supplier.archived && <StatusChip label={t('sheet.archived')} tone="neutral" />}
            {deleted && <StatusChip label={t('sheet.deleted')} tone="danger" />}
            {pending !== undefined && <WaitingMark pending={pending} />}
          </p>
        )}
        {confirmDelete && (
          <ConfirmBar
            className="supplier-confirm"
            question={t('sheet.delete_confirm', { name: supplier.name })}
            confirmLabel={t('sheet.delete_yes')}
            cancelLabel={t('sheet.cancel')}
            onConfirm={() => void act(() => suppliers.queueDelete(supplier), 'sheet.deleted_done')}
            onCancel={() => setConfirmDelete(false)}
          />
        )}
        <RecordSection title={t('sheet.reach')}>
          <RecordFields
            fields={[
              { label: t('field.phone'), value: link(`tel:${supplier.phone.replace(/[^\d+]/g, '')}`, supplier.phone) },
              { label: t('field.email'), value: link(`mailto:${supplier.email}`, supplier.email) },
              { label: t('field.website'), value: website === '' ? empty : <a href={website} target="_blank" rel="noopener noreferrer">{supplier.website}</a> },
              { label: t('field.address'), value: [supplier.address, [supplier.postalCode, supplier.city].filter(Boolean).join(' ')].filter(Boolean).join(', ') || empty },
            ]}
          />
        </RecordSection>
        <RecordSection title={t('sheet.company')}>
          <RecordFields
            fields={[
              { label: t('field.legalName'), value: supplier.legalName || empty },
              { label: t('field.siret'), value: supplier.siret || empty },
              { label: t('field.vatNumber'), value: supplier.vatNumber || empty },
              { label: t('field.trades'), value: supplier.trades.map((trade) => trade.name).join(', ') || empty },
            ]}
          />
        </RecordSection>
        <RecordSection
          title={t('sheet.documents')}
          actions={editable ? <IonButton size="small" onClick={() => void router.navigate({ href: documentNewHref(supplier.id) })}>{t('document.add')}</IonButton> : undefined}
        >
          {supplier.documents.length === 0 ? (
            <p>{t('sheet.no_documents')}</p>
          ) : (
            <ul className="bare-list supplier-documents">
              {supplier.documents.map((document) => (
                <li key={document.id}>
                  <span className="supplier-document-text">
                    <strong>{document.title}</strong>
                    <span>
                      {t(`document.kind.${document.kind}`)}
                      {document.reference !== '' && ` · ${document.reference}`}
                      {' · '}
                      {document.expiresOn === null ? t('document.no_expiry') : t('document.expires', { day: formatDay(document.expiresOn, i18n.language) })}
                      {document.fileCount > 0 && ` · ${t('document.files', { count: document.fileCount })}`}
                    </span>
                  </span>
                  {'pending' in document && document.pending !== undefined ? <WaitingMark pending={document.pending as PendingMark} /> : <DocumentStateChip state={document.state} />}
                  {editable && document.version > 0 && (
                    <IonButton fill="clear" size="small" onClick={() => void router.navigate({ href: documentEditHref(supplier.id, document.id) })}>
                      {t('document.open', { title: document.title })}
                    </IonButton>
                  )}
                </li>
              ))}
            </ul>
          )}
        </RecordSection>
        {onServer && <RecordPanels host="suppliers" recordId={supplier.id} />}
        <RecordSection title={t('field.notes')}>
          <p className="supplier-notes">{supplier.notes || empty}</p>
        </RecordSection>
        {onServer && (
          <RecordSection title={t('sheet.history')}>
            <HistoryList query={suppliers.historyQueryOptions(supplier.id)} fields={SUPPLIER_HISTORY_FIELDS} />
          </RecordSection>
        )}
      </RecordSheet>
    </ModulePage>
  );
}
