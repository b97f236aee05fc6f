// Maintenance mode: the app can still learn that it is in maintenance; every other call is a
// clear 503 `maintenance` with Retry-After, never a failure of another kind.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/seed/demo-data.js';
import { startTestServer, type TestServer } from './helper.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ maintenance: true, idleSeconds: 42 });
});
afterAll(() => server?.destroy());

describe('maintenance mode', () => {
  it('still answers the configuration (with the configured idle time) and the maintenance status', async () => {
    const config = await server.app.inject({ url: '/api/config' });
    expect(config.statusCode).toBe(200);
    expect(config.json().data.idleSeconds).toBe(42);
    const status = await server.app.inject({ url: '/api/config/maintenance' });
    expect(status.json().data).toEqual({ maintenance: true });
  });

  it('answers every other call with 503 maintenance and Retry-After', async () => {
    const login = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'field@demo.vigie.test', password: DEMO_PASSWORD },
    });
    expect(login.statusCode).toBe(503);
    expect(login.json()).toEqual({ message: 'maintenance' });
    expect(login.headers['retry-after']).toBe('30');
    const notifications = await server.app.inject({ url: '/api/notifications/unreadCount' });
    expect(notifications.statusCode).toBe(503);
  });
});
