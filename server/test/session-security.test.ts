/**
 * Sessions under attack: every way a session ends closes its sockets; a
 * refresh cookie ends a session only when its secret is right; the cookie routes refuse
 * cross-site requests; an access token whose account is not its session's is refused.
 */
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_PATH } from '../../common/constants.js';
import { bearer, listenOnLoopback, login, refreshCookieOf, startTestServer, type TestServer } from './helper.js';

let server: TestServer;
let base: string;

beforeAll(async () => {
  server = await startTestServer();
  base = await listenOnLoopback(server);
});
afterAll(() => server?.destroy());

const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string; sid: string; db: string; did: string; email: string };
const post = (url: string, headers: Record<string, string>, payload?: unknown) =>
  server.app.inject({ method: 'POST', url, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
const district = (token: string) => server.app.inject({ url: '/api/auth/district', headers: bearer(token) });
/** The same cookie with another secret of the right shape. */
const wrongSecret = (cookie: string) => `${cookie.slice(0, cookie.indexOf('.') + 1)}${'A'.repeat(43)}`;

function open(token: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(base, { path: SOCKET_PATH, transports: ['websocket'], auth: { token }, reconnection: false });
    socket.on('connect', () => resolve(socket));
    socket.on('connect_error', reject);
  });
}
const closedByServer = (socket: Socket) => new Promise<string>((resolve) => socket.once('disconnect', resolve));

describe('a session that ends closes its sockets', () => {
  it('refresh-token reuse revokes the session and disconnects its socket', async () => {
    const session = await login(server, 'field@demo.vigie.test');
    const socket = await open(session.token);
    const closed = closedByServer(socket);
    const reuse = await post('/api/auth/refresh', { cookie: wrongSecret(session.cookie) });
    expect(reuse.json()).toEqual({ message: 'token_invalid', logout: true });
    expect(await closed).toBe('io server disconnect');
    expect((await district(session.token)).statusCode).toBe(401);
  });

  it('disabling the account through the sessions disconnects every socket of its sessions', async () => {
    const session = await login(server, 'districts@demo.vigie.test');
    const socket = await open(session.token);
    const closed = closedByServer(socket);
    try {
      await server.databases.control.query('update accounts set disabled = true where id = $1', [claimsOf(session.token).sub]);
      await server.ctx.sessions.revokeAccount(claimsOf(session.token).sub, 'disabled');
      expect(await closed).toBe('io server disconnect');
    } finally {
      await server.databases.control.query('update accounts set disabled = false where id = $1', [claimsOf(session.token).sub]);
    }
  });
});

describe('logout verifies the whole refresh cookie', () => {
  it('a cookie with the right session id and a wrong secret ends nothing', async () => {
    const session = await login(server, 'field@demo.vigie.test');
    const socket = await open(session.token);
    try {
      const logout = await post('/api/auth/logout', { cookie: wrongSecret(session.cookie) });
      expect(logout.statusCode).toBe(200);
      // The session goes on: its token, its socket and its real cookie still work.
      expect((await district(session.token)).statusCode).toBe(200);
      expect(socket.connected).toBe(true);
      const refreshed = await post('/api/auth/refresh', { cookie: session.cookie });
      expect(refreshed.statusCode).toBe(200);
    } finally {
      socket.close();
    }
  });

  it('the right cookie ends its session', async () => {
    const session = await login(server, 'field@demo.vigie.test');
    expect((await post('/api/auth/logout', { cookie: session.cookie })).statusCode).toBe(200);
    expect((await district(session.token)).statusCode).toBe(401);
  });

  it('a reconnect login with a wrong secret does not end the session the cookie names', async () => {
    const session = await login(server, 'field@demo.vigie.test');
    const again = await post('/api/auth/login', { cookie: wrongSecret(session.cookie) }, { email: 'field@demo.vigie.test', password: 'vigie-demo-2026', reconnect: true });
    expect(again.statusCode).toBe(200);
    expect((await district(session.token)).statusCode).toBe(200);
  });
});

describe('cookie routes refuse cross-site requests', () => {
  const publicOrigin = () => new URL(server.config.publicUrl).origin;
  const crossSite: Record<string, string>[] = [
    { 'sec-fetch-site': 'same-site' },
    { 'sec-fetch-site': 'cross-site' },
    { 'sec-fetch-site': 'none' },
    { origin: 'http://evil.example' },
    { origin: 'null' },
    { 'sec-fetch-site': 'same-origin', origin: 'http://127.0.0.1.evil.example' },
  ];

  it('logout and refresh from another origin answer 403 request.cross_site and leave the session alone', async () => {
    const session = await login(server, 'field@demo.vigie.test');
    for (const headers of crossSite) {
      for (const url of ['/api/auth/logout', '/api/auth/refresh']) {
        const response = await post(url, { ...headers, cookie: session.cookie });
        expect(response.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(403);
        expect(response.json()).toEqual({ message: 'request.cross_site' });
      }
    }
    expect((await district(session.token)).statusCode).toBe(200);
  });

  it('login and SSO login from another origin are refused too', async () => {
    for (const headers of crossSite) {
      const response = await post('/api/auth/login', headers, { email: 'field@demo.vigie.test', password: 'vigie-demo-2026' });
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.json()).toEqual({ message: 'request.cross_site' });
      const sso = await post('/api/auth/loginSSO', headers, { email: 'field@demo.vigie.test' });
      expect(sso.json()).toEqual({ message: 'request.cross_site' });
    }
  });

  it('the app’s own origin is answered (public origin, or the origin the request was sent to)', async () => {
    const session = await login(server, 'field@demo.vigie.test');
    const refreshed = await post('/api/auth/refresh', { cookie: session.cookie, 'sec-fetch-site': 'same-origin', origin: publicOrigin() });
    expect(refreshed.statusCode).toBe(200);
    // Through a proxy such as the dev server's, the origin is the one the browser addressed.
    const viaProxy = await post('/api/auth/logout', { cookie: refreshCookieOf(refreshed.headers)!, 'sec-fetch-site': 'same-origin', origin: 'http://localhost:5173', host: 'localhost:5173' });
    expect(viaProxy.statusCode).toBe(200);
    expect((await district(session.token)).statusCode).toBe(401);
  });

  it('Bearer routes are not concerned', async () => {
    const session = await login(server, 'field@demo.vigie.test');
    const response = await server.app.inject({ url: '/api/auth/district', headers: { ...bearer(session.token), 'sec-fetch-site': 'cross-site', origin: 'http://evil.example' } });
    expect(response.statusCode).toBe(200);
  });
});

describe('an access token must name its session’s account', () => {
  it('a token whose session belongs to another account is refused with 401 token_invalid', async () => {
    const field = await login(server, 'field@demo.vigie.test');
    const operator = await login(server, 'operator@demo.vigie.test');
    const fieldClaims = claimsOf(field.token);
    const operatorClaims = claimsOf(operator.token);
    // Signed with the server's own key: only the account/session pairing is wrong.
    const { token } = await server.ctx.tokens.sign({ sub: operatorClaims.sub, email: operatorClaims.email, db: fieldClaims.db, did: fieldClaims.did, sid: fieldClaims.sid });
    const response = await district(token);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'token_invalid', logout: true });
    await expect(open(token)).rejects.toThrow('token_invalid');
  });
});
