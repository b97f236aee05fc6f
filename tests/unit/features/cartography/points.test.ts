import { describe, expect, it } from 'vitest';
import type { Poi } from '../../../../common/modules/cartography/schemas';
import {
  completePoint,
  draftFields,
  draftOf,
  listSearch,
  parseCoordinate,
  pointMatches,
  pointProblems,
  validatePointsSearch,
  type PointDraft,
} from '../../../../src/features/cartography/management/points';
import { changedFields } from '../../../../src/lib/outbox';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const CATEGORY = id(1);
const POINTS_LAYER = id(2);
const AREAS_LAYER = id(3);
const SITE = id(4);
const LAYERS = [
  { id: POINTS_LAYER, kind: 'points' as const },
  { id: AREAS_LAYER, kind: 'areas' as const },
];

const draft = (patch: Partial<PointDraft> = {}): PointDraft => ({
  name: 'Extincteur quai 3',
  description: '',
  categoryId: CATEGORY,
  layerId: POINTS_LAYER,
  siteId: null,
  lat: '45.7316',
  lng: '4.8325',
  ...patch,
});

describe('the point form’s rules', () => {
  it('accepts a complete point, the coordinates typed with a comma or spaces', () => {
    expect(pointProblems(draft(), LAYERS)).toEqual({});
    expect(pointProblems(draft({ lat: ' 45,7316 ', lng: '-4,83' }), LAYERS)).toEqual({});
    expect(draftFields(draft({ lat: '45,7316', name: '  Vanne  ' }))).toMatchObject({ name: 'Vanne', position: { lat: 45.7316, lng: 4.8325 } });
  });

  it('asks for a name, a category, a layer and both coordinates', () => {
    const problems = pointProblems(draft({ name: '   ', categoryId: '', layerId: '', lat: '', lng: '' }), LAYERS);
    expect(Object.keys(problems).sort()).toEqual(['categoryId', 'lat', 'layerId', 'lng', 'name']);
    expect(problems.name?.key).toBe('module.error.required');
    expect(problems.lat?.key).toBe('module.error.required');
  });

  it('refuses a coordinate that is not a number or out of range, and a layer of areas', () => {
    expect(pointProblems(draft({ lat: '45°N' }), LAYERS).lat?.key).toBe('module.error.invalid');
    expect(pointProblems(draft({ lat: '91' }), LAYERS).lat).toEqual({ key: 'module.error.too_large', values: { max: 90 } });
    expect(pointProblems(draft({ lng: '-181' }), LAYERS).lng).toEqual({ key: 'module.error.too_small', values: { min: -180 } });
    expect(pointProblems(draft({ layerId: AREAS_LAYER }), LAYERS).layerId?.key).toBe('module.error.invalid');
    expect(pointProblems(draft({ name: 'x'.repeat(121) }), LAYERS).name?.key).toBe('module.error.too_long');
  });

  it('reads coordinates as a person types them', () => {
    expect(parseCoordinate('4,8325')).toBe(4.8325);
    expect(parseCoordinate('-0.5')).toBe(-0.5);
    expect(parseCoordinate('45.')).toBeNull();
    expect(parseCoordinate('1e3')).toBeNull();
    expect(parseCoordinate('')).toBeNull();
  });

  it('a move sends the position only; an unchanged form sends nothing', () => {
    const point = { name: 'A', description: '', categoryId: CATEGORY, layerId: POINTS_LAYER, siteId: null as string | null, position: { lat: 45.7, lng: 4.8 } };
    expect(changedFields(point, { position: { lng: 4.8, lat: 45.7 } }).changes).toEqual({});
    expect(changedFields(point, { position: { lat: 45.71, lng: 4.8 } })).toEqual({ changes: { position: { lat: 45.71, lng: 4.8 } }, base: { position: { lat: 45.7, lng: 4.8 } } });
    const { position: _position, ...edited } = draftFields({ ...draftOf({ ...point }), name: 'B' });
    expect(changedFields(point, edited).changes).toEqual({ name: 'B' });
  });
});

describe('the points list’s address and pending points', () => {
  it('keeps valid filters and the selected point, and sends only the filters', () => {
    const search = validatePointsSearch({ search: 42, category: CATEGORY, layer: 'nope', site: SITE, deleted: true, point: id(9), view: 'map', other: 'x' });
    expect(search).toEqual({ search: '42', category: CATEGORY, site: SITE, deleted: 'true', point: id(9), view: 'map' });
    expect(listSearch(search)).toEqual({ search: '42', category: CATEGORY, site: SITE, deleted: 'true' });
  });

  it('matches a point written here as the server filters the list', () => {
    const point = { name: 'Défibrillateur hall', description: 'Près de l’accueil', categoryId: CATEGORY, layerId: POINTS_LAYER, siteId: SITE };
    expect(pointMatches({ search: 'defibrillateur' })(point)).toBe(true);
    expect(pointMatches({ search: 'accueil', site: SITE })(point)).toBe(true);
    expect(pointMatches({ category: id(99) })(point)).toBe(false);
    expect(pointMatches({ layer: AREAS_LAYER })(point)).toBe(false);
  });

  it('shows a point created here with its category’s icon and colour and its layer’s name', () => {
    const created = { id: id(7), name: 'Vanne gaz', description: '', categoryId: CATEGORY, layerId: POINTS_LAYER, siteId: null, position: { lat: 45, lng: 4 } } as unknown as Poi;
    const whole = completePoint([{ id: CATEGORY, name: 'Vanne de coupure', icon: 'valve', colour: '#8d6e00' }], [{ id: POINTS_LAYER, name: 'Équipements' }])(created);
    expect(whole).toMatchObject({ categoryName: 'Vanne de coupure', icon: 'valve', colour: '#8d6e00', layerName: 'Équipements', siteName: null, deletedAt: null });
  });
});
