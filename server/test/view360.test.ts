/**
 * The 360 module (/api/360): a site's tour (stages, links, start, markers named through their
 * record's module, captures) scoped to the session's district; writes with the Sites manage
 * right only; a large panorama cut into a base and tiles; bad input answered 4xx with its key.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Marker, RecordMarker, TargetChoice, Tour, TourDownload } from '../../common/modules/view360/schemas.js';
import { drainJobs } from '../src/modules/_platform/jobs.js';
import { accountId, districtId, setRights } from './actions-fixtures.js';
import { TusClient } from './attachments-tus.js';
import { apiCaller, listenOnLoopback, login, startTestServer, type TestServer } from './helper.js';

let server: TestServer;
let manager: string;
let reader: string;
let lyon: string;
let siteId: string;
let tour: Tour;

const call = apiCaller(() => server, '/api/360', () => manager);

beforeAll(async () => {
  server = await startTestServer();
  manager = (await login(server, 'operator@demo.vigie.test')).token;
  lyon = await districtId(server, 'Lyon');
  // A reader of the sites (and of the declarations) who manages nothing.
  await setRights(server, await accountId(server, 'districts@demo.vigie.test'), lyon, ['sites.read', 'declarations.read']);
  reader = (await login(server, 'districts@demo.vigie.test')).token;
  const acme = await server.databases.client('acme');
  siteId = (await acme.query<{ site_id: string }>('select site_id from view360_tours where district_id = $1 limit 1', [lyon])).rows[0]!.site_id;
  tour = (await call<Tour>({ url: `/sites/${siteId}` })).data;
});
afterAll(() => server?.destroy());

describe('the demo tour', () => {
  it('has three stages linked both ways, a start, and markers naming their records', async () => {
    expect(tour.stages).toHaveLength(3);
    expect(tour.startStageId).toBe(tour.stages[0]!.id);
    expect(tour.links).toHaveLength(4);
    expect(tour.markers.length).toBeGreaterThanOrEqual(2);
    for (const m of tour.markers.filter((m) => m.kind !== 'note')) expect(m.title, m.kind).toEqual(expect.any(String));
    // Small panoramas are served whole.
    expect(tour.stages.every((s) => s.imageUrl !== null && s.tiles === null)).toBe(true);
    const image = await call({ url: tour.stages[2]!.imageUrl! });
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
  });
});

describe('links and markers', () => {
  it('places a marker linked to a declaration, lists it from the declaration, moves and removes it', async () => {
    const choices = await call<TargetChoice[]>({ url: `/sites/${siteId}/targets?kind=declaration` });
    expect(choices.status).toBe(200);
    const declaration = choices.data[0]!;
    const id = randomUUID();
    const created = await call<Marker>({ method: 'POST', url: `/sites/${siteId}/markers`, payload: { id, stageId: tour.stages[1]!.id, yaw: -1, pitch: 0.2, kind: 'declaration', recordId: declaration.id } });
    expect(created.status, created.text).toBe(200);
    expect(created.data).toMatchObject({ id, kind: 'declaration', recordId: declaration.id, title: declaration.title, version: 1 });
    expect(created.data.yaw).toBeCloseTo(2 * Math.PI - 1);
    // The declaration's sheet lists it, for a reader too.
    const listed = await call<RecordMarker[]>({ url: `/markers?kind=declaration&recordId=${declaration.id}`, token: reader });
    expect(listed.data.map((m) => m.id)).toContain(id);
    // A reader may not write.
    const refused = await call({ method: 'PATCH', url: `/markers/${id}`, payload: { yaw: 1 }, token: reader });
    expect(refused.status).toBe(403);
    const moved = await call<Marker>({ method: 'PATCH', url: `/markers/${id}`, payload: { yaw: 1, label: 'Fuite' } });
    expect(moved.data).toMatchObject({ yaw: 1, label: 'Fuite', version: 2 });
    expect((await call({ method: 'DELETE', url: `/markers/${id}` })).status).toBe(200);
    expect((await call({ method: 'DELETE', url: `/markers/${id}` })).status).toBe(404);
  });

  it('links two stages once, sets the start, and removes the link', async () => {
    const [a, , c] = tour.stages;
    const id = randomUUID();
    const created = await call({ method: 'POST', url: `/sites/${siteId}/links`, payload: { id, fromStageId: a!.id, toStageId: c!.id, yaw: 3, pitch: 0 } });
    expect(created.status, created.text).toBe(200);
    const again = await call({ method: 'POST', url: `/sites/${siteId}/links`, payload: { id: randomUUID(), fromStageId: a!.id, toStageId: c!.id, yaw: 1, pitch: 0 } });
    expect([again.status, again.body.message]).toEqual([409, 'view360.link_exists']);
    expect((await call({ method: 'PUT', url: `/sites/${siteId}/start`, payload: { stageId: c!.id } })).status).toBe(200);
    const after = (await call<Tour>({ url: `/sites/${siteId}` })).data;
    expect(after.startStageId).toBe(c!.id);
    expect(after.links.map((l) => l.id)).toContain(id);
    expect((await call({ method: 'DELETE', url: `/links/${id}` })).status).toBe(200);
    await call({ method: 'PUT', url: `/sites/${siteId}/start`, payload: { stageId: a!.id } });
  });

  it('refuses bad input with 4xx and its key', async () => {
    const stageId = tour.stages[0]!.id;
    const bad: [object, number, string][] = [
      [{ id: randomUUID(), stageId, yaw: 0, pitch: 0, kind: 'declaration' }, 400, 'view360.record_required'],
      [{ id: randomUUID(), stageId, yaw: 0, pitch: 0, kind: 'declaration', recordId: randomUUID() }, 404, 'view360.record_not_found'],
      [{ id: randomUUID(), stageId, yaw: 0, pitch: 0, kind: 'note', label: '  ' }, 400, 'view360.label_required'],
      [{ id: randomUUID(), stageId: randomUUID(), yaw: 0, pitch: 0, kind: 'note', label: 'x' }, 404, 'view360.stage_not_found'],
      [{ id: randomUUID(), stageId, yaw: 0, pitch: 3, kind: 'note', label: 'x' }, 400, 'validation.invalid_request'],
    ];
    const answers = await Promise.all(bad.map(([payload]) => call({ method: 'POST', url: `/sites/${siteId}/markers`, payload })));
    expect(answers.map((a) => [a.status, a.body.message])).toEqual(bad.map(([, status, key]) => [status, expect.stringMatching(key === 'validation.invalid_request' ? /^validation\./ : key)]));
    const same = await call({ method: 'POST', url: `/sites/${siteId}/links`, payload: { id: randomUUID(), fromStageId: stageId, toStageId: stageId, yaw: 0, pitch: 0 } });
    expect([same.status, same.body.message]).toEqual([400, 'view360.same_stage']);
    expect((await call({ url: `/sites/${randomUUID()}` })).status).toBe(404);
    expect((await call({ url: '/images/not-a-source' })).status).toBe(400);
  });
});

describe('tiles', () => {
  it('cuts a large panorama into a base and a grid of tiles', async () => {
    const acme = await server.databases.client('acme');
    const stageId = randomUUID();
    const width = 8192;
    const image = await sharp({ create: { width, height: width / 2, channels: 3, background: { r: 90, g: 140, b: 200 } } }).jpeg({ quality: 60 }).toBuffer();
    await acme.query(`insert into site_stages (id, site_id, kind, name, position, image, image_type) values ($1, $2, 'threeSixty', 'Grand hall', 9, $3, 'image/jpeg')`, [stageId, siteId, image]);
    const next = (await call<Tour>({ url: `/sites/${siteId}` })).data;
    const stage = next.stages.find((s) => s.id === stageId)!;
    expect(stage.tiles).toMatchObject({ width, cols: 8, rows: 4 });
    const base = await call({ url: stage.tiles!.baseUrl });
    expect(base.status).toBe(200);
    expect(await sharp(base.raw).metadata()).toMatchObject({ width: 2048, height: 1024, format: 'jpeg' });
    const tile = await call({ url: stage.tiles!.tileUrl.replace('{col}', '7').replace('{row}', '3') });
    expect(tile.status, tile.text).toBe(200);
    expect(await sharp(tile.raw).metadata()).toMatchObject({ width: 1024, height: 1024 });
    expect((await call({ url: stage.tiles!.tileUrl.replace('{col}', '8').replace('{row}', '0') })).status).toBe(404);
    // Keeping the whole tour: every stage's images with their sizes, this one's base and 32 tiles.
    const download = await call<TourDownload>({ url: `/sites/${siteId}/download`, token: reader });
    expect(download.status, download.text).toBe(200);
    const mine = download.data.images.filter((i) => i.url.startsWith(stage.imageUrl!));
    expect(mine.map((i) => i.url)).toEqual([stage.tiles!.baseUrl, ...Array.from({ length: 32 }, (_, n) => stage.tiles!.tileUrl.replace('{col}', String(n % 8)).replace('{row}', String(Math.floor(n / 8))))]);
    expect(mine[0]!.bytes).toBe(base.raw.length);
    expect(mine.find((i) => i.url.endsWith('/tiles/7/3'))!.bytes).toBe(tile.raw.length);
    // The demo stages, whole, at their size.
    const whole = download.data.images.find((i) => i.url === next.stages[2]!.imageUrl)!;
    expect(whole.bytes).toBe((await call({ url: whole.url })).raw.length);
    expect(download.data).toMatchObject({ siteId, pending: 0, bytes: download.data.images.reduce((sum, i) => sum + i.bytes, 0) });
    await acme.query('delete from site_stages where id = $1', [stageId]);
  });

  it('cuts an uploaded panorama in the background, its base served before the tiles are there', async () => {
    const acme = await server.databases.client('acme');
    const width = 8192;
    const bytes = await sharp({ create: { width, height: width / 2, channels: 3, background: { r: 200, g: 120, b: 60 } } }).jpeg({ quality: 60 }).toBuffer();
    const attachmentId = randomUUID();
    const stageId = tour.stages[0]!.id;
    // A capture of a stage: its upload completes (tus), then its write names it.
    const upload = await new TusClient(await listenOnLoopback(server), manager).createWith(
      { attachmentId, module: 'view360', recordId: siteId, name: 'hall-2026.jpg', type: 'image/jpeg' },
      bytes.length,
      bytes,
    );
    expect(upload.status).toBe(201);
    // The cut is queued at the upload, not at a read.
    const queued = await acme.query<{ state: string; cols: number }>('select state, cols from view360_tiles where source = $1', [attachmentId]);
    expect(queued.rows[0]).toMatchObject({ cols: 8 });
    const capture = await call({ method: 'POST', url: `/sites/${siteId}/captures`, payload: { id: randomUUID(), stageId, capturedOn: '2026-03-02', attachmentId } });
    expect(capture.status, capture.text).toBe(200);
    const tiles = (await call<Tour>({ url: `/sites/${siteId}` })).data.captures.find((c) => c.imageUrl.endsWith(attachmentId))!.tiles!;
    expect(tiles).toMatchObject({ width, cols: 8, rows: 4 });
    // Whether or not the job ran yet, the base is there.
    expect(await sharp((await call({ url: tiles.baseUrl })).raw).metadata()).toMatchObject({ width: 2048, height: 1024 });
    await drainJobs(server.ctx, 'acme');
    expect((await acme.query<{ state: string }>('select state from view360_tiles where source = $1', [attachmentId])).rows[0]!.state).toBe('done');
    const tile = await call({ url: tiles.tileUrl.replace('{col}', '3').replace('{row}', '2') });
    expect(tile.status, tile.text).toBe(200);
    expect(await sharp(tile.raw).metadata()).toMatchObject({ width: 1024, height: 1024 });
  });
});

describe('district scope', () => {
  it('shows nothing of another district and writes nothing there', async () => {
    const acme = await server.databases.client('acme');
    const marseille = await districtId(server, 'Marseille');
    const other = (await acme.query<{ site_id: string; stage_id: string }>(
      `select s.id as site_id, st.id as stage_id from sites s join site_stages st on st.site_id = s.id and st.kind = 'threeSixty' where s.district_id = $1 limit 1`,
      [marseille],
    )).rows[0]!;
    const markerId = randomUUID();
    const recordId = randomUUID();
    await acme.query(
      `insert into view360_markers (id, district_id, site_id, stage_id, yaw, pitch, kind, record_id, label, created_by) values ($1, $2, $3, $4, 0, 0, 'declaration', $5, 'Marseille', $6)`,
      [markerId, marseille, other.site_id, other.stage_id, recordId, await accountId(server, 'operator@demo.vigie.test')],
    );
    expect((await call({ url: `/sites/${other.site_id}` })).status).toBe(404);
    expect((await call({ url: `/sites/${other.site_id}/download` })).status).toBe(404);
    expect((await call({ method: 'PATCH', url: `/markers/${markerId}`, payload: { label: 'x' } })).status).toBe(404);
    expect((await call({ method: 'DELETE', url: `/markers/${markerId}` })).status).toBe(404);
    expect((await call({ method: 'POST', url: `/sites/${other.site_id}/markers`, payload: { id: randomUUID(), stageId: other.stage_id, yaw: 0, pitch: 0, kind: 'note', label: 'x' } })).status).toBe(404);
    // A Lyon site with a Marseille stage: not a stage of it.
    expect((await call({ method: 'POST', url: `/sites/${siteId}/markers`, payload: { id: randomUUID(), stageId: other.stage_id, yaw: 0, pitch: 0, kind: 'note', label: 'x' } })).status).toBe(404);
    expect((await call<RecordMarker[]>({ url: `/markers?kind=declaration&recordId=${recordId}` })).data).toEqual([]);
    expect((await call({ url: `/images/stage-${other.stage_id}` })).status).toBe(404);
    const { rows } = await acme.query<{ label: string }>('select label from view360_markers where id = $1', [markerId]);
    expect(rows[0]!.label).toBe('Marseille');
  });
});
