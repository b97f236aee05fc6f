/**
 * Cartography management's map areas (/cartographyManagement/layer/mapsArea; mapsArea read,
 * manage to write): the list (search, layer, group, deleted) and the map of the areas side by
 * side on a wide screen, switched on a phone; an area's sheet; for managers Draw (taps on the
 * map, then the form), Edit, Edit the shape (drag vertices and midpoints), Delete, Restore,
 * every write queued in the outbox and shown at once; Import and export (ImportDialog).
 * The address holds the list's filters, the open area (`area`) and the phone's pane (`pane`).
 */
import { IonButton } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { useEffect, useMemo, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mapPowers } from '../../../../../common/modules/cartography/access';
import type { PolygonProblem } from '../../../../../common/modules/cartography/geometry';
import type { Area, AreaFields, AreaGeometry, MapFeature } from '../../../../../common/modules/cartography/schemas';
import { ModulePage } from '../../../../components/module/ModulePage';
import { useSearchPatch } from '../../../../components/module/search-patch';
import { useWideLayout } from '../../../../components/module/SplitLayout';
import { useEnvelope } from '../../../../lib/envelope-store';
import { describeApiError } from '../../../../lib/error-messages';
import { usePendingChanges } from '../../../../lib/outbox';
import { showToast } from '../../../../lib/toast';
import { featuresQueryOptions, layersQueryOptions } from '../../api/reads';
import { areaGroupsQueryOptions } from '../api/area-groups';
import { areaColour, areaFeaturesWithPending, areaMatches, completeArea } from '../area-pending';
import { validateAreaSearch, type AreaPageSearch } from '../area-search';
import { drawnSurface, drawReducer, geometryOf, IDLE, surfaceText, type DrawState } from '../drawing';
import { managementHref } from '../paths';
import { MAP_RECORDS, queueUpdate } from '../record-writes';
import { AREA_PAGES_LIVE, useLiveRecords } from '../live-records';
import { AreaEditorMap } from './AreaEditorMap';
import { AreaForm } from './AreaForm';
import { AreaSheet } from './AreaSheet';
import { AreasList } from './AreasList';
import { ImportDialog } from './ImportDialog';
import { ListMapSplit } from './ListMapSplit';
import { useMapBase } from './map-base';
import './areas.css';
import './editors.css';

const NO_FEATURES: MapFeature[] = [];
const AREAS_PATH = managementHref('mapsArea');

const areasHref = (search: AreaPageSearch) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) if (typeof value === 'string' && value !== '') params.set(key, value);
  const query = params.toString();
  return query === '' ? AREAS_PATH : `${AREAS_PATH}?${query}`;
};

/** What the left pane holds besides the list and the sheet: a form. */
type Editing = { kind: 'new' } | { kind: 'edit'; area: Area } | { kind: 'shape'; area: Area } | null;

export function AreasPage() {
  const { t, i18n } = useTranslation('cartography');
  const raw: Record<string, unknown> = useSearch({ strict: false });
  const search = useMemo(() => validateAreaSearch(raw), [raw]);
  const wide = useWideLayout();
  const powers = mapPowers(useEnvelope((state) => state.rights));
  const manager = powers.manageAreas;
  useLiveRecords(AREA_PAGES_LIVE);

  const layers = useQuery(layersQueryOptions());
  const groups = useQuery(areaGroupsQueryOptions());
  const features = useQuery(featuresQueryOptions());
  const mapBase = useMapBase();
  const writes = usePendingChanges(MAP_RECORDS.areas.module);
  const [draw, dispatch] = useReducer(drawReducer, IDLE);
  const [editing, setEditing] = useState<Editing>(null);
  const [importing, setImporting] = useState(false);

  const setSearch = useSearchPatch(validateAreaSearch, areasHref);
  const href = (patch: Partial<AreaPageSearch>) => areasHref(Object.fromEntries(Object.entries({ ...search, ...patch }).filter(([, v]) => v !== undefined)));

  const layerList = useMemo(() => (layers.data ?? []).filter((layer) => layer.kind === 'areas'), [layers.data]);
  const groupList = groups.data ?? [];
  const colourOf = areaColour(layers.data, groups.data);
  const complete = completeArea(layers.data, groups.data);
  const all = features.data?.features ?? NO_FEATURES;
  const mapAreas = useMemo(() => {
    const matches = areaMatches(search);
    return areaFeaturesWithPending(
      all.filter((feature) => feature.properties.kind === 'area'),
      writes,
      colourOf,
    ).filter((feature) => matches({ name: feature.properties.name, layerId: feature.properties.layer, groupId: feature.properties.typeId }));
    // colourOf follows layers and groups.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [all, writes, search, layers.data, groups.data]);

  const startDrawing = () => {
    setEditing({ kind: 'new' });
    dispatch({ type: 'start' });
    if (!wide) setSearch({ pane: 'map' });
  };
  const stopEditing = () => {
    setEditing(null);
    dispatch({ type: 'cancel' });
  };
  const reshape = (area: Area) => {
    setEditing({ kind: 'shape', area });
    dispatch({ type: 'edit', geometry: area.geometry });
    if (!wide) setSearch({ pane: 'map' });
  };
  /** A finished shape: a new area goes to its form; an existing one is saved at once. */
  const saveShape = async (geometry: AreaGeometry, area: Area) => {
    try {
      await queueUpdate<AreaFields>('areas', area, { geometry });
      showToast({ message: t('management.areas.shape_saved'), kind: 'success' });
    } catch (error) {
      showToast({ message: describeApiError(error), kind: 'danger' });
    }
    stopEditing();
  };
  const closedGeometry = draw.mode === 'closed' ? geometryOf(draw) : null;
  useEffect(() => {
    if (closedGeometry !== null && editing?.kind === 'shape') void saveShape(closedGeometry, editing.area);
    // Once per finished shape.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [draw]);

  const formOpen = (editing?.kind === 'new' && draw.mode === 'closed') || editing?.kind === 'edit';
  const pane = draw.mode === 'drawing' || draw.mode === 'shaping' ? 'map' : formOpen ? 'list' : (search.pane ?? 'list');

  const left = formOpen ? (
    <div className="cm-pane">
      <AreaForm
        key={editing?.kind === 'edit' ? editing.area.id : 'new'}
        area={editing?.kind === 'edit' ? editing.area : null}
        geometry={editing?.kind === 'edit' ? editing.area.geometry : (closedGeometry as AreaGeometry)}
        layers={layers.data ?? []}
        groups={groupList}
        onSaved={(id) => {
          stopEditing();
          setSearch({ area: id, pane: undefined });
        }}
        onCancel={stopEditing}
        {...(editing?.kind === 'new' ? { onReshape: () => dispatch({ type: 'reshape' }) } : {})}
      />
    </div>
  ) : search.area !== undefined ? (
    <div className="cm-pane">
      <IonButton fill="clear" onClick={() => setSearch({ area: undefined })}>
        {t('management.common.back_to_list')}
      </IonButton>
      <AreaSheet
        key={search.area}
        areaId={search.area}
        manager={manager}
        writes={writes}
        complete={complete}
        colourOf={colourOf}
        onEdit={(area) => setEditing({ kind: 'edit', area })}
        onReshape={reshape}
        onClose={() => setSearch({ area: undefined })}
      />
    </div>
  ) : (
    <AreasList search={search} manager={manager} layers={layerList} groups={groupList} writes={writes} href={href} setSearch={setSearch} />
  );

  const map = (
    <div className="cm-map">
      {mapBase !== undefined && (
        <AreaEditorMap
          {...mapBase}
          label={t('management.areas.map_label')}
          areas={mapAreas}
          selectedId={search.area ?? null}
          draw={draw}
          dispatch={dispatch}
          onSelect={(id) => setSearch({ area: id, pane: undefined })}
        />
      )}
      <DrawBar draw={draw} surface={surfaceText(drawnSurface(draw), i18n.language)} dispatch={dispatch} onCancel={stopEditing} />
    </div>
  );

  return (
    <ModulePage
      title={t('management.areas.title')}
      className="cm-fill-page"
      actions={
        manager && draw.mode === 'idle' && editing === null ? (
          <>
            <IonButton onClick={startDrawing}>{t('management.areas.draw')}</IonButton>
            <IonButton fill="outline" onClick={() => setImporting(true)}>
              {t('management.import.open')}
            </IonButton>
          </>
        ) : undefined
      }
    >
      <ListMapSplit list={left} map={map} pane={pane} onPane={(next) => setSearch({ pane: next === 'map' ? 'map' : undefined })} />
      {manager && (
        <ImportDialog isOpen={importing} onDismiss={() => setImporting(false)} layers={layers.data ?? []} kinds={['areas']} groups={groupList} />
      )}
    </ModulePage>
  );
}

const PROBLEM_KEYS: Record<PolygonProblem, string> = {
  too_few_vertices: 'management.areas.problem.too_few_vertices',
  self_crossing: 'management.areas.problem.self_crossing',
  too_small: 'management.areas.problem.too_small',
  too_many_vertices: 'management.areas.problem.too_many_vertices',
};

/** The drawing's tools over the map: what to do next, the surface so far, the reason a finish was refused, Undo, Finish, Cancel. */
function DrawBar({ draw, surface, dispatch, onCancel }: { draw: DrawState; surface: string; dispatch: (event: { type: 'undo' } | { type: 'finish' }) => void; onCancel: () => void }) {
  const { t } = useTranslation('cartography');
  if (draw.mode !== 'drawing' && draw.mode !== 'shaping') return null;
  const count = draw.vertices.length;
  const canUndo = draw.mode === 'drawing' ? count > 0 : draw.history.length > 0;
  return (
    <div className="cm-drawbar">
      <p role="status">
        {draw.mode === 'drawing' ? t('management.areas.drawing_hint', { count }) : t('management.areas.shaping_hint')}
        {count >= 3 && ` ${t('management.areas.surface_is', { surface })}`}
      </p>
      {draw.problem !== null && (
        <p role="alert" className="cm-problem">
          {t(PROBLEM_KEYS[draw.problem])}
        </p>
      )}
      <div className="cm-drawbar-actions">
        <IonButton fill="outline" disabled={!canUndo} onClick={() => dispatch({ type: 'undo' })}>
          {t('management.areas.undo')}
        </IonButton>
        <IonButton disabled={count < 3} onClick={() => dispatch({ type: 'finish' })}>
          {t('management.areas.finish')}
        </IonButton>
        <IonButton fill="clear" onClick={onCancel}>
          {t('management.common.cancel')}
        </IonButton>
      </div>
    </div>
  );
}
