/**
 * The contract list (/contract/contract-view, and beside a sheet on a wide screen): RecordList
 * with the search (title, reference), the supplier, site, type, status and "notice deadline
 * within N days" filters, all in the address. A row: the title, supplier and end; the status,
 * the notice deadline when near. Contracts written on this device and not yet sent show at once,
 * marked as waiting.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { contractTerm } from '../../../../common/modules/contract/deadline';
import { CONTRACT_STATUSES, CONTRACT_TYPES, type ContractRow } from '../../../../common/modules/contract/schemas';
import { DeletedFilter } from '../../../components/module/DeletedFilter';
import { FilterSelect } from '../../../components/module/FilterSelect';
import { listTexts, RecordList } from '../../../components/module/RecordList';
import { useSearchPatch } from '../../../components/module/search-patch';
import { StatusChip } from '../../../components/module/StatusChip';
import { WaitingMark } from '../../../components/WaitingMark';
import { useLinkNavigation } from '../../../hooks/use-link-navigation';
import { formatDay } from '../../../lib/dates';
import { useEnvelope } from '../../../lib/envelope-store';
import { usePendingChanges, withPendingList, type WithPending } from '../../../lib/outbox';
import { can } from '../../../lib/rights';
import { matchesSearch } from '../../../lib/text-fold';
import { choicesQueryOptions, CONTRACT_MODULE, contracts } from '../kinds';
import { contractHref, contractsListHref } from '../paths';
import { validateContractSearch, type ContractListSearch } from '../search';
import { deviceToday, noticeSoon, STATUS_TONES } from './status';

export const CONTRACT_ROW_HEIGHT = 76;
export const CONTRACT_NARROW_ROW_HEIGHT = 112;

export function ContractsList({ search, selectedId }: { search: ContractListSearch; selectedId?: string }) {
  const { t, i18n } = useTranslation('contract');
  const manager = can(useEnvelope((state) => state.rights), 'contract', 'manage');
  const choices = useQuery(choicesQueryOptions());
  const pending = contracts.ownWrites(usePendingChanges(CONTRACT_MODULE));
  const follow = useLinkNavigation();
  const setSearch = useSearchPatch(validateContractSearch, contractsListHref);
  const supplierName = (id: string | undefined) => choices.data?.suppliers.find((s) => s.id === id)?.name ?? '';

  const overlay = (rows: ContractRow[], total: number) =>
    withPendingList(rows, total, pending, {
      matches: (row) =>
        matchesSearch(search.search, [row.title, row.reference ?? '']) &&
        (search.supplier === undefined || row.supplierId === search.supplier) &&
        (search.type === undefined || row.type === search.type),
      deletedView: search.deleted === 'true',
      complete: (row: WithPending<ContractRow>) => {
        const term = contractTerm({ endOn: row.endOn ?? null, tacitRenewal: row.tacitRenewal ?? false, renewalMonths: (row as { renewalMonths?: number | null }).renewalMonths ?? null, noticeDays: (row as { noticeDays?: number }).noticeDays ?? 0 }, deviceToday());
        return {
          ...row,
          reference: row.reference ?? '',
          status: row.status ?? 'draft',
          supplierName: row.supplierName ?? supplierName(row.supplierId),
          siteIds: row.siteIds ?? [],
          endOn: row.endOn ?? null,
          tacitRenewal: row.tacitRenewal ?? false,
          amountCents: row.amountCents ?? null,
          termEndOn: row.termEndOn ?? term?.endOn ?? null,
          noticeOn: row.noticeOn ?? term?.noticeOn ?? null,
          deletedAt: row.deletedAt ?? null,
        };
      },
    });
  const filtered = Object.keys(search).some((key) => key !== 'deleted' && search[key] !== undefined);
  const select = (label: string, key: keyof ContractListSearch, options: { value: string; label: string }[]) => (
    <FilterSelect label={label} anyLabel={t('list.filter_any')} value={search[key]} options={options} onChange={(value) => setSearch({ [key]: value })} />
  );

  return (
    <RecordList
      query={contracts.pagesQueryOptions(search)}
      {...listTexts(t, filtered)}
      getKey={(contract) => contract.id}
      overlay={overlay}
      rowHeight={CONTRACT_ROW_HEIGHT}
      narrowRowHeight={CONTRACT_NARROW_ROW_HEIGHT}
      selectedId={selectedId}
      scrollKey={contractsListHref(search)}
      search={search.search ?? ''}
      onSearch={(value) => setSearch({ search: value })}
      filters={
        <>
          {select(t('field.supplier'), 'supplier', (choices.data?.suppliers ?? []).map((s) => ({ value: s.id, label: s.name })))}
          {select(t('field.sites'), 'site', (choices.data?.sites ?? []).map((s) => ({ value: s.id, label: s.name })))}
          {select(t('field.type'), 'type', CONTRACT_TYPES.map((type) => ({ value: type, label: t(`type.${type}`) })))}
          {select(t('field.status'), 'status', CONTRACT_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) })))}
          {select(t('list.filter_notice'), 'noticeWithin', [7, 30, 90].map((days) => ({ value: String(days), label: t('list.within', { count: days }) })))}
          {manager && (
            <DeletedFilter
              label={t('list.filter_state')}
              liveLabel={t('list.filter_live')}
              deletedLabel={t('list.filter_deleted')}
              deleted={search.deleted === 'true'}
              onChange={(deleted) => setSearch({ deleted: deleted ? 'true' : undefined })}
            />
          )}
        </>
      }
      renderRow={(row, selected) => {
        const contract: WithPending<ContractRow> = row;
        const href = contractHref(contract.id, search);
        const soon = noticeSoon(contract.noticeOn, contract.status);
        return (
          <a href={href} onClick={follow(href)} className="record-row contract-row" aria-current={selected ? 'true' : undefined}>
            <span className="record-row-text">
              <strong>{contract.title}</strong>
              <span>
                {[contract.supplierName, contract.termEndOn === null ? t('sheet.open_ended') : t('list.ends', { day: formatDay(contract.termEndOn, i18n.language) })].filter(Boolean).join(' · ')}
              </span>
            </span>
            <span className="record-row-chips">
              <StatusChip label={t(`status.${contract.status}`)} tone={STATUS_TONES[contract.status]} />
              {soon && contract.noticeOn !== null && <StatusChip label={t('list.notice', { day: formatDay(contract.noticeOn, i18n.language) })} tone="warning" />}
              {contract.deletedAt !== null && <StatusChip label={t('sheet.deleted')} tone="danger" />}
              {contract.pending !== undefined && <WaitingMark pending={contract.pending} />}
            </span>
          </a>
        );
      }}
    />
  );
}
