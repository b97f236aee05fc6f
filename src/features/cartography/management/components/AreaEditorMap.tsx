/**
 * The areas' map in management: the district's areas (a tap selects one), and the drawing
 * state of drawing.ts drawn over them. Drawing: a tap (click) adds a vertex, a tap on the first
 * vertex closes the polygon. Shaping: a vertex is dragged, or a midpoint dragged to add a vertex
 * there, with pointer events (a finger and a mouse alike): the map's own panning is switched
 * off for the length of the drag, the drag drawn live and given to the state machine once, at
 * its end (one undo step per drag). Built on the shared MapLibre host (use-maplibre.ts).
 */
import type { FeatureCollection } from 'geojson';
import type { ExpressionSpecification, GeoJSONSource, Map as MaplibreMap, MapGeoJSONFeature, PointLike } from 'maplibre-gl';
import { useEffect, useRef, type Dispatch } from 'react';
import { useLatest } from '../../../../hooks/use-latest';
import { boundsOf } from '../../../../../common/modules/cartography/geometry';
import type { BBox, MapFeature } from '../../../../../common/modules/cartography/schemas';
import { MapFrame } from '../../components/MapFrame';
import { useMaplibre } from '../../components/use-maplibre';
import { AREA_FALLBACK_COLOUR } from '../../layers';
import '../../components/cartography.css';
import { DRAW_ROLES, drawingFeatures, drawReducer, type DrawEvent, type DrawState } from '../drawing';

export const EDITOR_SOURCES = { areas: 'cm-areas', draw: 'cm-draw' } as const;
export const EDITOR_LAYERS = {
  areasFill: 'cm-areas-fill',
  areasLine: 'cm-areas-line',
  drawFill: 'cm-draw-fill',
  drawLine: 'cm-draw-line',
  midpoints: 'cm-draw-midpoints',
  vertices: 'cm-draw-vertices',
} as const;
const DRAW_COLOUR = '#1d6fd6';
/** How far from a vertex a finger may land and still take it, in CSS pixels. */
const HIT_PX = 14;

/** `on` for the selected area, `off` for the others. */
const bySelection = (id: string | null, on: number, off: number): ExpressionSpecification => ['case', ['==', ['get', 'id'], ['literal', id ?? '']], on, off];

const collection = (features: readonly MapFeature[]): FeatureCollection => ({ type: 'FeatureCollection', features: features as unknown as FeatureCollection['features'] });

function hitAround(map: MaplibreMap, x: number, y: number, layers: string[]): MapGeoJSONFeature[] {
  const box: [PointLike, PointLike] = [
    [x - HIT_PX, y - HIT_PX],
    [x + HIT_PX, y + HIT_PX],
  ];
  return map.queryRenderedFeatures(box, { layers: layers.filter((id) => map.getLayer(id) !== undefined) });
}

export interface AreaEditorMapProps {
  styleUrl: string | null;
  attribution: string;
  extent: BBox | null;
  label: string;
  areas: readonly MapFeature[];
  selectedId: string | null;
  draw: DrawState;
  dispatch: Dispatch<DrawEvent>;
  onSelect: (id: string) => void;
}

export function AreaEditorMap(props: AreaEditorMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const latest = useLatest(props);
  const { styleUrl, attribution, extent } = props;
  const { state, map } = useMaplibre(container, {
    styleUrl,
    attribution,
    extent,
    setup: (current) => {
      current.addSource(EDITOR_SOURCES.areas, { type: 'geojson', data: collection([]) });
      current.addSource(EDITOR_SOURCES.draw, { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
      const colour = ['coalesce', ['get', 'colour'], AREA_FALLBACK_COLOUR] as unknown as string;
      current.addLayer({ id: EDITOR_LAYERS.areasFill, type: 'fill', source: EDITOR_SOURCES.areas, paint: { 'fill-color': colour, 'fill-opacity': bySelection(null, 0.45, 0.2) } });
      current.addLayer({ id: EDITOR_LAYERS.areasLine, type: 'line', source: EDITOR_SOURCES.areas, paint: { 'line-color': colour, 'line-width': bySelection(null, 4, 2) } });
      const role = (name: string) => ['==', ['get', 'role'], name] as never;
      current.addLayer({ id: EDITOR_LAYERS.drawFill, type: 'fill', source: EDITOR_SOURCES.draw, filter: role(DRAW_ROLES.fill), paint: { 'fill-color': DRAW_COLOUR, 'fill-opacity': 0.25 } });
      current.addLayer({ id: EDITOR_LAYERS.drawLine, type: 'line', source: EDITOR_SOURCES.draw, filter: role(DRAW_ROLES.line), paint: { 'line-color': DRAW_COLOUR, 'line-width': 3, 'line-dasharray': [2, 1] } });
      current.addLayer({
        id: EDITOR_LAYERS.midpoints,
        type: 'circle',
        source: EDITOR_SOURCES.draw,
        filter: role(DRAW_ROLES.midpoint),
        paint: { 'circle-radius': 6, 'circle-color': '#ffffff', 'circle-stroke-color': DRAW_COLOUR, 'circle-stroke-width': 2, 'circle-opacity': 0.85 },
      });
      current.addLayer({
        id: EDITOR_LAYERS.vertices,
        type: 'circle',
        source: EDITOR_SOURCES.draw,
        filter: role(DRAW_ROLES.vertex),
        paint: { 'circle-radius': ['case', ['get', 'first'], 10, 8] as never, 'circle-color': ['case', ['get', 'first'], '#f5b301', DRAW_COLOUR] as never, 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 2 },
      });

      current.on('click', (event) => {
        const { draw, dispatch, onSelect } = latest.current;
        if (draw.mode === 'drawing') {
          const onFirst = hitAround(current, event.point.x, event.point.y, [EDITOR_LAYERS.vertices]).some((hit) => hit.properties.index === 0);
          dispatch({ type: 'tap', at: [event.lngLat.lng, event.lngLat.lat], onFirst });
          return;
        }
        if (draw.mode !== 'idle') return;
        const hit = current.queryRenderedFeatures(event.point, { layers: [EDITOR_LAYERS.areasFill] })[0];
        if (hit !== undefined) onSelect(String(hit.properties.id));
      });

      // Shaping: drag a vertex, or a midpoint to add a vertex there.
      const canvas = current.getCanvasContainer();
      let drag: { pointer: number; event: DrawEvent; base: DrawState } | null = null;
      const at = (event: PointerEvent) => {
        const rect = canvas.getBoundingClientRect();
        const lngLat = current.unproject([event.clientX - rect.left, event.clientY - rect.top]);
        return [lngLat.lng, lngLat.lat] as const;
      };
      canvas.addEventListener('pointerdown', (event) => {
        const { draw } = latest.current;
        if (draw.mode !== 'shaping' || drag !== null) return;
        const rect = canvas.getBoundingClientRect();
        const hits = hitAround(current, event.clientX - rect.left, event.clientY - rect.top, [EDITOR_LAYERS.vertices, EDITOR_LAYERS.midpoints]);
        const vertex = hits.find((hit) => hit.layer.id === EDITOR_LAYERS.vertices);
        const midpoint = hits.find((hit) => hit.layer.id === EDITOR_LAYERS.midpoints);
        const target = vertex ?? midpoint;
        if (target === undefined) return;
        const index = Number(target.properties.index);
        // The map must not pan while a vertex moves (pointerdown comes before the mouse and touch events MapLibre pans with).
        current.dragPan.disable();
        canvas.setPointerCapture?.(event.pointerId);
        event.preventDefault();
        event.stopPropagation();
        const position = at(event);
        drag = vertex !== undefined
          ? { pointer: event.pointerId, event: { type: 'move', index, at: position }, base: draw }
          : { pointer: event.pointerId, event: { type: 'insert', after: index, at: position }, base: draw };
      });
      canvas.addEventListener('pointermove', (event) => {
        if (drag === null || event.pointerId !== drag.pointer) return;
        event.preventDefault();
        drag = { ...drag, event: { ...drag.event, at: at(event) } as DrawEvent };
        void current.getSource<GeoJSONSource>(EDITOR_SOURCES.draw)?.setData(drawingFeatures(drawReducer(drag.base, drag.event)));
      });
      const end = (event: PointerEvent) => {
        if (drag === null || event.pointerId !== drag.pointer) return;
        const done = drag.event;
        drag = null;
        current.dragPan.enable();
        latest.current.dispatch(done);
      };
      canvas.addEventListener('pointerup', end);
      canvas.addEventListener('pointercancel', end);
    },
  });

  const { areas, selectedId, draw } = props;
  useEffect(() => {
    if (map === null) return;
    void map.getSource<GeoJSONSource>(EDITOR_SOURCES.areas)?.setData(collection(areas));
  }, [map, areas]);
  useEffect(() => {
    if (map === null) return;
    map.setPaintProperty(EDITOR_LAYERS.areasFill, 'fill-opacity', bySelection(selectedId, 0.45, 0.2));
    map.setPaintProperty(EDITOR_LAYERS.areasLine, 'line-width', bySelection(selectedId, 4, 2));
  }, [map, selectedId]);
  useEffect(() => {
    if (map === null) return;
    void map.getSource<GeoJSONSource>(EDITOR_SOURCES.draw)?.setData(drawingFeatures(draw));
  }, [map, draw]);

  // The selected area in view (not while drawing: the user chose where to look).
  useEffect(() => {
    if (map === null || selectedId === null || draw.mode !== 'idle') return;
    const area = areas.find((feature) => feature.id === selectedId);
    if (area === undefined) return;
    if (area.geometry.type === 'Point') return;
    map.fitBounds(boundsOf(area.geometry), { padding: 48, maxZoom: 18, duration: 0 });
    // Only when the selection changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, selectedId]);

  const drawing = draw.mode === 'drawing' || draw.mode === 'shaping';
  return <MapFrame containerRef={container} state={state} label={props.label} picking={drawing} data={{ 'data-draw': draw.mode }} />;
}
