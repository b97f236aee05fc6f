import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DistrictRef, Envelope } from '../../common/api-types.js';
import { bearer, login, startTestServer, type TestServer } from './helper.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.destroy());

const call = <T>(method: 'GET' | 'POST' | 'PATCH', url: string, token: string, payload?: object) =>
  server.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) }).then((r) => ({ status: r.statusCode, body: r.json<Envelope<T>>() }));

describe('district administration', () => {
  it('lists the districts of the session client, sorted by name', async () => {
    const { token } = await login(server, 'district-admin@demo.vigie.test');
    const list = await call<DistrictRef[]>('GET', '/api/districts', token);
    expect(list.status).toBe(200);
    expect(list.body.data.map((d) => d.name)).toEqual(['Lyon', 'Marseille', 'Paris']);
  });

  it('creates a district with its creator as member, and refuses a duplicate name', async () => {
    const admin = await login(server, 'district-admin@demo.vigie.test');
    const created = await call<DistrictRef>('POST', '/api/districts', admin.token, { name: '  Grenoble ' });
    expect(created.status).toBe(201);
    expect(created.body.data.name).toBe('Grenoble');
    const acme = await server.databases.client('acme');
    const members = await acme.query<{ account_id: string }>('select account_id from memberships where district_id = $1', [created.body.data._id]);
    const adminId = (JSON.parse(Buffer.from(admin.token.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;
    expect(members.rows.map((m) => m.account_id)).toEqual([adminId]);

    const list = await call<DistrictRef[]>('GET', '/api/districts', admin.token);
    expect(list.body.data.map((d) => d.name)).toEqual(['Grenoble', 'Lyon', 'Marseille', 'Paris']);

    const duplicate = await call('POST', '/api/districts', admin.token, { name: 'grenoble' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toMatchObject({ message: 'district.name_already_used' });

    // Bellevue did not get it.
    const bellevue = await server.databases.client('bellevue');
    const { rows } = await bellevue.query<{ name: string }>('select name from districts');
    expect(rows.map((r) => r.name).sort()).toEqual(['Nantes', 'Rennes']);
  });

  it('renames a district of the client; another client id is not found', async () => {
    const admin = await login(server, 'district-admin@demo.vigie.test');
    const list = await call<DistrictRef[]>('GET', '/api/districts', admin.token);
    const paris = list.body.data.find((d) => d.name === 'Paris')!;
    const renamed = await call<DistrictRef>('PATCH', `/api/districts/${paris._id}`, admin.token, { name: 'Paris Centre' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toEqual({ _id: paris._id, name: 'Paris Centre' });

    const bellevue = await server.databases.client('bellevue');
    const { rows } = await bellevue.query<{ id: string }>(`select id from districts where name = 'Nantes'`);
    const foreign = await call('PATCH', `/api/districts/${rows[0]!.id}`, admin.token, { name: 'Hijacked' });
    expect(foreign.status).toBe(404);
    const after = await bellevue.query<{ name: string }>('select name from districts where id = $1', [rows[0]!.id]);
    expect(after.rows[0]!.name).toBe('Nantes');
  });

  it('rejects bad input with a 400 and a message', async () => {
    const admin = await login(server, 'district-admin@demo.vigie.test');
    for (const payload of [{ name: '' }, { name: '   ' }, { name: 'x'.repeat(101) }, {}, { name: 'Ok', extra: 1 }]) {
      const response = await call('POST', '/api/districts', admin.token, payload);
      expect(response.status).toBe(400);
      expect(response.body).toHaveProperty('message');
    }
  });

  it('needs district.admin', async () => {
    const { token } = await login(server, 'field@demo.vigie.test');
    const response = await call('GET', '/api/districts', token);
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ message: 'auth.missing_rights', requiredPermissions: ['district'] });
    expect(await call('POST', '/api/districts', token, { name: 'Nope' })).toMatchObject({ status: 403 });
  });

  it('an administrator reaches only the districts it administers; the operator reaches all', async () => {
    const operator = await login(server, 'operator@demo.vigie.test');
    const created = await call<DistrictRef>('POST', '/api/districts', operator.token, { name: 'Annecy' });
    expect(created.status).toBe(201);

    const admin = await login(server, 'district-admin@demo.vigie.test');
    const seen = await call<DistrictRef[]>('GET', '/api/districts', admin.token);
    expect(seen.body.data.map((d) => d.name)).not.toContain('Annecy');
    expect(seen.body.data.map((d) => d.name)).toContain('Lyon');
    const renamed = await call('PATCH', `/api/districts/${created.body.data._id}`, admin.token, { name: 'Taken over' });
    expect(renamed.status).toBe(404);
    expect(renamed.body).toMatchObject({ message: 'district.not_found' });

    const all = await call<DistrictRef[]>('GET', '/api/districts', operator.token);
    expect(all.body.data.map((d) => d.name)).toContain('Annecy');
    const byOperator = await call<DistrictRef>('PATCH', `/api/districts/${created.body.data._id}`, operator.token, { name: 'Annecy Lac' });
    expect(byOperator.status).toBe(200);
  });
});
