/**
 * The Sites module's routes (/api/sites) on the demo data: the list (search, filters, sort,
 * keyset pages, count), a site's sheet and history, the writes a manager makes (create, edit,
 * delete, restore, stages, types) with their version checks and idempotent replays, the
 * rights (a reader cannot write), the district scoping (another district's site is a 404
 * everywhere), validation (400 with a message key), and the emergency reads going through
 * the module (a deleted site is not offered).
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../../common/api-types.js';
import type { Site, SiteSummary, SiteType } from '../../common/modules/sites/schemas.js';
import type { HistoryEntry, Page } from '../../common/schemas/platform.js';
import { clientMigrations } from '../src/db/migrations/client.js';
import { migrate, migrateModules } from '../src/db/migrate.js';
import { openPgliteDatabase } from '../src/db/pglite.js';
import { databaseUrl, openPostgresDatabase } from '../src/db/postgres.js';
import { RECORDS_CHANGED_EVENT } from '../src/modules/_platform/events.js';
import { MODULE_MIGRATIONS } from '../src/modules/index.js';
import { seedBenchSites } from '../src/modules/sites/bench-seed.js';
import { SitesRepository } from '../src/modules/sites/repository.js';
import { DEMO_SITES } from '../src/seed/demo-data.js';
import { bearer, emergencyPayload, listenOnLoopback, login, startTestServer, usePostgres, type TestServer } from './helper.js';

let server: TestServer;
/** The operator: every right (sites.admin too), in Acme / Lyon. */
let manager: string;
/** The field user: sites.read only, in Acme / Lyon. */
let reader: string;
let managerEmail: string;
let marseilleSite: string;

interface Call {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  url: string;
  payload?: object;
  token?: string;
  key?: string;
}

async function call<T = unknown>({ method = 'GET', url, payload, token = manager, key }: Call) {
  const response = await server.app.inject({
    method,
    url,
    headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
    ...(payload ? { payload } : {}),
  });
  const body = response.body ? response.json<Envelope<T> & { message?: string; current?: Site }>() : ({} as Envelope<T> & { message?: string; current?: Site });
  return { status: response.statusCode, body, data: body.data, headers: response.headers };
}

const list = (query = '', token = manager) => call<Page<SiteSummary>>({ url: `/api/sites${query}`, token });

async function allPages(query: string, limit: number, between?: () => Promise<void>): Promise<SiteSummary[]> {
  const seen: SiteSummary[] = [];
  let cursor: string | null = null;
  do {
    const sep = query ? '&' : '?';
    const page: Awaited<ReturnType<typeof list>> = await list(`${query}${sep}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(page.status, `${query} ${cursor} ${JSON.stringify(page.body)}`).toBe(200);
    seen.push(...page.data.items);
    cursor = page.data.nextCursor;
    if (between) await between();
  } while (cursor);
  return seen;
}

async function newSite(overrides: object = {}) {
  const id = randomUUID();
  const created = await call<Site>({ method: 'POST', url: '/api/sites', payload: { id, name: `Site ${id.slice(0, 8)}`, ...overrides }, key: randomUUID() });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.data;
}

beforeAll(async () => {
  server = await startTestServer();
  const operator = await login(server, 'operator@demo.vigie.test');
  manager = operator.token;
  managerEmail = 'operator@demo.vigie.test';
  reader = (await login(server, 'field@demo.vigie.test')).token;
  const acme = await server.databases.client('acme');
  const { rows } = await acme.query<{ id: string }>(`select s.id from sites s join districts d on d.id = s.district_id where d.name = 'Marseille' limit 1`);
  marseilleSite = rows[0]!.id;
});
afterAll(() => server?.destroy());

describe('the site list', () => {
  it('lists the district\'s sites by name with their count, and nothing of another district', async () => {
    const { status, data } = await list('', reader);
    expect(status).toBe(200);
    expect(data.total).toBe(DEMO_SITES.Lyon!.length);
    expect(data.items.map((s) => s.name)).toEqual(DEMO_SITES.Lyon!.map((s) => s.name).sort((a, b) => a.localeCompare(b, 'fr')));
    expect(data.items.map((s) => s.id)).not.toContain(marseilleSite);
    const gerland = data.items.find((s) => s.name === 'Entrepôt Gerland')!;
    expect(gerland).toMatchObject({ address: '12 rue de Gerland, 69007 Lyon', ownerName: 'Claire Martin', siteTypeName: 'Entrepôt', gps: { lat: 45.7316, lng: 4.8325 } });
  });

  it('searches name, address and owner, without regard to case or accents', async () => {
    const names = async (search: string) => (await list(`?search=${encodeURIComponent(search)}`)).data.items.map((s) => s.name);
    expect(await names('gerland')).toEqual(['Entrepôt Gerland']);
    expect(await names('ENTREPOT')).toEqual(['Entrepôt Gerland']);
    expect(await names('Villeurbanne')).toEqual(['Médiathèque de Villeurbanne']);
    expect(await names('69009')).toEqual(['Atelier Vaise']);
    expect((await names('claire martin')).sort()).toEqual(DEMO_SITES.Lyon!.filter((s) => s.owner === 'Claire Martin').map((s) => s.name).sort());
    expect(await names('100%_')).toEqual([]);
    const counted = await list('?search=claire');
    expect(counted.data.total).toBe(DEMO_SITES.Lyon!.filter((s) => s.owner === 'Claire Martin').length);
  });

  it('filters by site type and by GPS', async () => {
    const types = await call<SiteType[]>({ url: '/api/sites/types', token: reader });
    expect(types.status).toBe(200);
    expect(types.data.map((t) => t.name).sort()).toEqual(['Atelier', 'Bureaux', 'Chantier', 'Entrepôt', 'ERP'].sort());
    const atelier = types.data.find((t) => t.name === 'Atelier')!;
    expect(atelier.siteCount).toBe(DEMO_SITES.Lyon!.filter((s) => s.type === 'Atelier').length);
    const ateliers = await list(`?siteType=${atelier.id}`);
    expect(ateliers.data.items.map((s) => s.name).sort()).toEqual(DEMO_SITES.Lyon!.filter((s) => s.type === 'Atelier').map((s) => s.name).sort());
    expect(ateliers.data.total).toBe(atelier.siteCount);

    const noGps = await newSite({ name: 'Sans position', gps: null });
    const without = await list('?hasGps=false');
    expect(without.data.items.map((s) => s.id)).toEqual([noGps.id]);
    const withGps = await list('?hasGps=true');
    expect(withGps.data.items.map((s) => s.id)).not.toContain(noGps.id);
    expect(withGps.data.total).toBeGreaterThanOrEqual(DEMO_SITES.Lyon!.length);
  });

  it('sorts by name, address and last change, both ways', async () => {
    const byName = (await list('?sort=name&limit=200')).data.items.map((s) => s.name);
    expect((await list('?sort=-name&limit=200')).data.items.map((s) => s.name)).toEqual([...byName].reverse());
    const byAddress = (await list('?sort=address&limit=200')).data.items.map((s) => s.address.toLowerCase());
    expect(byAddress[0]! <= byAddress[byAddress.length - 1]!).toBe(true);
    const recent = (await list('?sort=-updatedAt&limit=200')).data.items.map((s) => s.updatedAt);
    expect([...recent].sort().reverse()).toEqual(recent);
  });

  it('pages by cursor without duplicates or gaps, even while sites are added', async () => {
    const before = (await list('?limit=200')).data.items.map((s) => s.id);
    for (const sort of ['name', '-name', 'address', '-updatedAt', 'updatedAt']) {
      const added: string[] = [];
      const pages = await allPages(`?sort=${sort}`, 3, async () => {
        added.push((await newSite({ name: `Ajout ${sort} ${added.length}` })).id);
      });
      const ids = pages.map((s) => s.id);
      expect(new Set(ids).size, sort).toBe(ids.length);
      for (const id of before) expect(ids, `${sort} lost ${id}`).toContain(id);
    }
  });

  it('refuses a bad cursor, a cursor of another sort and a bad limit with 400 and a message key', async () => {
    const first = await list('?limit=2');
    const cursor = first.data.nextCursor!;
    expect((await list(`?limit=2&cursor=${cursor}&sort=-name`)).body).toMatchObject({ message: 'validation.invalid_cursor' });
    expect((await list('?cursor=not-a-cursor')).status).toBe(400);
    const forged = Buffer.from(JSON.stringify(['updatedAt', 'yesterday', randomUUID()])).toString('base64url');
    const refused = await list(`?sort=updatedAt&cursor=${forged}`);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('validation.invalid_cursor');
    for (const query of ['?limit=0', '?limit=500', '?limit=x', '?sort=size', '?hasGps=yes', '?siteType=nope', '?unknown=1']) {
      const response = await list(query);
      expect(response.status, query).toBe(400);
      expect(response.body.message, query).toMatch(/^validation\./);
    }
  });
});

describe('a site\'s sheet and its writes', () => {
  it('creates, edits with field history, and answers 409 with the current site on a stale version', async () => {
    const site = await newSite({ name: 'Nouveau dépôt', address: '1 rue Neuve, 69001 Lyon', gps: { lat: 45.76, lng: 4.83 }, ownerName: 'Ana' });
    expect(site).toMatchObject({ version: 1, name: 'Nouveau dépôt', createdBy: { name: managerEmail }, deletedAt: null, stages: [], attachments: [] });

    const edited = await call<Site>({ method: 'PATCH', url: `/api/sites/${site.id}`, payload: { baseVersion: 1, changes: { name: 'Dépôt rénové', ownerName: 'Bea' } }, key: randomUUID() });
    expect(edited.status).toBe(200);
    expect(edited.data).toMatchObject({ version: 2, name: 'Dépôt rénové', ownerName: 'Bea', address: '1 rue Neuve, 69001 Lyon' });

    const stale = await call<Site>({ method: 'PATCH', url: `/api/sites/${site.id}`, payload: { baseVersion: 1, changes: { description: 'Mine' } }, key: randomUUID() });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe('record.version_conflict');
    expect(stale.body.current).toMatchObject({ id: site.id, version: 2, name: 'Dépôt rénové' });

    const history = await call<HistoryEntry[]>({ url: `/api/sites/${site.id}/history`, token: reader });
    expect(history.status).toBe(200);
    expect(history.data.map((h) => [h.action, h.version])).toEqual([
      ['update', 2],
      ['create', 1],
    ]);
    expect(history.data[0]!.by.name).toBe(managerEmail);
    expect(history.data[0]!.changes).toEqual([
      { field: 'name', before: 'Nouveau dépôt', after: 'Dépôt rénové' },
      { field: 'ownerName', before: 'Ana', after: 'Bea' },
    ]);
    expect(history.data[1]!.changes).toContainEqual({ field: 'gps', before: null, after: { lat: 45.76, lng: 4.83 } });
  });

  it('deletes reversibly: gone from the list, listed with the deleted ones, restored', async () => {
    const site = await newSite({ name: 'À supprimer' });
    const stale = await call<Site>({ method: 'DELETE', url: `/api/sites/${site.id}`, payload: { baseVersion: 7 } });
    expect(stale.status).toBe(409);
    const deleted = await call<Site>({ method: 'DELETE', url: `/api/sites/${site.id}`, payload: { baseVersion: 1 }, key: randomUUID() });
    expect(deleted.status).toBe(200);
    expect(deleted.data.deletedAt).not.toBeNull();
    expect(deleted.data.version).toBe(2);
    expect((await list('?limit=200')).data.items.map((s) => s.id)).not.toContain(site.id);
    expect((await list('?deleted=true')).data.items.map((s) => s.id)).toContain(site.id);
    expect((await list('?deleted=true', reader)).status).toBe(403);
    // Still readable by id (its sheet offers the restore), but not writable.
    expect((await call<Site>({ url: `/api/sites/${site.id}` })).data.deletedAt).not.toBeNull();
    const edit = await call({ method: 'PATCH', url: `/api/sites/${site.id}`, payload: { baseVersion: 2, changes: { name: 'Encore' } } });
    expect(edit.status).toBe(409);
    expect(edit.body.message).toBe('record.deleted');

    const restored = await call<Site>({ method: 'POST', url: `/api/sites/${site.id}/restore`, payload: { baseVersion: 2 }, key: randomUUID() });
    expect(restored.status).toBe(200);
    expect(restored.data).toMatchObject({ deletedAt: null, version: 3 });
    expect((await list('?limit=200')).data.items.map((s) => s.id)).toContain(site.id);
    const history = await call<HistoryEntry[]>({ url: `/api/sites/${site.id}/history` });
    expect(history.data.map((h) => h.action)).toEqual(['restore', 'delete', 'create']);
  });

  it('replays a write sent twice with one key: one site, the same answer; another body with that key is 422', async () => {
    const key = randomUUID();
    const payload = { id: randomUUID(), name: 'Envoyé deux fois' };
    const first = await call<Site>({ method: 'POST', url: '/api/sites', payload, key });
    const second = await call<Site>({ method: 'POST', url: '/api/sites', payload, key });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.data).toEqual(first.data);
    expect(second.headers['idempotent-replayed']).toBe('true');
    const acme = await server.databases.client('acme');
    const { rows } = await acme.query<{ n: number }>('select count(*)::int as n from sites where id = $1', [payload.id]);
    expect(rows[0]!.n).toBe(1);
    const other = await call({ method: 'POST', url: '/api/sites', payload: { ...payload, name: 'Autre' }, key });
    expect(other.status).toBe(422);
    expect(other.body.message).toBe('request.idempotency_mismatch');

    const edit = { baseVersion: 1, changes: { description: 'Une fois' } };
    const editKey = randomUUID();
    const e1 = await call<Site>({ method: 'PATCH', url: `/api/sites/${payload.id}`, payload: edit, key: editKey });
    const e2 = await call<Site>({ method: 'PATCH', url: `/api/sites/${payload.id}`, payload: edit, key: editKey });
    expect([e1.status, e2.status]).toEqual([200, 200]);
    expect(e2.data.version).toBe(2);
    expect((await call<HistoryEntry[]>({ url: `/api/sites/${payload.id}/history` })).data).toHaveLength(2);
  });

  it('binds a key to its account, and stores no answer for a refused write', async () => {
    const site = await newSite();
    const key = randomUUID();
    const edit = { baseVersion: 1, changes: { name: 'Par le premier' } };
    expect((await call({ method: 'PATCH', url: `/api/sites/${site.id}`, payload: edit, key })).status).toBe(200);

    // Another manager of the district sending the same key and body: a mismatch, never the first one's answer.
    const admin = await login(server, 'district-admin@demo.vigie.test');
    const accountId = JSON.parse(Buffer.from(admin.token.split('.')[1]!, 'base64url').toString()).sub as string;
    const acme = await server.databases.client('acme');
    const districtId = admin.session.district._id;
    await acme.query(`update memberships set rights = array_append(rights, 'sites.admin') where account_id = $1 and district_id = $2`, [accountId, districtId]);
    server.ctx.tenantCache.invalidate({ kind: 'member', db: 'acme', districtId, accountId });
    try {
      const other = await call({ method: 'PATCH', url: `/api/sites/${site.id}`, payload: edit, key, token: admin.token });
      expect(other.status).toBe(422);
      expect(other.body.message).toBe('request.idempotency_mismatch');
    } finally {
      await acme.query(`update memberships set rights = array_remove(rights, 'sites.admin') where account_id = $1 and district_id = $2`, [accountId, districtId]);
      server.ctx.tenantCache.invalidate({ kind: 'member', db: 'acme', districtId, accountId });
    }

    // A conflict is not an answer to keep: the same key, sent again once the conflict is resolved, runs.
    const retryKey = randomUUID();
    const conflicted = await call({ method: 'PATCH', url: `/api/sites/${site.id}`, payload: { baseVersion: 1, changes: { ownerName: 'Moi' } }, key: retryKey });
    expect(conflicted.status).toBe(409);
    const resolved = await call<Site>({ method: 'PATCH', url: `/api/sites/${site.id}`, payload: { baseVersion: 1, changes: { ownerName: 'Moi' } }, key: retryKey });
    expect(resolved.status).toBe(409);
    const merged = await call<Site>({ method: 'PATCH', url: `/api/sites/${site.id}`, payload: { baseVersion: 2, changes: { ownerName: 'Moi' } }, key: retryKey });
    expect(merged.status).toBe(200);
    expect(merged.data).toMatchObject({ version: 3, name: 'Par le premier', ownerName: 'Moi' });
  });

  it('refuses an id already used', async () => {
    const site = await newSite();
    const again = await call({ method: 'POST', url: '/api/sites', payload: { id: site.id, name: 'Doublon' } });
    expect(again.status).toBe(409);
    const foreign = await call({ method: 'POST', url: '/api/sites', payload: { id: marseilleSite, name: 'Doublon' } });
    expect(foreign.status).toBe(409);
    expect(foreign.body.message).toBe('record.exists');
  });

  it('validates every write with 400 and a message key', async () => {
    const site = await newSite();
    const bad: Call[] = [
      { method: 'POST', url: '/api/sites', payload: { id: 'nope', name: 'X' } },
      { method: 'POST', url: '/api/sites', payload: { id: randomUUID(), name: '' } },
      { method: 'POST', url: '/api/sites', payload: { id: randomUUID(), name: '   ' } },
      { method: 'POST', url: '/api/sites', payload: { id: randomUUID(), name: 'X', colour: 'red' } },
      { method: 'POST', url: '/api/sites', payload: { id: randomUUID(), name: 'X', gps: { lat: 91, lng: 0 } } },
      { method: 'POST', url: '/api/sites', payload: { id: randomUUID(), name: 'X', gps: { lat: 0, lng: 181 } } },
      { method: 'POST', url: '/api/sites', payload: { id: randomUUID(), name: 'X', siteTypeId: randomUUID() } },
      { method: 'POST', url: '/api/sites', payload: { id: randomUUID(), name: 'X' }, key: 'not-a-uuid' },
      { method: 'PATCH', url: `/api/sites/${site.id}`, payload: { baseVersion: 1, changes: {} } },
      { method: 'PATCH', url: `/api/sites/${site.id}`, payload: { baseVersion: 1, changes: { name: '' } } },
      { method: 'PATCH', url: `/api/sites/${site.id}`, payload: { baseVersion: 0, changes: { name: 'Y' } } },
      { method: 'PATCH', url: `/api/sites/${site.id}`, payload: { changes: { name: 'Y' } } },
      { method: 'PATCH', url: '/api/sites/not-a-uuid', payload: { baseVersion: 1, changes: { name: 'Y' } } },
      { method: 'GET', url: '/api/sites/not-a-uuid' },
      { method: 'GET', url: '/api/sites/not-a-uuid/history' },
      { method: 'DELETE', url: `/api/sites/${site.id}`, payload: { baseVersion: 'one' } },
      { method: 'POST', url: `/api/sites/${site.id}/restore`, payload: {} },
      { method: 'POST', url: `/api/sites/${site.id}/stages`, payload: { id: randomUUID(), kind: 'fourD', name: 'X' } },
      { method: 'POST', url: `/api/sites/${site.id}/stages`, payload: { id: randomUUID(), kind: 'threeD', name: '' } },
      { method: 'PUT', url: `/api/sites/${site.id}/stages/order`, payload: { kind: 'threeD', ids: ['x'] } },
      { method: 'PUT', url: `/api/sites/${site.id}/stages/order`, payload: { kind: 'threeD', ids: [randomUUID()] } },
      { method: 'PATCH', url: `/api/sites/${site.id}/stages/${randomUUID()}`, payload: {} },
      { method: 'POST', url: '/api/sites/types', payload: { id: randomUUID(), name: '' } },
      { method: 'PATCH', url: `/api/sites/types/${randomUUID()}`, payload: { baseVersion: 1, changes: { name: 'X', extra: 1 } } },
    ];
    for (const attempt of bad) {
      const response = await call(attempt);
      expect(response.status, `${attempt.method} ${attempt.url} ${JSON.stringify(attempt.payload)}: ${JSON.stringify(response.body)}`).toBe(400);
      expect(response.body.message).toMatch(/^(validation|sites)\./);
    }
    expect((await call<Site>({ url: `/api/sites/${site.id}` })).data.version).toBe(1);
  });
});

describe('rights and districts', () => {
  it('a reader reads but gets 403 on every write route', async () => {
    const site = await newSite();
    const stage = await call<Site>({ method: 'POST', url: `/api/sites/${site.id}/stages`, payload: { id: randomUUID(), kind: 'threeD', name: 'Plan' } });
    const stageId = stage.data.stages[0]!.id;
    const types = await call<SiteType[]>({ url: '/api/sites/types' });
    const type = types.data[0]!;
    expect((await call({ url: `/api/sites/${site.id}`, token: reader })).status).toBe(200);
    const writes: Call[] = [
      { method: 'POST', url: '/api/sites', payload: { id: randomUUID(), name: 'X' } },
      { method: 'PATCH', url: `/api/sites/${site.id}`, payload: { baseVersion: 2, changes: { name: 'Y' } } },
      { method: 'DELETE', url: `/api/sites/${site.id}`, payload: { baseVersion: 2 } },
      { method: 'POST', url: `/api/sites/${site.id}/restore`, payload: { baseVersion: 2 } },
      { method: 'POST', url: `/api/sites/${site.id}/stages`, payload: { id: randomUUID(), kind: 'threeD', name: 'Z' } },
      { method: 'PATCH', url: `/api/sites/${site.id}/stages/${stageId}`, payload: { name: 'Z' } },
      { method: 'DELETE', url: `/api/sites/${site.id}/stages/${stageId}` },
      { method: 'PUT', url: `/api/sites/${site.id}/stages/order`, payload: { kind: 'threeD', ids: [stageId] } },
      { method: 'POST', url: '/api/sites/types', payload: { id: randomUUID(), name: 'Nouveau' } },
      { method: 'PATCH', url: `/api/sites/types/${type.id}`, payload: { baseVersion: type.version, changes: { name: 'Autre' } } },
      { method: 'DELETE', url: `/api/sites/types/${type.id}`, payload: { baseVersion: type.version } },
    ];
    for (const attempt of writes) {
      const response = await call({ ...attempt, token: reader });
      expect(response.status, `${attempt.method} ${attempt.url}`).toBe(403);
      expect(response.body.message).toBe('auth.missing_rights');
    }
    expect((await call<Site>({ url: `/api/sites/${site.id}` })).data).toMatchObject({ version: 2, name: site.name });
  });

  it('another district\'s site is a 404 on every route', async () => {
    const attempts: Call[] = [
      { url: `/api/sites/${marseilleSite}` },
      { url: `/api/sites/${marseilleSite}/history` },
      { method: 'PATCH', url: `/api/sites/${marseilleSite}`, payload: { baseVersion: 1, changes: { name: 'Pris' } } },
      { method: 'DELETE', url: `/api/sites/${marseilleSite}`, payload: { baseVersion: 1 } },
      { method: 'POST', url: `/api/sites/${marseilleSite}/restore`, payload: { baseVersion: 1 } },
      { method: 'POST', url: `/api/sites/${marseilleSite}/stages`, payload: { id: randomUUID(), kind: 'threeD', name: 'Z' } },
      { method: 'PUT', url: `/api/sites/${marseilleSite}/stages/order`, payload: { kind: 'threeD', ids: [] } },
    ];
    for (const attempt of attempts) {
      const response = await call(attempt);
      expect(response.status, `${attempt.method ?? 'GET'} ${attempt.url}`).toBe(404);
      expect(response.body.data).toBeUndefined();
    }
    for (const query of ['?limit=200', '?search=Arenc', '?deleted=true']) {
      expect((await list(query)).data.items.map((s) => s.id)).not.toContain(marseilleSite);
    }
  });
});

describe('stages and types', () => {
  it('adds, renames, reorders and removes stages, each a new version of the site', async () => {
    const site = await newSite({ name: 'Site à étages' });
    const panorama = randomUUID();
    const a = randomUUID();
    const b = randomUUID();
    let current = (await call<Site>({ method: 'POST', url: `/api/sites/${site.id}/stages`, payload: { id: a, kind: 'threeSixty', name: 'Hall', attachmentId: panorama } })).data;
    current = (await call<Site>({ method: 'POST', url: `/api/sites/${site.id}/stages`, payload: { id: b, kind: 'threeSixty', name: 'Toit' } })).data;
    expect(current.version).toBe(3);
    expect(current.stages.map((s) => [s.name, s.position, s.imageUrl, s.thumbnailUrl])).toEqual([
      ['Hall', 0, `/api/attachments/${panorama}`, `/api/attachments/${panorama}/thumbnail`],
      ['Toit', 1, null, null],
    ]);
    const summary = (await list('?search=etages')).data.items[0]!;
    expect(summary.thumbnailUrl).toBe(`/api/attachments/${panorama}/thumbnail`);

    const taken = await call({ method: 'POST', url: `/api/sites/${site.id}/stages`, payload: { id: randomUUID(), kind: 'threeSixty', name: 'Hall' } });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('sites.stage_name_taken');

    current = (await call<Site>({ method: 'PUT', url: `/api/sites/${site.id}/stages/order`, payload: { kind: 'threeSixty', ids: [b, a] } })).data;
    expect(current.stages.map((s) => s.name)).toEqual(['Toit', 'Hall']);
    current = (await call<Site>({ method: 'PATCH', url: `/api/sites/${site.id}/stages/${b}`, payload: { name: 'Terrasse' } })).data;
    current = (await call<Site>({ method: 'DELETE', url: `/api/sites/${site.id}/stages/${a}` })).data;
    expect(current.stages.map((s) => s.name)).toEqual(['Terrasse']);
    expect(current.version).toBe(6);
    expect((await call({ method: 'DELETE', url: `/api/sites/${site.id}/stages/${a}` })).status).toBe(404);
    const history = (await call<HistoryEntry[]>({ url: `/api/sites/${site.id}/history` })).data;
    expect(history[0]!.changes).toEqual([{ field: 'stages.threeSixty', before: ['Terrasse', 'Hall'], after: ['Terrasse'] }]);
    expect(history[2]!.changes).toEqual([{ field: 'stages.threeSixty', before: ['Hall', 'Toit'], after: ['Toit', 'Hall'] }]);
  });

  it('serves legacy stage images on the viewer path', async () => {
    const gerland = (await list('?search=gerland')).data.items[0]!;
    const site = (await call<Site>({ url: `/api/sites/${gerland.id}` })).data;
    const entree = site.stages.find((s) => s.name === 'Entrée')!;
    expect(entree.imageUrl).toBe(`/api/files/viewer/${site.districtId}/${site.id}/${encodeURIComponent('Entrée')}`);
    expect(entree.thumbnailUrl).toBeNull();
    const image = await server.app.inject({ url: entree.imageUrl!, headers: bearer(reader) });
    expect(image.statusCode).toBe(200);
  });

  it('manages site types: unique names, versions, no deletion while in use', async () => {
    const id = randomUUID();
    const created = await call<SiteType>({ method: 'POST', url: '/api/sites/types', payload: { id, name: 'Parking' }, key: randomUUID() });
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({ id, name: 'Parking', version: 1, siteCount: 0 });
    expect((await call({ method: 'POST', url: '/api/sites/types', payload: { id: randomUUID(), name: 'parking' } })).body.message).toBe('sites.type_name_taken');
    const renamed = await call<SiteType>({ method: 'PATCH', url: `/api/sites/types/${id}`, payload: { baseVersion: 1, changes: { name: 'Parkings' } } });
    expect(renamed.data).toMatchObject({ name: 'Parkings', version: 2 });
    const stale = await call({ method: 'PATCH', url: `/api/sites/types/${id}`, payload: { baseVersion: 1, changes: { name: 'P' } } });
    expect(stale.status).toBe(409);
    expect(stale.body.current).toMatchObject({ version: 2 });

    const site = await newSite({ siteTypeId: id });
    expect(site.siteTypeName).toBe('Parkings');
    const inUse = await call({ method: 'DELETE', url: `/api/sites/types/${id}`, payload: { baseVersion: 2 } });
    expect(inUse.status).toBe(409);
    expect(inUse.body.message).toBe('sites.type_in_use');
    await call({ method: 'PATCH', url: `/api/sites/${site.id}`, payload: { baseVersion: 1, changes: { siteTypeId: null } } });
    const removed = await call<SiteType>({ method: 'DELETE', url: `/api/sites/types/${id}`, payload: { baseVersion: 2 } });
    expect(removed.status).toBe(200);
    expect((await call<SiteType[]>({ url: '/api/sites/types' })).data.map((t) => t.id)).not.toContain(id);
  });
});

describe('lists read again after a write', () => {
  // The embedded server keeps list pages and type lists between requests (_platform/list.ts
  // PageCache): every write must show in the next read, for every member of the district.
  it('show a renamed site, a renamed type, a new site and a deleted one at once, to every reader', async () => {
    const typeId = randomUUID();
    expect((await call({ method: 'POST', url: '/api/sites/types', payload: { id: typeId, name: 'Hangar' }, key: randomUUID() })).status).toBe(201);
    const site = await newSite({ name: 'Aaa cache probe', siteTypeId: typeId });
    const query = `?siteType=${typeId}`;
    expect((await list(query, reader)).data.items.map((s) => [s.name, s.siteTypeName])).toEqual([['Aaa cache probe', 'Hangar']]);
    expect((await call<SiteType[]>({ url: '/api/sites/types', token: reader })).data.find((t) => t.id === typeId)?.siteCount).toBe(1);

    await call({ method: 'PATCH', url: `/api/sites/${site.id}`, payload: { baseVersion: 1, changes: { name: 'Aaa cache probe renamed' } } });
    expect((await list(query, reader)).data.items.map((s) => s.name)).toEqual(['Aaa cache probe renamed']);
    await call({ method: 'PATCH', url: `/api/sites/types/${typeId}`, payload: { baseVersion: 1, changes: { name: 'Hangars' } } });
    expect((await list(query, reader)).data.items.map((s) => s.siteTypeName)).toEqual(['Hangars']);
    expect((await call<SiteType[]>({ url: '/api/sites/types', token: reader })).data.find((t) => t.id === typeId)?.name).toBe('Hangars');

    const second = await newSite({ name: 'Aab cache probe', siteTypeId: typeId });
    const both = await list(query, reader);
    expect(both.data.items.map((s) => s.id)).toEqual([site.id, second.id]);
    expect(both.data.total).toBe(2);
    expect((await call<SiteType[]>({ url: '/api/sites/types', token: reader })).data.find((t) => t.id === typeId)?.siteCount).toBe(2);

    await call({ method: 'DELETE', url: `/api/sites/${second.id}`, payload: { baseVersion: 1 } });
    expect((await list(query, reader)).data.items.map((s) => s.id)).toEqual([site.id]);
    expect((await list(`${query}&deleted=true`)).data.items.map((s) => s.id)).toEqual([second.id]);
  });
});

describe('the emergency dialog reads sites through the module', () => {
  it('does not offer a deleted site', async () => {
    const site = await newSite({ name: 'Bientôt supprimé' });
    const names = async () => (await call<{ _id: string }[]>({ url: '/api/emergency/sites' })).data.map((s) => s._id);
    expect(await names()).toContain(site.id);
    await call({ method: 'DELETE', url: `/api/sites/${site.id}`, payload: { baseVersion: 1 } });
    expect(await names()).not.toContain(site.id);
    expect((await call({ url: `/api/emergency/getSiteStages/${site.id}` })).status).toBe(404);
    const send = await call({ method: 'POST', url: '/api/emergency/sendInformations', payload: emergencyPayload(site.id), key: randomUUID() });
    expect(send.status).toBe(404);
    expect(send.body.message).toBe('emergency.site_not_found');
  });

  it('offers a stage\'s uploaded panorama by its attachment URL', async () => {
    const site = await newSite({ name: 'Avec panorama' });
    const attachmentId = randomUUID();
    await call({ method: 'POST', url: `/api/sites/${site.id}/stages`, payload: { id: randomUUID(), kind: 'threeSixty', name: 'Cour', attachmentId } });
    const stages = await call<{ name: string; imageUrl: string | null }[]>({ url: `/api/emergency/getAll360Stages/${site.id}` });
    expect(stages.data).toEqual([{ name: 'Cour', imageUrl: `/api/attachments/${attachmentId}` }]);
  });
});

describe('concurrency and live updates', () => {
  it('writes a create sent several times at once exactly once', async () => {
    const key = randomUUID();
    const payload = { id: randomUUID(), name: 'Rafale' };
    const answers = await Promise.all(Array.from({ length: 6 }, () => call<Site>({ method: 'POST', url: '/api/sites', payload, key })));
    for (const answer of answers) {
      if (answer.status === 409) expect(answer.body.message).toBe('request.in_flight');
      else expect(answer.status).toBe(201);
    }
    const acme = await server.databases.client('acme');
    const { rows } = await acme.query<{ n: number }>(`select count(*)::int as n from record_history where record_id = $1`, [payload.id]);
    expect(rows[0]!.n).toBe(1);
    // Whoever got a 409 retries and gets the first answer.
    const retry = await call<Site>({ method: 'POST', url: '/api/sites', payload, key });
    expect(retry.status).toBe(201);
    expect(retry.data.id).toBe(payload.id);
  });

  it('tells the district\'s open apps which site changed and its new version', async () => {
    const base = await listenOnLoopback(server);
    const open = (token: string) =>
      new Promise<Socket>((resolve, reject) => {
        const socket = connect(base, { path: '/ws', transports: ['websocket'], auth: { token }, reconnection: false });
        socket.on('connect', () => resolve(socket));
        socket.on('connect_error', reject);
      });
    const lyonSocket = await open(reader);
    try {
      const site = await newSite({ name: 'Suivi en direct' });
      const received = new Promise<unknown>((resolve) =>
        lyonSocket.on(RECORDS_CHANGED_EVENT, (event: { id: string; version: number }) => {
          if (event.id === site.id && event.version === 2) resolve(event);
        }),
      );
      await call({ method: 'PATCH', url: `/api/sites/${site.id}`, payload: { baseVersion: 1, changes: { name: 'Suivi' } } });
      expect(await received).toEqual({ module: 'sites', id: site.id, version: 2 });
    } finally {
      lyonSocket.disconnect();
    }
  });
});

describe('the benchmark seed', () => {
  it('adds sites in batches that the list pages through', async () => {
    const acme = await server.databases.client('acme');
    const { rows } = await acme.query<{ id: string }>(`select id from districts where name = 'Paris'`);
    const paris = rows[0]!.id;
    const actor = randomUUID();
    expect(await seedBenchSites(acme, paris, actor, 1_200)).toBe(1_200);
    const repository = new SitesRepository({ db: acme, dbName: 'acme', control: server.databases.control, districtId: paris, actor: { id: actor } });
    const first = await repository.list({ limit: 200 });
    expect(first.total).toBe(DEMO_SITES.Paris!.length + 1_200);
    const second = await repository.list({ limit: 200, cursor: first.nextCursor! });
    expect(second.items).toHaveLength(200);
    expect(new Set([...first.items, ...second.items].map((s) => s.id)).size).toBe(400);
    const { rows: history } = await acme.query<{ n: number }>(`select count(*)::int as n from record_history where district_id = $1 and actor_id = $2`, [paris, actor]);
    expect(history[0]!.n).toBe(1_200);
  });
});

describe('module migrations', () => {
  it('upgrade a client database of the previous release in place, keeping its sites', async () => {
    const name = 'upgrade';
    const db = usePostgres
      ? await openPostgresDatabase(name, databaseUrl(server.config.databaseUrl!, `${server.config.databasePrefix}${name}`))
      : await openPgliteDatabase(name, join(server.config.dataDir, 'clients', name), server.config.pgliteTemplateDir);
    try {
      // The database as the previous release left it: core migrations only, a site with a stored image.
      await migrate(db, clientMigrations);
      const district = randomUUID();
      const site = randomUUID();
      await db.query(`insert into districts (id, name) values ($1, 'Ancien')`, [district]);
      await db.query(
        `insert into sites (id, district_id, name, full_address, gps_lat, gps_lng, owner_name, created_at) values ($1, $2, 'Entrepôt Ancien', '1 rue Haute, 69001 Lyon', 45.7, 4.8, 'Zoé', '2025-03-01T10:00:00Z')`,
        [site, district],
      );
      await db.query(`insert into site_stages (id, site_id, kind, name, position, image, image_type) values ($1, $2, 'threeSixty', 'Hall', 0, $3, 'image/png')`, [
        randomUUID(),
        site,
        Buffer.from([1, 2, 3]),
      ]);

      expect(await migrateModules(db, MODULE_MIGRATIONS)).toEqual(MODULE_MIGRATIONS.flatMap((m) => m.migrations.map((x) => `${m.module}:${x.version}`)));
      const repository = new SitesRepository({ db, dbName: name, control: server.databases.control, districtId: district, actor: { id: randomUUID() } });
      const upgraded = await repository.get(site);
      expect(upgraded).toMatchObject({ name: 'Entrepôt Ancien', version: 1, createdAt: '2025-03-01T10:00:00.000Z', updatedAt: '2025-03-01T10:00:00.000Z', deletedAt: null, siteTypeId: null, ownerName: 'Zoé' });
      expect(upgraded.stages[0]!.imageUrl).toBe(`/api/files/viewer/${district}/${site}/Hall`);
      expect((await repository.list({ search: 'entrepot' })).items.map((s) => s.id)).toEqual([site]);
      expect(await migrateModules(db, MODULE_MIGRATIONS)).toEqual([]);
    } finally {
      await db.close();
    }
  });


  it('are recorded per module and applied once', async () => {
    const db = await server.databases.client('bellevue');
    expect(await migrateModules(db, MODULE_MIGRATIONS)).toEqual([]);
    const { rows } = await db.query<{ module: string; version: number }>('select module, version from module_migrations order by module, version');
    expect(rows).toEqual(MODULE_MIGRATIONS.flatMap((m) => m.migrations.map((x) => ({ module: m.module, version: x.version }))).sort((a, b) => a.module.localeCompare(b.module)));
  });
});
