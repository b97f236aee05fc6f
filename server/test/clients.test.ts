import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DistrictRef, Envelope } from '../../common/api-types.js';
import type { AvailableClient } from '../src/routes/api/admin/index.js';
import type { ClientEntry } from '../src/routes/api/clients/index.js';
import { bearer, login, startTestServer, type TestServer } from './helper.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.destroy());

const call = <T>(method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  server.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) }).then((r) => ({ status: r.statusCode, body: r.json<Envelope<T>>() }));

describe('operator client management', () => {
  it('lists every client with its districts, sorted by name', async () => {
    const { token } = await login(server, 'operator@demo.vigie.test');
    const list = await call<ClientEntry[]>('GET', '/api/clients', token);
    expect(list.status).toBe(200);
    expect(list.body.data.map((c) => [c.name, c.database, c.districts.map((d) => d.name)])).toEqual([
      ['Acme Industrie', 'acme', ['Lyon', 'Marseille', 'Paris']],
      ['Bellevue Santé', 'bellevue', ['Nantes', 'Rennes']],
    ]);
  });

  it('creates a client, its database and first district; the operator can switch there', async () => {
    const operator = await login(server, 'operator@demo.vigie.test');
    const created = await call<ClientEntry>('POST', '/api/clients', operator.token, { name: 'Cordier Logistique', database: 'cordier', district: 'Lille' });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ name: 'Cordier Logistique', database: 'cordier', districts: [{ name: 'Lille' }] });

    const db = await server.databases.client('cordier');
    const { rows } = await db.query<{ name: string }>('select name from districts');
    expect(rows.map((r) => r.name)).toEqual(['Lille']);

    const available = await call<AvailableClient[]>('GET', '/api/admin/availableClients', operator.token);
    expect(available.body.data.map((c) => c.database.name)).toContain('cordier');
    const districts = await call<DistrictRef[]>('GET', '/api/admin/districtNames?database=cordier', operator.token);
    const moved = await call('POST', '/api/admin/changeClient', operator.token, { database: 'cordier', district: districts.body.data[0]!._id });
    expect(moved.status).toBe(200);
  });

  it('refuses a taken database or name and bad input', async () => {
    const { token } = await login(server, 'operator@demo.vigie.test');
    expect(await call('POST', '/api/clients', token, { name: 'Other', database: 'acme', district: 'X' })).toMatchObject({ status: 409, body: { message: 'client.database_already_used' } });
    expect(await call('POST', '/api/clients', token, { name: 'acme industrie', database: 'acme2', district: 'X' })).toMatchObject({ status: 409, body: { message: 'client.name_already_used' } });
    for (const payload of [{ name: 'Ok', database: 'Bad Name', district: 'X' }, { name: ' ', database: 'okdb', district: 'X' }, { name: 'Ok', database: 'okdb' }]) {
      expect((await call('POST', '/api/clients', token, payload)).status).toBe(400);
    }
    const { rows } = await server.databases.control.query('select database from clients where database = $1', ['okdb']);
    expect(rows).toEqual([]);
  });

  it('needs opteamum.admin', async () => {
    const { token } = await login(server, 'district-admin@demo.vigie.test');
    expect(await call('GET', '/api/clients', token)).toMatchObject({ status: 403, body: { message: 'auth.missing_rights', requiredPermissions: ['opteamum'] } });
  });
});
