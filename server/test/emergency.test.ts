import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope, RefreshData } from '../../common/api-types.js';
import type { Database } from '../src/db/types.js';
import type { OutboxItem } from '../src/mail/outbox.js';
import { MAX_RECIPIENTS, SEND_BODY_LIMIT } from '../src/routes/api/emergency/payload.js';
import type { SendResult, SharedView } from '../src/routes/api/emergency/shares.js';
import type { SiteInfo, StageWithImage } from '../src/routes/api/emergency/sites.js';
import { DEMO_SITES } from '../src/seed/demo-data.js';
import { encodePng } from '../src/seed/images.js';
import { bearer, emergencyPayload as payload, login, startTestServer, type TestServer } from './helper.js';

let server: TestServer;
let acme: Database;
let operator: string;
let lyon: Record<string, SiteInfo>;

beforeAll(async () => {
  server = await startTestServer();
  acme = await server.databases.client('acme');
  operator = (await login(server, 'operator@demo.vigie.test')).token;
  const sites = await get<SiteInfo[]>('/api/emergency/sites', operator);
  lyon = Object.fromEntries(sites.body.data.map((s) => [s.name, s]));
});
afterAll(() => server?.destroy());

const get = <T>(url: string, token?: string) =>
  server.app.inject({ url, headers: token ? bearer(token) : {} }).then((r) => ({ status: r.statusCode, body: r.json<Envelope<T>>(), headers: r.headers }));

const send = (token: string, body: unknown, key: string | null = randomUUID(), headers: Record<string, string> = {}) =>
  server.app
    .inject({
      method: 'POST',
      url: '/api/emergency/sendInformations',
      headers: {
        ...bearer(token),
        ...(key === null ? {} : { 'idempotency-key': key }),
        ...(typeof body === 'string' ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(typeof body === 'string' ? { body } : { payload: body as object }),
    })
    .then((r) => ({ status: r.statusCode, body: r.json<Envelope<SendResult> & { message?: string }>(), headers: r.headers }));


const count = async (db: Database, sql: string, params: unknown[] = []) => (await db.query<{ n: number }>(`select count(*)::int as n from ${sql}`, params)).rows[0]!.n;
const sharesOfKey = (db: Database, key: string) => count(db, 'emergency_shares where idempotency_key = $1', [key]);
const mailsOfKey = (db: Database, key: string) =>
  count(db, 'mail_outbox o join emergency_shares s on s.id = o.share_id where s.idempotency_key = $1', [key]);
const tokenOf = async (shareId: string, db: Database = acme) =>
  (await db.query<{ token: string }>('select token from emergency_shares where id = $1', [shareId])).rows[0]!.token;
const pngDataUrl = (bytes: Buffer) => `data:image/png;base64,${bytes.toString('base64')}`;
const storedImage = async (siteId: string, name: string) =>
  Buffer.from((await acme.query<{ image: Uint8Array }>(`select image from site_stages where site_id = $1 and name = $2`, [siteId, name])).rows[0]!.image);

describe('sites and stages for the emergency dialog', () => {
  it('lists the sites of the session’s district with the shared fields', () => {
    expect(Object.keys(lyon).sort()).toEqual(DEMO_SITES.Lyon!.map((s) => s.name).sort());
    expect(lyon['Entrepôt Gerland']).toEqual({
      _id: expect.any(String),
      name: 'Entrepôt Gerland',
      description: 'Entrepôt logistique, 3 quais de chargement',
      address: { fullAddress: '12 rue de Gerland, 69007 Lyon' },
      gps: { lat: 45.7316, lng: 4.8325 },
      owner: { name: 'Claire Martin' },
    });
  });

  it('lists 360 stages with an image URL (no bytes) that the file service answers as a data URL', async () => {
    const site = lyon['Entrepôt Gerland']!;
    const stages = await get<StageWithImage[]>(`/api/emergency/getAll360Stages/${site._id}`, operator);
    expect(stages.status).toBe(200);
    expect(stages.body.data.map((s) => s.name)).toEqual(['Entrée', 'Zone technique']);
    const entry = stages.body.data[0]!;
    expect(entry.imageUrl).toMatch(new RegExp(`^/api/files/viewer/[0-9a-f-]{36}/${site._id}/Entr%C3%A9e$`));
    const image = await get<string>(entry.imageUrl!, operator);
    expect(image.status).toBe(200);
    expect(image.body.data).toBe(pngDataUrl(await storedImage(site._id, 'Entrée')));
    expect(image.body.rights).toContain('opteamum.admin');

    const threeD = await get<{ name: string }[]>(`/api/emergency/getSiteStages/${site._id}`, operator);
    expect(threeD.body.data).toEqual([{ name: 'Maquette' }]);
  });

  it('answers 404 for a site or image of another district, and 400 for a malformed id', async () => {
    const fieldUser = await login(server, 'field@demo.vigie.test');
    const marseilleSite = (await acme.query<{ id: string; district_id: string }>(`select s.id, s.district_id from sites s join districts d on d.id = s.district_id where d.name = 'Marseille' limit 1`)).rows[0]!;
    expect((await get(`/api/emergency/getAll360Stages/${marseilleSite.id}`, operator)).status).toBe(404);
    expect((await get(`/api/emergency/getSiteStages/${marseilleSite.id}`, operator)).body).toEqual({ message: 'emergency.site_not_found' });
    expect((await get('/api/emergency/getAll360Stages/not-a-uuid', operator)).status).toBe(400);
    // The file service: the path's district must be the session's, and the stage must exist.
    const lyonDistrict = fieldUser.session.district._id;
    const site = lyon['Atelier Vaise']!._id;
    expect((await get<string>(`/api/files/viewer/${lyonDistrict}/${site}/Entr%C3%A9e`, fieldUser.token)).status).toBe(200);
    expect((await get(`/api/files/viewer/${marseilleSite.district_id}/${marseilleSite.id}/Entr%C3%A9e`, fieldUser.token)).status).toBe(404);
    expect((await get(`/api/files/viewer/${marseilleSite.district_id}/${site}/Entr%C3%A9e`, fieldUser.token)).status).toBe(404);
    expect((await get(`/api/files/viewer/${lyonDistrict}/${marseilleSite.id}/Entr%C3%A9e`, fieldUser.token)).status).toBe(404);
    expect((await get(`/api/files/viewer/${lyonDistrict}/${site}/Nowhere`, fieldUser.token)).body).toEqual({ message: 'files.not_found' });
    expect((await get(`/api/files/viewer/${lyonDistrict}/${site}/Entr%C3%A9e`)).status).toBe(401);
  });

  it('answers the list with its ETag, and 304 without a body while the list is unchanged', async () => {
    const conditional = (etag: string, token?: string) =>
      server.app.inject({ url: '/api/emergency/sites', headers: { ...(token ? bearer(token) : {}), 'if-none-match': etag } });
    const first = await get<SiteInfo[]>('/api/emergency/sites', operator);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]{22}"$/);
    const unchanged = await conditional(etag, operator);
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    expect(unchanged.headers.etag).toBe(etag);
    // As a proxy may have weakened it, and among others.
    expect((await conditional(`"other", W/${etag}`, operator)).statusCode).toBe(304);
    // Another ETag: the whole list.
    const stale = await conditional('"not-this-one"', operator);
    expect(stale.statusCode).toBe(200);
    expect(stale.json<Envelope<SiteInfo[]>>().data).toEqual(first.body.data);
    // Never without the session and the right.
    expect((await conditional(etag)).statusCode).toBe(401);
    // A site renamed: a new ETag and the list as it is now.
    const site = lyon['Atelier Vaise']!;
    await acme.query('update sites set name = $1 where id = $2', ['Atelier Vaise (renamed)', site._id]);
    try {
      const changed = await conditional(etag, operator);
      expect(changed.statusCode).toBe(200);
      expect(changed.headers.etag).not.toBe(etag);
      expect(changed.json<Envelope<SiteInfo[]>>().data.map((s) => s.name)).toContain('Atelier Vaise (renamed)');
    } finally {
      await acme.query('update sites set name = $1 where id = $2', [site.name, site._id]);
    }
    expect((await conditional(etag, operator)).statusCode).toBe(304);
  });

  it('needs opteamum.admin (spec section 6), and a session', async () => {
    const admin = await login(server, 'district-admin@demo.vigie.test');
    const sites = await get('/api/emergency/sites', admin.token);
    expect(sites.status).toBe(403);
    expect(sites.body).toEqual({ message: 'auth.missing_rights', requiredPermissions: ['opteamum'] });
    expect((await send(admin.token, payload(lyon['Atelier Vaise']!._id))).status).toBe(403);
    expect((await get('/api/emergency/sites')).status).toBe(401);
    // Refused before the body is read: an anonymous 9 MiB upload is a 401, not a parse.
    const huge = await send('nope', 'x'.repeat(SEND_BODY_LIMIT + 1024 * 1024), randomUUID(), { 'content-type': 'application/json' });
    expect(huge.status).toBe(401);
  });
});

describe('sendInformations: validation', () => {
  it('answers 400 (never 500) to every malformed request', async () => {
    const site = lyon['Atelier Vaise']!._id;
    const good = payload(site);
    const withSite = (change: (s: Record<string, unknown>) => void) => {
      const body = structuredClone(good) as unknown as { sites: Record<string, unknown>[] };
      change(body.sites[0]!);
      return body;
    };
    const svg = 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=';
    const notPng = `data:image/png;base64,${Buffer.from('hello world!').toString('base64')}`;
    const jpegAsPng = `data:image/png;base64,${Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0]).toString('base64')}`;
    const cases: [string, unknown][] = [
      ['null body', 'null'],
      ['array body', []],
      ['string body', '"x"'],
      ['number body', '42'],
      ['empty object', {}],
      ['no sites', { ...good, sites: [] }],
      ['sites not a list', { ...good, sites: 'x' }],
      ['empty site', { ...good, sites: [{}] }],
      ['site id not a uuid', withSite((s) => (s._id = 'x'))],
      ['no informations', withSite((s) => delete s.informations)],
      ['stage without name', withSite((s) => (s.informations = { threeD: [{}], threeSixty: [] }))],
      ['empty stage name', withSite((s) => (s.informations = { threeD: [], threeSixty: [{ name: '' }] }))],
      ['long stage name', withSite((s) => (s.informations = { threeD: [{ name: 'x'.repeat(201) }], threeSixty: [] }))],
      ['image is a link', withSite((s) => (s.informations = { threeD: [], threeSixty: [{ name: 'Entrée', image: 'http://example.org/a.png' }] }))],
      ['image is SVG', withSite((s) => (s.informations = { threeD: [], threeSixty: [{ name: 'Entrée', image: svg }] }))],
      ['image not base64', withSite((s) => (s.informations = { threeD: [], threeSixty: [{ name: 'Entrée', image: 'data:image/png;base64,!!!!' }] }))],
      ['image not a PNG', withSite((s) => (s.informations = { threeD: [], threeSixty: [{ name: 'Entrée', image: notPng }] }))],
      ['JPEG bytes said to be PNG', withSite((s) => (s.informations = { threeD: [], threeSixty: [{ name: 'Entrée', image: jpegAsPng }] }))],
      ['image is a number', withSite((s) => (s.informations = { threeD: [], threeSixty: [{ name: 'Entrée', image: 1 }] }))],
      ['files not empty', withSite((s) => (s.files = [{ name: 'a' }]))],
      ['allFields true', withSite((s) => (s.fields = { allFields: true, general: ['name'] }))],
      ['unknown general field', withSite((s) => (s.fields = { allFields: false, general: ['password'] }))],
      ['no general field', withSite((s) => (s.fields = { allFields: false, general: [] }))],
      ['siteFields not empty', withSite((s) => (s.siteFields = ['x']))],
      ['unknown site field', withSite((s) => (s.secret = 1))],
      ['unknown top-level field', { ...good, district: randomUUID() }],
      ['no delay', { ...good, delay: undefined }],
      ['negative delay', { ...good, delay: { days: -1, hours: 0, minutes: 0 } }],
      ['delay as strings', { ...good, delay: { days: '1', hours: '0', minutes: '0' } }],
      ['fractional delay', { ...good, delay: { days: 1.5, hours: 0, minutes: 0 } }],
      ['zero delay', { ...good, delay: { days: 0, hours: 0, minutes: 0 } }],
      ['delay over 30 days', { ...good, delay: { days: 30, hours: 1, minutes: 0 } }],
      ['no recipients', { ...good, recipients: [] }],
      ['too many recipients', { ...good, recipients: Array.from({ length: MAX_RECIPIENTS + 1 }, (_, i) => `r${i}@example.org`) }],
      ['invalid e-mail', { ...good, recipients: ['not-an-email'] }],
      ['two addresses in one', { ...good, recipients: ['a,b@example.org'] }],
      ['header injection', { ...good, recipients: ['a@example.org\r\nBcc: x@example.org'] }],
      ['C1 control character', { ...good, recipients: ['a\u0085b@example.org'] }],
      ['no dot in domain', { ...good, recipients: ['a@localhost'] }],
      ['untrimmed e-mail', { ...good, recipients: [' a@example.org'] }],
      ['e-mail as number', { ...good, recipients: [1] }],
      ['emergency as string', { ...good, emergency: 'false' }],
      ['long description', { ...good, description: 'x'.repeat(2001) }],
      ['same site twice', { ...good, sites: [good.sites[0], good.sites[0]] }],
      ['same stage twice', withSite((s) => (s.informations = { threeD: [{ name: 'A' }, { name: 'A' }], threeSixty: [] }))],
    ];
    for (const [label, body] of cases) {
      const response = await send(operator, body);
      expect({ label, status: response.status }).toEqual({ label, status: 400 });
      expect(typeof response.body.message, label).toBe('string');
    }
    const keyCases: [string, string | null][] = [
      ['no key', null],
      ['key not a uuid', 'abc'],
      ['empty key', ''],
    ];
    for (const [label, key] of keyCases) {
      expect({ label, status: (await send(operator, good, key)).status }).toEqual({ label, status: 400 });
    }
    expect((await send(operator, '{"sites":', randomUUID(), { 'content-type': 'application/json' })).status).toBe(400);
    expect((await send(operator, 'sites=1', randomUUID(), { 'content-type': 'text/plain' })).status).toBe(400);
    expect((await send(operator, '<sites/>', randomUUID(), { 'content-type': 'application/xml' })).status).toBe(415);
    const tooBig = payload(site, {}, [{ name: 'Entrée', image: `data:image/png;base64,${'A'.repeat(SEND_BODY_LIMIT)}` }]);
    expect((await send(operator, tooBig)).body).toEqual({ message: 'request.body_too_large' });
    // The precise keys the app can show.
    expect((await send(operator, { ...good, delay: { days: 0, hours: 0, minutes: 0 } })).body.message).toBe('emergency.invalid_delay');
    expect((await send(operator, payload(site, {}, [{ name: 'Entrée', image: notPng }]))).body.message).toBe('emergency.invalid_image');
    expect(await count(acme, 'emergency_shares')).toBe(0);
    expect(await count(acme, 'idempotency_keys')).toBe(0);
  });
});

describe('sendInformations', () => {
  it('records one share and one queued e-mail per recipient; images the app lacked come from the server', async () => {
    const site = lyon['Entrepôt Gerland']!;
    const key = randomUUID();
    const own = encodePng(4, 2, () => [200, 30, 30]);
    const body = payload(site._id, { recipients: ['Secours@example.org', 'gardien@example.org', 'secours@EXAMPLE.org'], description: 'Fuite de gaz' }, [
      { name: 'Entrée', image: null },
      { name: 'Zone technique' },
      { name: 'Quai 3', image: pngDataUrl(own) },
    ]);
    const response = await send(operator, body, key);
    expect(response.status).toBe(200);
    const data = response.body.data;
    expect(data.shareIds).toHaveLength(1);
    // One mailbox, one e-mail: addresses are de-duplicated without regard to case.
    expect(data.recipients).toEqual(['Secours@example.org', 'gardien@example.org']);
    expect(Number.isNaN(Date.parse(data.serverTime))).toBe(false);
    expect(response.body.rights).toContain('opteamum.admin');

    expect(await mailsOfKey(acme, key)).toBe(2);
    const share = (await acme.query<{ district_id: string; recipients: string[]; expires_at: Date; created_at: Date }>('select * from emergency_shares where id = $1', [data.shareIds[0]])).rows[0]!;
    expect(share.recipients).toEqual(data.recipients);
    expect(new Date(share.expires_at).getTime() - new Date(share.created_at).getTime()).toBe(24 * 3600_000);

    const view = await get<SharedView>(`/api/viewerThirdParty/${await tokenOf(data.shareIds[0]!)}`);
    expect(view.status).toBe(200);
    expect(view.body.data.site.threeSixty).toEqual([
      { name: 'Entrée', image: pngDataUrl(await storedImage(site._id, 'Entrée')) },
      { name: 'Zone technique', image: pngDataUrl(await storedImage(site._id, 'Zone technique')) },
      { name: 'Quai 3', image: pngDataUrl(own) },
    ]);

    // Administrators see each recipient's delivery state; without SMTP they stay queued.
    const admin = await login(server, 'district-admin@demo.vigie.test');
    const outbox = await get<{ items: OutboxItem[]; total: number }>(`/api/emergency/outbox?idempotencyKey=${key}`, admin.token);
    expect(outbox.status).toBe(200);
    expect(outbox.body.data.total).toBe(2);
    expect(outbox.body.data.items.map((i) => [i.recipient, i.state, i.siteName, i.attempts])).toEqual([
      ['gardien@example.org', 'queued', 'Entrepôt Gerland', 0],
      ['Secours@example.org', 'queued', 'Entrepôt Gerland', 0],
    ]);
    expect(outbox.body.data.items[0]).toMatchObject({ shareId: data.shareIds[0], idempotencyKey: key, sentAt: null, lastError: null });
    const all = await get<{ items: OutboxItem[]; total: number }>('/api/emergency/outbox?limit=1', admin.token);
    expect(all.body.data).toMatchObject({ total: 2, items: [expect.objectContaining({ idempotencyKey: key })] });
    const field = await login(server, 'field@demo.vigie.test');
    expect((await get('/api/emergency/outbox', field.token)).status).toBe(403);
    expect((await get('/api/emergency/outbox?limit=x', admin.token)).status).toBe(400);
  });

  it('answers a repeated key with the first response and records nothing twice', async () => {
    const key = randomUUID();
    const body = payload(lyon['Siège Part-Dieu']!._id);
    const first = await send(operator, body, key);
    expect(first.status).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    // Same payload with its keys in another order: the same request.
    const reordered = { description: body.description, emergency: body.emergency, recipients: body.recipients, delay: body.delay, sites: body.sites };
    for (const repeat of [body, reordered]) {
      const again = await send(operator, repeat, key.toUpperCase());
      expect(again.status).toBe(200);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body.data).toEqual(first.body.data);
    }
    expect(await sharesOfKey(acme, key)).toBe(1);
    expect(await mailsOfKey(acme, key)).toBe(2);
  });

  it('sends concurrent duplicates once: a 409 or the same answer, never two shares', async () => {
    const key = randomUUID();
    const body = payload(lyon['Atelier Vaise']!._id);
    const responses = await Promise.all([send(operator, body, key), send(operator, body, key), send(operator, body, key)]);
    const ok = responses.filter((r) => r.status === 200);
    expect(responses.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    expect(ok.length).toBeGreaterThan(0);
    for (const r of ok) expect(r.body.data).toEqual(ok[0]!.body.data);
    for (const r of responses.filter((r) => r.status === 409)) expect(r.body).toEqual({ message: 'emergency.in_flight' });
    expect(await sharesOfKey(acme, key)).toBe(1);
    expect(await mailsOfKey(acme, key)).toBe(2);
    // Whoever got a 409 retries and gets the first answer.
    expect((await send(operator, body, key)).body.data).toEqual(ok[0]!.body.data);
  });

  it('refuses a key reused with another payload, or by another account (422)', async () => {
    const key = randomUUID();
    const body = payload(lyon['Atelier Vaise']!._id);
    expect((await send(operator, body, key)).status).toBe(200);
    const other = await send(operator, { ...body, recipients: ['autre@example.org'] }, key);
    expect(other.status).toBe(422);
    expect(other.body).toEqual({ message: 'emergency.idempotency_mismatch' });

    // Another account of the same client database with the right, same key and payload:
    // a mismatch, never the first sender's answer.
    const admin = await login(server, 'district-admin@demo.vigie.test');
    const accountId = JSON.parse(Buffer.from(admin.token.split('.')[1]!, 'base64url').toString()).sub as string;
    await acme.query(`update memberships set rights = array_append(rights, 'opteamum.admin') where account_id = $1 and district_id = $2`, [accountId, admin.session.district._id]);
    // A write outside the routes tells the envelope cache, as every writer of rights does.
    server.ctx.tenantCache.invalidate({ kind: 'member', db: 'acme', districtId: admin.session.district._id, accountId });
    try {
      expect((await send(admin.token, body, key)).status).toBe(422);
    } finally {
      await acme.query(`update memberships set rights = array_remove(rights, 'opteamum.admin') where account_id = $1 and district_id = $2`, [accountId, admin.session.district._id]);
      server.ctx.tenantCache.invalidate({ kind: 'member', db: 'acme', districtId: admin.session.district._id, accountId });
    }
    expect(await sharesOfKey(acme, key)).toBe(1);
  });

  it('leaves nothing behind when the send fails half-way, and the key stays usable', async () => {
    const key = randomUUID();
    const body = payload(lyon['Atelier Vaise']!._id, { recipients: ['ok@example.org', 'boom@example.org'] });
    // Make the outbox insert fail after the key, the share and its images are written.
    await acme.exec(`
      create function test_fail_outbox() returns trigger language plpgsql as $$
      begin
        if new.recipient = 'boom@example.org' then raise exception 'simulated failure'; end if;
        return new;
      end $$;
      create trigger test_fail_outbox before insert on mail_outbox for each row execute function test_fail_outbox();
    `);
    const before = { shares: await count(acme, 'emergency_shares'), images: await count(acme, 'emergency_share_images'), mails: await count(acme, 'mail_outbox') };
    try {
      const failed = await send(operator, body, key);
      expect(failed.status).toBe(500);
      expect(failed.body).toEqual({ message: 'internal_error' });
    } finally {
      await acme.exec('drop trigger test_fail_outbox on mail_outbox; drop function test_fail_outbox();');
    }
    expect({ shares: await count(acme, 'emergency_shares'), images: await count(acme, 'emergency_share_images'), mails: await count(acme, 'mail_outbox') }).toEqual(before);
    expect(await count(acme, 'idempotency_keys where key = $1', [key])).toBe(0);
    const retried = await send(operator, body, key);
    expect(retried.status).toBe(200);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(await mailsOfKey(acme, key)).toBe(2);
  });

  it('refuses sites of another district or client (404) and records nothing', async () => {
    const marseille = (await acme.query<{ id: string }>(`select s.id from sites s join districts d on d.id = s.district_id where d.name = 'Marseille' limit 1`)).rows[0]!.id;
    const bellevue = await server.databases.client('bellevue');
    const rennes = (await bellevue.query<{ id: string }>('select id from sites limit 1')).rows[0]!.id;
    const key = randomUUID();
    for (const siteId of [marseille, rennes, randomUUID()]) {
      const response = await send(operator, payload(siteId), key);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ message: 'emergency.site_not_found' });
    }
    // One good site and one foreign one: all or nothing.
    const mixed = payload(lyon['Atelier Vaise']!._id);
    mixed.sites.push({ ...mixed.sites[0]!, _id: marseille });
    expect((await send(operator, mixed, key)).status).toBe(404);
    expect(await sharesOfKey(acme, key)).toBe(0);
    // Nothing was stored under the key: a different payload with it is a fresh send, not a 422.
    expect((await send(operator, payload(lyon['Atelier Vaise']!._id), key)).status).toBe(200);
  });

  it('keeps keys per client database: the same key in another client does not collide', async () => {
    const key = randomUUID();
    const acmeSend = await send(operator, payload(lyon['Atelier Vaise']!._id), key);
    expect(acmeSend.status).toBe(200);
    const operatorLogin = await login(server, 'operator@demo.vigie.test');
    const bellevue = await server.databases.client('bellevue');
    const nantes = (await bellevue.query<{ id: string }>(`select id from districts where name = 'Nantes'`)).rows[0]!.id;
    await server.app.inject({ method: 'POST', url: '/api/admin/changeClient', headers: bearer(operatorLogin.token), payload: { database: 'bellevue', district: nantes } });
    try {
      const refreshed = await server.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie: operatorLogin.cookie } });
      const token = refreshed.json<Envelope<RefreshData>>().data.token;
      const site = (await get<SiteInfo[]>('/api/emergency/sites', token)).body.data[0]!;
      const bellevueSend = await send(token, payload(site._id), key);
      expect(bellevueSend.status).toBe(200);
      expect(bellevueSend.headers['idempotent-replayed']).toBeUndefined();
      expect(bellevueSend.body.data.shareIds).not.toEqual(acmeSend.body.data.shareIds);
      expect(await sharesOfKey(bellevue, key)).toBe(1);
      expect(await sharesOfKey(acme, key)).toBe(1);
      // The share of the other client is readable by its public link too.
      const view = await get<SharedView>(`/api/viewerThirdParty/${await tokenOf(bellevueSend.body.data.shareIds[0]!, bellevue)}`);
      expect(view.body.data.site.name).toBe(site.name);
    } finally {
      const back = await login(server, 'operator@demo.vigie.test');
      const lyonId = (await acme.query<{ id: string }>(`select id from districts where name = 'Lyon'`)).rows[0]!.id;
      await server.app.inject({ method: 'POST', url: '/api/admin/changeClient', headers: bearer(back.token), payload: { database: 'acme', district: lyonId } });
      operator = (await login(server, 'operator@demo.vigie.test')).token;
    }
  });
});

describe('public viewer', () => {
  it('shows the shared information without a session until the share expires, then 410', async () => {
    const site = lyon['Siège Part-Dieu']!;
    const body = payload(site._id, { delay: { days: 0, hours: 2, minutes: 30 }, description: 'Évacuation en cours', emergency: true });
    body.sites[0]!.fields.general = ['name', 'gps'];
    const sent = await send(operator, body);
    const token = await tokenOf(sent.body.data.shareIds[0]!);

    const view = await get<SharedView>(`/api/viewerThirdParty/${token}`);
    expect(view.status).toBe(200);
    expect(view.body.rights).toEqual([]);
    const data = view.body.data;
    // Only the selected general fields (the name always).
    expect(data.site).toEqual({
      name: site.name,
      gps: site.gps,
      threeD: [{ name: 'Maquette' }],
      threeSixty: [
        { name: 'Entrée', image: expect.stringMatching(/^data:image\/png;base64,/) },
        { name: 'Zone technique', image: expect.stringMatching(/^data:image\/png;base64,/) },
      ],
    });
    expect(data).toMatchObject({ description: 'Évacuation en cours', emergency: true });
    expect(Date.parse(data.expiresAt) - Date.parse(data.createdAt)).toBe(150 * 60_000);

    await acme.query(`update emergency_shares set expires_at = now() - interval '1 second' where token = $1`, [token]);
    const expired = await get(`/api/viewerThirdParty/${token}`);
    expect(expired.status).toBe(410);
    expect(expired.body).toEqual({ message: 'emergency.share_expired' });
  });

  it('answers 404 for a token nobody issued, however it looks', async () => {
    for (const token of ['A'.repeat(43), 'short', `${'A'.repeat(42)}%24`, 'x'.repeat(90)]) {
      const response = await get(`/api/viewerThirdParty/${token}`);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ message: 'emergency.share_not_found' });
    }
  });
});
