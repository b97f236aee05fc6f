/**
 * Attachments end to end on the default storage (a folder under the data directory): a photo
 * uploaded with tus in chunks, cut in the middle of a chunk, resumed from the offset the server
 * reports, and served identical; then what a caller would notice of serving (ETag, ranges,
 * thumbnail), of the checks (tenant, rights, metadata, size) and of a re-upload.
 */
import { createHash, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../../common/api-types.js';
import { listRecordAttachments } from '../src/attachments/index.js';
import { noiseJpeg, settled, TusClient } from './attachments-tus.js';
import { bearer, emergencyPayload, listenOnLoopback, login, startTestServer, type TestServer } from './helper.js';

const MAX = 2 * 1024 * 1024;
const CHUNK = 64 * 1024;

let server: TestServer;
let base: string;
let manager: TusClient;
let photo: Buffer;
let siteId: string;
let lyonId: string;
const attachmentId = randomUUID();

const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const fields = (overrides: Record<string, string> = {}) => ({
  attachmentId,
  module: 'sites',
  recordId: siteId,
  name: 'Façade nord.jpg',
  type: 'image/jpeg',
  takenAt: '2026-05-14T09:30:00.000Z',
  lat: '45.764043',
  lng: '4.835659',
  ...overrides,
});

/** A fresh token of the operator moved to another district or client (refreshed, as the app does). */
async function operatorIn(database: string, districtName: string): Promise<string> {
  const db = await server.databases.client(database);
  const { rows } = await db.query<{ id: string }>('select id from districts where name = $1', [districtName]);
  const session = await login(server, 'operator@demo.vigie.test');
  const route = database === 'acme' ? '/api/admin/changeDistrict' : '/api/admin/changeClient';
  const payload = database === 'acme' ? { district: rows[0]!.id } : { database, district: rows[0]!.id };
  const moved = await server.app.inject({ method: 'POST', url: route, headers: bearer(session.token), payload });
  if (moved.statusCode !== 200) throw new Error(`${route}: ${moved.body}`);
  const refreshed = await server.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie: session.cookie } });
  return refreshed.json<Envelope<{ token: string }>>().data.token;
}

beforeAll(async () => {
  server = await startTestServer({ uploadMaxBytes: MAX });
  base = await listenOnLoopback(server);
  manager = new TusClient(base, (await login(server, 'operator@demo.vigie.test')).token);
  const db = await server.databases.client('acme');
  const { rows } = await db.query<{ id: string; district_id: string }>(
    `select s.id, s.district_id from sites s join districts d on d.id = s.district_id where d.name = 'Lyon' order by s.name limit 1`,
  );
  siteId = rows[0]!.id;
  lyonId = rows[0]!.district_id;
  photo = await noiseJpeg(900, 600);
  expect(photo.length).toBeGreaterThan(6 * CHUNK);
  expect(photo.length).toBeLessThan(MAX);
});
afterAll(() => server?.destroy());

describe('a photo uploaded with tus', () => {
  it('is created, cut in the middle of a chunk, resumed from the server offset, and complete', async () => {
    const created = await manager.create(fields(), photo.length);
    expect(created.status).toBe(201);
    expect(created.headers.get('location')).toBe(`/api/uploads/${attachmentId}`);
    // Same origin: tus's CORS answer is not passed on.
    expect(created.headers.get('access-control-allow-origin')).toBeNull();

    // Two whole chunks, then a third cut after half of it.
    const first = await manager.send(attachmentId, photo.subarray(0, 2 * CHUNK), 0, CHUNK);
    expect(first.status).toBe(204);
    await manager.cutPatch(attachmentId, 2 * CHUNK, photo.subarray(2 * CHUNK, 4 * CHUNK), CHUNK);
    const offset = await settled(() => manager.offset(attachmentId));
    // What arrived before the cut is kept: at least the two chunks, at most what was sent.
    expect(offset).toBeGreaterThanOrEqual(2 * CHUNK);
    expect(offset).toBeLessThanOrEqual(3 * CHUNK);
    // Not served while incomplete.
    const early = await fetch(`${base}/api/attachments/${attachmentId}`, { headers: bearer(manager.token) });
    expect(early.status).toBe(404);

    const last = await manager.send(attachmentId, photo, offset, CHUNK);
    expect(last.status).toBe(204);
    expect(Number(last.headers.get('upload-offset'))).toBe(photo.length);

    const served = await fetch(`${base}/api/attachments/${attachmentId}`, { headers: bearer(manager.token) });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    const body = Buffer.from(await served.arrayBuffer());
    expect(sha(body)).toBe(sha(photo));
    expect(served.headers.get('etag')).toBe(`"${sha(photo)}"`);
    expect(served.headers.get('cache-control')).toBe('private, no-cache');
  });

  it('is listed with its record, with the time and position it was taken and its size in pixels', async () => {
    const db = await server.databases.client('acme');
    const list = await listRecordAttachments(db, lyonId, 'sites', siteId);
    expect(list).toEqual([
      expect.objectContaining({
        id: attachmentId,
        name: 'Façade nord.jpg',
        type: 'image/jpeg',
        size: photo.length,
        width: 900,
        height: 600,
        takenAt: '2026-05-14T09:30:00.000Z',
        gps: { lat: 45.764043, lng: 4.835659 },
        url: `/api/attachments/${attachmentId}`,
        thumbnailUrl: `/api/attachments/${attachmentId}/thumbnail`,
        createdBy: expect.objectContaining({ name: 'operator@demo.vigie.test' }),
      }),
    ]);
    // Another record, another module: nothing.
    expect(await listRecordAttachments(db, lyonId, 'sites', randomUUID())).toEqual([]);
  });

  it('uploaded again with the same id is a success without a second copy', async () => {
    const again = await manager.create(fields(), photo.length);
    expect(again.status).toBe(201);
    expect(again.headers.get('location')).toBe(`/api/uploads/${attachmentId}`);
    // The offset it holds: a creation that carried bytes goes on from there (here: nothing left).
    expect(again.headers.get('upload-offset')).toBe(String(photo.length));
    const withBytes = await manager.createWith(fields(), photo.length, photo.subarray(0, CHUNK));
    expect(withBytes.status).toBe(201);
    expect(withBytes.headers.get('upload-offset')).toBe(String(photo.length));
    const head = await manager.head(attachmentId);
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe(String(photo.length));
    expect(head.headers.get('upload-length')).toBe(String(photo.length));
    // A PATCH from the start of a complete upload: a tus conflict, nothing rewritten.
    const replay = await manager.patch(attachmentId, 0, photo.subarray(0, CHUNK));
    expect(replay.status).toBe(409);
    expect((await replay.json()) as object).toEqual({ message: 'upload.offset_mismatch' });
    const db = await server.databases.client('acme');
    const { rows } = await db.query<{ n: number }>('select count(*)::int as n from attachments where id = $1', [attachmentId]);
    expect(rows[0]!.n).toBe(1);
    expect(await listRecordAttachments(db, lyonId, 'sites', siteId)).toHaveLength(1);
    const served = await fetch(`${base}/api/attachments/${attachmentId}`, { headers: bearer(manager.token) });
    expect(sha(Buffer.from(await served.arrayBuffer()))).toBe(sha(photo));
  });
});

describe('a photo whose creation carries its first bytes (tus creation-with-upload)', () => {
  it('is one request when whole, and a creation cut halfway resumes from what arrived when created again', async () => {
    // Another record: the site's own list is the other tests'.
    const recordId = randomUUID();
    const whole = randomUUID();
    const created = await manager.createWith(fields({ attachmentId: whole, recordId }), photo.length, photo);
    expect(created.status).toBe(201);
    expect(created.headers.get('upload-offset')).toBe(String(photo.length));
    const served = await fetch(`${base}/api/attachments/${whole}`, { headers: bearer(manager.token) });
    expect(served.status).toBe(200);
    expect(sha(Buffer.from(await served.arrayBuffer()))).toBe(sha(photo));

    // The first attempt of the app creates without asking first; its creation is cut after half.
    const cut = randomUUID();
    await manager.cutCreate(fields({ attachmentId: cut, recordId }), photo.length, photo, Math.floor(photo.length / 2));
    const held = await settled(() => manager.offset(cut));
    expect(held).toBeGreaterThan(0);
    expect(held).toBeLessThanOrEqual(Math.floor(photo.length / 2));
    // Its retry creates again, with the bytes from the start: told the offset held, nothing rewritten.
    const again = await manager.createWith(fields({ attachmentId: cut, recordId }), photo.length, photo);
    expect(again.status).toBe(201);
    expect(again.headers.get('location')).toBe(`/api/uploads/${cut}`);
    expect(Number(again.headers.get('upload-offset'))).toBe(held);
    expect(await manager.offset(cut)).toBe(held);
    const last = await manager.send(cut, photo, held, CHUNK);
    expect(last.status).toBe(204);
    const resumed = await fetch(`${base}/api/attachments/${cut}`, { headers: bearer(manager.token) });
    expect(resumed.status).toBe(200);
    expect(sha(Buffer.from(await resumed.arrayBuffer()))).toBe(sha(photo));
  });
});

describe('live updates', () => {
  it("tells the district's open apps once when a photo completes, so another app showing the site sees it", async () => {
    const db = await server.databases.client('acme');
    const { rows } = await db.query<{ id: string }>(
      `select s.id from sites s join districts d on d.id = s.district_id where d.name = 'Lyon' order by s.name offset 1 limit 1`,
    );
    const otherSite = rows[0]!.id;
    const other = randomUUID();
    const socket = await new Promise<Socket>((resolve, reject) => {
      const s = connect(base, { path: '/ws', transports: ['websocket'], auth: { token: manager.token }, reconnection: false });
      s.on('connect', () => resolve(s));
      s.on('connect_error', reject);
    });
    const events: unknown[] = [];
    socket.on('records:changed', (event: unknown) => events.push(event));
    try {
      const told = new Promise((resolve) => socket.once('records:changed', resolve));
      expect((await manager.create(fields({ attachmentId: other, recordId: otherSite }), photo.length)).status).toBe(201);
      expect((await manager.send(other, photo, 0, 4 * CHUNK)).status).toBe(204);
      expect(await told).toEqual({ module: 'sites', id: otherSite, version: null });
      // The same photo again (a lost answer, a second device): already whole, nothing to tell.
      expect((await manager.create(fields({ attachmentId: other, recordId: otherSite }), photo.length)).status).toBe(201);
      expect((await manager.head(other)).headers.get('upload-offset')).toBe(String(photo.length));
      // A write the socket surely sees after the re-upload: the events before it are all there.
      const edited = new Promise((resolve) => socket.once('records:changed', resolve));
      const site = await fetch(`${base}/api/sites/${otherSite}`, { headers: bearer(manager.token) });
      const { version } = ((await site.json()) as Envelope<{ version: number }>).data;
      const patched = await fetch(`${base}/api/sites/${otherSite}`, {
        method: 'PATCH',
        headers: { ...bearer(manager.token), 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        body: JSON.stringify({ baseVersion: version, changes: { description: 'Photo reçue' } }),
      });
      expect(patched.status).toBe(200);
      await edited;
      expect(events).toEqual([
        { module: 'sites', id: otherSite, version: null },
        { module: 'sites', id: otherSite, version: version + 1 },
      ]);
    } finally {
      socket.close();
    }
  });
});

describe('serving', () => {
  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${base}${path}`, { headers: { ...bearer(manager.token), ...headers } });

  it('answers 304 to the ETag the client holds', async () => {
    const first = await get(`/api/attachments/${attachmentId}`);
    const etag = first.headers.get('etag')!;
    await first.arrayBuffer();
    const again = await get(`/api/attachments/${attachmentId}`, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const changed = await get(`/api/attachments/${attachmentId}`, { 'if-none-match': '"something-else"' });
    expect(changed.status).toBe(200);
    await changed.arrayBuffer();
  });

  it('serves byte ranges (206) and refuses one past the end (416)', async () => {
    const middle = await get(`/api/attachments/${attachmentId}`, { range: 'bytes=100-1099' });
    expect(middle.status).toBe(206);
    expect(middle.headers.get('content-range')).toBe(`bytes 100-1099/${photo.length}`);
    expect(Buffer.from(await middle.arrayBuffer()).equals(photo.subarray(100, 1100))).toBe(true);

    const tail = await get(`/api/attachments/${attachmentId}`, { range: 'bytes=-500' });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer()).equals(photo.subarray(photo.length - 500))).toBe(true);

    const open = await get(`/api/attachments/${attachmentId}`, { range: `bytes=${photo.length - 10}-` });
    expect(open.status).toBe(206);
    expect(Buffer.from(await open.arrayBuffer()).equals(photo.subarray(photo.length - 10))).toBe(true);

    const past = await get(`/api/attachments/${attachmentId}`, { range: `bytes=${photo.length}-` });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${photo.length}`);
    expect(((await past.json()) as { message: string }).message).toBe('attachments.range_not_satisfiable');
  });

  it('serves a JPEG thumbnail, long edge 320, with its own ETag', async () => {
    const thumbnail = await get(`/api/attachments/${attachmentId}/thumbnail`);
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get('content-type')).toBe('image/jpeg');
    const bytes = Buffer.from(await thumbnail.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe('jpeg');
    expect(Math.max(meta.width, meta.height)).toBe(320);
    expect(meta.width / meta.height).toBeCloseTo(1.5, 1);
    const etag = thumbnail.headers.get('etag')!;
    expect(etag).not.toBe(`"${sha(photo)}"`);
    // Made once: the second answer is the same bytes, and the ETag revalidates.
    const again = await get(`/api/attachments/${attachmentId}/thumbnail`);
    expect(sha(Buffer.from(await again.arrayBuffer()))).toBe(sha(bytes));
    expect((await get(`/api/attachments/${attachmentId}/thumbnail`, { 'if-none-match': etag })).status).toBe(304);
  });
});

describe('checks', () => {
  it('hides the attachment from another district and another client (404), for reads and uploads', async () => {
    for (const [database, district] of [['acme', 'Marseille'], ['bellevue', 'Nantes']] as const) {
      const token = await operatorIn(database, district);
      const other = new TusClient(base, token);
      for (const path of [`/api/attachments/${attachmentId}`, `/api/attachments/${attachmentId}/thumbnail`]) {
        const response = await fetch(`${base}${path}`, { headers: bearer(token) });
        expect(response.status, `${district} ${path}`).toBe(404);
        expect(await response.text()).not.toContain('Façade');
      }
      expect((await other.head(attachmentId)).status).toBe(404);
      expect((await other.patch(attachmentId, 0, photo.subarray(0, 10))).status).toBe(404);
      expect((await fetch(`${base}/api/attachments/${attachmentId}`, { method: 'DELETE', headers: bearer(token) })).status).toBe(404);
      // Its id is taken in its client database: another district cannot upload over it; in
      // another client's database it is another upload altogether (its own storage folder).
      const over = await other.create({ ...fields(), recordId: randomUUID() }, 10);
      expect(over.status).toBe(database === 'acme' ? 409 : 201);
    }
    const served = await fetch(`${base}/api/attachments/${attachmentId}`, { headers: bearer(manager.token) });
    expect(sha(Buffer.from(await served.arrayBuffer()))).toBe(sha(photo));
  });

  it('refuses bad metadata with 400 and a message naming the field', async () => {
    const cases: [Record<string, string>, string][] = [
      [fields({ attachmentId: 'not-a-uuid' }), 'attachmentId'],
      [fields({ attachmentId: randomUUID(), module: 'nowhere' }), 'module'],
      [fields({ attachmentId: randomUUID(), recordId: '42' }), 'recordId'],
      [fields({ attachmentId: randomUUID(), type: 'image/svg+xml' }), 'type'],
      [fields({ attachmentId: randomUUID(), type: 'text/html' }), 'type'],
      [fields({ attachmentId: randomUUID(), name: '' }), 'name'],
      [fields({ attachmentId: randomUUID(), takenAt: 'yesterday' }), 'takenAt'],
      [fields({ attachmentId: randomUUID(), lat: '91' }), 'lat'],
      [fields({ attachmentId: randomUUID(), lng: 'east' }), 'lng'],
    ];
    for (const [meta, field] of cases) {
      const response = await manager.create(meta, 1000);
      expect(response.status, field).toBe(400);
      expect(await response.json(), field).toEqual({ message: 'upload.invalid_metadata', details: field });
    }
  });

  it('refuses an upload over VIGIE_UPLOAD_MAX_BYTES with 413', async () => {
    const response = await manager.create(fields({ attachmentId: randomUUID() }), MAX + 1);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: 'upload.too_large' });
  });

  it('needs the module manage right to upload or delete (403), the read right to see', async () => {
    const field = await login(server, 'field@demo.vigie.test');
    const reader = new TusClient(base, field.token);
    const refused = await reader.create(fields({ attachmentId: randomUUID() }), 1000);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe('auth.missing_rights');
    expect((await reader.patch(attachmentId, photo.length, Buffer.alloc(0))).status).toBe(403);
    const deleted = await fetch(`${base}/api/attachments/${attachmentId}`, { method: 'DELETE', headers: bearer(field.token) });
    expect(deleted.status).toBe(403);
    // A reader sees it.
    const read = await fetch(`${base}/api/attachments/${attachmentId}`, { headers: bearer(field.token) });
    expect(read.status).toBe(200);
    await read.arrayBuffer();
    // Without a session: 401.
    expect((await fetch(`${base}/api/attachments/${attachmentId}`)).status).toBe(401);
    expect((await new TusClient(base, 'x').create(fields({ attachmentId: randomUUID() }), 10)).status).toBe(401);
  });

  it('deletes reversibly: gone from the record and from serving, the row kept', async () => {
    const site = async () => ((await (await fetch(`${base}/api/sites/${siteId}`, { headers: bearer(manager.token) })).json()) as Envelope<{ version: number }>).data;
    const before = await site();
    // The site as the list shows it (kept by the list's caches until a write of a site).
    const listed = async () =>
      ((await (await fetch(`${base}/api/sites?limit=200`, { headers: bearer(manager.token) })).json()) as Envelope<{ items: { id: string; version: number }[] }>).data.items.find(
        (row) => row.id === siteId,
      );
    expect((await listed())?.version).toBe(before.version);
    const key = randomUUID();
    const remove = (idempotencyKey: string) =>
      fetch(`${base}/api/attachments/${attachmentId}`, { method: 'DELETE', headers: { ...bearer(manager.token), 'idempotency-key': idempotencyKey } });
    const deleted = await remove(key);
    expect(deleted.status).toBe(200);
    expect(deleted.headers.get('idempotent-replayed')).toBeNull();
    const body = (await deleted.json()) as Envelope<{ id: string; deletedAt: string }>;
    expect(body.data.id).toBe(attachmentId);
    expect(body.data.deletedAt).toEqual(expect.any(String));
    expect((await fetch(`${base}/api/attachments/${attachmentId}`, { headers: bearer(manager.token) })).status).toBe(404);
    const db = await server.databases.client('acme');
    expect(await listRecordAttachments(db, lyonId, 'sites', siteId)).toEqual([]);
    const { rows } = await db.query('select 1 from attachments where id = $1 and deleted_at is not null', [attachmentId]);
    expect(rows).toHaveLength(1);

    // A write of the site: a new version, and its history names the file.
    expect((await site()).version).toBe(before.version + 1);
    expect((await listed())?.version).toBe(before.version + 1);
    const history = async () =>
      ((await (await fetch(`${base}/api/sites/${siteId}/history`, { headers: bearer(manager.token) })).json()) as Envelope<{ version: number; action: string; changes: unknown[] }[]>).data;
    expect((await history())[0]).toMatchObject({ version: before.version + 1, action: 'update', changes: [{ field: 'attachments', before: 'Façade nord.jpg', after: null }] });

    // The same request again (a retry): the stored answer; another deletion of it: a success that writes nothing.
    const replayed = await remove(key);
    expect(replayed.status).toBe(200);
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(((await replayed.json()) as Envelope<{ id: string }>).data.id).toBe(attachmentId);
    const again = await remove(randomUUID());
    expect(again.status).toBe(200);
    expect((await site()).version).toBe(before.version + 1);
    expect((await history()).filter((entry) => entry.version > before.version)).toHaveLength(1);
    // Still not served.
    expect((await fetch(`${base}/api/attachments/${attachmentId}`, { headers: bearer(manager.token) })).status).toBe(404);
  });
});

describe('a stage panorama uploaded through Sites', () => {
  it('is in the emergency share of its site, read from the storage, and on the file viewer path', async () => {
    const panoramaId = randomUUID();
    const panorama = await noiseJpeg(800, 400);
    const operator = bearer(manager.token);
    const stage = await server.app.inject({
      method: 'POST',
      url: `/api/sites/${siteId}/stages`,
      headers: { ...operator, 'idempotency-key': randomUUID() },
      payload: { id: randomUUID(), kind: 'threeSixty', name: 'Parvis', attachmentId: panoramaId },
    });
    expect(stage.statusCode, stage.body).toBe(200);
    expect((await manager.create(fields({ attachmentId: panoramaId, name: 'Parvis.jpg' }), panorama.length)).status).toBe(201);
    expect((await manager.send(panoramaId, panorama, 0, panorama.length)).status).toBe(204);
    const expected = `data:image/jpeg;base64,${panorama.toString('base64')}`;

    // The app sends no image for it: the server adds the stored one to the share.
    const sent = await server.app.inject({
      method: 'POST',
      url: '/api/emergency/sendInformations',
      headers: { ...operator, 'idempotency-key': randomUUID() },
      payload: emergencyPayload(siteId, {}, [{ name: 'Parvis', image: null }]),
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const shareId = sent.json<Envelope<{ shareIds: string[] }>>().data.shareIds[0];
    const db = await server.databases.client('acme');
    const { rows } = await db.query<{ token: string }>('select token from emergency_shares where id = $1', [shareId]);
    const viewer = await server.app.inject({ method: 'GET', url: `/api/viewerThirdParty/${rows[0]!.token}` });
    expect(viewer.statusCode, viewer.body).toBe(200);
    expect(viewer.json<Envelope<{ site: { threeSixty: { name: string; image: string | null }[] } }>>().data.site.threeSixty).toEqual([{ name: 'Parvis', image: expected }]);

    const file = await server.app.inject({ method: 'GET', url: `/api/files/viewer/${lyonId}/${siteId}/Parvis`, headers: operator });
    expect(file.statusCode, file.body).toBe(200);
    expect(file.json<Envelope<string>>().data).toBe(expected);
  });
});
