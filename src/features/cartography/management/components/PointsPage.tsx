/**
 * Cartography management's points of interest (view interestPoint/view; readPoints, and
 * managePoints for the writes): the list (search; category, layer and site filters; the
 * deleted points for managers) and a map of the same points, side by side on a wide screen,
 * a list/map switch on a phone. A point's sheet opens from the list or from a tap on the map.
 * A manager places a new point with a tap on the map (or "use my position", or typed
 * coordinates) then fills its form; moves one by dragging its marker or tapping its new
 * place (or typing it); edits, deletes and restores. Every write goes through the outbox and
 * shows at once, marked waiting. The address holds the filters and the selected point.
 */
import { IonButton } from '@ionic/react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { defaultStringifySearch, useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mapPowers } from '../../../../../common/modules/cartography/access';
import type { Poi } from '../../../../../common/modules/cartography/schemas';
import { DeletedFilter } from '../../../../components/module/DeletedFilter';
import { FilterSelect } from '../../../../components/module/FilterSelect';
import { ModulePage } from '../../../../components/module/ModulePage';
import { RecordList } from '../../../../components/module/RecordList';
import { SiteSelect } from '../../../../components/module/SiteSelect';
import { useWideLayout } from '../../../../components/module/SplitLayout';
import { StatusChip } from '../../../../components/module/StatusChip';
import { WaitingMark } from '../../../../components/WaitingMark';
import { useLinkNavigation } from '../../../../hooks/use-link-navigation';
import { useEnvelope } from '../../../../lib/envelope-store';
import { deletedOnceSent, usePendingChanges, withPendingList, withPendingRecord, type WithPending } from '../../../../lib/outbox';
import { withToast } from '../../../../lib/toast-action';
import '../../components/cartography.css';
import { categoriesQueryOptions, managedLayersQueryOptions, pointQueryOptions, pointsListQueryOptions, siteChoicesQueryOptions } from '../api/reads';
import { managementHref } from '../paths';
import { completePoint, draftFields, draftOf, emptyDraft, listSearch, pointMatches, validatePointsSearch, type PointDraft, type PointsPageSearch } from '../points';
import { MAP_RECORDS, queueCreate, queueDelete, queueRestore, queueUpdate } from '../record-writes';
import { useLiveRecords } from '../live-records';
import { CategoryIcon } from './CategoryIcon';
import { MoveForm, PointForm, type Placed } from './PointForm';
import { PointSheet } from './PointSheet';
import { ImportDialog } from './ImportDialog';
import { ListMapSplit } from './ListMapSplit';
import { useMapBase } from './map-base';
import { PointsMap, type Position } from './PointsMap';
import './editors.css';

const MODULE = MAP_RECORDS.points.module;
const ROW_HEIGHT = 64;
/** A narrow list's row: the name on up to two lines, its category, layer and site, and the chips' line. */
const NARROW_ROW_HEIGHT = 104;

type Mode = { kind: 'none' } | { kind: 'new' } | { kind: 'edit' } | { kind: 'move' };

export const pointsHref = (search: PointsPageSearch) => `${managementHref('interestPointView')}${defaultStringifySearch(search as Record<string, unknown>)}`;

export function PointsPage() {
  const { t } = useTranslation('cartography');
  const raw: Record<string, unknown> = useSearch({ strict: false });
  const search = useMemo(() => validatePointsSearch(raw), [raw]);
  const filters = useMemo(() => listSearch(search), [search]);
  const navigate = useNavigate();
  const wide = useWideLayout();
  const follow = useLinkNavigation();
  const manager = mapPowers(useEnvelope((state) => state.rights)).managePoints;
  useLiveRecords(['points']);

  const [importing, setImporting] = useState(false);
  const categories = useQuery(categoriesQueryOptions());
  const layers = useQuery(managedLayersQueryOptions());
  const mapBase = useMapBase();
  const listQuery = pointsListQueryOptions(filters);
  const list = useInfiniteQuery(listQuery);
  const writes = usePendingChanges(MODULE);
  const complete = useMemo(() => completePoint(categories.data, layers.data), [categories.data, layers.data]);
  const deletedView = search.deleted === 'true';
  const overlay = useCallback(
    (rows: Poi[], total: number) => withPendingList(rows, total, writes, { matches: pointMatches(filters), deletedView, complete }),
    [writes, filters, deletedView, complete],
  );
  const loaded = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data]);
  const shown = useMemo(() => overlay(loaded, list.data?.pages[0]?.total ?? 0), [overlay, loaded, list.data]);

  const [mode, setMode] = useState<Mode>({ kind: 'none' });
  const [placed, setPlaced] = useState<Placed | null>(null);
  const [editingPosition, setEditingPosition] = useState<Position | null>(null);

  const go = (patch: Partial<PointsPageSearch>) => {
    const next = Object.fromEntries(Object.entries({ ...search, ...patch }).filter(([, value]) => value !== undefined && value !== '')) as PointsPageSearch;
    void navigate({ href: pointsHref(next), replace: true });
  };
  const setFilters = (patch: Partial<PointsPageSearch>) => go({ ...patch, point: undefined });

  // The selected point: the server's copy with this device's writes over it, or one created here.
  const selectedId = search.point ?? null;
  const served = useQuery({ ...pointQueryOptions(selectedId ?? ''), enabled: selectedId !== null });
  const selectedWrites = useMemo(() => writes.filter((write) => write.item.recordId === selectedId), [writes, selectedId]);
  const selected: WithPending<Poi> | undefined = useMemo(() => {
    if (selectedId === null) return undefined;
    const overlaid = withPendingRecord(served.data ?? shown.rows.find((row) => row.id === selectedId), selectedWrites);
    return overlaid === undefined ? undefined : complete(overlaid);
  }, [selectedId, served.data, shown.rows, selectedWrites, complete]);

  const editing = mode.kind === 'new' || mode.kind === 'move' ? { position: editingPosition } : null;
  const onPlace = useCallback((position: Position) => {
    setEditingPosition(position);
    setPlaced((previous) => ({ position, seq: (previous?.seq ?? 0) + 1 }));
  }, []);
  const startMode = (next: Mode, position: Position | null = null) => {
    setPlaced(null);
    setEditingPosition(position);
    setMode(next);
  };
  const endMode = () => startMode({ kind: 'none' });
  // Another point chosen (the list, the map, back): any form closes.
  useEffect(() => {
    setMode({ kind: 'none' });
    setEditingPosition(null);
    setPlaced(null);
  }, [selectedId]);

  const mapPoints = useMemo(() => {
    const rows = shown.rows.filter((row) => row.position !== undefined);
    if (selected !== undefined && !rows.some((row) => row.id === selected.id)) rows.push(selected);
    // The point being moved is drawn by its marker only.
    return mode.kind === 'move' ? rows.filter((row) => row.id !== selectedId) : rows;
  }, [shown.rows, selected, mode.kind, selectedId]);

  const defaultLayer = (layers.data ?? []).find((layer) => layer.kind === 'points' && layer.deletedAt === null)?.id;
  const saveNew = async (draft: PointDraft) => {
    const id = await queueCreate('points', draftFields(draft));
    endMode();
    go({ point: id, view: undefined });
  };
  const saveEdit = async (draft: PointDraft) => {
    if (selected === undefined) return;
    const { position: _position, ...fields } = draftFields(draft);
    await queueUpdate('points', selected, fields);
    endMode();
  };
  const saveMove = async (position: Position) => {
    if (selected === undefined) return;
    await queueUpdate('points', selected, { position });
    endMode();
  };

  const categoryOptions = (categories.data ?? []).filter((c) => c.deletedAt === null).map((c) => ({ value: c.id, label: c.name }));
  const layerOptions = (layers.data ?? []).filter((l) => l.deletedAt === null && l.kind === 'points').map((l) => ({ value: l.id, label: l.name }));

  let panel;
  if (mode.kind === 'new') {
    panel = (
      <PointForm
        title={t('management.points.new_title')}
        initial={emptyDraft({ categoryId: search.category ?? categoryOptions[0]?.value, layerId: search.layer ?? defaultLayer, siteId: search.site ?? null, position: editingPosition })}
        draftKey="cartography:point:new"
        categories={categories.data ?? []}
        layers={layers.data ?? []}
        siteName={null}
        categoryName={null}
        layerName={null}
        placed={placed}
        withPosition
        onPosition={setEditingPosition}
        onSave={saveNew}
        onCancel={endMode}
      />
    );
  } else if (mode.kind === 'edit' && selected !== undefined) {
    panel = (
      <PointForm
        title={t('management.points.edit_title', { name: selected.name })}
        initial={draftOf(selected)}
        draftKey={`cartography:point:${selected.id}`}
        categories={categories.data ?? []}
        layers={layers.data ?? []}
        siteName={selected.siteName}
        categoryName={selected.categoryName}
        layerName={selected.layerName}
        placed={null}
        withPosition={false}
        onPosition={() => undefined}
        onSave={saveEdit}
        onCancel={endMode}
      />
    );
  } else if (mode.kind === 'move' && selected !== undefined) {
    panel = <MoveForm name={selected.name} initial={selected.position} placed={placed} onPosition={setEditingPosition} onSave={saveMove} onCancel={endMode} />;
  } else if (selectedId !== null) {
    panel =
      selected === undefined ? (
        <p className="cm-note" role={served.isError ? 'alert' : 'status'}>
          {served.isError ? t('management.points.not_found') : t('management.common.loading')}
        </p>
      ) : (
        <PointSheet
          point={selected}
          deleted={deletedOnceSent(selected, selectedWrites)}
          manager={manager}
          onBack={() => go({ point: undefined })}
          onMove={() => {
            startMode({ kind: 'move' }, selected.position);
            if (!wide) go({ view: 'map' });
          }}
          onEdit={() => startMode({ kind: 'edit' })}
          onDelete={() => void withToast(() => queueDelete('points', selected), t('management.points.deleted'))}
          onRestore={() => void withToast(() => queueRestore('points', selected), t('management.points.restored'))}
        />
      );
  } else {
    panel = (
      <RecordList
        query={listQuery}
        label={t('management.points.list_label')}
        getKey={(point) => point.id}
        overlay={overlay}
        rowHeight={ROW_HEIGHT}
        narrowRowHeight={NARROW_ROW_HEIGHT}
        scrollKey={pointsHref(filters)}
        search={search.search ?? ''}
        onSearch={(value) => setFilters({ search: value })}
        searchLabel={t('management.points.search')}
        countText={(count) => t('management.points.count', { count })}
        emptyText={t(Object.keys(filters).length > 0 ? 'management.points.empty_filtered' : 'management.points.empty')}
        filters={
          <>
            <FilterSelect label={t('management.points.category')} anyLabel={t('management.common.any')} value={search.category} options={categoryOptions} onChange={(category) => setFilters({ category })} />
            <FilterSelect label={t('management.points.layer')} anyLabel={t('management.common.any')} value={search.layer} options={layerOptions} onChange={(layer) => setFilters({ layer })} />
            <SiteSelect label={t('management.points.site')} value={search.site ?? null} noneLabel={t('management.common.any')} onChange={(site) => setFilters({ site: site ?? undefined })} choices={siteChoicesQueryOptions} />
            {manager && (
              <DeletedFilter
                label={t('management.common.state')}
                liveLabel={t('management.points.live')}
                deletedLabel={t('management.points.deleted_view')}
                deleted={deletedView}
                onChange={(deleted) => setFilters({ deleted: deleted ? 'true' : undefined })}
              />
            )}
          </>
        }
        renderRow={(row) => {
          const point: WithPending<Poi> = row;
          const href = pointsHref({ ...search, point: point.id });
          const detail = [point.categoryName, point.layerName, point.siteName].filter((part) => part !== null && part !== '').join(' · ');
          return (
            <a href={href} onClick={follow(href)} className="record-row cm-row" data-point={point.id}>
              <CategoryIcon icon={point.icon} colour={point.colour} />
              <span className="record-row-text">
                <strong>{point.name}</strong>
                <span>{detail}</span>
              </span>
              {(point.deletedAt !== null || point.pending !== undefined) && (
                <span className="record-row-chips">
                  {point.deletedAt !== null && <StatusChip label={t('management.common.deleted')} tone="danger" />}
                  {point.pending !== undefined && <WaitingMark pending={point.pending} />}
                </span>
              )}
            </a>
          );
        }}
      />
    );
  }

  const map = (
    <div className="cm-map">
      {editing !== null && (
        <p className="cm-map-hint" role="status">
          {t(mode.kind === 'new' ? (editingPosition === null ? 'management.points.place_hint' : 'management.points.placed_hint') : 'management.points.move_hint')}
        </p>
      )}
      {shown.rows.length < shown.total && <p className="cm-map-note">{t('management.points.map_partial', { shown: shown.rows.length, total: shown.total })}</p>}
      {mapBase !== undefined && (
        <PointsMap
          {...mapBase}
          points={mapPoints}
          selectedId={selectedId}
          editing={editing}
          onSelect={(id) => go({ point: id, view: undefined })}
          onPlace={onPlace}
        />
      )}
    </div>
  );
  return (
    <ModulePage
      title={t('management.points.title')}
      className="cm-fill-page"
      actions={
        manager && mode.kind === 'none' ? (
          <>
            <IonButton
              onClick={() => {
                startMode({ kind: 'new' });
              }}
            >
              {t('management.points.new')}
            </IonButton>
            <IonButton fill="outline" onClick={() => setImporting(true)}>
              {t('management.import.open')}
            </IonButton>
          </>
        ) : undefined
      }
    >
      <ListMapSplit list={panel} map={map} pane={search.view ?? 'list'} onPane={(pane) => go({ view: pane === 'map' ? 'map' : undefined })} stacked={editing !== null} />
      {manager && <ImportDialog isOpen={importing} onDismiss={() => setImporting(false)} layers={layers.data ?? []} kinds={['points']} categories={categories.data ?? []} />}
    </ModulePage>
  );
}
