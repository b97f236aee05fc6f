// The server's temporary-logout signal: when a session reaches the end of its validity, its
// sockets hear SESSION_EXPIRED_EVENT and are closed (the app then opens the reconnect dialog).
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_EXPIRED_EVENT, SOCKET_PATH } from '../../common/constants.js';
import { listenOnLoopback, login, startTestServer, type TestServer } from './helper.js';

const SESSION_SECONDS = 2;

let server: TestServer;
let base: string;

beforeAll(async () => {
  // Sessions that live two seconds, so their end comes within the test.
  server = await startTestServer({ refreshTokenTtlSeconds: SESSION_SECONDS });
  base = await listenOnLoopback(server);
});
afterAll(() => server?.destroy());

function open(token: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(base, { path: SOCKET_PATH, transports: ['websocket'], auth: { token }, reconnection: false });
    socket.on('connect', () => resolve(socket));
    socket.on('connect_error', reject);
  });
}

describe('session end signal', () => {
  it('tells the session’s socket that its validity ended, then closes it', async () => {
    const { token } = await login(server, 'field@demo.vigie.test');
    const socket = await open(token);
    const signal = new Promise<unknown>((resolve) => socket.once(SESSION_EXPIRED_EVENT, resolve));
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    expect(await signal).toEqual({ reason: 'expired' });
    expect(await closed).toBe('io server disconnect');
  });

  it('a socket of a revoked session gets no expiry signal (logout is not a temporary logout)', async () => {
    const { token, cookie } = await login(server, 'district-admin@demo.vigie.test');
    const socket = await open(token);
    let signalled = false;
    socket.once(SESSION_EXPIRED_EVENT, () => {
      signalled = true;
    });
    const logout = await server.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie, authorization: `Bearer ${token}` } });
    expect(logout.statusCode).toBe(200);
    // The logout closes the session's sockets itself.
    await new Promise<void>((resolve) => (socket.disconnected ? resolve() : socket.once('disconnect', () => resolve())));
    expect(signalled).toBe(false);
  });
});
