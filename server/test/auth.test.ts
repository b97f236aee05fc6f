import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DistrictData, Envelope, RefreshData } from '../../common/api-types.js';
import { ALL_RIGHTS } from '../../common/rights.js';
import { DEMO_ACCOUNTS } from '../src/seed/demo-data.js';
import { bearer, login, refreshCookieOf, startTestServer, type TestServer } from './helper.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.destroy());

const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());

const post = (url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'POST', url, payload: payload as object, headers });

describe('login', () => {
  it.each(DEMO_ACCOUNTS.map((a) => [a.email, a] as const))('logs %s in to Acme Industrie, Lyon, with its rights', async (email, account) => {
    const { envelope, cookie } = await login(server, email);
    expect(envelope.data.email).toBe(email);
    expect(envelope.data.client).toEqual({ name: 'Acme Industrie', database: 'acme' });
    expect(envelope.data.district.name).toBe('Lyon');
    expect(envelope.data.defaultPage).toBe('/dashboard');
    expect([...envelope.rights].sort()).toEqual([...account.rights].sort());
    expect(envelope.districtModules.map((m) => m.name)).toContain('sites');
    expect(envelope.unreadNotificationsNumber).toBe(2);
    // The workflow badge counts the member's actions due soon (actions-reminders.test.ts).
    expect(envelope.workflowNotificationsNumber).toEqual(expect.any(Number));
    expect(envelope.lastUnreadNotifications).toHaveLength(2);
    expect(cookie).toMatch(/^vigie_rt=/);
  });

  it('gives the operator every right of the catalogue, opteamum.* included', async () => {
    const { envelope } = await login(server, 'operator@demo.vigie.test');
    expect(envelope.rights).toEqual(expect.arrayContaining([...ALL_RIGHTS]));
    expect(envelope.rights).toContain('opteamum.clients');
    expect(envelope.data.admin).toBe(true);
  });

  it('sets the refresh cookie httpOnly and SameSite=Strict on the auth path only', async () => {
    const response = await post('/api/auth/login', { email: 'field@demo.vigie.test', password: 'vigie-demo-2026' });
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    expect(setCookie).toMatch(/Path=\/api\/auth/);
  });

  it('accepts the e-mail in any case', async () => {
    const response = await post('/api/auth/login', { email: 'Field@Demo.Vigie.Test', password: 'vigie-demo-2026' });
    expect(response.statusCode).toBe(200);
  });

  it('answers a wrong password and an unknown e-mail alike', async () => {
    const wrong = await post('/api/auth/login', { email: 'field@demo.vigie.test', password: 'not-the-password' });
    const unknown = await post('/api/auth/login', { email: 'nobody@demo.vigie.test', password: 'not-the-password' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'auth.invalid_credentials', redis: { attempts: 1, maxAttempts: 5 } });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('refuses a disabled account with its own message', async () => {
    await server.databases.control.query(`update accounts set disabled = true where email = 'districts@demo.vigie.test'`);
    try {
      const response = await post('/api/auth/login', { email: 'districts@demo.vigie.test', password: 'vigie-demo-2026' });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('auth.account_disabled');
    } finally {
      await server.databases.control.query(`update accounts set disabled = false where email = 'districts@demo.vigie.test'`);
    }
  });
});

describe('login with bad input answers 400 with a message, never 500', () => {
  const cases: [string, unknown][] = [
    ['no body fields', {}],
    ['no password', { email: 'field@demo.vigie.test' }],
    ['no email', { password: 'vigie-demo-2026' }],
    ['email as a number', { email: 42, password: 'vigie-demo-2026' }],
    ['password as an object', { email: 'field@demo.vigie.test', password: { $gt: '' } }],
    ['reconnect as a string', { email: 'field@demo.vigie.test', password: 'vigie-demo-2026', reconnect: 'yes' }],
    ['malformed email', { email: 'field-at-demo', password: 'vigie-demo-2026' }],
    ['password under 8 characters', { email: 'field@demo.vigie.test', password: 'short' }],
    ['an unknown field', { email: 'field@demo.vigie.test', password: 'vigie-demo-2026', admin: true }],
    ['an array body', [{ email: 'field@demo.vigie.test' }]],
    ['a null body', null],
  ];
  it.each(cases)('%s', async (_name, payload) => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('validation.invalid_request');
  });

  it('a huge body', async () => {
    const response = await post('/api/auth/login', { email: 'field@demo.vigie.test', password: 'x'.repeat(200_000) });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('request.body_too_large');
  });

  it('malformed JSON', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "field@demo.vigie.test", "password": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('request.invalid_json');
  });

  it('an empty JSON body', async () => {
    const response = await server.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('validation.invalid_request');
  });

  it('a form-encoded body is refused as an unsupported type', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=field%40demo.vigie.test&password=vigie-demo-2026',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toBe('request.unsupported_media_type');
  });
});

describe('authenticated calls', () => {
  it('get-district names the district and its client', async () => {
    const { token } = await login(server, 'field@demo.vigie.test');
    const response = await server.app.inject({ url: '/api/auth/district', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    const body = response.json<Envelope<DistrictData>>();
    expect(body.data.name).toBe('Lyon');
    expect(body.data.client).toEqual({ name: 'Acme Industrie', database: 'acme' });
    expect(body.rights).toContain('sites.read');
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('default page falls back to /dashboard and follows the membership', async () => {
    const { token, session } = await login(server, 'district-admin@demo.vigie.test');
    const db = await server.databases.client('acme');
    await db.query(`update memberships set default_page = '/site/view/infoV2' where district_id = $1`, [session.district._id]);
    try {
      const response = await server.app.inject({ url: '/api/auth/defaultPage', headers: bearer(token) });
      expect(response.json().data).toEqual({ defaultPage: '/site/view/infoV2' });
    } finally {
      await db.query(`update memberships set default_page = null where district_id = $1`, [session.district._id]);
    }
  });

  it('client IP is answered with or without a session', async () => {
    const response = await server.app.inject({ url: '/api/auth/clientIp' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.ip).toBe('127.0.0.1');
    expect(response.json().rights).toEqual([]);
    const { token } = await login(server, 'field@demo.vigie.test');
    const withSession = await server.app.inject({ url: '/api/auth/clientIp', headers: bearer(token) });
    expect(withSession.json().rights).toContain('sites.read');
  });

  it('the envelope follows a rights change on the next call', async () => {
    const { token, session } = await login(server, 'field@demo.vigie.test');
    const db = await server.databases.client('acme');
    const { rows } = await db.query<{ account_id: string }>(`select account_id from memberships where district_id = $1 and 'declarations.read' = any(rights)`, [session.district._id]);
    const before = await server.app.inject({ url: '/api/auth/district', headers: bearer(token) });
    expect(before.json().rights).toContain('declarations.read');
    await db.query(`update memberships set rights = array_remove(rights, 'declarations.read') where district_id = $1 and account_id = any($2::uuid[])`, [
      session.district._id,
      rows.map((r) => r.account_id),
    ]);
    // A write outside the routes tells the envelope cache, as every writer of rights does.
    server.ctx.tenantCache.invalidate({ kind: 'district', db: 'acme', districtId: session.district._id });
    try {
      const after = await server.app.inject({ url: '/api/auth/district', headers: bearer(token) });
      expect(after.json().rights).not.toContain('declarations.read');
    } finally {
      await db.query(`update memberships set rights = array_append(rights, 'declarations.read') where district_id = $1 and account_id = any($2::uuid[])`, [
        session.district._id,
        rows.map((r) => r.account_id),
      ]);
      server.ctx.tenantCache.invalidate({ kind: 'district', db: 'acme', districtId: session.district._id });
    }
  });

  it('refuses a missing, forged or expired token with the catalogue messages', async () => {
    const none = await server.app.inject({ url: '/api/auth/district' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ message: 'token_invalid', logout: true });

    const forged = await new SignJWT({ email: 'x@y.z', db: 'acme', did: 'd', sid: 's' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('a')
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('not-the-secret'));
    const bad = await server.app.inject({ url: '/api/auth/district', headers: bearer(forged) });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().message).toBe('token_invalid');

    const { session } = await login(server, 'field@demo.vigie.test');
    const { rows } = await server.databases.control.query<{ value: string }>(`select value from settings where key = 'jwt_secret'`);
    const claims = claimsOf(session.token);
    const expired = await new SignJWT({ email: claims.email, db: claims.db, did: claims.did, sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(rows[0]!.value));
    const old = await server.app.inject({ url: '/api/auth/district', headers: bearer(expired) });
    expect(old.statusCode).toBe(401);
    expect(old.json()).toEqual({ message: 'token_expired', logout: true });
  });
});

describe('refresh and logout', () => {
  const refresh = (cookie: string) => post('/api/auth/refresh', undefined, { cookie });

  it('a reconnect login ends the session it replaces, and only a session of the same account', async () => {
    const field = await login(server, 'field@demo.vigie.test');
    const other = await login(server, 'district-admin@demo.vigie.test');
    const body = { email: 'field@demo.vigie.test', password: 'vigie-demo-2026', reconnect: true };
    // Another account's cookie is not this login's to end.
    expect((await post('/api/auth/login', body, { cookie: other.cookie })).statusCode).toBe(200);
    expect((await server.app.inject({ url: '/api/auth/district', headers: bearer(other.token) })).statusCode).toBe(200);
    // The replaced session of the same account ends: its token and its refresh cookie stop working.
    const again = await post('/api/auth/login', body, { cookie: field.cookie });
    expect(again.statusCode).toBe(200);
    expect((await server.app.inject({ url: '/api/auth/district', headers: bearer(field.token) })).statusCode).toBe(401);
    expect((await refresh(field.cookie)).statusCode).toBe(401);
    const fresh = again.json<Envelope<{ token: string }>>().data.token;
    expect((await server.app.inject({ url: '/api/auth/district', headers: bearer(fresh) })).statusCode).toBe(200);
  });

  it('refresh gives a new access token and rotates the refresh cookie', async () => {
    const first = await login(server, 'field@demo.vigie.test');
    const response = await refresh(first.cookie);
    expect(response.statusCode).toBe(200);
    const body = response.json<Envelope<RefreshData>>();
    expect(body.data.token).toEqual(expect.any(String));
    // Signed in the same second as the login's, it is still another token.
    expect(body.data.token).not.toBe(first.token);
    expect(body.rights).toContain('sites.read');
    const rotated = refreshCookieOf(response.headers);
    expect(rotated).not.toBeNull();
    expect(rotated).not.toBe(first.cookie);
    const district = await server.app.inject({ url: '/api/auth/district', headers: bearer(body.data.token) });
    expect(district.json().data.name).toBe('Lyon');
    // The rotated cookie works in turn.
    expect((await refresh(rotated!)).statusCode).toBe(200);
  });

  it('a replaced refresh token reused after the grace period revokes the session', async () => {
    const first = await login(server, 'field@demo.vigie.test');
    const rotated = refreshCookieOf((await refresh(first.cookie)).headers)!;
    // Age the rotation past the grace period.
    await server.databases.control.query(`update sessions set rotated_at = now() - interval '1 minute' where id = $1`, [claimsOf(first.token).sid]);
    const reuse = await refresh(first.cookie);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual({ message: 'token_invalid', logout: true });
    // The whole session is gone: the current cookie and the access token too.
    expect((await refresh(rotated)).statusCode).toBe(401);
    expect((await server.app.inject({ url: '/api/auth/district', headers: bearer(first.token) })).statusCode).toBe(401);
  });

  it('two tabs refreshing with the same cookie at once both succeed', async () => {
    const first = await login(server, 'field@demo.vigie.test');
    const [a, b] = await Promise.all([refresh(first.cookie), refresh(first.cookie)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
  });

  it('refresh without or with a garbage cookie is a 401 asking to log out', async () => {
    for (const cookie of ['', 'vigie_rt=garbage', `vigie_rt=${'0'.repeat(36)}.${'a'.repeat(43)}`, `vigie_rt=00000000-0000-4000-8000-000000000000.${'a'.repeat(43)}`]) {
      const response = await refresh(cookie);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'token_invalid', logout: true });
    }
  });

  it('logout ends the session: its access token and refresh cookie stop working', async () => {
    const session = await login(server, 'field@demo.vigie.test');
    const response = await post('/api/auth/logout', undefined, { ...bearer(session.token), cookie: session.cookie });
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['set-cookie'])).toMatch(/vigie_rt=;/);
    expect((await server.app.inject({ url: '/api/auth/district', headers: bearer(session.token) })).statusCode).toBe(401);
    expect((await refresh(session.cookie)).statusCode).toBe(401);
  });

  it('disabling an account ends its sessions', async () => {
    const session = await login(server, 'districts@demo.vigie.test');
    await server.databases.control.query(`update accounts set disabled = true where email = 'districts@demo.vigie.test'`);
    try {
      expect((await refresh(session.cookie)).statusCode).toBe(401);
    } finally {
      await server.databases.control.query(`update accounts set disabled = false where email = 'districts@demo.vigie.test'`);
    }
  });
});
