import { describe, expect, it } from 'vitest';
import type { MapFeature } from '../../../../common/modules/cartography/schemas';
import { findFeatures } from '../../../../src/features/cartography/find';

let n = 0;
function feature(kind: MapFeature['properties']['kind'], name: string, typeName: string | null = null): MapFeature {
  n += 1;
  const id = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  return {
    type: 'Feature',
    id,
    geometry: kind === 'area' ? { type: 'Polygon', coordinates: [[[0, 0], [1, 0], [1, 1], [0, 0]]] } : { type: 'Point', coordinates: [4.8, 45.7] },
    properties: { kind, id, layer: kind === 'site' ? 'sites' : kind === 'incident' ? 'incidents' : id, name, typeId: null, typeName, version: 1 },
  };
}

const names = (found: MapFeature[]) => found.map((f) => f.properties.name);

describe('the map’s search on the device', () => {
  const entrepot = feature('site', 'Entrepôt Gerland', 'Entrepôt');
  const extincteur = feature('poi', 'Extincteur entrée – Entrepôt Gerland', 'Extincteur');
  const atelier = feature('site', 'Atelier de Vénissieux', 'Atelier');
  const grand = feature('site', 'Grand entrepôt Nord', 'Entrepôt');
  const vanne = feature('poi', 'Vanne de coupure gaz', 'Vanne de coupure');
  const incident = feature('incident', 'Fuite à l’entrepôt');
  const area = feature('area', 'Entrepôt zone ATEX');
  const all = [extincteur, grand, vanne, incident, area, atelier, entrepot];

  it('finds sites and points whatever the accents and the case, never incidents or areas', () => {
    expect(names(findFeatures(all, 'ENTREPOT'))).toEqual(['Entrepôt Gerland', 'Grand entrepôt Nord', 'Extincteur entrée – Entrepôt Gerland']);
    expect(names(findFeatures(all, 'venissieux'))).toEqual(['Atelier de Vénissieux']);
  });

  it('puts a name that starts with the search first, then a word that does, then a name holding it', () => {
    const rep = feature('poi', 'Prépoint', null);
    expect(names(findFeatures([rep, grand, entrepot], 'entre'))).toEqual(['Entrepôt Gerland', 'Grand entrepôt Nord']);
    const pointe = feature('poi', 'Pointe Sud', null);
    expect(names(findFeatures([rep, pointe], 'point'))).toEqual(['Pointe Sud', 'Prépoint']);
  });

  it('ranks sites before points at the same rank, then shorter names', () => {
    const poi = feature('poi', 'Gerland', null);
    const site = feature('site', 'Gerland Est', null);
    expect(names(findFeatures([poi, site], 'gerland'))).toEqual(['Gerland Est', 'Gerland']);
  });

  it('wants every word, in the name or the type', () => {
    expect(names(findFeatures(all, 'coupure gaz'))).toEqual(['Vanne de coupure gaz']);
    expect(names(findFeatures(all, 'extincteur gerland'))).toEqual(['Extincteur entrée – Entrepôt Gerland']);
    expect(names(findFeatures(all, 'atelier'))).toEqual(['Atelier de Vénissieux']);
    expect(findFeatures(all, 'gerland nord')).toEqual([]);
  });

  it('answers nothing for an empty search and at most the limit', () => {
    expect(findFeatures(all, '   ')).toEqual([]);
    expect(findFeatures(Array.from({ length: 20 }, (_, i) => feature('site', `Site ${i}`)), 'site')).toHaveLength(8);
    expect(findFeatures(all, 'e', 2)).toHaveLength(2);
  });
});
