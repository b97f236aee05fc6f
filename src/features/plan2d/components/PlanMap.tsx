/**
 * A plan drawn by MapLibre: the plan's image as an image source in a non-geographic frame
 * (frame.ts), its zones (a route as a line, a risk area as a filled polygon, an assembly point
 * as a ring), its pins as circles coloured by layer (a pin waiting to be sent has a dashed look:
 * a white centre), and what the user is drawing. A tap answers the plan point, or the pin under
 * the finger. MapLibre, its worker and its stylesheet load with this screen only (lib/map/maplibre.ts,
 * shared with the cartography's maps).
 */
import type { GeoJSONSource, ImageSource, Map as MaplibreMap } from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PinKind, PlanPoint } from '../../../../common/modules/plan2d/schemas';
import { loadMaplibre } from '../../../lib/map/maplibre';
import { hasWebGl } from '../../../lib/webgl';
import { cornersOf, frameOf, fromLngLat, onPlan } from '../frame';
import { draftFeatures, pinFeatures, zoneFeatures, type ShownPin, type ShownZone } from '../layers';

export interface PlanMapProps {
  imageUrl: string | null;
  size: { width: number; height: number };
  pins: readonly ShownPin[];
  zones: readonly ShownZone[];
  visible: ReadonlySet<PinKind>;
  draft: readonly PlanPoint[];
  /** A tap on the plan (off the pins, or anywhere while drawing). */
  onTap: (point: PlanPoint) => void;
  onPin: (id: string) => void;
  /** Whether a tap places something (a pin, a zone's point): pins are not picked then. */
  placing: boolean;
  label: string;
}

/** Set on the plan's first settled render with its image (performance.mark). */
export const FIRST_IDLE_MARK = 'vigie:plan-first-idle';

const empty = (): GeoJSON.FeatureCollection => ({ type: 'FeatureCollection', features: [] });

export function PlanMap(props: PlanMapProps) {
  const { t } = useTranslation('plan2d');
  const container = useRef<HTMLDivElement>(null);
  const latest = useRef(props);
  useEffect(() => {
    latest.current = props;
  });
  const [map, setMap] = useState<MaplibreMap | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed' | 'no-webgl'>(() => (hasWebGl() ? 'loading' : 'no-webgl'));
  const frame = frameOf(props.size);
  const frameKey = `${props.size.width}x${props.size.height}`;

  // The map, once per plan size (a revision of another shape frames it again).
  useEffect(() => {
    if (state === 'no-webgl' || container.current === null) return undefined;
    let destroyed = false;
    let built: MaplibreMap | null = null;
    void loadMaplibre()
      .then((maplibre) => {
        if (destroyed || container.current === null) return;
        const corners = cornersOf(frame);
        const bounds: [[number, number], [number, number]] = [
          [corners[0][0], corners[2][1]],
          [corners[2][0], corners[0][1]],
        ];
        const current = new maplibre.Map({
          container: container.current,
          style: { version: 8, sources: {}, layers: [{ id: 'background', type: 'background', paint: { 'background-color': '#eef1f4' } }] },
          bounds,
          fitBoundsOptions: { padding: 16, duration: 0 },
          attributionControl: false,
          dragRotate: false,
          pitchWithRotate: false,
          renderWorldCopies: false,
          maxZoom: 24,
        });
        built = current;
        current.touchZoomRotate.disableRotation();
        current.addControl(new maplibre.NavigationControl({ showCompass: false }), 'top-right');
        current.on('error', () => undefined);
        current.on('load', () => {
          if (destroyed) return;
          // Framed again once loaded: the container may have been laid out after the map was made.
          current.resize();
          current.fitBounds(bounds, { padding: 16, duration: 0 });
          current.addSource('pins', { type: 'geojson', data: empty() });
          current.addSource('zones', { type: 'geojson', data: empty() });
          current.addSource('draft', { type: 'geojson', data: empty() });
          current.addLayer({ id: 'zones-fill', type: 'fill', source: 'zones', filter: ['==', ['get', 'type'], 'risk'], paint: { 'fill-color': ['get', 'colour'], 'fill-opacity': 0.25 } });
          current.addLayer({
            id: 'zones-line',
            type: 'line',
            source: 'zones',
            filter: ['!=', ['get', 'type'], 'assembly'],
            paint: { 'line-color': ['get', 'colour'], 'line-width': ['case', ['==', ['get', 'type'], 'route'], 5, 2], 'line-dasharray': [2, 1] },
          });
          current.addLayer({
            id: 'zones-point',
            type: 'circle',
            source: 'zones',
            filter: ['==', ['get', 'type'], 'assembly'],
            paint: { 'circle-radius': 14, 'circle-color': '#ffffff', 'circle-stroke-color': ['get', 'colour'], 'circle-stroke-width': 5 },
          });
          current.addLayer({
            id: 'pins',
            type: 'circle',
            source: 'pins',
            paint: {
              'circle-radius': 8,
              'circle-color': ['case', ['get', 'pending'], '#ffffff', ['get', 'colour']],
              'circle-stroke-color': ['case', ['get', 'pending'], ['get', 'colour'], '#ffffff'],
              'circle-stroke-width': 3,
            },
          });
          current.addLayer({ id: 'draft-line', type: 'line', source: 'draft', paint: { 'line-color': '#000000', 'line-width': 2, 'line-dasharray': [1, 1] } });
          current.addLayer({ id: 'draft-point', type: 'circle', source: 'draft', filter: ['==', ['geometry-type'], 'Point'], paint: { 'circle-radius': 6, 'circle-color': '#000000' } });
          current.on('click', (event) => {
            const { placing, onTap, onPin } = latest.current;
            if (!placing) {
              const hit = current.queryRenderedFeatures(
                [
                  [event.point.x - 12, event.point.y - 12],
                  [event.point.x + 12, event.point.y + 12],
                ],
                { layers: ['pins'] },
              )[0];
              const id = hit?.properties?.id as string | undefined;
              if (id !== undefined) {
                onPin(id);
                return;
              }
            }
            const point = fromLngLat(event.lngLat.lng, event.lngLat.lat, frameOf(latest.current.size));
            if (onPlan(point)) onTap(point);
          });
          current.on('mouseenter', 'pins', () => (current.getCanvas().style.cursor = 'pointer'));
          current.on('mouseleave', 'pins', () => (current.getCanvas().style.cursor = ''));
          setMap(current);
          setState('ready');
        });
      })
      .catch(() => {
        if (!destroyed) setState('failed');
      });
    return () => {
      destroyed = true;
      built?.remove();
      setMap(null);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- rebuilt per plan size only
  }, [frameKey]);

  // The image: added once known, replaced on a new revision.
  useEffect(() => {
    if (map === null || props.imageUrl === null) return;
    const coordinates = cornersOf(frame);
    const source = map.getSource<ImageSource>('plan');
    if (source) {
      source.updateImage({ url: props.imageUrl, coordinates });
    } else {
      map.addSource('plan', { type: 'image', url: props.imageUrl, coordinates });
      map.addLayer({ id: 'plan-image', type: 'raster', source: 'plan', paint: { 'raster-fade-duration': 0 } }, 'zones-fill');
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the frame follows the size, in the key
  }, [map, props.imageUrl, frameKey]);

  // The first settled render with the image and the pins drawn: a mark the bench reads (scripts/bench-plan2d.mjs).
  useEffect(() => {
    if (map === null || props.imageUrl === null) return;
    map.once('idle', () => {
      if (performance.getEntriesByName(FIRST_IDLE_MARK).length === 0) performance.mark(FIRST_IDLE_MARK);
    });
  }, [map, props.imageUrl]);

  useEffect(() => {
    void map?.getSource<GeoJSONSource>('pins')?.setData(pinFeatures(props.pins, frame, props.visible) as never);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, props.pins, props.visible, frameKey]);
  useEffect(() => {
    void map?.getSource<GeoJSONSource>('zones')?.setData(zoneFeatures(props.zones, frame) as never);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, props.zones, frameKey]);
  useEffect(() => {
    void map?.getSource<GeoJSONSource>('draft')?.setData(draftFeatures(props.draft, frame) as never);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, props.draft, frameKey]);

  return (
    <div className="plan2d-map-frame">
      <div ref={container} className="plan2d-map" role="region" aria-label={props.label} data-state={state} data-pins={props.pins.length} />
      {state !== 'ready' && (
        <p className="plan2d-map-state" role="status">
          {t(`map.${state}`)}
        </p>
      )}
    </div>
  );
}
