/**
 * The map itself: MapLibre GL, imported here on demand (its code, its worker and its
 * stylesheet load with the map screen only, never in the app's entry), drawing the basemap's
 * style and the map's own layers (map-layers.ts) from the features it is given. It reports a
 * tap on a feature (a cluster zooms in instead), the features drawn in the current view (on
 * `idle`, clusters expanded to their members) and, in "pick a point" mode or on a long press
 * (contextmenu), the position chosen. Without WebGL it says so; the list of features still works.
 */
import type { Feature } from 'geojson';
import type { GeoJSONSource, Map as MaplibreMap, MapGeoJSONFeature } from 'maplibre-gl';
import { useEffect, useRef } from 'react';
import type { BBox, FeatureProperties, MapFeature } from '../../../../common/modules/cartography/schemas';
import type { DevicePosition } from '../../../lib/geolocation';
import { accuracyCircle, CLUSTER_LAYERS, CLUSTER_MAX_ZOOM, CLUSTER_RADIUS, collection, INTERACTIVE_LAYERS, overlayLayers, SOURCES } from '../map-layers';
import { useLatest } from '../../../hooks/use-latest';
import { MapFrame } from './MapFrame';
import { useMaplibre } from './use-maplibre';

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
  /** Where to go (a search's result): a box to fit, or a centre at a zoom; a new object each time. */
  focus?: MapFocus | null;
  /** The view's bounds, each time the map settles ("make this area available offline"). */
  onView?: (bbox: BBox) => void;
}

export type MapFocus = { bbox: BBox } | { center: [number, number]; zoom: number };

/** The performance mark of the map's first settled render with features drawn (the app benchmark reads it). */
export const FIRST_IDLE_MARK = 'vigie:map-first-idle';

const INTERACTIVE = Object.values(INTERACTIVE_LAYERS);
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
  const container = useRef<HTMLDivElement>(null);
  // The map's handlers read the latest props (the map is built once, its listeners with it).
  const latest = useLatest(props);
  const { state, map } = useMaplibre(container, {
    styleUrl: props.styleUrl,
    attribution: props.attribution,
    extent: props.extent,
    setup: (current) => {
      const cluster = { cluster: true, clusterMaxZoom: CLUSTER_MAX_ZOOM, clusterRadius: CLUSTER_RADIUS };
      current.addSource(SOURCES.areas, { type: 'geojson', data: collection([]) });
      current.addSource(SOURCES.points, { type: 'geojson', data: collection([]), ...cluster });
      current.addSource(SOURCES.incidents, { type: 'geojson', data: collection([]), ...cluster });
      current.addSource(SOURCES.me, { type: 'geojson', data: collection([]) });
      for (const layer of overlayLayers()) current.addLayer(layer);
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
      let marked = false;
      current.on('idle', () => {
        const bounds = current.getBounds();
        latest.current.onView?.([bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()]);
        void featuresInView(current).then((features) => {
          if (!marked && features.length > 0) {
            marked = true;
            performance.mark(FIRST_IDLE_MARK);
          }
          const key = features
            .map((feature) => `${feature.id}:${feature.version}`)
            .sort()
            .join(',');
          if (key === reported) return;
          reported = key;
          latest.current.onInView(features);
        });
      });
    },
  });

  const { points, incidents, areas, me } = props;
  useEffect(() => {
    if (map === null) return;
    void map.getSource<GeoJSONSource>(SOURCES.points)?.setData(asFeatures(points));
    void map.getSource<GeoJSONSource>(SOURCES.incidents)?.setData(asFeatures(incidents));
    void map.getSource<GeoJSONSource>(SOURCES.areas)?.setData(asFeatures(areas));
  }, [map, points, incidents, areas]);

  useEffect(() => {
    if (map === null) return;
    const features: Feature[] = me === null ? [] : [accuracyCircle(me.lng, me.lat, me.accuracy), { type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [me.lng, me.lat] } }];
    void map.getSource<GeoJSONSource>(SOURCES.me)?.setData(collection(features));
    if (me !== null) map.easeTo({ center: [me.lng, me.lat], zoom: Math.max(map.getZoom(), 15) });
  }, [map, me]);

  const { focus } = props;
  useEffect(() => {
    if (map === null || focus === undefined || focus === null) return;
    if ('bbox' in focus) map.fitBounds(focus.bbox, { padding: 48, maxZoom: 17 });
    else map.flyTo({ center: focus.center, zoom: focus.zoom });
  }, [map, focus]);

  return <MapFrame containerRef={container} state={state} label={props.label} picking={props.picking} />;
}
