/**
 * The supplier list (/supplier/supplier-view, and beside a sheet on a wide screen): RecordList
 * with the search (name, legal name, city, SIRET), the trade and documents' state filters, the
 * archived and (managers) deleted views, all in the address. A row: the name, city and trades,
 * the documents' state when not valid, a phone to call. Suppliers written on this device and not
 * yet sent show at once, marked as waiting.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SupplierRow } from '../../../../common/modules/supplier/schemas';
import { stateOf, StateFilter, stateSearch } from '../../../components/module/DeletedFilter';
import { FilterSelect } from '../../../components/module/FilterSelect';
import { listTexts, RecordList } from '../../../components/module/RecordList';
import { useSearchPatch } from '../../../components/module/search-patch';
import { StatusChip } from '../../../components/module/StatusChip';
import { WaitingMark } from '../../../components/WaitingMark';
import { useLinkNavigation } from '../../../hooks/use-link-navigation';
import { useEnvelope } from '../../../lib/envelope-store';
import { usePendingChanges, withPendingList, type WithPending } from '../../../lib/outbox';
import { can } from '../../../lib/rights';
import { matchesSearch } from '../../../lib/text-fold';
import { suppliers, trades } from '../kinds';
import { supplierHref, suppliersListHref } from '../paths';
import { validateSupplierSearch, type SupplierListSearch } from '../search';
import { DocumentStateChip } from './DocumentStateChip';

export const SUPPLIER_ROW_HEIGHT = 76;
export const SUPPLIER_NARROW_ROW_HEIGHT = 112;

export function SuppliersList({ search, selectedId }: { search: SupplierListSearch; selectedId?: string }) {
  const { t } = useTranslation('supplier');
  const rights = useEnvelope((state) => state.rights);
  const manager = can(rights, 'supplier', 'manage');
  const tradeList = useQuery(trades.allQueryOptions());
  const pending = suppliers.ownWrites(usePendingChanges('supplier'));
  const follow = useLinkNavigation();
  const setSearch = useSearchPatch(validateSupplierSearch, suppliersListHref);
  const tradeName = (id: string) => tradeList.data?.find((trade) => trade.id === id)?.name;

  const overlay = (rows: SupplierRow[], total: number) =>
    withPendingList(rows, total, pending, {
      matches: (row) =>
        matchesSearch(search.search, [row.name, row.city ?? '']) &&
        (search.trade === undefined || (row.tradeIds ?? []).includes(search.trade)) &&
        (row.archived === true) === (search.archived === 'true'),
      deletedView: search.deleted === 'true',
      complete: (row: WithPending<SupplierRow>) => ({
        ...row,
        city: row.city ?? '',
        phone: row.phone ?? '',
        email: row.email ?? '',
        archived: row.archived ?? false,
        tradeIds: row.tradeIds ?? [],
        trades: (row.tradeIds ?? []).map((id) => ({ id, name: tradeName(id) ?? '' })),
        documentState: row.documentState ?? 'valid',
        nextExpiry: row.nextExpiry ?? null,
        deletedAt: row.deletedAt ?? null,
      }),
    });
  const filtered = search.search !== undefined || search.trade !== undefined || search.documents !== undefined;

  return (
    <RecordList
      query={suppliers.pagesQueryOptions(search)}
      {...listTexts(t, filtered)}
      getKey={(supplier) => supplier.id}
      overlay={overlay}
      rowHeight={SUPPLIER_ROW_HEIGHT}
      narrowRowHeight={SUPPLIER_NARROW_ROW_HEIGHT}
      selectedId={selectedId}
      scrollKey={suppliersListHref(search)}
      search={search.search ?? ''}
      onSearch={(value) => setSearch({ search: value })}
      filters={
        <>
          <FilterSelect
            label={t('list.filter_trade')}
            anyLabel={t('list.filter_any')}
            value={search.trade}
            options={(tradeList.data ?? []).map((trade) => ({ value: trade.id, label: trade.name }))}
            onChange={(trade) => setSearch({ trade })}
          />
          <FilterSelect
            label={t('list.filter_documents')}
            anyLabel={t('list.filter_any')}
            value={search.documents}
            options={[
              { value: 'expiring,expired', label: t('list.documents_attention') },
              { value: 'expiring', label: t('document.state.expiring') },
              { value: 'expired', label: t('document.state.expired') },
            ]}
            onChange={(documents) => setSearch({ documents })}
          />
          <StateFilter
            label={t('list.filter_state')}
            liveLabel={t('list.filter_active')}
            archivedLabel={t('list.filter_archived')}
            deletedLabel={manager ? t('list.filter_deleted') : undefined}
            state={stateOf(search)}
            onChange={(state) => setSearch(stateSearch(state))}
          />
        </>
      }
      renderRow={(row, selected) => {
        const supplier: WithPending<SupplierRow> = row;
        const href = supplierHref(supplier.id, search);
        return (
          <a href={href} onClick={follow(href)} className="record-row supplier-row" aria-current={selected ? 'true' : undefined}>
            <span className="record-row-text">
              <strong>{supplier.name}</strong>
              <span>{[supplier.city, supplier.trades.map((trade) => trade.name).join(', ')].filter(Boolean).join(' · ') || t('sheet.empty')}</span>
            </span>
            <span className="record-row-chips">
              {supplier.documentState !== 'valid' && <DocumentStateChip state={supplier.documentState} />}
              {supplier.archived && <StatusChip label={t('sheet.archived')} tone="neutral" />}
              {supplier.deletedAt !== null && <StatusChip label={t('sheet.deleted')} tone="danger" />}
              {supplier.pending !== undefined && <WaitingMark pending={supplier.pending} />}
            </span>
          </a>
        );
      }}
    />
  );
}
