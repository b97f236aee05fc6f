/**
 * The areas (/dsa/dsaView, and beside a sheet on a wide screen): RecordList with the search in
 * the address. A row: the name, the counterpart and the site; the active links and the deposits.
 * Areas written on this device and not yet sent show at once, marked as waiting.
 */
import { useTranslation } from 'react-i18next';
import type { AreaRow } from '../../../../common/modules/dsa/schemas';
import { listTexts, RecordList } from '../../../components/module/RecordList';
import { useSearchPatch } from '../../../components/module/search-patch';
import { StatusChip } from '../../../components/module/StatusChip';
import { WaitingMark } from '../../../components/WaitingMark';
import { useLinkNavigation } from '../../../hooks/use-link-navigation';
import { usePendingChanges, withPendingList, type WithPending } from '../../../lib/outbox';
import { matchesSearch } from '../../../lib/text-fold';
import { areas, DSA_MODULE } from '../kinds';
import { areaHref, areasHref } from '../paths';
import { validateAreaSearch, type AreaSearch } from '../routes';

export function AreasList({ search, selectedId }: { search: AreaSearch; selectedId?: string }) {
  const { t } = useTranslation('dsa');
  const pending = areas.ownWrites(usePendingChanges(DSA_MODULE));
  const follow = useLinkNavigation();
  const setSearch = useSearchPatch(validateAreaSearch, areasHref);
  const overlay = (rows: AreaRow[], total: number) =>
    withPendingList(rows, total, pending, {
      matches: (row) => matchesSearch(search.search, [row.name, row.counterpartName ?? '']),
      deletedView: false,
      complete: (row: WithPending<AreaRow>) => ({
        ...row,
        siteId: row.siteId ?? null,
        siteName: row.siteName ?? null,
        counterpartName: row.counterpartName ?? '',
        counterpartEmail: row.counterpartEmail ?? '',
        activeLinks: row.activeLinks ?? 0,
        depositCount: row.depositCount ?? 0,
        lastDepositAt: row.lastDepositAt ?? null,
        deletedAt: row.deletedAt ?? null,
      }),
    });
  return (
    <RecordList
      query={areas.pagesQueryOptions(search)}
      {...listTexts(t, search.search !== undefined)}
      getKey={(area) => area.id}
      overlay={overlay}
      rowHeight={76}
      narrowRowHeight={112}
      selectedId={selectedId}
      scrollKey={areasHref(search)}
      search={search.search ?? ''}
      onSearch={(value) => setSearch({ search: value || undefined })}
      renderRow={(row, selected) => {
        const area: WithPending<AreaRow> = row;
        const href = areaHref(area.id, search);
        return (
          <a href={href} onClick={follow(href)} className="record-row dsa-row" aria-current={selected ? 'true' : undefined}>
            <span className="record-row-text">
              <strong>{area.name}</strong>
              <span>{[area.counterpartName, area.siteName].filter(Boolean).join(' · ')}</span>
            </span>
            <span className="record-row-chips">
              {area.activeLinks > 0 && <StatusChip label={t('list.active_links', { count: area.activeLinks })} tone="success" />}
              <StatusChip label={t('list.deposits', { count: area.depositCount })} tone="neutral" />
              {area.pending !== undefined && <WaitingMark pending={area.pending} />}
            </span>
          </a>
        );
      }}
    />
  );
}
