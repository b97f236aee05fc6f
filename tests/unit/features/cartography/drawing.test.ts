import { describe, expect, it } from 'vitest';
import { areaSquareMetres, closeRing, MIN_AREA_M2, polygonProblem, selfCrossing, type LngLat } from '../../../../common/modules/cartography/geometry';
import { AREA_VERTICES_MAX, type AreaGeometry } from '../../../../common/modules/cartography/schemas';
import { DRAW_VERTICES_MAX, drawingFeatures, drawnSurface, drawReducer, geometryOf, IDLE, shapeEditable, surfaceText, type DrawEvent, type DrawState } from '../../../../src/features/cartography/management/drawing';

// About 100 m × 100 m in Lyon (1 degree of latitude ≈ 111 km; of longitude ≈ 77 km at 45.76°).
const A: LngLat = [4.85, 45.76];
const B: LngLat = [4.8513, 45.76];
const C: LngLat = [4.8513, 45.7609];
const D: LngLat = [4.85, 45.7609];

const run = (events: DrawEvent[], from: DrawState = IDLE) => events.reduce(drawReducer, from);
const tap = (at: LngLat, onFirst = false): DrawEvent => ({ type: 'tap', at, onFirst });

describe('polygon checks', () => {
  it('accepts a square of about a hectare and measures it', () => {
    expect(polygonProblem([A, B, C, D], AREA_VERTICES_MAX)).toBeNull();
    const surface = areaSquareMetres({ type: 'Polygon', coordinates: [closeRing([A, B, C, D])] });
    expect(surface).toBeGreaterThan(9_000);
    expect(surface).toBeLessThan(11_000);
  });

  it('refuses a bow tie (two edges crossing) and names the edges', () => {
    expect(selfCrossing([A, C, B, D])).toEqual([0, 2]);
    expect(polygonProblem([A, C, B, D], AREA_VERTICES_MAX)).toBe('self_crossing');
  });

  it('refuses fewer than three distinct vertices, a sliver and too many vertices', () => {
    expect(polygonProblem([A, B], AREA_VERTICES_MAX)).toBe('too_few_vertices');
    expect(polygonProblem([A, B, A], AREA_VERTICES_MAX)).toBe('too_few_vertices');
    // Three vertices almost on one line: well under a square metre.
    const sliver: LngLat[] = [A, B, [4.85065, 45.7600001]];
    expect(polygonProblem(sliver, AREA_VERTICES_MAX)).toBe('too_small');
    expect(areaSquareMetres({ type: 'Polygon', coordinates: [closeRing(sliver)] })).toBeLessThan(MIN_AREA_M2);
    expect(polygonProblem([A, B, C, D], 4)).toBe('too_many_vertices');
  });

  it('reads a closed ring as its open vertices (the closing repeat is not an edge twice)', () => {
    expect(selfCrossing(closeRing([A, B, C, D]))).toBeNull();
    expect(polygonProblem(closeRing([A, B, C, D]), AREA_VERTICES_MAX)).toBeNull();
  });

  it('the drawing budget is the contract’s', () => {
    expect(DRAW_VERTICES_MAX).toBe(AREA_VERTICES_MAX);
  });
});

describe('drawing an area', () => {
  it('taps vertices, undoes the last, and closes on the first vertex', () => {
    let state = run([{ type: 'start' }, tap(A), tap(B), tap([4.86, 45.77])]);
    expect(state).toMatchObject({ mode: 'drawing', vertices: [A, B, [4.86, 45.77]] });
    state = run([{ type: 'undo' }, tap(C), tap(D), tap(A, true)], state);
    expect(state).toEqual({ mode: 'closed', vertices: [A, B, C, D], holes: [] });
    expect(geometryOf(state)).toEqual({ type: 'Polygon', coordinates: [[[...A], [...B], [...C], [...D], [...A]]] });
  });

  it('finishes with the button, and refuses a crossing or too few vertices with the reason', () => {
    expect(run([{ type: 'start' }, tap(A), tap(B), { type: 'finish' }])).toMatchObject({ mode: 'drawing', problem: 'too_few_vertices' });
    expect(run([{ type: 'start' }, tap(A), tap(C), tap(B), tap(D), { type: 'finish' }])).toMatchObject({ mode: 'drawing', problem: 'self_crossing' });
    expect(run([{ type: 'start' }, tap(A), tap(B), tap(C), { type: 'finish' }])).toMatchObject({ mode: 'closed' });
  });

  it('a tap on the first vertex before the third is a vertex like another; a double tap is one vertex', () => {
    expect(run([{ type: 'start' }, tap(A), tap(B), tap(B)])).toMatchObject({ vertices: [A, B] });
    expect(run([{ type: 'start' }, tap(A), tap(B, true)])).toMatchObject({ mode: 'drawing', vertices: [A, B] });
  });

  it('cancel leaves nothing', () => {
    expect(run([{ type: 'start' }, tap(A), tap(B), { type: 'cancel' }])).toEqual(IDLE);
    expect(drawingFeatures(IDLE).features).toEqual([]);
  });

  it('shows the line so far, then the polygon, the vertices with the first marked, and the surface', () => {
    const two = run([{ type: 'start' }, tap(A), tap(B)]);
    expect(drawingFeatures(two).features.map((f) => f.properties?.role)).toEqual(['line', 'vertex', 'vertex']);
    expect(drawnSurface(two)).toBe(0);
    const four = run([tap(C), tap(D)], two);
    const features = drawingFeatures(four).features;
    expect(features.map((f) => f.properties?.role)).toEqual(['fill', 'line', 'vertex', 'vertex', 'vertex', 'vertex']);
    expect(features[2]?.properties).toMatchObject({ index: 0, first: true });
    expect(drawnSurface(four)).toBeGreaterThan(9_000);
  });
});

describe('editing a shape', () => {
  const square: AreaGeometry = { type: 'Polygon', coordinates: [closeRing([A, B, C, D])] };

  it('drags a vertex, adds one from a midpoint, undoes, and finishes', () => {
    let state = run([{ type: 'edit', geometry: square }]);
    expect(state).toMatchObject({ mode: 'shaping', vertices: [A, B, C, D] });
    const midpoints = drawingFeatures(state).features.filter((f) => f.properties?.role === 'midpoint');
    expect(midpoints).toHaveLength(4);
    state = run([{ type: 'move', index: 2, at: [4.852, 45.761] }, { type: 'insert', after: 0, at: [4.85065, 45.7595] }], state);
    expect(state).toMatchObject({ vertices: [A, [4.85065, 45.7595], B, [4.852, 45.761], D], problem: null });
    state = run([{ type: 'undo' }], state);
    expect(state).toMatchObject({ vertices: [A, B, [4.852, 45.761], D] });
    expect(run([{ type: 'finish' }], state)).toMatchObject({ mode: 'closed', vertices: [A, B, [4.852, 45.761], D] });
  });

  it('says at once when a drag makes the ring cross itself, and will not finish so', () => {
    // C dragged beyond A's side: edges B→C′ and D→A cross.
    const crossed = run([{ type: 'edit', geometry: square }, { type: 'move', index: 2, at: [4.849, 45.7605] }]);
    expect(crossed).toMatchObject({ problem: 'self_crossing' });
    expect(run([{ type: 'finish' }], crossed)).toMatchObject({ mode: 'shaping', problem: 'self_crossing' });
  });

  it('keeps the holes, and does not edit a multi-part area', () => {
    const hole: LngLat[] = [[4.8505, 45.7602], [4.8508, 45.7602], [4.8508, 45.7605]];
    const holed: AreaGeometry = { type: 'Polygon', coordinates: [closeRing([A, B, C, D]), closeRing(hole)] };
    const closed = run([{ type: 'edit', geometry: holed }, { type: 'finish' }]);
    expect(geometryOf(closed)?.coordinates[1]).toEqual(closeRing(hole));
    const multi: AreaGeometry = { type: 'MultiPolygon', coordinates: [square.coordinates, square.coordinates] };
    expect(shapeEditable(multi)).toBe(false);
    expect(run([{ type: 'edit', geometry: multi }])).toEqual(IDLE);
  });
});

describe('surfaces in words', () => {
  it('m² below a hectare, hectares above', () => {
    expect(surfaceText(950.4, 'en')).toBe('950 m²');
    expect(surfaceText(25_300, 'en')).toBe('2.53 ha');
    expect(surfaceText(25_300, 'fr')).toBe('2,53 ha');
  });
});
