/**
 * The server produces every case of the error catalogue (spec section 8) for real: the body
 * fields the app reacts to (docs/api.md "Errors"), each from a natural situation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody, DistrictRef, Envelope, RefreshData } from '../../common/api-types.js';
import { DEFAULT_PAGE } from '../../common/constants.js';
import type { UserEntry } from '../src/routes/api/users/index.js';
import { bearer, login, startTestServer, type TestServer } from './helper.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.destroy());

const call = <T>(method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  server.app
    .inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) })
    .then((r) => ({ status: r.statusCode, body: r.json<Envelope<T> & ApiErrorBody>() }));

describe('error catalogue cases produced by the server', () => {
  it('requiredPermissions: a missing right names the modules of the rights that would do', async () => {
    const districts = await login(server, 'districts@demo.vigie.test');
    const response = await call('GET', '/api/notifications/lastUnread', districts.token);
    expect(response).toEqual({ status: 403, body: { message: 'auth.missing_rights', requiredPermissions: ['notifications'] } });
  });

  it('redirection: rights withdrawn while on an administration page take the user to the default page', async () => {
    const operator = await login(server, 'operator@demo.vigie.test');
    const admin = await login(server, 'district-admin@demo.vigie.test');
    expect((await call('GET', '/api/users', admin.token)).status).toBe(200);

    // The operator withdraws district.admin from the district administrator (same district).
    const users = await call<UserEntry[]>('GET', '/api/users', operator.token);
    const target = users.body.data.find((u) => u.email === 'district-admin@demo.vigie.test')!;
    const keep = target.rights.filter((r) => r !== 'district.admin');
    expect((await call('PUT', `/api/users/${target._id}/rights`, operator.token, { rights: keep })).status).toBe(200);
    try {
      const refused = await call('GET', '/api/users', admin.token);
      expect(refused).toEqual({
        status: 403,
        body: { message: 'auth.missing_rights', requiredPermissions: ['district'], redirection: DEFAULT_PAGE },
      });
      // A route used from every page (the bell) refuses without moving the user.
      const field = await login(server, 'districts@demo.vigie.test');
      expect((await call('GET', '/api/notifications/unreadCount', field.token)).body).not.toHaveProperty('redirection');
    } finally {
      await call('PUT', `/api/users/${target._id}/rights`, operator.token, { rights: target.rights });
    }
  });

  it('infos: marking read a notification of another district of the account names that district', async () => {
    const operator = await login(server, 'operator@demo.vigie.test');
    const home = operator.session.district;
    const announced = await call<{ recipients: number }>('POST', '/api/notifications/announce', operator.token, { name: 'Exercice incendie' });
    expect(announced.status).toBe(200);
    const list = await call<{ items: { _id: string; name: string }[] }>('GET', '/api/notifications', operator.token);
    const notification = list.body.data.items.find((n) => n.name === 'Exercice incendie')!;

    const districts = await call<DistrictRef[]>('GET', '/api/admin/availableDistricts', operator.token);
    const other = districts.body.data.find((d) => d._id !== home._id)!;
    expect((await call('POST', '/api/admin/changeDistrict', operator.token, { district: other._id })).status).toBe(200);
    const refreshed = await server.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie: operator.cookie } });
    const token = refreshed.json<Envelope<RefreshData>>().data.token;
    try {
      const response = await call('POST', `/api/notifications/${notification._id}/read`, token);
      expect(response).toEqual({ status: 409, body: { message: 'notifications.other_district', infos: { districtName: home.name } } });
      // Someone else's notification, or none: still a plain 404 (nothing revealed).
      const unknown = await call('POST', '/api/notifications/00000000-0000-4000-8000-000000000000/read', token);
      expect(unknown).toEqual({ status: 404, body: { message: 'notifications.not_found' } });
    } finally {
      await call('POST', '/api/admin/changeDistrict', token, { district: home._id });
    }
  });

  it('logout: an account disabled mid-session is told so, with the logout flag', async () => {
    const admin = await login(server, 'district-admin@demo.vigie.test');
    const created = await call<UserEntry>('POST', '/api/users', admin.token, {
      email: 'mid-session@demo.vigie.test',
      password: 'long-enough-1',
      rights: ['sites.read'],
    });
    const leaving = await login(server, 'mid-session@demo.vigie.test', 'long-enough-1');
    expect((await call('GET', '/api/auth/district', leaving.token)).status).toBe(200);

    await call('POST', `/api/users/${created.body.data._id}/disable`, admin.token);
    const response = await call('GET', '/api/auth/district', leaving.token);
    expect(response).toEqual({ status: 403, body: { message: 'auth.account_disabled', logout: true } });
  });
  // Also produced for real, tested where they live: success message user_duplicated and
  // user.email_already_used (users.test.ts), redis attempts then lockout (throttle.test.ts).
});
