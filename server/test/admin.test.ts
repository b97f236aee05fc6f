import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DistrictRef, Envelope, RefreshData } from '../../common/api-types.js';
import { NOTIFICATION_EVENT } from '../src/notifications/notifier.js';
import type { AvailableClient, ChangeResult } from '../src/routes/api/admin/index.js';
import { bearer, login, refreshCookieOf, startTestServer, type TestServer, listenOnLoopback } from './helper.js';

let server: TestServer;
let base: string;
beforeAll(async () => {
  server = await startTestServer();
  base = await listenOnLoopback(server);
});
afterAll(() => server?.destroy());

const get = <T>(url: string, token: string) => server.app.inject({ url, headers: bearer(token) }).then((r) => ({ status: r.statusCode, body: r.json<Envelope<T>>() }));
const post = <T>(url: string, token: string, payload: object, cookie?: string) =>
  server.app
    .inject({ method: 'POST', url, headers: { ...bearer(token), ...(cookie ? { cookie } : {}) }, payload })
    .then((r) => ({ status: r.statusCode, body: r.json<Envelope<T>>(), headers: r.headers }));

async function districtIds(database: string): Promise<Record<string, string>> {
  const db = await server.databases.client(database);
  const { rows } = await db.query<{ id: string; name: string }>('select id, name from districts');
  return Object.fromEntries(rows.map((r) => [r.name, r.id]));
}

describe('change client', () => {
  it('lists the clients and districts sorted by name', async () => {
    const { token } = await login(server, 'operator@demo.vigie.test');
    const clients = await get<AvailableClient[]>('/api/admin/availableClients', token);
    expect(clients.body.data).toEqual([
      { name: 'Acme Industrie', database: { name: 'acme' } },
      { name: 'Bellevue Santé', database: { name: 'bellevue' } },
    ]);
    const districts = await get<DistrictRef[]>('/api/admin/districtNames?database=bellevue', token);
    expect(districts.body.data.map((d) => d.name)).toEqual(['Nantes', 'Rennes']);
  });

  it('moves the session to the other client: refresh, rights, data and socket follow', async () => {
    const operator = await login(server, 'operator@demo.vigie.test');
    const socket = await new Promise<Socket>((resolve, reject) => {
      const s = connect(base, { path: '/ws', transports: ['websocket'], auth: { token: operator.token }, reconnection: false });
      s.on('connect', () => resolve(s));
      s.on('connect_error', reject);
    });
    const events: string[] = [];
    socket.on(NOTIFICATION_EVENT, (event: { notification: { name: string } }) => events.push(event.notification.name));
    try {
      const rennes = (await districtIds('bellevue')).Rennes!;
      const changed = await post<ChangeResult>('/api/admin/changeClient', operator.token, { database: 'bellevue', district: rennes });
      expect(changed.status).toBe(200);
      expect(changed.body.data).toEqual({ client: { name: 'Bellevue Santé', database: 'bellevue' }, district: { _id: rennes, name: 'Rennes' } });
      expect(changed.body.unreadNotificationsNumber).toBe(2);

      // The token of the old tenant no longer reaches anything.
      const stale = await server.app.inject({ url: '/api/auth/district', headers: bearer(operator.token) });
      expect(stale.statusCode).toBe(401);
      expect(stale.json()).toEqual({ message: 'session.tenant_changed' });

      const refreshed = await server.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie: operator.cookie } });
      const token = refreshed.json<Envelope<RefreshData>>().data.token;
      expect(refreshCookieOf(refreshed.headers)).not.toBeNull();
      const district = await get<{ name: string; client: { name: string } }>('/api/auth/district', token);
      expect(district.body.data.name).toBe('Rennes');
      expect(district.body.data.client.name).toBe('Bellevue Santé');

      // Notifications of the new district reach the socket; those of the old one do not.
      const admin = await login(server, 'district-admin@demo.vigie.test'); // Acme, Lyon
      await post('/api/notifications/announce', admin.token, { name: 'Pour Lyon seulement' });
      const bellevue = await server.databases.client('bellevue');
      const { rows } = await bellevue.query<{ account_id: string }>('select account_id from memberships where district_id = $1', [rennes]);
      const arrived = new Promise((resolve) => socket.once(NOTIFICATION_EVENT, resolve));
      await server.ctx.notifier.publish(bellevue, 'bellevue', rennes, rows.map((r) => r.account_id), { name: 'Pour Rennes', translate: false });
      await arrived;
      expect(events).toEqual(['Pour Rennes']);

      // A new login lands where the account last worked.
      const again = await login(server, 'operator@demo.vigie.test');
      expect(again.session.client.database).toBe('bellevue');
      expect(again.session.district.name).toBe('Rennes');
    } finally {
      socket.close();
      const lyon = (await districtIds('acme')).Lyon!;
      const back = await login(server, 'operator@demo.vigie.test');
      await post('/api/admin/changeClient', back.token, { database: 'acme', district: lyon });
    }
  });

  it('refuses a client change without opteamum.clients, naming the module', async () => {
    const { token } = await login(server, 'districts@demo.vigie.test');
    const response = await get('/api/admin/availableClients', token);
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: 'auth.missing_rights', requiredPermissions: ['opteamum'] });
    const lyon = (await districtIds('acme')).Lyon!;
    expect((await post('/api/admin/changeClient', token, { database: 'acme', district: lyon })).status).toBe(403);
  });

  it('refuses unknown clients and districts, and districts of another client', async () => {
    const { token } = await login(server, 'operator@demo.vigie.test');
    const rennes = (await districtIds('bellevue')).Rennes!;
    expect((await post('/api/admin/changeClient', token, { database: 'acme', district: rennes })).body).toEqual({ message: 'admin.district_not_found' });
    expect((await post('/api/admin/changeClient', token, { database: 'nosuch', district: rennes })).status).toBe(404);
    expect((await get('/api/admin/districtNames?database=nosuch', token)).status).toBe(404);
    for (const body of [{}, { database: 'acme' }, { database: 'ACME; drop', district: rennes }, { database: 'acme', district: 'x' }, { database: 1, district: rennes }]) {
      const response = await post('/api/admin/changeClient', token, body);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ message: 'validation.invalid_request' });
    }
    expect((await get('/api/admin/districtNames', token)).status).toBe(400);
  });
});

describe('change district', () => {
  it('the districts account lists its client’s districts and moves between them', async () => {
    const switcher = await login(server, 'districts@demo.vigie.test');
    const available = await get<DistrictRef[]>('/api/admin/availableDistricts', switcher.token);
    expect(available.body.data.map((d) => d.name)).toEqual(['Lyon', 'Marseille', 'Paris']);
    const paris = available.body.data.find((d) => d.name === 'Paris')!;
    const changed = await post<ChangeResult>('/api/admin/changeDistrict', switcher.token, { district: paris._id });
    expect(changed.status).toBe(200);
    expect(changed.body.data.district).toEqual(paris);
    expect(changed.body.rights).toEqual(['opteamum.districts', 'sites.read']);
    const refreshed = await server.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie: switcher.cookie } });
    const token = refreshed.json<Envelope<RefreshData>>().data.token;
    expect((await get<{ name: string }>('/api/auth/district', token)).body.data.name).toBe('Paris');
    await post('/api/admin/changeDistrict', token, { district: available.body.data[0]!._id });
  });

  it('a field user (no opteamum right) cannot change district', async () => {
    const { token } = await login(server, 'field@demo.vigie.test');
    expect((await get('/api/admin/availableDistricts', token)).status).toBe(403);
  });

  it('cannot move to a district the account is not a member of', async () => {
    const field = await login(server, 'field@demo.vigie.test');
    const paris = (await districtIds('acme')).Paris!;
    // Give the field user the right, not the membership.
    const db = await server.databases.client('acme');
    const lyon = (await districtIds('acme')).Lyon!;
    const accountId = JSON.parse(Buffer.from(field.token.split('.')[1]!, 'base64url').toString()).sub;
    await db.query(`update memberships set rights = array_append(rights, 'opteamum.districts') where district_id = $1 and account_id = $2`, [lyon, accountId]);
    // A write outside the routes tells the envelope cache, as every writer of rights does.
    server.ctx.tenantCache.invalidate({ kind: 'member', db: 'acme', districtId: lyon, accountId });
    try {
      const response = await post('/api/admin/changeDistrict', field.token, { district: paris });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ message: 'admin.district_not_found' });
    } finally {
      await db.query(`update memberships set rights = array_remove(rights, 'opteamum.districts') where district_id = $1 and account_id = $2`, [lyon, accountId]);
      server.ctx.tenantCache.invalidate({ kind: 'member', db: 'acme', districtId: lyon, accountId });
    }
  });
});
