/**
 * The points of interest on a map (the management's editor, on the shared MapLibre host
 * use-maplibre.ts): each point drawn with its category's icon (the reader's symbol layer and
 * images), the selected one ringed. A tap on a point selects it. While a point is being
 * placed or moved, a tap on the map puts it there, and its marker (MapLibre's draggable
 * Marker, by finger or mouse) can be dragged: both report the new position; the form's
 * latitude and longitude fields are the keyboard's way.
 */
import type { Feature } from 'geojson';
import type { GeoJSONSource, Map as MaplibreMap, Marker } from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BBox, Poi } from '../../../../../common/modules/cartography/schemas';
import { collection, INTERACTIVE_LAYERS, overlayLayers, SOURCES } from '../../map-layers';
import { useMaplibre, type Maplibre } from '../../components/use-maplibre';

export interface Position {
  lat: number;
  lng: number;
}

export interface PointsMapProps {
  styleUrl: string | null;
  attribution: string;
  extent: BBox | null;
  points: readonly Pick<Poi, 'id' | 'name' | 'position' | 'icon' | 'colour'>[];
  selectedId: string | null;
  /** Placing a new point or moving one: a tap places it, its marker drags. */
  editing: { position: Position | null } | null;
  onSelect: (id: string) => void;
  onPlace: (position: Position) => void;
}

const SELECTED_LAYER = 'cm-selected';
const round = (value: number) => Number(value.toFixed(6));

function asFeatures(points: PointsMapProps['points']): Feature[] {
  return points.map((point) => ({
    type: 'Feature',
    id: point.id,
    properties: { kind: 'poi', id: point.id, name: point.name, icon: point.icon, colour: point.colour },
    geometry: { type: 'Point', coordinates: [point.position.lng, point.position.lat] },
  }));
}

export function PointsMap(props: PointsMapProps) {
  const { t } = useTranslation('cartography');
  const container = useRef<HTMLDivElement>(null);
  const latest = useRef(props);
  useEffect(() => {
    latest.current = props;
  });
  const [maplibre, setMaplibre] = useState<Maplibre | null>(null);
  const { state, map } = useMaplibre(container, {
    styleUrl: props.styleUrl,
    attribution: props.attribution,
    extent: props.extent,
    setup: (current: MaplibreMap, module) => {
      current.addSource(SOURCES.points, { type: 'geojson', data: collection([]) });
      current.addLayer({
        id: SELECTED_LAYER,
        type: 'circle',
        source: SOURCES.points,
        filter: ['==', ['get', 'id'], ''],
        paint: { 'circle-radius': 19, 'circle-color': 'rgba(0,0,0,0)', 'circle-stroke-color': '#1d1d1d', 'circle-stroke-width': 3 },
      });
      const symbols = overlayLayers().find((layer) => layer.id === INTERACTIVE_LAYERS.pois);
      if (symbols !== undefined) current.addLayer(symbols);
      current.on('click', (event) => {
        if (latest.current.editing !== null) {
          latest.current.onPlace({ lat: round(event.lngLat.lat), lng: round(event.lngLat.lng) });
          return;
        }
        const hit = current.queryRenderedFeatures(event.point, { layers: [INTERACTIVE_LAYERS.pois] })[0];
        const id = (hit?.properties as { id?: string } | undefined)?.id;
        if (id !== undefined) latest.current.onSelect(id);
      });
      current.on('mouseenter', INTERACTIVE_LAYERS.pois, () => {
        if (latest.current.editing === null) current.getCanvas().style.cursor = 'pointer';
      });
      current.on('mouseleave', INTERACTIVE_LAYERS.pois, () => {
        current.getCanvas().style.cursor = '';
      });
      setMaplibre(module);
    },
  });

  const { points, selectedId, editing } = props;
  useEffect(() => {
    if (map === null) return;
    void map.getSource<GeoJSONSource>(SOURCES.points)?.setData(collection(asFeatures(points)));
  }, [map, points]);

  useEffect(() => {
    if (map === null) return;
    map.setFilter(SELECTED_LAYER, ['==', ['get', 'id'], selectedId ?? '']);
    const selected = points.find((point) => point.id === selectedId);
    if (selected !== undefined && editing === null) map.easeTo({ center: [selected.position.lng, selected.position.lat], zoom: Math.max(map.getZoom(), 16) });
    // Centre on a newly selected point only, not at each change of the list.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, selectedId]);

  // The draggable marker of the point being placed or moved.
  const marker = useRef<Marker | null>(null);
  const position = editing?.position ?? null;
  useEffect(() => {
    if (map === null || maplibre === null) return undefined;
    if (position === null) {
      marker.current?.remove();
      marker.current = null;
      return undefined;
    }
    if (marker.current === null) {
      const element = document.createElement('div');
      element.className = 'cm-drag-marker';
      element.setAttribute('data-testid', 'point-marker');
      const created = new maplibre.Marker({ element, draggable: true, anchor: 'bottom' }).setLngLat([position.lng, position.lat]).addTo(map);
      created.on('dragend', () => {
        const { lat, lng } = created.getLngLat();
        latest.current.onPlace({ lat: round(lat), lng: round(lng) });
      });
      marker.current = created;
      if (!map.getBounds().contains([position.lng, position.lat])) map.easeTo({ center: [position.lng, position.lat] });
    } else {
      marker.current.setLngLat([position.lng, position.lat]);
    }
    return undefined;
  }, [map, maplibre, position]);
  useEffect(
    () => () => {
      marker.current?.remove();
      marker.current = null;
    },
    [],
  );

  return (
    <div className={`carto-map${editing !== null ? ' carto-map-picking' : ''}`}>
      {state === 'no-webgl' && <p className="carto-map-message" role="status">{t('map.no_webgl')}</p>}
      {state === 'failed' && <p className="carto-map-message" role="alert">{t('map.failed')}</p>}
      <div ref={container} className="carto-map-canvas" role="region" aria-label={t('management.points.map_label')} data-state={state} />
    </div>
  );
}
