/**
 * The areas' list (RecordList): search by name, filters by layer and group, the deleted areas
 * for managers, every choice in the address. Each row: the area's colour, name, layer, group
 * and surface; areas written on this device and not yet sent show at once, marked waiting.
 */
import { useTranslation } from 'react-i18next';
import type { Area, AreaGroup, Layer } from '../../../../../common/modules/cartography/schemas';
import { FilterSelect } from '../../../../components/module/FilterSelect';
import { RecordList } from '../../../../components/module/RecordList';
import { StatusChip } from '../../../../components/module/StatusChip';
import { WaitingMark } from '../../../../components/WaitingMark';
import { useLinkNavigation } from '../../../../hooks/use-link-navigation';
import { withPendingList, type PendingWrite, type WithPending } from '../../../../lib/outbox';
import { areasListQueryOptions } from '../api/areas';
import { areaColour, areaMatches, completeArea } from '../area-pending';
import type { AreaPageSearch } from '../area-search';
import { surfaceText } from '../drawing';

export const AREA_ROW_HEIGHT = 72;
/** A narrow list's row: the name on up to two lines, its layer, group and surface, and the chips' line. */
export const AREA_NARROW_ROW_HEIGHT = 104;

export interface AreasListProps {
  search: AreaPageSearch;
  manager: boolean;
  layers: readonly Layer[];
  groups: readonly AreaGroup[];
  writes: readonly PendingWrite[];
  href: (patch: Partial<AreaPageSearch>) => string;
  setSearch: (patch: Partial<AreaPageSearch>) => void;
}

export function AreasList({ search, manager, layers, groups, writes, href, setSearch }: AreasListProps) {
  const { t, i18n } = useTranslation('cartography');
  const follow = useLinkNavigation();
  const overlay = (rows: Area[], total: number) =>
    withPendingList(rows, total, writes, { matches: areaMatches(search), deletedView: search.deleted === 'true', complete: completeArea(layers, groups) });
  const colourOf = areaColour(layers, groups);
  const filtered = search.search !== undefined || search.layer !== undefined || search.group !== undefined;
  return (
    <RecordList
      query={areasListQueryOptions(search)}
      label={t('management.areas.list_label')}
      getKey={(area) => area.id}
      overlay={overlay}
      rowHeight={AREA_ROW_HEIGHT}
      narrowRowHeight={AREA_NARROW_ROW_HEIGHT}
      selectedId={search.area}
      scrollKey={href({ area: undefined, pane: undefined })}
      search={search.search ?? ''}
      onSearch={(value) => setSearch({ search: value })}
      searchLabel={t('management.areas.search')}
      countText={(count) => t('management.areas.count', { count })}
      emptyText={filtered ? t('management.areas.empty_filtered') : t('management.areas.empty')}
      filters={
        <>
          <FilterSelect
            label={t('management.common.layer')}
            anyLabel={t('management.common.any')}
            value={search.layer}
            options={layers.map((layer) => ({ value: layer.id, label: layer.name }))}
            onChange={(layer) => setSearch({ layer })}
          />
          <FilterSelect
            label={t('management.common.group')}
            anyLabel={t('management.common.any')}
            value={search.group}
            options={groups.map((group) => ({ value: group.id, label: group.name }))}
            onChange={(group) => setSearch({ group })}
          />
          {manager && (
            <FilterSelect
              label={t('management.common.state')}
              anyLabel={t('management.common.active')}
              value={search.deleted}
              options={[{ value: 'true', label: t('management.common.deleted_view') }]}
              onChange={(deleted) => setSearch({ deleted: deleted === 'true' ? 'true' : undefined })}
            />
          )}
        </>
      }
      renderRow={(row, selected) => {
        const area: WithPending<Area> = row;
        const to = href({ area: area.id, pane: undefined });
        return (
          <a href={to} onClick={follow(to)} className="record-row cm-row" aria-current={selected ? 'true' : undefined}>
            <span className="cm-swatch" style={{ background: colourOf(area) }} aria-hidden="true" />
            <span className="record-row-text">
              <strong>{area.name}</strong>
              <span>
                {[area.layerName, area.groupName, surfaceText(area.areaSquareMetres, i18n.language)].filter((part) => part !== null && part !== '').join(' · ')}
              </span>
            </span>
            {(area.deletedAt !== null || area.pending !== undefined) && (
              <span className="record-row-chips">
                {area.deletedAt !== null && <StatusChip label={t('management.common.deleted')} tone="danger" />}
                {area.pending !== undefined && <WaitingMark pending={area.pending} />}
              </span>
            )}
          </a>
        );
      }}
    />
  );
}
