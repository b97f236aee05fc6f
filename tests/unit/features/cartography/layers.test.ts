import { describe, expect, it } from 'vitest';
import type { Layer, MapFeature } from '../../../../common/modules/cartography/schemas';
import { mapPowers } from '../../../../common/modules/cartography/access';
import { featureHref, incidentColour, mapLayerEntries, SEVERITY_COLOURS, shownFeatures, typeChoices, visibleLayerIds } from '../../../../src/features/cartography/layers';
import { validateMapSearch } from '../../../../src/features/cartography/search';
import { pinnedPosition, validateReportSearch } from '../../../../src/features/declarations/search';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const SITE_TYPE = id(901);
const TEMPLATE = id(902);
const CATEGORY = id(903);
const POI_LAYER = id(801);
const AREA_LAYER = id(802);

function feature(n: number, kind: MapFeature['properties']['kind'], extra: Partial<MapFeature['properties']> = {}): MapFeature {
  const layer = kind === 'site' ? 'sites' : kind === 'incident' ? 'incidents' : kind === 'poi' ? POI_LAYER : AREA_LAYER;
  return {
    type: 'Feature',
    id: id(n),
    geometry: { type: 'Point', coordinates: [2.35, 48.85] },
    properties: { kind, id: id(n), layer, name: `${kind} ${n}`, typeId: null, typeName: null, version: 1, ...extra },
  };
}

const layer = (layerId: string, kind: Layer['kind'], position: number, visibleByDefault: boolean, name: string): Layer => ({
  id: layerId,
  districtId: id(1),
  version: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  createdBy: { id: id(2), name: 'M' },
  updatedAt: '2026-01-01T00:00:00.000Z',
  updatedBy: { id: id(2), name: 'M' },
  deletedAt: null,
  name,
  kind,
  colour: '#123456',
  position,
  visibleByDefault,
  featureCount: 1,
});

const FEATURES = [
  feature(1, 'site', { typeId: SITE_TYPE, typeName: 'Warehouse' }),
  feature(2, 'site', { typeId: id(904), typeName: 'Office' }),
  feature(3, 'incident', { typeId: TEMPLATE, typeName: 'Fall', status: 'new', severity: 'high', occurredAt: '2026-03-10T10:00:00.000Z' }),
  feature(4, 'incident', { typeId: TEMPLATE, typeName: 'Fall', status: 'closed', severity: 'low', occurredAt: '2026-04-20T10:00:00.000Z' }),
  feature(5, 'poi', { typeId: CATEGORY, typeName: 'Extinguishers', icon: 'extinguisher', colour: '#aa0000' }),
  feature(6, 'area', { colour: '#00aa00' }),
];
const LAYERS = [layer(POI_LAYER, 'points', 1, true, 'Safety equipment'), layer(AREA_LAYER, 'areas', 2, false, 'Zones')];

describe('the map layers a user can switch', () => {
  it('lists the built-in layers first, then the district layers with the highest position on top', () => {
    const entries = mapLayerEntries(LAYERS, FEATURES);
    expect(entries.map((entry) => entry.id)).toEqual(['sites', 'incidents', AREA_LAYER, POI_LAYER]);
    expect(entries[2]).toMatchObject({ name: 'Zones', kind: 'areas', visibleByDefault: false });
  });

  it('still lists the layers the features name when the layers could not be read', () => {
    const entries = mapLayerEntries(undefined, FEATURES);
    expect(entries.map((entry) => entry.id)).toEqual(['sites', 'incidents', POI_LAYER, AREA_LAYER]);
    expect(entries[3]).toMatchObject({ kind: 'areas', name: null, visibleByDefault: true });
  });

  it("shows a layer by the user's own switch, else by its default", () => {
    const entries = mapLayerEntries(LAYERS, FEATURES);
    expect([...visibleLayerIds(entries, {})]).toEqual(['sites', 'incidents', POI_LAYER]);
    expect([...visibleLayerIds(entries, { incidents: false, [AREA_LAYER]: true })]).toEqual(['sites', AREA_LAYER, POI_LAYER]);
  });

  it('draws nothing of a layer switched off', () => {
    const visible = visibleLayerIds(mapLayerEntries(LAYERS, FEATURES), { sites: false });
    const shown = shownFeatures(FEATURES, visible, {});
    expect(shown.map((f) => f.properties.kind)).toEqual(['incident', 'incident', 'poi']);
  });
});

describe('the address filters on the map', () => {
  const all = new Set(['sites', 'incidents', POI_LAYER, AREA_LAYER]);
  const names = (search: Parameters<typeof shownFeatures>[2]) => shownFeatures(FEATURES, all, search).map((f) => f.properties.name);

  it('filters by type only the kind the type belongs to', () => {
    expect(names({ type: SITE_TYPE })).toEqual(['site 1', 'incident 3', 'incident 4', 'poi 5', 'area 6']);
  });

  it('filters incidents by status and by period (days inclusive); other kinds stay', () => {
    expect(names({ status: 'new' })).toEqual(['site 1', 'site 2', 'incident 3', 'poi 5', 'area 6']);
    expect(names({ from: '2026-04-01', to: '2026-04-20' })).toEqual(['site 1', 'site 2', 'incident 4', 'poi 5', 'area 6']);
    expect(names({ to: '2026-03-09' })).toEqual(['site 1', 'site 2', 'poi 5', 'area 6']);
  });

  it('offers every type the features carry, by kind then name', () => {
    expect(typeChoices(FEATURES).map((choice) => choice.name)).toEqual(['Office', 'Warehouse', 'Fall', 'Extinguishers']);
  });

  it('keeps only valid filters from the address', () => {
    expect(validateMapSearch({ type: SITE_TYPE, status: 'closed', from: '2026-01-01', to: '2026-13-45' })).toEqual({ type: SITE_TYPE, status: 'closed', from: '2026-01-01' });
    expect(validateMapSearch({ type: 'x', status: 'lost', from: 3 })).toEqual({});
  });
});

describe('where a feature leads', () => {
  const links = { site: (i: string) => `/site/${i}`, declaration: (i: string) => `/declarations/${i}`, reportAt: () => '' };
  it('opens a site sheet, a declaration sheet, and no page for a point or an area', () => {
    expect(featureHref(FEATURES[0]!.properties, links)).toBe(`/site/${id(1)}`);
    expect(featureHref(FEATURES[2]!.properties, links)).toBe(`/declarations/${id(3)}`);
    expect(featureHref(FEATURES[4]!.properties, links)).toBeNull();
    expect(featureHref(FEATURES[5]!.properties, links)).toBeNull();
  });

  it('colours an incident by its severity', () => {
    expect(incidentColour('critical')).toBe(SEVERITY_COLOURS.critical);
    expect(incidentColour(undefined)).toMatch(/^#/);
  });

  it("gives the report form the map's pinned position, refusing what is not one", () => {
    expect(validateReportSearch({ at: '48.8566,2.3522' })).toEqual({ at: '48.8566,2.3522' });
    expect(pinnedPosition('48.8566,2.3522')).toEqual({ lat: 48.8566, lng: 2.3522 });
    expect(validateReportSearch({ at: '91,2' })).toEqual({});
    expect(validateReportSearch({ at: 'here' })).toEqual({});
  });
});

describe('who opens the map', () => {
  it('lets a map reader read the layers (the panel names them), not manage them', () => {
    expect(mapPowers(['cartography.read'])).toMatchObject({ map: true, readLayers: true, manageLayers: false });
    expect(mapPowers([])).toMatchObject({ map: false, readLayers: false });
  });
});
