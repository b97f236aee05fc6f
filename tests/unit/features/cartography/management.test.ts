import { describe, expect, it } from 'vitest';
import type { AreaGeometry, MapFeature } from '../../../../common/modules/cartography/schemas';
import { STATUS_TRANSITIONS } from '../../../../common/modules/declarations/schemas';
import { ApiError } from '../../../../src/lib/api-client';
import { areaColour, areaFeaturesWithPending, areaMatches } from '../../../../src/features/cartography/management/area-pending';
import { validateAreaSearch } from '../../../../src/features/cartography/management/area-search';
import { filterIncidents, NEXT_STATUSES, validateIncidentSearch } from '../../../../src/features/cartography/management/incident-search';
import { incidentsWithPending } from '../../../../src/features/cartography/management/incident-writes';
import { detectFormat, importProblem } from '../../../../src/features/cartography/management/import-format';
import { changedFields } from '../../../../src/lib/outbox';
import type { PendingWrite } from '../../../../src/lib/outbox';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const LAYER = id(801);
const GROUP = id(901);
const square: AreaGeometry = { type: 'Polygon', coordinates: [[[4.83, 45.73], [4.831, 45.73], [4.831, 45.731], [4.83, 45.731], [4.83, 45.73]]] };

function area(n: number, name: string): MapFeature {
  return { type: 'Feature', id: id(n), geometry: square, properties: { kind: 'area', id: id(n), layer: LAYER, name, typeId: null, typeName: null, colour: '#123456', version: 1 } };
}
function incident(n: number, status: string, severity: string, occurredAt: string): MapFeature {
  return {
    type: 'Feature',
    id: id(n),
    geometry: { type: 'Point', coordinates: [4.83, 45.73] },
    properties: { kind: 'incident', id: id(n), layer: 'incidents', name: `Incident ${n}`, typeId: null, typeName: 'Incident', status, severity, occurredAt, version: 2 },
  };
}
const write = (kind: string, recordId: string, payload: unknown, state: PendingWrite['item']['state'] = 'queued'): PendingWrite => ({ item: { kind, recordId, state }, payload });

describe('areas written on this device, on the map', () => {
  const colourOf = areaColour([{ id: LAYER, colour: '#1e88e5' }], [{ id: GROUP, colour: '#7c3aed' }]);

  it('an area drawn offline is drawn at once in its group’s colour; a deleted one is gone; a renamed one renamed', () => {
    const served = [area(1, 'Périmètre'), area(2, 'Zone ATEX')];
    const drawn = write('map_areas.create', id(3), { id: id(3), name: 'Nouvelle zone', description: '', layerId: LAYER, groupId: GROUP, colour: null, geometry: square });
    const shown = areaFeaturesWithPending(served, [drawn, write('map_areas.delete', id(2), null), write('map_areas.update', id(1), { name: 'Périmètre nord' })], colourOf);
    expect(shown.map((f) => f.properties.name).sort()).toEqual(['Nouvelle zone', 'Périmètre nord']);
    expect(shown.find((f) => f.id === id(3))?.properties).toMatchObject({ kind: 'area', layer: LAYER, typeId: GROUP, colour: '#7c3aed' });
    // A renamed area keeps the colour the server drew it in.
    expect(shown.find((f) => f.id === id(1))?.properties.colour).toBe('#123456');
    // Sent writes change nothing.
    expect(areaFeaturesWithPending(served, [write('map_areas.delete', id(2), null, 'sent')], colourOf)).toHaveLength(2);
  });

  it('colours an area by its own colour, else its group’s, else its layer’s', () => {
    expect(colourOf({ colour: '#000000', groupId: GROUP, layerId: LAYER })).toBe('#000000');
    expect(colourOf({ colour: null, groupId: GROUP, layerId: LAYER })).toBe('#7c3aed');
    expect(colourOf({ colour: null, groupId: null, layerId: LAYER })).toBe('#1e88e5');
  });

  it('matches the list’s search (folded) and filters as the server does', () => {
    const matches = areaMatches({ search: 'perimetre', layer: LAYER });
    expect(matches({ name: 'Périmètre Gerland', layerId: LAYER, groupId: null })).toBe(true);
    expect(matches({ name: 'Zone ATEX', layerId: LAYER, groupId: null })).toBe(false);
    expect(matches({ name: 'Périmètre', layerId: id(802), groupId: null })).toBe(false);
  });
});

describe('the pages’ addresses', () => {
  it('keep the areas’ valid filters, the open area and the pane, and drop the rest', () => {
    expect(validateAreaSearch({ search: 'atex', layer: LAYER, group: 'nope', deleted: true, area: id(3), pane: 'map', other: 'x' })).toEqual({
      search: 'atex',
      layer: LAYER,
      deleted: 'true',
      area: id(3),
      pane: 'map',
    });
    expect(validateAreaSearch({ search: 'x'.repeat(201), pane: 'list' })).toEqual({});
  });

  it('keep the incidents’ status, severity, period and open incident', () => {
    expect(validateIncidentSearch({ status: 'new', severity: 'high', from: '2026-01-01', to: '2026-13-40', incident: id(5), type: id(6) })).toEqual({
      status: 'new',
      severity: 'high',
      from: '2026-01-01',
      incident: id(5),
    });
    expect(validateIncidentSearch({ severity: 'extreme', status: 'open' })).toEqual({});
  });
});

describe('incidents', () => {
  const all = [incident(1, 'new', 'high', '2026-03-10T10:00:00.000Z'), incident(2, 'closed', 'low', '2026-05-02T10:00:00.000Z'), incident(3, 'new', 'low', '2026-05-03T10:00:00.000Z'), area(4, 'Zone')];

  it('are filtered by status, severity and period, and nothing else is an incident', () => {
    expect(filterIncidents(all, {}).map((f) => f.id)).toEqual([id(1), id(2), id(3)]);
    expect(filterIncidents(all, { status: 'new' }).map((f) => f.id)).toEqual([id(1), id(3)]);
    expect(filterIncidents(all, { severity: 'low' }).map((f) => f.id)).toEqual([id(2), id(3)]);
    expect(filterIncidents(all, { from: '2026-05-01', to: '2026-05-02' }).map((f) => f.id)).toEqual([id(2)]);
  });

  it('show a status moved here at once (the last move wins), and move as the declarations’ workflow allows', () => {
    const moved = incidentsWithPending(all, [write('incidents.status', id(1), { status: 'acknowledged', reason: 'Vu' }), write('incidents.status', id(1), { status: 'closed', reason: 'Fait' })]);
    expect(moved.find((f) => f.id === id(1))?.properties.status).toBe('closed');
    expect(NEXT_STATUSES).toEqual(STATUS_TRANSITIONS);
  });
});

describe('import', () => {
  it('reads KML and GeoJSON by the file’s name, else by the text', () => {
    expect(detectFormat('{"type":"Point"}')).toBe('geojson');
    expect(detectFormat('  <?xml version="1.0"?><kml/>')).toBe('kml');
    expect(detectFormat('<kml/>', 'zones.geojson')).toBe('geojson');
    expect(detectFormat('{}', 'zones.KML')).toBe('kml');
  });

  it('says the server’s reason after the catalogue’s sentence', () => {
    const refused = new ApiError(400, { message: 'cartography.invalid_import', details: 'feature 0: a LineString is neither a point nor an area' });
    expect(importProblem(refused)).toMatch(/feature 0: a LineString is neither a point nor an area$/);
  });
});

describe('an update’s change set', () => {
  it('holds the changed fields only, with the values the user started from', () => {
    expect(changedFields({ name: 'A', colour: '#000000', geometry: square }, { name: 'B', colour: '#000000', geometry: square })).toEqual({ changes: { name: 'B' }, base: { name: 'A' } });
  });
});
