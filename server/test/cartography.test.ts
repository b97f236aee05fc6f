/**
 * The cartography module's routes (/api/cartography): the map's features as GeoJSON by district
 * and layer, the bounding box (across the antimeridian too) and the filters, rights per subject
 * (a reader of the map writes nothing, a manager of points writes no area, a field user who only
 * reads the map sees its own declarations as incidents), the records' writes (a moved point is
 * at its new place for a reader, version conflicts, deletion and restore), import validation and
 * idempotency, the export's round trip, the basemap's public style and tiles (a tile decodes as a
 * vector tile with its land layer) and the address search against a fake geocoder on loopback.
 * Another tenant's records: tenant-isolation.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../../common/api-types.js';
import {
  IMPORT_FEATURES_MAX,
  type Area,
  type BasemapInfo,
  type FeatureCollection,
  type ImportResult,
  type Layer,
  type Place,
  type Poi,
  type PoiCategory,
} from '../../common/modules/cartography/schemas.js';
import type { Page } from '../../common/schemas/platform.js';
import { startOfDistrictDay } from '../src/modules/_platform/dates.js';
import { DEMO_SITES } from '../src/seed/demo-data.js';
import { accountId, districtId, setRights } from './actions-fixtures.js';
import { bearer, login, startTestServer, type TestServer } from './helper.js';

let server: TestServer;
/** The operator: every right, in Acme / Lyon. */
let manager: string;
/** The field user: cartography.read and declarations.read, in Lyon (its rights changed by some tests). */
let field: string;
let fieldId: string;
/** The district switcher, given the rights a test needs (a manager of points only, first). */
let pointsManager: string;
let lyon: string;
let pointsLayer: Layer;
let areasLayer: Layer;
let extinguisher: PoiCategory;

interface Call {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  url: string;
  payload?: object;
  token?: string | null;
  key?: string;
}

async function call<T = unknown>({ method = 'GET', url, payload, token = manager, key }: Call) {
  const response = await server.app.inject({
    method,
    url: url.startsWith('/api/') ? url : `/api/cartography${url}`,
    headers: { ...(token ? bearer(token) : {}), ...(method !== 'GET' ? { 'idempotency-key': key ?? randomUUID() } : {}) },
    ...(payload ? { payload } : {}),
  });
  type Body = Envelope<T> & { message?: string; details?: string; current?: unknown };
  const body = response.headers['content-type']?.toString().includes('json') ? response.json<Body>() : ({} as Body);
  return { status: response.statusCode, body, data: body.data, text: response.body, headers: response.headers, raw: response.rawPayload };
}

const features = async (query = '', token = manager) => {
  const answer = await call<FeatureCollection>({ url: `/features${query}`, token });
  expect(answer.status, answer.text).toBe(200);
  return answer.data;
};

const square = (lng: number, lat: number, half = 0.001) => ({
  type: 'Polygon' as const,
  coordinates: [
    [
      [lng - half, lat - half],
      [lng + half, lat - half],
      [lng + half, lat + half],
      [lng - half, lat + half],
      [lng - half, lat - half],
    ],
  ],
});

beforeAll(async () => {
  server = await startTestServer();
  manager = (await login(server, 'operator@demo.vigie.test')).token;
  const fieldLogin = await login(server, 'field@demo.vigie.test');
  field = fieldLogin.token;
  fieldId = await accountId(server, 'field@demo.vigie.test');
  lyon = await districtId(server, 'Lyon');
  await setRights(server, await accountId(server, 'districts@demo.vigie.test'), lyon, ['cartography_advanced.interestPoint_admin']);
  pointsManager = (await login(server, 'districts@demo.vigie.test')).token;
  const layers = (await call<Layer[]>({ url: '/layers' })).data;
  pointsLayer = layers.find((l) => l.kind === 'points')!;
  areasLayer = layers.find((l) => l.kind === 'areas')!;
  extinguisher = (await call<PoiCategory[]>({ url: '/categories' })).data.find((c) => c.name === 'Extincteur')!;
});
afterAll(() => server?.destroy());

describe('the map’s features', () => {
  it('answers 304 to a map reopened on unchanged data, the new features once anything changed, per caller', async () => {
    const ask = (etag?: string, token = manager, query = '') =>
      server.app.inject({ method: 'GET', url: `/api/cartography/features${query}`, headers: { ...bearer(token), ...(etag ? { 'if-none-match': etag } : {}) } });
    const first = await ask();
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('private, no-store');
    const again = await ask(etag);
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Another caller, or another query, is not answered from this one's copy.
    expect((await ask(etag, field)).statusCode).toBe(200);
    expect((await ask(etag, manager, '?layers=sites')).statusCode).toBe(200);
    // A point added: the answer changes, and holds it.
    const id = randomUUID();
    const added = await call({ method: 'POST', url: '/points', payload: { id, name: 'Vanne ETag', description: '', categoryId: extinguisher.id, layerId: pointsLayer.id, position: { lat: 45.75, lng: 4.85 }, siteId: null } });
    expect(added.status, added.text).toBe(201);
    const changed = await ask(etag);
    expect(changed.statusCode).toBe(200);
    expect(changed.json<{ data: FeatureCollection }>().data.features.some((f) => f.id === id)).toBe(true);
    expect(changed.headers.etag).not.toBe(etag);
    // Deleted: changed again (a count or a date moves).
    expect((await call({ method: 'DELETE', url: `/points/${id}`, payload: { baseVersion: 1 } })).status).toBeLessThan(300);
    expect((await ask(String(changed.headers.etag))).statusCode).toBe(200);
  });

  it('are the district’s sites, incidents, points and areas, as GeoJSON', async () => {
    const map = await features();
    expect(map.type).toBe('FeatureCollection');
    expect(map.truncated).toBe(false);
    const kinds = new Set(map.features.map((f) => f.properties.kind));
    expect([...kinds].sort()).toEqual(['area', 'incident', 'poi', 'site']);
    const sites = map.features.filter((f) => f.properties.kind === 'site');
    expect(sites.map((f) => f.properties.name).sort()).toEqual(DEMO_SITES.Lyon!.map((s) => s.name).sort());
    // GeoJSON order: [longitude, latitude].
    const gerland = sites.find((f) => f.properties.name === 'Entrepôt Gerland')!;
    expect(gerland.geometry).toEqual({ type: 'Point', coordinates: [4.8325, 45.7316] });
    // Nothing of another district (Marseille's sites are in the same client database).
    expect(JSON.stringify(map)).not.toContain('Dépôt Arenc');
    const incident = map.features.find((f) => f.properties.kind === 'incident')!;
    expect(incident.properties).toMatchObject({ layer: 'incidents', status: expect.any(String), severity: expect.any(String) });
    const [west, south, east, north] = map.extent!;
    for (const s of DEMO_SITES.Lyon!) {
      expect(s.gps[1]).toBeGreaterThanOrEqual(west);
      expect(s.gps[1]).toBeLessThanOrEqual(east);
      expect(s.gps[0]).toBeGreaterThanOrEqual(south);
      expect(s.gps[0]).toBeLessThanOrEqual(north);
    }
  });

  it('are those of the layers asked', async () => {
    const sitesOnly = await features('?layers=sites');
    expect(new Set(sitesOnly.features.map((f) => f.properties.kind))).toEqual(new Set(['site']));
    const points = await features(`?layers=${pointsLayer.id}`);
    expect(points.features.length).toBe(pointsLayer.featureCount);
    expect(points.features.every((f) => f.properties.kind === 'poi' && f.properties.layer === pointsLayer.id && f.properties.icon)).toBe(true);
    const areas = await features(`?layers=${areasLayer.id},incidents`);
    expect(new Set(areas.features.map((f) => f.properties.kind))).toEqual(new Set(['area', 'incident']));
    expect(areas.features.find((f) => f.properties.kind === 'area')!.geometry.type).toBe('Polygon');
  });

  it('are those meeting the bounding box, across the antimeridian too', async () => {
    // Around Entrepôt Gerland only (about 1 km).
    const near = await features('?bbox=4.82,45.725,4.845,45.738&layers=sites');
    expect(near.features.map((f) => f.properties.name)).toEqual(['Entrepôt Gerland']);
    const inBox = await features('?bbox=4.82,45.725,4.845,45.738');
    expect(inBox.features.length).toBeGreaterThan(3);
    for (const f of inBox.features.filter((x) => x.geometry.type === 'Point')) {
      const [lng, lat] = f.geometry.coordinates as [number, number];
      expect(lng >= 4.82 && lng <= 4.845 && lat >= 45.725 && lat <= 45.738, f.properties.name).toBe(true);
    }
    // West above east: a box across the antimeridian, round the world eastwards from west to east.
    expect((await features('?bbox=170,-50,-170,50&layers=sites')).features).toEqual([]);
    const around = (await features('?bbox=4.9,40,4.7,50&layers=sites')).features.map((f) => f.properties.name).sort();
    expect(around).toEqual(DEMO_SITES.Lyon!.filter((s) => s.gps[1] >= 4.9 || s.gps[1] <= 4.7).map((s) => s.name).sort());
    expect(around.length).toBe(3);
    expect((await features('?bbox=-10,40,-20,50&layers=sites')).features.length).toBe(10);
  });

  it('filter incidents by period, status and template, and points by category', async () => {
    const all = (await features('?layers=incidents')).features;
    expect(all.length).toBeGreaterThan(5);
    const closed = (await features('?layers=incidents&status=closed')).features;
    expect(closed.length).toBeGreaterThan(0);
    expect(closed.every((f) => f.properties.status === 'closed')).toBe(true);
    const day = all[0]!.properties.occurredAt!.slice(0, 10);
    const recent = (await features(`?layers=incidents&from=${day}`)).features;
    const start = startOfDistrictDay(day).toISOString();
    expect(recent.length).toBeGreaterThan(0);
    expect(recent.every((f) => f.properties.occurredAt! >= start)).toBe(true);
    expect(recent.length).toBe(all.filter((f) => f.properties.occurredAt! >= start).length);
    const template = all[0]!.properties.typeId!;
    const ofTemplate = (await features(`?layers=incidents&type=${template}`)).features;
    expect(ofTemplate.length).toBeGreaterThan(0);
    expect(ofTemplate.every((f) => f.properties.typeId === template)).toBe(true);
    // A category filters the points only: the sites stay.
    const mixed = (await features(`?layers=sites,${pointsLayer.id}&type=${extinguisher.id}`)).features;
    expect(mixed.filter((f) => f.properties.kind === 'site').length).toBe(10);
    expect(mixed.filter((f) => f.properties.kind === 'poi').every((f) => f.properties.typeName === 'Extincteur')).toBe(true);
  });

  it('refuse a bad box, an unknown layer or type and a bad date with the reason', async () => {
    const cases: [string, string][] = [
      ['?bbox=4.9,46,4.8,45', 'cartography.invalid_bbox'],
      ['?bbox=190,40,191,41', 'cartography.invalid_bbox'],
      [`?layers=sites,${randomUUID()}`, 'cartography.unknown_layer'],
      ['?layers=roads', 'cartography.unknown_layer'],
      [`?type=${randomUUID()}`, 'cartography.unknown_type'],
      ['?from=2026-02-30', 'cartography.invalid_date'],
      ['?from=2026-03-02&to=2026-03-01', 'cartography.invalid_date'],
      ['?layers=incidents&status=lost', 'declarations.invalid_filter'],
    ];
    for (const [query, message] of cases) {
      const answer = await call({ url: `/features${query}` });
      expect(answer.status, query).toBe(400);
      expect(answer.body.message, query).toBe(message);
    }
    expect((await call({ url: '/features?bbox=4,45,5' })).status).toBe(400);
  });
});

describe('rights', () => {
  it('a reader of the map reads it and writes nothing', async () => {
    expect((await features('', field)).features.length).toBeGreaterThan(10);
    expect((await call({ url: '/layers', token: field })).status).toBe(200);
    const denied = await call({ method: 'POST', url: '/points', token: field, payload: { id: randomUUID(), name: 'X', description: '', categoryId: extinguisher.id, layerId: pointsLayer.id, position: { lat: 45.7, lng: 4.8 }, siteId: null } });
    expect(denied.status).toBe(403);
    expect((await call({ url: '/points', token: field })).status).toBe(403);
    expect((await call({ method: 'POST', url: '/import', token: field, payload: { format: 'geojson', text: '{}', layerId: pointsLayer.id } })).status).toBe(403);
  });

  it('a manager of points writes points, not areas nor layers', async () => {
    const id = randomUUID();
    const made = await call<Poi>({
      method: 'POST',
      url: '/points',
      token: pointsManager,
      payload: { id, name: 'Extincteur quai 3', description: 'CO2 5 kg', categoryId: extinguisher.id, layerId: pointsLayer.id, position: { lat: 45.7321, lng: 4.8331 }, siteId: null },
    });
    expect(made.status, made.text).toBe(201);
    const area = await call({ method: 'POST', url: '/areas', token: pointsManager, payload: { id: randomUUID(), name: 'Zone', description: '', layerId: areasLayer.id, groupId: null, colour: null, geometry: square(4.83, 45.73) } });
    expect(area.status).toBe(403);
    expect((await call({ method: 'POST', url: '/layers', token: pointsManager, payload: { id: randomUUID(), name: 'Couche', kind: 'points', colour: '#123456', position: 3, visibleByDefault: true } })).status).toBe(403);
    // Importing areas needs the areas' right, even with the points' one.
    const text = JSON.stringify({ type: 'FeatureCollection', features: [{ type: 'Feature', properties: { name: 'Z' }, geometry: square(4.83, 45.73) }] });
    expect((await call({ method: 'POST', url: '/import', token: pointsManager, payload: { format: 'geojson', text, layerId: areasLayer.id } })).status).toBe(403);
    // It opens the map (its points are on it), sites and incidents need cartography.read.
    const map = await features('', pointsManager);
    expect(map.features.some((f) => f.id === id)).toBe(true);
    expect(map.features.some((f) => f.properties.kind === 'site' || f.properties.kind === 'incident')).toBe(false);
  });

  it('a manager of points picks a point’s site among the district’s, nearest first, without the sites right', async () => {
    const lyonSite = DEMO_SITES.Lyon![0]!;
    const near = `${lyonSite.gps[0]},${lyonSite.gps[1]}`;
    const choices = await call<{ id: string; name: string; distance: number | null }[]>({ url: `/sites?near=${near}`, token: pointsManager });
    expect(choices.status, choices.text).toBe(200);
    expect(choices.data[0]).toMatchObject({ name: lyonSite.name, distance: 0 });
    const searched = await call<{ name: string }[]>({ url: `/sites?search=${encodeURIComponent(lyonSite.name.slice(0, 6))}`, token: pointsManager });
    expect(searched.data.map((s) => s.name)).toContain(lyonSite.name);
    // A reader of the map only does not list the points, nor picks their sites.
    expect((await call({ url: '/sites', token: field })).status).toBe(403);
    expect((await call({ url: '/sites?near=91,0', token: pointsManager })).status).toBe(400);
  });

  it('a field user who only reads the map sees its own declarations as incidents', async () => {
    const db = await server.databases.client('acme');
    const { rows } = await db.query<{ id: string }>('select id from declaration_templates where district_id = $1 order by name limit 1', [lyon]);
    const own = randomUUID();
    await db.query(
      `insert into declarations (id, district_id, template_id, template_version, position, occurred_at, captured_at, severity, title, created_by)
       values ($1, $2, $3, 1, $4, now(), now(), 'low', 'Flaque d’huile au quai', $5)`,
      [own, lyon, rows[0]!.id, JSON.stringify({ lat: 45.7318, lng: 4.8329, accuracy: 12, source: 'device' }), fieldId],
    );
    const everyone = (await features('?layers=incidents', field)).features;
    expect(everyone.length).toBeGreaterThan(1);
    await setRights(server, fieldId, lyon, ['cartography.read']);
    try {
      const mine = (await features('?layers=incidents', field)).features;
      expect(mine.map((f) => f.id)).toEqual([own]);
      expect(mine[0]!.properties.accuracy).toBe(12);
    } finally {
      await setRights(server, fieldId, lyon, ['sites.read', 'cartography.read', 'notifications.access', 'declarations.read', 'questionnaryV2.questionnary_read', 'actions-plans-actions.read', 'action-plans.read']);
    }
  });
});

describe('records', () => {
  it('a point moved by a manager is at its new place for a reader', async () => {
    const id = randomUUID();
    const made = await call<Poi>({
      method: 'POST',
      url: '/points',
      payload: { id, name: 'Défibrillateur hall', description: '', categoryId: extinguisher.id, layerId: pointsLayer.id, position: { lat: 45.76, lng: 4.86 }, siteId: null },
    });
    expect(made.data).toMatchObject({ version: 1, categoryName: 'Extincteur', layerName: pointsLayer.name, icon: 'extinguisher' });
    const moved = await call<Poi>({ method: 'PATCH', url: `/points/${id}`, payload: { baseVersion: 1, changes: { position: { lat: 45.7612, lng: 4.8611 } } } });
    expect(moved.status).toBe(200);
    expect(moved.data.version).toBe(2);
    const seen = (await features(`?layers=${pointsLayer.id}`, field)).features.find((f) => f.id === id)!;
    expect(seen.geometry.coordinates).toEqual([4.8611, 45.7612]);
    expect(seen.properties.version).toBe(2);
    // From the old version: 409 with the point as it is now.
    const stale = await call<Poi>({ method: 'PATCH', url: `/points/${id}`, payload: { baseVersion: 1, changes: { name: 'Autre' } } });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe('record.version_conflict');
    const history = await call<{ action: string; changes: { field: string }[] }[]>({ url: `/points/${id}/history` });
    expect(history.data.map((h) => h.action)).toEqual(['update', 'create']);
    expect(history.data[0]!.changes.map((c) => c.field)).toEqual(['position']);
  });

  it('deletes and restores, and keeps a layer in use', async () => {
    const inUse = await call({ method: 'DELETE', url: `/layers/${pointsLayer.id}`, payload: { baseVersion: pointsLayer.version } });
    expect(inUse.status).toBe(409);
    expect(inUse.body.message).toBe('cartography.layer_in_use');
    const id = randomUUID();
    await call({ method: 'POST', url: '/areas', payload: { id, name: 'Zone de livraison', description: '', layerId: areasLayer.id, groupId: null, colour: '#aa0000', geometry: square(4.8325, 45.7316) } });
    const area = (await call<Area>({ url: `/areas/${id}` })).data;
    // About 220 m × 156 m at Lyon's latitude.
    expect(area.areaSquareMetres).toBeGreaterThan(30_000);
    expect(area.areaSquareMetres).toBeLessThan(40_000);
    [4.8315, 45.7306, 4.8335, 45.7326].forEach((value, i) => expect(area.bbox[i]).toBeCloseTo(value, 9));
    const deleted = await call<Area>({ method: 'DELETE', url: `/areas/${id}`, payload: { baseVersion: 1 } });
    expect(deleted.data.deletedAt).not.toBeNull();
    expect((await features(`?layers=${areasLayer.id}`)).features.some((f) => f.id === id)).toBe(false);
    const bin = await call<Page<Area>>({ url: '/areas?deleted=true' });
    expect(bin.data.items.map((a) => a.id)).toContain(id);
    const restored = await call<Area>({ method: 'POST', url: `/areas/${id}/restore`, payload: { baseVersion: 2 } });
    expect(restored.data).toMatchObject({ version: 3, deletedAt: null });
    expect((await features(`?layers=${areasLayer.id}`)).features.find((f) => f.id === id)!.properties.colour).toBe('#aa0000');
  });

  it('refuses an open ring, a layer of the other kind and another district’s ids', async () => {
    const open = square(4.8, 45.7);
    open.coordinates[0]!.pop();
    const bad = await call({ method: 'POST', url: '/areas', payload: { id: randomUUID(), name: 'Ouverte', description: '', layerId: areasLayer.id, groupId: null, colour: null, geometry: open } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('cartography.invalid_geometry');
    expect(bad.body.details).toContain('not closed');
    const kind = await call({ method: 'POST', url: '/areas', payload: { id: randomUUID(), name: 'Z', description: '', layerId: pointsLayer.id, groupId: null, colour: null, geometry: square(4.8, 45.7) } });
    expect(kind.status).toBe(400);
    expect(kind.body.message).toBe('cartography.layer_kind');
    const db = await server.databases.client('acme');
    const { rows } = await db.query<{ id: string }>(`select id from sites where district_id = (select id from districts where name = 'Marseille') limit 1`);
    const foreign = await call({ method: 'POST', url: '/points', payload: { id: randomUUID(), name: 'P', description: '', categoryId: extinguisher.id, layerId: pointsLayer.id, position: { lat: 45.7, lng: 4.8 }, siteId: rows[0]!.id } });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('cartography.site_not_found');
  });
});

describe('import and export', () => {
  const importing = (text: string, extra: object = {}, key?: string) =>
    call<ImportResult>({ method: 'POST', url: '/import', payload: { format: 'geojson', text, layerId: pointsLayer.id, categoryId: extinguisher.id, ...extra }, ...(key ? { key } : {}) });
  const collection = (...geometries: object[]) => JSON.stringify({ type: 'FeatureCollection', features: geometries.map((geometry, i) => ({ type: 'Feature', properties: { name: `F${i}` }, geometry })) });

  it('refuses a bad file with the feature and the reason, writing nothing', async () => {
    const before = (await features(`?layers=${pointsLayer.id},${areasLayer.id}`)).features.length;
    const point = { type: 'Point', coordinates: [4.8, 45.7] };
    const open = square(4.8, 45.7);
    open.coordinates[0]!.pop();
    const cases: [string, object, string][] = [
      ['{"type": "FeatureCollection", "features": [', {}, 'the text is not JSON'],
      [collection(point, { type: 'LineString', coordinates: [[4.8, 45.7], [4.81, 45.71]] }), {}, 'feature 1: a LineString'],
      [collection(open), { layerId: areasLayer.id }, 'feature 0: polygon 0, ring 0: the ring is not closed'],
      [collection(point, point, { type: 'Point', coordinates: [4.8, 95] }), {}, 'feature 2: the point is not'],
      [collection(...Array.from({ length: IMPORT_FEATURES_MAX + 1 }, () => point)), {}, `more than ${IMPORT_FEATURES_MAX}`],
      [collection(square(4.8, 45.7)), {}, 'the layer holds points, not areas'],
      ['<kml><Document><Placemark>', { format: 'kml' }, 'the text is not KML'],
    ];
    for (const [text, extra, reason] of cases) {
      const answer = await importing(text, extra);
      expect(answer.status, reason).toBe(400);
      expect(answer.body.details, reason).toContain(reason);
    }
    const noCategory = await importing(collection(point), { categoryId: undefined });
    expect(noCategory.body.message).toBe('cartography.import_category_required');
    expect((await features(`?layers=${pointsLayer.id},${areasLayer.id}`)).features.length).toBe(before);
  });

  it('imports GeoJSON and KML once, even sent twice with one Idempotency-Key', async () => {
    const layer = (await call<Layer>({ method: 'POST', url: '/layers', payload: { id: randomUUID(), name: 'Import', kind: 'points', colour: '#3366ff', position: 5, visibleByDefault: false } })).data;
    const text = JSON.stringify({
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', properties: { name: 'Borne A', description: 'Près du portail' }, geometry: { type: 'Point', coordinates: [4.85, 45.75] } },
        { type: 'Feature', properties: { name: 'Borne B' }, geometry: { type: 'Point', coordinates: [4.86, 45.76] } },
      ],
    });
    const key = randomUUID();
    const dry = await importing(text, { layerId: layer.id, dryRun: true });
    expect(dry.data).toEqual({ points: 2, areas: 0, dryRun: true });
    const first = await importing(text, { layerId: layer.id }, key);
    const again = await importing(text, { layerId: layer.id }, key);
    expect(first.data).toEqual({ points: 2, areas: 0, dryRun: false });
    expect(again.data).toEqual(first.data);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const kml = `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2"><Document>
  <Placemark><name>Zone de stockage</name><description>Bouteilles de gaz</description>
    <Polygon><outerBoundaryIs><LinearRing><coordinates>4.85,45.75 4.851,45.75 4.851,45.751 4.85,45.751 4.85,45.75</coordinates></LinearRing></outerBoundaryIs></Polygon>
  </Placemark>
  <Placemark><name>Parking</name><MultiGeometry>
    <Polygon><outerBoundaryIs><LinearRing><coordinates>4.86,45.76 4.861,45.76 4.861,45.761 4.86,45.761 4.86,45.76</coordinates></LinearRing></outerBoundaryIs></Polygon>
    <Polygon><outerBoundaryIs><LinearRing><coordinates>4.87,45.76 4.871,45.76 4.871,45.761 4.87,45.761 4.87,45.76</coordinates></LinearRing></outerBoundaryIs></Polygon>
  </MultiGeometry></Placemark>
</Document></kml>`;
    const kmlKey = randomUUID();
    const payload = { format: 'kml', text: kml, layerId: areasLayer.id };
    expect((await call<ImportResult>({ method: 'POST', url: '/import', payload, key: kmlKey })).data).toEqual({ points: 0, areas: 2, dryRun: false });
    expect((await call<ImportResult>({ method: 'POST', url: '/import', payload, key: kmlKey })).data).toEqual({ points: 0, areas: 2, dryRun: false });
    const imported = (await features(`?layers=${layer.id}`)).features;
    expect(imported.map((f) => f.properties.name).sort()).toEqual(['Borne A', 'Borne B']);
    const areas = (await call<Page<Area>>({ url: '/areas?search=Parking' })).data.items;
    expect(areas.map((a) => a.geometry.type)).toEqual(['MultiPolygon']);
    expect((await call<Page<Area>>({ url: '/areas?search=Zone de stockage' })).data.items[0]!.description).toBe('Bouteilles de gaz');
  });

  it('exports a layer that imports back as it was', async () => {
    const exported = await call({ url: `/export?layers=${pointsLayer.id}` });
    expect(exported.status).toBe(200);
    expect(exported.headers['content-type']).toContain('application/geo+json');
    expect(exported.headers['content-disposition']).toMatch(/^attachment; filename="cartographie-\d{4}-\d{2}-\d{2}\.geojson"$/);
    const file = JSON.parse(exported.text) as { features: { geometry: { coordinates: number[] }; properties: { name: string } }[] };
    expect(file.features.length).toBe((await features(`?layers=${pointsLayer.id}`)).features.length);
    const copy = (await call<Layer>({ method: 'POST', url: '/layers', payload: { id: randomUUID(), name: 'Copie', kind: 'points', colour: '#000000', position: 6, visibleByDefault: true } })).data;
    expect((await importing(exported.text, { layerId: copy.id })).data.points).toBe(file.features.length);
    const copied = (await features(`?layers=${copy.id}`)).features;
    const key = (f: { properties: { name: string }; geometry: { coordinates: unknown } }) => `${f.properties.name} ${JSON.stringify(f.geometry.coordinates)}`;
    expect(copied.map(key).sort()).toEqual(file.features.map(key).sort());
    expect((await call({ url: `/export?layers=${randomUUID()}` })).status).toBe(400);
  });
});

describe('basemap', () => {
  it('describes the built-in basemap to a session, and serves its style and tiles without one', async () => {
    const info = (await call<BasemapInfo>({ url: '/basemap', token: field })).data;
    expect(info).toEqual({ source: 'builtin', styleUrl: '/api/cartography/basemap/style.json', attribution: '© Natural Earth', maxZoom: 8 });
    expect((await call({ url: '/basemap', token: null })).status).toBe(401);
    const style = await call<never>({ url: info.styleUrl, token: null });
    expect(style.status).toBe(200);
    expect(style.headers['cache-control']).toContain('max-age=');
    const parsed = JSON.parse(style.text) as { sources: { basemap: { tiles: string[] } }; layers: { id: string }[] };
    expect(parsed.layers.map((l) => l.id)).toEqual(['water', 'land', 'borders']);
    expect(parsed.sources.basemap.tiles[0]).toMatch(/\/api\/cartography\/basemap\/tiles\/\{z\}\/\{x\}\/\{y\}\.pbf$/);
  });

  it('answers a tile that decodes as a vector tile with the land layer, cached by its ETag', async () => {
    // Zoom 6 east of Lyon (10m data): land, and the borders of France, Switzerland and Italy.
    const tile = await call({ url: '/api/cartography/basemap/tiles/6/33/22.pbf', token: null });
    expect(tile.status).toBe(200);
    expect(tile.headers['content-type']).toBe('application/x-protobuf');
    const decoded = new VectorTile(new PbfReader(tile.raw));
    expect(Object.keys(decoded.layers).sort()).toEqual(['borders', 'land']);
    expect(decoded.layers.land!.length).toBeGreaterThan(0);
    expect(decoded.layers.land!.feature(0).type).toBe(3);
    const etag = tile.headers.etag as string;
    const again = await server.app.inject({ url: '/api/cartography/basemap/tiles/6/33/22.pbf', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    // The open Atlantic: nothing to draw.
    expect((await call({ url: '/api/cartography/basemap/tiles/5/13/13.pbf', token: null })).status).toBe(204);
    for (const url of ['/api/cartography/basemap/tiles/9/0/0.pbf', '/api/cartography/basemap/tiles/2/4/0.pbf', '/api/cartography/basemap/tiles/2/0/0.png']) {
      expect((await call({ url, token: null })).status, url).toBe(404);
    }
  });
});

/** A PMTiles v3 archive (no compression) holding one vector tile at 0/0/0, written as the spec lays it out. */
function pmtilesOf(tile: Buffer, metadata: object): Buffer {
  const varints = (values: number[]) => {
    const bytes: number[] = [];
    for (let v of values) {
      while (v >= 0x80) {
        bytes.push((v & 0x7f) | 0x80);
        v = Math.floor(v / 128);
      }
      bytes.push(v);
    }
    return Buffer.from(bytes);
  };
  // One entry: tile id 0, run length 1, its length, its offset + 1.
  const directory = varints([1, 0, 1, tile.length, 1]);
  const json = Buffer.from(JSON.stringify(metadata));
  const header = Buffer.alloc(127);
  header.write('PMTiles', 0, 'latin1');
  header.writeUInt8(3, 7);
  const u64 = (offset: number, value: number) => header.writeBigUInt64LE(BigInt(value), offset);
  u64(8, 127);
  u64(16, directory.length);
  u64(24, 127 + directory.length);
  u64(32, json.length);
  u64(40, 127 + directory.length + json.length);
  u64(48, 0);
  u64(56, 127 + directory.length + json.length);
  u64(64, tile.length);
  u64(72, 1);
  u64(80, 1);
  u64(88, 1);
  header.writeUInt8(1, 96);
  header.writeUInt8(1, 97);
  header.writeUInt8(1, 98);
  header.writeUInt8(1, 99);
  header.writeUInt8(0, 100);
  header.writeUInt8(0, 101);
  header.writeInt32LE(-180e7, 102);
  header.writeInt32LE(-85e7, 106);
  header.writeInt32LE(180e7, 110);
  header.writeInt32LE(85e7, 114);
  return Buffer.concat([header, directory, json, tile]);
}

describe('a PMTiles basemap', () => {
  afterAll(() => {
    server.ctx.config.map.basemapPmtiles = null;
  });

  it('is served from the operator’s file at the same addresses, with its zooms and attribution', async () => {
    const world = (await call({ url: '/api/cartography/basemap/tiles/0/0/0.pbf', token: null })).raw;
    const dir = await mkdtemp(join(tmpdir(), 'vigie-pmtiles-'));
    const file = join(dir, 'basemap.pmtiles');
    await writeFile(file, pmtilesOf(world, { attribution: '© Fond de test', vector_layers: [{ id: 'land' }, { id: 'borders' }] }));
    server.ctx.config.map.basemapPmtiles = file;
    try {
      expect((await call<BasemapInfo>({ url: '/basemap' })).data).toEqual({ source: 'pmtiles', styleUrl: '/api/cartography/basemap/style.json', attribution: '© Fond de test', maxZoom: 0 });
      const style = JSON.parse((await call({ url: '/api/cartography/basemap/style.json', token: null })).text) as { sources: { basemap: { type: string; maxzoom: number } }; layers: { id: string }[] };
      expect(style.sources.basemap).toMatchObject({ type: 'vector', maxzoom: 0 });
      expect(style.layers.map((l) => l.id)).toEqual(['water', 'land-fill', 'land-line', 'borders-fill', 'borders-line']);
      const tile = await call({ url: '/api/cartography/basemap/tiles/0/0/0.pbf', token: null });
      expect(tile.status).toBe(200);
      expect(Buffer.compare(tile.raw, world)).toBe(0);
      expect((await call({ url: '/api/cartography/basemap/tiles/1/0/0.pbf', token: null })).status).toBe(404);
      expect((await call({ url: '/api/cartography/basemap/tiles/0/0/0.png', token: null })).status).toBe(404);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('an operator’s raster tiles', () => {
  let tiles: Server;
  let asked: string[] = [];
  const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
  beforeAll(async () => {
    tiles = createServer((request, response) => {
      const path = request.url ?? '/';
      asked.push(path);
      if (path.startsWith('/plan/5/')) return void response.writeHead(404).end();
      if (path.startsWith('/plan/6/')) return void response.writeHead(500).end();
      response.writeHead(200, { 'content-type': 'image/png' }).end(png);
    });
    await new Promise<void>((resolve) => tiles.listen(0, '127.0.0.1', resolve));
    const { port } = tiles.address() as AddressInfo;
    server.ctx.config.map.basemapTilesUrl = `http://127.0.0.1:${port}/plan/{z}/{x}/{y}.png?layer=PLAN`;
    server.ctx.config.map.attribution = '© Tuiles de test';
  });
  afterAll(async () => {
    server.ctx.config.map.basemapTilesUrl = null;
    server.ctx.config.map.attribution = null;
    tiles.closeAllConnections();
    await new Promise((resolve) => tiles.close(resolve));
  });

  it('are described as a real basemap, drawn from the server’s own addresses, and relayed from the operator’s', async () => {
    expect((await call<BasemapInfo>({ url: '/basemap', token: field })).data).toEqual({ source: 'tiles', styleUrl: '/api/cartography/basemap/style.json', attribution: '© Tuiles de test', maxZoom: 19 });
    const style = JSON.parse((await call({ url: '/api/cartography/basemap/style.json', token: null })).text) as { sources: { basemap: { type: string; tiles: string[]; maxzoom: number; attribution: string } } };
    expect(style.sources.basemap).toMatchObject({ type: 'raster', maxzoom: 19, attribution: '© Tuiles de test' });
    expect(style.sources.basemap.tiles[0]).toMatch(/^http:\/\/[^/]+\/api\/cartography\/basemap\/tiles\/\{z\}\/\{x\}\/\{y\}\.png$/);

    asked = [];
    const tile = await call({ url: '/api/cartography/basemap/tiles/16/33198/22543.png', token: null });
    expect(tile.status).toBe(200);
    expect(tile.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(tile.raw, png)).toBe(0);
    expect(asked).toEqual(['/plan/16/33198/22543.png?layer=PLAN']);
    // Kept: asked again, the operator is not.
    expect((await call({ url: '/api/cartography/basemap/tiles/16/33198/22543.png', token: null })).status).toBe(200);
    expect(asked).toHaveLength(1);
    // Nothing there is an empty tile; the operator failing is a 503; outside its zooms or type, 404.
    expect((await call({ url: '/api/cartography/basemap/tiles/5/1/1.png', token: null })).status).toBe(204);
    expect((await call({ url: '/api/cartography/basemap/tiles/6/1/1.png', token: null })).status).toBe(503);
    expect((await call({ url: '/api/cartography/basemap/tiles/20/1/1.png', token: null })).status).toBe(404);
    expect((await call({ url: '/api/cartography/basemap/tiles/7/1/1.pbf', token: null })).status).toBe(404);
  });
});

describe('places', () => {
  let geocoder: Server;
  let asked: URL[] = [];
  let answer: (url: URL) => unknown = () => ({ features: [] });
  beforeAll(async () => {
    geocoder = createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://geocoder');
      asked.push(url);
      const body = answer(url);
      if (body === 'hang') return;
      response.writeHead(body === 'fail' ? 500 : 200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => geocoder.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => {
    geocoder.closeAllConnections();
    geocoder.close();
    server.ctx.config.map.geocoderUrl = null;
    server.ctx.config.map.geocoderKind = null;
  });
  const configure = (kind: 'photon' | 'nominatim') => {
    server.ctx.config.map.geocoderUrl = `http://127.0.0.1:${(geocoder.address() as AddressInfo).port}`;
    server.ctx.config.map.geocoderKind = kind;
    asked = [];
  };

  it('is 503 with a message when no geocoder is set', async () => {
    const none = await call({ url: '/places?q=Lyon', token: field });
    expect(none.status).toBe(503);
    expect(none.body.message).toBe('cartography.geocoder_not_configured');
  });

  it('asks Photon or Nominatim in the caller’s language and answers places', async () => {
    configure('photon');
    answer = () => ({
      features: [
        { geometry: { coordinates: [4.8357, 45.764] }, properties: { name: 'Place Bellecour', postcode: '69002', city: 'Lyon', country: 'France', extent: [4.83, 45.76, 4.84, 45.75] } },
      ],
    });
    const photon = await server.app.inject({ url: '/api/cartography/places?q=bellecour', headers: { ...bearer(field), 'accept-language': 'en-GB,en;q=0.8' } });
    expect(photon.json<Envelope<Place[]>>().data).toEqual([
      { label: 'Place Bellecour, 69002 Lyon, France', position: { lat: 45.764, lng: 4.8357 }, bbox: [4.83, 45.75, 4.84, 45.76] },
    ]);
    expect(asked[0]!.pathname).toBe('/api');
    expect(asked[0]!.searchParams.get('q')).toBe('bellecour');
    expect(asked[0]!.searchParams.get('lang')).toBe('en');

    configure('nominatim');
    answer = () => [{ lat: '45.7640', lon: '4.8357', display_name: 'Place Bellecour, Lyon', boundingbox: ['45.75', '45.76', '4.83', '4.84'] }];
    const nominatim = await call<Place[]>({ url: '/places?q=bellecour', token: field });
    expect(nominatim.data).toEqual([{ label: 'Place Bellecour, Lyon', position: { lat: 45.764, lng: 4.8357 }, bbox: [4.83, 45.75, 4.84, 45.76] }]);
    expect(asked[0]!.pathname).toBe('/search');
    expect(asked[0]!.searchParams.get('format')).toBe('jsonv2');
    expect(asked[0]!.searchParams.get('accept-language')).toBe('fr');
  });

  it('is 503 when the geocoder fails', async () => {
    configure('photon');
    answer = () => 'fail';
    const failed = await call({ url: '/places?q=bellecour', token: field });
    expect(failed.status).toBe(503);
    expect(failed.body.message).toBe('cartography.geocoder_unavailable');
    expect((await call({ url: '/places?q=b', token: field })).status).toBe(400);
  });
});
