/**
 * The per-server cache of envelopes, rights and names (plugins/tenant-cache.ts) never shows a
 * member an old state: each write below is followed at once by a request that must see it,
 * after a request that filled the cache with the state before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DistrictData, Envelope } from '../../common/api-types.js';
import type { UserEntry } from '../src/routes/api/users/index.js';
import { bearer, login, startTestServer, type TestServer } from './helper.js';

let server: TestServer;
let operator: string;
let field: string;
let fieldId: string;
let fieldRights: string[];

beforeAll(async () => {
  server = await startTestServer();
  operator = (await login(server, 'operator@demo.vigie.test')).token;
  field = (await login(server, 'field@demo.vigie.test')).token;
  const users = await call<UserEntry[]>('GET', '/api/users', operator);
  const entry = users.body.data.find((u) => u.email === 'field@demo.vigie.test')!;
  fieldId = entry._id;
  fieldRights = entry.rights;
});
afterAll(() => server?.destroy());

const call = <T>(method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, token: string, payload?: object) =>
  server.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) }).then((r) => ({ status: r.statusCode, body: r.json<Envelope<T>>() }));

describe('cached envelopes and rights follow every write at once', () => {
  it('a granted right opens a page on the member’s next request, a withdrawn one closes it', async () => {
    // Fill the cache with the rights before the change: the field user is no administrator.
    expect((await call('GET', '/api/users', field)).status).toBe(403);
    expect((await call('GET', '/api/auth/defaultPage', field)).body.rights).not.toContain('district.admin');

    const granted = await call('PUT', `/api/users/${fieldId}/rights`, operator, { rights: [...fieldRights, 'district.admin'] });
    expect(granted.status).toBe(200);
    const opened = await call<UserEntry[]>('GET', '/api/users', field);
    expect(opened.status).toBe(200);
    expect(opened.body.rights).toContain('district.admin');

    expect((await call('PUT', `/api/users/${fieldId}/rights`, operator, { rights: fieldRights })).status).toBe(200);
    const closed = await call('GET', '/api/users', field);
    expect(closed.status).toBe(403);
    expect((await call('GET', '/api/auth/defaultPage', field)).body.rights).toEqual(expect.not.arrayContaining(['district.admin']));
  });

  it('an announcement counts in the member’s next envelope, and reading all clears it', async () => {
    await call('POST', '/api/notifications/readAll', field);
    const before = await call<{ unread: number }>('GET', '/api/notifications/unreadCount', field);
    expect(before.body.data.unread).toBe(0);

    expect((await call('POST', '/api/notifications/announce', operator, { name: 'Cache check' })).status).toBe(200);
    const after = await call('GET', '/api/auth/defaultPage', field);
    expect(after.body.unreadNotificationsNumber).toBe(1);
    expect(after.body.lastUnreadNotifications.map((n) => n.name)).toEqual(['Cache check']);

    await call('POST', '/api/notifications/readAll', field);
    const cleared = await call('GET', '/api/auth/defaultPage', field);
    expect(cleared.body.unreadNotificationsNumber).toBe(0);
    expect(cleared.body.lastUnreadNotifications).toEqual([]);
  });

  it('a renamed district shows its new name on the next GET /api/auth/district', async () => {
    const before = await call<DistrictData>('GET', '/api/auth/district', operator);
    expect(before.status).toBe(200);
    const renamed = await call('PATCH', `/api/districts/${before.body.data._id}`, operator, { name: `${before.body.data.name} Centre` });
    expect(renamed.status).toBe(200);
    const after = await call<DistrictData>('GET', '/api/auth/district', operator);
    expect(after.body.data.name).toBe(`${before.body.data.name} Centre`);
    expect(after.body.data.client).toEqual(before.body.data.client);
  });

});
