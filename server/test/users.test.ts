import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../../common/api-types.js';
import type { UserEntry } from '../src/routes/api/users/index.js';
import { bearer, login, startTestServer, type TestServer, listenOnLoopback } from './helper.js';

let server: TestServer;
let base: string;
beforeAll(async () => {
  server = await startTestServer();
  base = await listenOnLoopback(server);
});
afterAll(() => server?.destroy());

const call = <T>(method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  server.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) }).then((r) => ({ status: r.statusCode, body: r.json<Envelope<T>>() }));

const adminToken = async () => (await login(server, 'district-admin@demo.vigie.test')).token;

describe('user administration', () => {
  it('lists the members of the session district with their rights', async () => {
    const list = await call<UserEntry[]>('GET', '/api/users', await adminToken());
    expect(list.status).toBe(200);
    const emails = list.body.data.map((u) => u.email);
    expect(emails).toEqual([...emails].sort());
    expect(emails).toEqual(expect.arrayContaining(['district-admin@demo.vigie.test', 'field@demo.vigie.test', 'operator@demo.vigie.test']));
    expect(list.body.data.find((u) => u.email === 'field@demo.vigie.test')).toMatchObject({ disabled: false, rights: expect.arrayContaining(['sites.read']) });
  });

  it('creates an account with a password and rights, in the admin district; it can log in', async () => {
    const token = await adminToken();
    const created = await call<UserEntry>('POST', '/api/users', token, { email: 'New.Person@demo.vigie.test', password: 'long-enough-1', rights: ['sites.read'] });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ email: 'new.person@demo.vigie.test', rights: ['sites.read'], disabled: false });

    const session = await login(server, 'new.person@demo.vigie.test', 'long-enough-1');
    expect(session.session.client.database).toBe('acme');
    expect(session.session.district.name).toBe('Lyon');
    expect(session.envelope.rights).toEqual(['sites.read']);
    const stored = await server.databases.control.query<{ password_hash: string }>('select password_hash from accounts where id = $1', [created.body.data._id]);
    expect(stored.rows[0]!.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('a member e-mail is refused; an account of elsewhere is added with user_duplicated', async () => {
    const token = await adminToken();
    const again = await call('POST', '/api/users', token, { email: 'FIELD@demo.vigie.test', password: 'long-enough-1', rights: [] });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: 'user.email_already_used' });

    // districts@ is a member of Acme's districts; create one only in Bellevue through the operator.
    const operator = await login(server, 'operator@demo.vigie.test');
    const bellevue = await server.databases.client('bellevue');
    const { rows } = await bellevue.query<{ id: string }>(`select id from districts where name = 'Nantes'`);
    const moved = await server.app.inject({ method: 'POST', url: '/api/admin/changeClient', headers: bearer(operator.token), payload: { database: 'bellevue', district: rows[0]!.id } });
    expect(moved.statusCode).toBe(200);
    const refreshed = await server.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie: operator.cookie } });
    const operatorToken = refreshed.json<Envelope<{ token: string }>>().data.token;
    const nantesUser = await call<UserEntry>('POST', '/api/users', operatorToken, { email: 'nantes.only@demo.vigie.test', password: 'long-enough-1', rights: ['sites.read'] });
    expect(nantesUser.status).toBe(201);

    const duplicated = await call<UserEntry>('POST', '/api/users', token, { email: 'nantes.only@demo.vigie.test', password: 'ignored-password', rights: ['sites.read'] });
    expect(duplicated.status).toBe(200);
    expect(duplicated.body.message).toBe('user_duplicated');
    expect(duplicated.body.data._id).toBe(nantesUser.body.data._id);
    const list = await call<UserEntry[]>('GET', '/api/users', token);
    expect(list.body.data.map((u) => u.email)).toContain('nantes.only@demo.vigie.test');
    // The password of the existing account did not change.
    await expect(login(server, 'nantes.only@demo.vigie.test', 'ignored-password')).rejects.toThrow(/401|403/);
  });

  it('rejects bad input and rights the admin does not hold', async () => {
    const token = await adminToken();
    const bad = [
      { email: 'not-an-email', password: 'long-enough-1', rights: [] },
      { email: 'short@demo.vigie.test', password: 'short', rights: [] },
      { email: 'unknown-right@demo.vigie.test', password: 'long-enough-1', rights: ['made.up'] },
      { email: 'missing@demo.vigie.test', password: 'long-enough-1' },
    ];
    for (const payload of bad) {
      const response = await call('POST', '/api/users', token, payload);
      expect(response.status).toBe(400);
      expect(response.body).toHaveProperty('message');
    }
    const escalate = await call('POST', '/api/users', token, { email: 'boss@demo.vigie.test', password: 'long-enough-1', rights: ['opteamum.admin'] });
    expect(escalate.status).toBe(403);
    expect(escalate.body).toMatchObject({ message: 'user.rights_not_grantable' });
    const none = await server.databases.control.query('select id from accounts where email = $1', ['boss@demo.vigie.test']);
    expect(none.rows).toEqual([]);
  });

  it('edits the rights of a member; a non-member id is not found', async () => {
    const token = await adminToken();
    const list = await call<UserEntry[]>('GET', '/api/users', token);
    const field = list.body.data.find((u) => u.email === 'field@demo.vigie.test')!;
    const edited = await call<UserEntry>('PUT', `/api/users/${field._id}/rights`, token, { rights: ['sites.read', 'cartography.read'] });
    expect(edited.status).toBe(200);
    // The field user's equipment and count rights are beyond the district admin's reach: they stay.
    const kept = ['cartography.read', 'inventoryV2.equipment_read', 'sites.read', 'stockManagement.inventory_read'];
    expect(edited.body.data.rights).toEqual(kept);
    const fieldSession = await login(server, 'field@demo.vigie.test');
    expect([...fieldSession.envelope.rights].sort()).toEqual(kept);

    const stranger = await call('PUT', '/api/users/00000000-0000-4000-8000-000000000000/rights', token, { rights: [] });
    expect(stranger.status).toBe(404);
    expect(stranger.body).toMatchObject({ message: 'user.not_found' });
  });

  it('disabling ends the sessions and the sockets of the account', async () => {
    const token = await adminToken();
    const created = await call<UserEntry>('POST', '/api/users', token, { email: 'leaving@demo.vigie.test', password: 'long-enough-1', rights: ['sites.read'] });
    const leaving = await login(server, 'leaving@demo.vigie.test', 'long-enough-1');
    const socket = await new Promise<Socket>((resolve, reject) => {
      const s = connect(base, { path: '/ws', transports: ['websocket'], auth: { token: leaving.token }, reconnection: false });
      s.on('connect', () => resolve(s));
      s.on('connect_error', reject);
    });
    const disconnected = new Promise<string>((resolve) => socket.on('disconnect', (reason) => resolve(reason)));
    try {
      const disabled = await call<UserEntry>('POST', `/api/users/${created.body.data._id}/disable`, token);
      expect(disabled.status).toBe(200);
      expect(disabled.body.data.disabled).toBe(true);
      expect(await disconnected).toBe('io server disconnect');

      const afterwards = await server.app.inject({ url: '/api/auth/district', headers: bearer(leaving.token) });
      // Not a stale token: the account is disabled, and the app logs out (error catalogue).
      expect(afterwards.statusCode).toBe(403);
      expect(afterwards.json()).toEqual({ message: 'auth.account_disabled', logout: true });
      const refresh = await server.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie: leaving.cookie } });
      expect(refresh.statusCode).toBe(401);
      await expect(login(server, 'leaving@demo.vigie.test', 'long-enough-1')).rejects.toThrow(/403/);
    } finally {
      socket.close();
    }
  });

  it('an admin cannot disable itself; the routes need district.admin', async () => {
    const admin = await login(server, 'district-admin@demo.vigie.test');
    const self = admin.envelope.data;
    const list = await call<UserEntry[]>('GET', '/api/users', admin.token);
    const me = list.body.data.find((u) => u.email === self.email)!;
    expect(await call('POST', `/api/users/${me._id}/disable`, admin.token)).toMatchObject({ status: 400, body: { message: 'user.cannot_disable_self' } });

    const field = await login(server, 'field@demo.vigie.test');
    expect(await call('GET', '/api/users', field.token)).toMatchObject({ status: 403, body: { message: 'auth.missing_rights' } });
  });
});
