/**
 * The map itself: MapLibre GL, imported here on demand (its code, its worker and its
 * stylesheet load with the map screen only, never in the app's entry), drawing the basemap's
 * style and the map's own layers (map-layers.ts) from the features it is given. It reports a
 * tap on a feature (a cluster zooms in instead), the features drawn in the current view (on
 * `idle`, clusters expanded to their members) and, in "pick a point" mode or on a long press
 * (contextmenu), the position chosen. Without WebGL it says so; the list of features still works.
 */
import type { Feature } from 'geojson';
import type { GeoJSONSource, Map as MaplibreMap, MapGeoJSONFeature, StyleSpecification } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BBox, FeatureProperties, MapFeature } from '../../../../common/modules/cartography/schemas';
import type { DevicePosition } from '../../../lib/geolocation';
import { linkStylesheet } from '../../../lib/stylesheet';
import { hasWebGl } from '../../../lib/webgl';
import { accuracyCircle, CLUSTER_LAYERS, CLUSTER_MAX_ZOOM, CLUSTER_RADIUS, collection, INTERACTIVE_LAYERS, overlayLayers, SOURCES } from '../map-layers';
import { markerImage } from './marker-images';

const loadMaplibre = () =>
  Promise.all([import('maplibre-gl'), import('maplibre-gl/dist/maplibre-gl.css?url').then(({ default: href }) => linkStylesheet(href))]).then(([module]) => {
    // The worker from the app's own origin (the CSP's worker-src 'self'), not a blob.
    module.setWorkerUrl(workerUrl);
    return module;
  });

/** Drawn when the basemap cannot be read (offline before any visit): the features still show. */
const PLAIN_STYLE: StyleSpecification = { version: 8, sources: {}, layers: [{ id: 'background', type: 'background', paint: { 'background-color': '#e9eef2' } }] };

export interface MapViewProps {
  /** The basemap's style address; null: the plain background. */
  styleUrl: string | null;
  attribution: string;
  label: string;
  points: readonly MapFeature[];
  incidents: readonly MapFeature[];
  areas: readonly MapFeature[];
  extent: BBox | null;
  me: DevicePosition | null;
  picking: boolean;
  onSelect: (feature: FeatureProperties) => void;
  onInView: (features: FeatureProperties[]) => void;
  onPick: (position: { lng: number; lat: number }) => void;
}

type ViewState = 'loading' | 'ready' | 'no-webgl' | 'failed';

const INTERACTIVE = Object.values(INTERACTIVE_LAYERS);
const absolute = (url: string) => new URL(url, window.location.href).href;
const asFeatures = (features: readonly MapFeature[]) => collection(features as unknown as Feature[]);

/** The features drawn in view: each feature once, a cluster's members in its place. */
async function featuresInView(map: MaplibreMap): Promise<FeatureProperties[]> {
  const rendered = map.queryRenderedFeatures({ layers: INTERACTIVE.filter((id) => map.getLayer(id) !== undefined) });
  const found = new Map<string, FeatureProperties>();
  const clusters: Promise<void>[] = [];
  for (const feature of rendered) {
    const source = CLUSTER_LAYERS.get(feature.layer.id);
    if (source !== undefined) {
      const { cluster_id: id, point_count: count } = feature.properties as { cluster_id: number; point_count: number };
      clusters.push(
        map
          .getSource<GeoJSONSource>(source)
          ?.getClusterLeaves(id, count, 0)
          .then((leaves) => {
            for (const leaf of leaves) {
              const properties = leaf.properties as FeatureProperties;
              found.set(properties.id, properties);
            }
          })
          .catch(() => undefined) ?? Promise.resolve(),
      );
    } else {
      const properties = feature.properties as FeatureProperties;
      found.set(properties.id, properties);
    }
  }
  await Promise.all(clusters);
  return [...found.values()];
}

export function MapView(props: MapViewProps) {
  const { t } = useTranslation('cartography');
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MaplibreMap | null>(null);
  // The map's handlers read the latest props (the map is built once, its listeners with it).
  const latest = useRef(props);
  useEffect(() => {
    latest.current = props;
  });
  const [state, setState] = useState<ViewState>(() => (hasWebGl() ? 'loading' : 'no-webgl'));
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    if (state === 'no-webgl' || container.current === null) return undefined;
    let destroyed = false;
    let map: MaplibreMap | null = null;
    void loadMaplibre()
      .then((maplibre) => {
        if (destroyed || container.current === null) return;
        const { styleUrl, attribution, extent } = latest.current;
        map = new maplibre.Map({
          container: container.current,
          style: styleUrl === null ? PLAIN_STYLE : absolute(styleUrl),
          attributionControl: false,
          transformRequest: (url) => ({ url: absolute(url) }),
          ...(extent === null ? { center: [2.35, 46.6] as [number, number], zoom: 4 } : { bounds: extent, fitBoundsOptions: { padding: 48, maxZoom: 15 } }),
        });
        mapRef.current = map;
        const current = map;
        current.addControl(new maplibre.AttributionControl({ compact: false, ...(attribution === '' ? {} : { customAttribution: attribution }) }));
        current.addControl(new maplibre.NavigationControl({ showCompass: false }), 'top-right');
        // Markers and cluster counts are drawn when a tile first needs them (MapLibre waits for
        // the resolver; an image added from the `styleimagemissing` event came a tile too late).
        current.setMissingStyleImageResolver((id) => {
          const image = markerImage(id);
          if (image !== null && !current.hasImage(id)) current.addImage(id, image, { pixelRatio: 2 });
        });
        // A failing basemap (a tile offline that was never kept) must not stop the features.
        current.on('error', () => undefined);
        current.on('load', () => {
          if (destroyed) return;
          const cluster = { cluster: true, clusterMaxZoom: CLUSTER_MAX_ZOOM, clusterRadius: CLUSTER_RADIUS };
          current.addSource(SOURCES.areas, { type: 'geojson', data: collection([]) });
          current.addSource(SOURCES.points, { type: 'geojson', data: collection([]), ...cluster });
          current.addSource(SOURCES.incidents, { type: 'geojson', data: collection([]), ...cluster });
          current.addSource(SOURCES.me, { type: 'geojson', data: collection([]) });
          for (const layer of overlayLayers()) current.addLayer(layer);
          setLoaded(true);
          setState('ready');
        });
        current.on('click', (event) => {
          if (latest.current.picking) {
            latest.current.onPick({ lng: event.lngLat.lng, lat: event.lngLat.lat });
            return;
          }
          const hit: MapGeoJSONFeature | undefined = current.queryRenderedFeatures(event.point, { layers: INTERACTIVE.filter((id) => current.getLayer(id) !== undefined) })[0];
          if (hit === undefined) return;
          const clusterSource = CLUSTER_LAYERS.get(hit.layer.id);
          if (clusterSource !== undefined) {
            const id = (hit.properties as { cluster_id: number }).cluster_id;
            void current
              .getSource<GeoJSONSource>(clusterSource)
              ?.getClusterExpansionZoom(id)
              .then((zoom) => current.easeTo({ center: event.lngLat, zoom }))
              .catch(() => undefined);
            return;
          }
          latest.current.onSelect(hit.properties as FeatureProperties);
        });
        // A long press on a touch screen, a right click with a mouse: report here.
        current.on('contextmenu', (event) => latest.current.onPick({ lng: event.lngLat.lng, lat: event.lngLat.lat }));
        let reported = '';
        current.on('idle', () => {
          void featuresInView(current).then((features) => {
            const key = features
              .map((feature) => `${feature.id}:${feature.version}`)
              .sort()
              .join(',');
            if (destroyed || key === reported) return;
            reported = key;
            latest.current.onInView(features);
          });
        });
      })
      .catch(() => {
        if (!destroyed) setState('failed');
      });
    return () => {
      destroyed = true;
      map?.remove();
      mapRef.current = null;
      setLoaded(false);
    };
    // The map is built once per basemap; the rest is given to it by the effects below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.styleUrl]);

  const { points, incidents, areas, me, extent } = props;
  useEffect(() => {
    const map = mapRef.current;
    if (!loaded || map === null) return;
    void map.getSource<GeoJSONSource>(SOURCES.points)?.setData(asFeatures(points));
    void map.getSource<GeoJSONSource>(SOURCES.incidents)?.setData(asFeatures(incidents));
    void map.getSource<GeoJSONSource>(SOURCES.areas)?.setData(asFeatures(areas));
  }, [loaded, points, incidents, areas]);

  useEffect(() => {
    const map = mapRef.current;
    if (!loaded || map === null) return;
    const features: Feature[] = me === null ? [] : [accuracyCircle(me.lng, me.lat, me.accuracy), { type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [me.lng, me.lat] } }];
    void map.getSource<GeoJSONSource>(SOURCES.me)?.setData(collection(features));
    if (me !== null) map.easeTo({ center: [me.lng, me.lat], zoom: Math.max(map.getZoom(), 15) });
  }, [loaded, me]);

  // The district's extent arrives after the map (first visit): the first view goes there once.
  const framed = useRef(extent !== null);
  useEffect(() => {
    const map = mapRef.current;
    if (!loaded || map === null || framed.current || extent === null) return;
    framed.current = true;
    map.fitBounds(extent, { padding: 48, maxZoom: 15, duration: 0 });
  }, [loaded, extent]);

  return (
    <div className={`carto-map${props.picking ? ' carto-map-picking' : ''}`}>
      {state === 'no-webgl' && <p className="carto-map-message" role="status">{t('map.no_webgl')}</p>}
      {state === 'failed' && <p className="carto-map-message" role="alert">{t('map.failed')}</p>}
      <div ref={container} className="carto-map-canvas" role="region" aria-label={props.label} data-state={state} />
    </div>
  );
}
