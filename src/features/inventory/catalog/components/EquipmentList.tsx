/**
 * The equipment list (/inventory-v2/equipment, /inventory/object, and beside a sheet on a wide
 * screen): RecordList with the search (name, serial number, tag), the site, category, status
 * and check (due, overdue) filters, all in the address. A row: the name, article and place; the
 * status and the check's state with its day. Items written on this device and not yet sent show
 * at once, marked as waiting.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EquipmentRow } from '../../../../../common/modules/inventory/catalog';
import { checkState } from '../../../../../common/modules/inventory/due-date';
import { EQUIPMENT_STATUSES } from '../../../../../common/modules/inventory/model';
import { DeletedFilter } from '../../../../components/module/DeletedFilter';
import { FilterSelect } from '../../../../components/module/FilterSelect';
import { listTexts, RecordList } from '../../../../components/module/RecordList';
import { useSearchPatch } from '../../../../components/module/search-patch';
import { StatusChip } from '../../../../components/module/StatusChip';
import { WaitingMark } from '../../../../components/WaitingMark';
import { useLinkNavigation } from '../../../../hooks/use-link-navigation';
import { formatDay } from '../../../../lib/dates';
import { useEnvelope } from '../../../../lib/envelope-store';
import { usePendingChanges, withPendingList, type WithPending } from '../../../../lib/outbox';
import { can } from '../../../../lib/rights';
import { matchesSearch } from '../../../../lib/text-fold';
import { EQUIPMENT_MODULE, categories, choicesQueryOptions, equipment } from '../kinds';
import { equipmentHref, equipmentListHref, useCatalogBase } from '../paths';
import { validateEquipmentSearch, type EquipmentListSearch } from '../search';
import { CHECK_TONES, deviceToday, STATUS_TONES } from './status';

/**
 * The site filter: a district's sites are up to 2,000 choices, whose options cost the list's
 * first screen a long style and layout task on a phone. The select holds "any" and the chosen
 * site until it is first focused or pressed (before its popup opens), then every site.
 */
function SiteFilter({ label, anyLabel, value, options, onChange }: Parameters<typeof FilterSelect>[0]) {
  const [opened, setOpened] = useState(false);
  const open = () => setOpened(true);
  const shown = opened ? options : options.filter((option) => option.value === value);
  return (
    <span onFocusCapture={open} onPointerDownCapture={open} onMouseDownCapture={open} onKeyDownCapture={open} className="inventory-catalog-filter">
      <FilterSelect label={label} anyLabel={anyLabel} value={value} options={shown} onChange={onChange} />
    </span>
  );
}

export const EQUIPMENT_ROW_HEIGHT = 76;
export const EQUIPMENT_NARROW_ROW_HEIGHT = 112;

export function EquipmentList({ search, selectedId }: { search: EquipmentListSearch; selectedId?: string }) {
  const { t, i18n } = useTranslation('inventoryV2');
  const base = useCatalogBase();
  const manager = can(useEnvelope((state) => state.rights), base.feature, 'manage');
  const choices = useQuery(choicesQueryOptions());
  const categoryList = useQuery(categories.allQueryOptions());
  const pending = equipment.ownWrites(usePendingChanges(EQUIPMENT_MODULE));
  const follow = useLinkNavigation();
  const setSearch = useSearchPatch(validateEquipmentSearch, (s) => equipmentListHref(base, s));
  const siteName = (id: string | null | undefined) => choices.data?.sites.find((s) => s.id === id)?.name ?? '';
  const today = deviceToday();

  const overlay = (rows: EquipmentRow[], total: number) =>
    withPendingList(rows, total, pending, {
      matches: (row) =>
        matchesSearch(search.search, [row.name, row.serial ?? '', row.tag ?? '']) &&
        (search.site === undefined || row.siteId === search.site) &&
        (search.status === undefined || (row.status ?? 'inService') === search.status),
      deletedView: search.deleted === 'true',
      complete: (row: WithPending<EquipmentRow>) => ({
        ...row,
        articleName: row.articleName ?? '',
        serial: row.serial ?? '',
        tag: row.tag ?? '',
        siteId: row.siteId ?? null,
        siteName: row.siteName ?? siteName(row.siteId),
        room: row.room ?? '',
        status: row.status ?? 'inService',
        lastCheckOn: row.lastCheckOn ?? null,
        nextCheckOn: row.nextCheckOn ?? null,
        checkState: row.checkState ?? 'none',
        deletedAt: row.deletedAt ?? null,
      }),
    });
  const filtered = Object.keys(search).some((key) => key !== 'deleted' && search[key] !== undefined);
  const select = (label: string, key: keyof EquipmentListSearch, options: { value: string; label: string }[]) => (
    <FilterSelect label={label} anyLabel={t('catalog.list.any')} value={search[key]} options={options} onChange={(value) => setSearch({ [key]: value })} />
  );
  const texts = listTexts((key, options) => t(`catalog.equipment.${key.replace(/^list\./, '')}`, options), filtered);

  return (
    <RecordList
      query={equipment.pagesQueryOptions(search)}
      {...texts}
      getKey={(item) => item.id}
      overlay={overlay}
      rowHeight={EQUIPMENT_ROW_HEIGHT}
      narrowRowHeight={EQUIPMENT_NARROW_ROW_HEIGHT}
      selectedId={selectedId}
      scrollKey={equipmentListHref(base, search)}
      search={search.search ?? ''}
      onSearch={(value) => setSearch({ search: value })}
      filters={
        <>
          {select(t('catalog.field.check'), 'check', [
            { value: 'due', label: t('catalog.check_filter.due') },
            { value: 'overdue', label: t('catalog.check_filter.overdue') },
          ])}
          <SiteFilter
            label={t('catalog.field.site')}
            anyLabel={t('catalog.list.any')}
            value={search.site}
            options={(choices.data?.sites ?? []).map((s) => ({ value: s.id, label: s.name }))}
            onChange={(value) => setSearch({ site: value })}
          />
          {select(t('catalog.field.category'), 'category', (categoryList.data ?? []).filter((c) => c.deletedAt === null).map((c) => ({ value: c.id, label: c.name })))}
          {select(t('catalog.field.status'), 'status', EQUIPMENT_STATUSES.map((status) => ({ value: status, label: t(`catalog.status.${status}`) })))}
          {manager && (
            <DeletedFilter
              label={t('catalog.list.state')}
              liveLabel={t('catalog.list.live')}
              deletedLabel={t('catalog.list.deleted')}
              deleted={search.deleted === 'true'}
              onChange={(deleted) => setSearch({ deleted: deleted ? 'true' : undefined })}
            />
          )}
        </>
      }
      renderRow={(row, selected) => {
        const item: WithPending<EquipmentRow> = row;
        const href = equipmentHref(base, item.id, search);
        const state = item.nextCheckOn === null ? item.checkState : checkState(item.nextCheckOn, today, item.status);
        const place = [item.siteName, item.room].filter(Boolean).join(', ');
        return (
          <a href={href} onClick={follow(href)} className="record-row inventory-catalog-row" aria-current={selected ? 'true' : undefined}>
            <span className="record-row-text">
              <strong>{item.name}</strong>
              <span>{[item.articleName, place, item.tag].filter(Boolean).join(' · ')}</span>
            </span>
            <span className="record-row-chips">
              <StatusChip label={t(`catalog.status.${item.status}`)} tone={STATUS_TONES[item.status]} />
              {state !== 'none' && state !== 'ok' && item.nextCheckOn !== null && (
                <StatusChip label={t(`catalog.check_state.${state}`, { day: formatDay(item.nextCheckOn, i18n.language) })} tone={CHECK_TONES[state]} />
              )}
              {item.deletedAt !== null && <StatusChip label={t('catalog.sheet.deleted')} tone="danger" />}
              {item.pending !== undefined && <WaitingMark pending={item.pending} />}
            </span>
          </a>
        );
      }}
    />
  );
}
