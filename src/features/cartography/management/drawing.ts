/**
 * Drawing an area and editing its shape, as a state machine in plain TypeScript (no MapLibre,
 * no React; tested directly). The map editor (components/AreaEditorMap.tsx) turns taps and
 * drags into these events and draws what the state holds (drawingFeatures).
 *
 *   idle ──start──▶ drawing ──finish / tap on the first vertex──▶ closed (the form)
 *                     │ tap: a vertex; undo: the last one off; cancel: idle
 *   idle ──edit(shape)──▶ shaping ──move / insert / undo──▶ shaping ──finish──▶ closed
 *
 * Finishing checks the polygon (polygonProblem: 3 distinct vertices, not crossing itself, not
 * a sliver, within the server's vertex budget): a refused finish stays where it was with the
 * problem, which the screen says in words. A move or an insert that makes the ring cross
 * itself is kept (the user may be on the way to fix it) with the problem shown at once.
 */
import type { Feature, FeatureCollection } from 'geojson';
import { areaSquareMetres, closeRing, openRing, polygonProblem, type LngLat, type PolygonProblem } from '../../../../common/modules/cartography/geometry';
import type { AreaGeometry } from '../../../../common/modules/cartography/schemas';

/** common/modules/cartography/schemas.ts's AREA_VERTICES_MAX (that module builds TypeBox schemas; a test checks they agree). */
export const DRAW_VERTICES_MAX = 5_000;

export type DrawState =
  | { mode: 'idle' }
  | { mode: 'drawing'; vertices: LngLat[]; problem: PolygonProblem | null }
  /** Editing an existing area's outer ring; `holes` are kept as they were. */
  | { mode: 'shaping'; vertices: LngLat[]; holes: LngLat[][]; history: LngLat[][]; problem: PolygonProblem | null }
  | { mode: 'closed'; vertices: LngLat[]; holes: LngLat[][] };

export type DrawEvent =
  | { type: 'start' }
  | { type: 'tap'; at: LngLat; onFirst: boolean }
  | { type: 'undo' }
  | { type: 'finish' }
  | { type: 'cancel' }
  | { type: 'edit'; geometry: AreaGeometry }
  | { type: 'move'; index: number; at: LngLat }
  /** A vertex added in the middle of edge `after` (from vertex `after` to the next). */
  | { type: 'insert'; after: number; at: LngLat }
  /** The form went back to the map to change the shape. */
  | { type: 'reshape' };

export const IDLE: DrawState = { mode: 'idle' };

/** Whether an area's geometry can be edited on the map: one polygon (its holes are kept). */
export const shapeEditable = (geometry: AreaGeometry): boolean => geometry.type === 'Polygon' || geometry.coordinates.length === 1;

const outerOf = (geometry: AreaGeometry) => (geometry.type === 'Polygon' ? geometry.coordinates : (geometry.coordinates[0] ?? []));

const check = (vertices: readonly LngLat[]) => polygonProblem(vertices, DRAW_VERTICES_MAX);

export function drawReducer(state: DrawState, event: DrawEvent): DrawState {
  switch (event.type) {
    case 'start':
      return { mode: 'drawing', vertices: [], problem: null };
    case 'cancel':
      return IDLE;
    case 'edit': {
      if (!shapeEditable(event.geometry)) return state;
      const [outer = [], ...holes] = outerOf(event.geometry);
      return { mode: 'shaping', vertices: openRing(outer), holes: holes.map((hole) => openRing(hole)), history: [], problem: null };
    }
    case 'tap': {
      if (state.mode !== 'drawing') return state;
      if (event.onFirst && state.vertices.length >= 3) return drawReducer(state, { type: 'finish' });
      const last = state.vertices.at(-1);
      // A double tap on the same spot is one vertex.
      if (last !== undefined && last[0] === event.at[0] && last[1] === event.at[1]) return state;
      if (state.vertices.length + 2 > DRAW_VERTICES_MAX) return { ...state, problem: 'too_many_vertices' };
      return { mode: 'drawing', vertices: [...state.vertices, event.at], problem: null };
    }
    case 'undo':
      if (state.mode === 'drawing') return { mode: 'drawing', vertices: state.vertices.slice(0, -1), problem: null };
      if (state.mode === 'shaping') {
        const previous = state.history.at(-1);
        if (previous === undefined) return state;
        return { ...state, vertices: previous, history: state.history.slice(0, -1), problem: null };
      }
      return state;
    case 'move': {
      if (state.mode !== 'shaping' || event.index < 0 || event.index >= state.vertices.length) return state;
      const vertices = state.vertices.map((vertex, index) => (index === event.index ? event.at : vertex));
      return { ...state, vertices, history: [...state.history, state.vertices], problem: crossingOnly(vertices) };
    }
    case 'insert': {
      if (state.mode !== 'shaping' || event.after < 0 || event.after >= state.vertices.length) return state;
      if (state.vertices.length + 2 > DRAW_VERTICES_MAX) return { ...state, problem: 'too_many_vertices' };
      const vertices = [...state.vertices.slice(0, event.after + 1), event.at, ...state.vertices.slice(event.after + 1)];
      return { ...state, vertices, history: [...state.history, state.vertices], problem: crossingOnly(vertices) };
    }
    case 'finish': {
      if (state.mode !== 'drawing' && state.mode !== 'shaping') return state;
      const problem = check(state.vertices);
      if (problem !== null) return { ...state, problem };
      return { mode: 'closed', vertices: state.vertices, holes: state.mode === 'shaping' ? state.holes : [] };
    }
    case 'reshape':
      if (state.mode !== 'closed') return state;
      return { mode: 'shaping', vertices: state.vertices, holes: state.holes, history: [], problem: null };
  }
}

/** While shaping, only a crossing is said at once (a ring being dragged is often briefly small). */
const crossingOnly = (vertices: readonly LngLat[]): PolygonProblem | null => (check(vertices) === 'self_crossing' ? 'self_crossing' : null);

/** The polygon the state holds (a closed or shaped ring, with its holes), for the form and the server. */
export function geometryOf(state: DrawState): AreaGeometry | null {
  if (state.mode === 'idle' || state.vertices.length < 3) return null;
  const holes = state.mode === 'drawing' ? [] : state.holes;
  return { type: 'Polygon', coordinates: [closeRing(state.vertices), ...holes.map((hole) => closeRing(hole))] };
}

/** The surface of what the state holds so far, in m² (0 below 3 vertices). */
export const drawnSurface = (state: DrawState): number => {
  const geometry = geometryOf(state);
  return geometry === null ? 0 : areaSquareMetres(geometry);
};

/** The editor's layer ids and what its features carry. */
export const DRAW_ROLES = { fill: 'fill', line: 'line', vertex: 'vertex', midpoint: 'midpoint' } as const;

/**
 * What the editor draws for a state: the polygon (3 vertices or more) or the line so far, the
 * vertices (each with its index; the first marked, to close on it) and, while shaping, the
 * midpoint of each edge (drag it to add a vertex there).
 */
export function drawingFeatures(state: DrawState): FeatureCollection {
  if (state.mode === 'idle') return { type: 'FeatureCollection', features: [] };
  const features: Feature[] = [];
  const vertices = state.vertices;
  const position = (vertex: LngLat): [number, number] => [vertex[0], vertex[1]];
  if (vertices.length >= 3) {
    features.push({ type: 'Feature', properties: { role: DRAW_ROLES.fill }, geometry: { type: 'Polygon', coordinates: [closeRing(vertices)] } });
  }
  if (vertices.length >= 2) {
    const line = state.mode === 'drawing' ? vertices.map(position) : closeRing(vertices);
    features.push({ type: 'Feature', properties: { role: DRAW_ROLES.line }, geometry: { type: 'LineString', coordinates: line } });
  }
  vertices.forEach((vertex, index) => {
    features.push({ type: 'Feature', properties: { role: DRAW_ROLES.vertex, index, first: index === 0 && state.mode === 'drawing' }, geometry: { type: 'Point', coordinates: position(vertex) } });
  });
  if (state.mode === 'shaping') {
    vertices.forEach((vertex, index) => {
      const next = vertices[(index + 1) % vertices.length]!;
      const middle: [number, number] = [(vertex[0] + next[0]) / 2, (vertex[1] + next[1]) / 2];
      features.push({ type: 'Feature', properties: { role: DRAW_ROLES.midpoint, index }, geometry: { type: 'Point', coordinates: middle } });
    });
  }
  return { type: 'FeatureCollection', features };
}

/** A surface as people read it: m² below a hectare, else hectares. */
export function surfaceText(squareMetres: number, locale: string): string {
  if (squareMetres < 10_000) return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(squareMetres)} m²`;
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(squareMetres / 10_000)} ha`;
}
