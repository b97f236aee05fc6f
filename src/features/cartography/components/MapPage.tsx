/**
 * The map screen (/cartography): the district's sites, incidents, points of interest and
 * areas over the basemap, full height on a phone. The features are read once for the whole
 * district (kept offline) and filtered on the device by the address's filters and the user's
 * layer switches (kept on the device per user). A tap opens a small sheet with the feature's
 * name, type and status and a link to its record; "Locate me" shows the device's position in
 * its accuracy circle; "Report here" (or a long press) opens the report form with a pin there.
 */
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { closeOutline, layersOutline, locateOutline, megaphoneOutline } from 'ionicons/icons';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BBox, FeatureProperties, MapFeature } from '../../../../common/modules/cartography/schemas';
import { IconButton } from '../../../components/IconButton';
import { ModulePage } from '../../../components/module/ModulePage';
import { currentCacheOwner } from '../../../lib/cache-owner';
import { useEnvelope } from '../../../lib/envelope-store';
import { can } from '../../../lib/rights';
import { locateDevice, type DevicePosition } from '../../../lib/geolocation';
import { getMapLayerSwitches, setMapLayerSwitches } from '../../../lib/storage';
import { mapPowers } from '../../../../common/modules/cartography/access';
import { basemapQueryOptions, featuresQueryOptions, layersQueryOptions } from '../api/reads';
import { featureHref, mapLayerEntries, shownFeatures, typeChoices, visibleLayerIds, type LayerSwitches as Switches } from '../layers';
import type { MapLinks } from '../paths';
import { validateMapSearch } from '../search';
import { featureDetail, InViewList, LayerSwitches, Legend, MapFilters } from './MapPanel';
import { MapSearch, type SearchResult } from './MapSearch';
import { MapView, type MapFocus } from './MapView';
import { OfflineArea } from './OfflineArea';
import { formatDateTime } from '../../../lib/dates';
import './cartography.css';

const NO_FEATURES: MapFeature[] = [];

type Locate = { status: 'idle' } | { status: 'locating' } | { status: 'error'; key: string };

function useLayerSwitches(): [Switches, (id: string, on: boolean) => void] {
  const owner = currentCacheOwner() ?? 'anonymous';
  const [switches, setSwitches] = useState<Switches>(() => getMapLayerSwitches(owner));
  const toggle = useCallback(
    (id: string, on: boolean) =>
      setSwitches((previous) => {
        const next = { ...previous, [id]: on };
        setMapLayerSwitches(owner, next);
        return next;
      }),
    [owner],
  );
  return [switches, toggle];
}

export function MapPage({ links }: { links: MapLinks }) {
  const { t, i18n } = useTranslation('cartography');
  const raw: Record<string, unknown> = useSearch({ strict: false });
  const search = useMemo(() => validateMapSearch(raw), [raw]);
  const navigate = useNavigate();
  const rights = useEnvelope((state) => state.rights);
  const powers = mapPowers(rights);
  const canReport = can(rights, 'declarations');
  const features = useQuery(featuresQueryOptions());
  const layers = useQuery({ ...layersQueryOptions(), enabled: powers.readLayers });
  const basemap = useQuery(basemapQueryOptions());
  const [switches, toggle] = useLayerSwitches();
  const [panelOpen, setPanelOpen] = useState(false);
  const [selected, setSelected] = useState<FeatureProperties | null>(null);
  const [inView, setInView] = useState<FeatureProperties[]>([]);
  const [picking, setPicking] = useState(false);
  const [me, setMe] = useState<DevicePosition | null>(null);
  const [locate, setLocate] = useState<Locate>({ status: 'idle' });
  const [focus, setFocus] = useState<MapFocus | null>(null);
  const [view, setView] = useState<BBox | null>(null);

  const all = features.data?.features ?? NO_FEATURES;
  const entries = useMemo(() => mapLayerEntries(layers.data, all), [layers.data, all]);
  const visible = useMemo(() => visibleLayerIds(entries, switches), [entries, switches]);
  const shown = useMemo(() => shownFeatures(all, visible, search), [all, visible, search]);
  const split = useMemo(
    () => ({
      points: shown.filter((feature) => feature.properties.kind === 'site' || feature.properties.kind === 'poi'),
      incidents: shown.filter((feature) => feature.properties.kind === 'incident'),
      areas: shown.filter((feature) => feature.properties.kind === 'area'),
    }),
    [shown],
  );
  const types = useMemo(() => typeChoices(all), [all]);

  const onPick = useCallback(
    (position: { lng: number; lat: number }) => {
      setPicking(false);
      if (!canReport) return;
      void navigate({ href: links.reportAt({ lat: Number(position.lat.toFixed(6)), lng: Number(position.lng.toFixed(6)) }) });
    },
    [canReport, links, navigate],
  );

  // A search's result: a site or point flies there and opens its sheet; a place fits its box.
  const onChoose = useCallback((result: SearchResult) => {
    if (result.kind === 'feature') {
      const { geometry, properties } = result.feature;
      if (geometry.type === 'Point') setFocus({ center: [geometry.coordinates[0], geometry.coordinates[1]], zoom: 17 });
      setSelected(properties);
    } else {
      const { place } = result;
      setFocus(place.bbox === null ? { center: [place.position.lng, place.position.lat], zoom: 16 } : { bbox: place.bbox });
    }
  }, []);

  const locateMe = () => {
    setLocate({ status: 'locating' });
    locateDevice(
      (position) => {
        setMe(position);
        setLocate({ status: 'idle' });
      },
      (problem) => setLocate({ status: 'error', key: `locate.${problem}` }),
      30_000,
    );
  };

  const selectedHref = selected === null ? null : featureHref(selected, links);
  // A point's place, as its sheet says it (a point of interest has no page of its own).
  const selectedGeometry = selected === null ? undefined : all.find((feature) => feature.id === selected.id)?.geometry;
  const selectedPosition = selectedGeometry?.type === 'Point' ? { lng: selectedGeometry.coordinates[0], lat: selectedGeometry.coordinates[1] } : null;
  const styleUrl = basemap.data?.styleUrl ?? (basemap.isError ? null : undefined);

  return (
    <ModulePage
      title={t('title')}
      className="carto-page"
      actions={
        <>
          <IconButton className="module-target carto-panel-toggle" label={t('panel.toggle')} icon={layersOutline} onClick={() => setPanelOpen((open) => !open)} />
          <IconButton className="module-target" label={t('locate.button')} icon={locateOutline} onClick={locateMe} />
          {canReport && (
            <IconButton
              className={`module-target${picking ? ' carto-picking' : ''}`}
              label={picking ? t('report.cancel') : t('report.button')}
              icon={picking ? closeOutline : megaphoneOutline}
              onClick={() => setPicking((on) => !on)}
            />
          )}
        </>
      }
    >
      <div className="carto-layout">
        <div className="carto-main">
          <MapSearch features={all} onChoose={onChoose} />
          {styleUrl !== undefined && (
            <MapView
              styleUrl={styleUrl}
              attribution={basemap.data?.attribution ?? ''}
              label={t('map.label')}
              points={split.points}
              incidents={split.incidents}
              areas={split.areas}
              extent={features.data?.extent ?? null}
              me={me}
              picking={picking}
              onSelect={setSelected}
              onInView={setInView}
              onPick={onPick}
              focus={focus}
              onView={setView}
            />
          )}
          <div className="carto-status" role="status">
            {picking && t('report.picking')}
            {locate.status === 'locating' && t('locate.locating')}
            {me !== null && locate.status === 'idle' && t('locate.found', { accuracy: me.accuracy })}
            {features.isPending && features.fetchStatus === 'paused' && t('features.offline_none')}
            {features.data?.truncated === true && t('features.truncated')}
          </div>
          {locate.status === 'error' && (
            <p className="carto-alert" role="alert">
              {t(locate.key)}
            </p>
          )}
          {features.isError && (
            <p className="carto-alert" role="alert">
              {t('features.failed')}
            </p>
          )}
          {selected !== null && (
            <section className="carto-sheet" aria-labelledby="carto-sheet-title">
              <div className="carto-sheet-head">
                <h2 id="carto-sheet-title">{selected.name}</h2>
                <IconButton className="module-target" label={t('sheet.close')} icon={closeOutline} onClick={() => setSelected(null)} />
              </div>
              <p>{featureDetail(selected, t)}</p>
              {selected.occurredAt !== undefined && <p>{t('sheet.occurred', { date: formatDateTime(selected.occurredAt, i18n.language) })}</p>}
              {selectedPosition !== null && selected.kind === 'poi' && <p>{t('sheet.position', { latitude: selectedPosition.lat, longitude: selectedPosition.lng })}</p>}
              {selectedHref !== null && (
                <Link to={selectedHref} className="carto-sheet-link">
                  {t(selected.kind === 'site' ? 'sheet.open_site' : 'sheet.open_declaration')}
                </Link>
              )}
            </section>
          )}
        </div>
        <aside className={`carto-panel${panelOpen ? ' carto-panel-open' : ''}`} aria-label={t('panel.label')}>
          <LayerSwitches entries={entries} visible={visible} onToggle={toggle} />
          <MapFilters search={search} types={types} onChange={(next) => void navigate({ to: '.', search: next, replace: true })} />
          <Legend entries={entries} />
          <OfflineArea basemap={basemap.data} extent={features.data?.extent ?? null} view={view} />
          <InViewList features={inView} links={links} onSelect={setSelected} />
        </aside>
      </div>
    </ModulePage>
  );
}
