/**
 * General API request limits: per session, or per address without a valid
 * token; 429 request.too_many_requests with Retry-After past the limit; the default is out of
 * reach of real use (a page start's burst, the emergency drainer's 100 alerts in 10 s).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKGROUND_READ_HEADER } from '../../common/constants.js';
import { DEFAULT_RATE_LIMIT, loadConfig } from '../src/config.js';
import { BACKGROUND_RATE_FACTOR } from '../src/plugins/rate-limit.js';
import { bearer, login, startTestServer, type TestServer } from './helper.js';

const LIMIT = 40;

describe('a small limit', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ rateLimitPerMinute: LIMIT });
  });
  afterAll(() => server?.destroy());

  const district = (headers: Record<string, string>, remoteAddress = '10.1.0.1') => server.app.inject({ url: '/api/auth/district', headers, remoteAddress });

  it('answers 429 with Retry-After and a message to a session past the limit; other sessions go on', async () => {
    const field = await login(server, 'field@demo.vigie.test');
    const admin = await login(server, 'district-admin@demo.vigie.test');
    for (let n = 0; n < LIMIT; n++) expect((await district(bearer(field.token))).statusCode).toBe(200);
    const refused = await district(bearer(field.token));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: 'request.too_many_requests' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Counted per session: another user from the same address is answered.
    expect((await district(bearer(admin.token))).statusCode).toBe(200);
  });

  it("counts the outbox replay of a session apart, ten times larger: its reads are refused, its photo uploads go on", async () => {
    const operator = await login(server, 'operator@demo.vigie.test');
    for (let n = 0; n < LIMIT; n++) expect((await district(bearer(operator.token))).statusCode).toBe(200);
    expect((await district(bearer(operator.token))).statusCode).toBe(429);
    // A read that claims an Idempotency-Key is still a read.
    expect((await district({ ...bearer(operator.token), 'idempotency-key': crypto.randomUUID() })).statusCode).toBe(429);
    const upload = () =>
      server.app.inject({ method: 'HEAD', url: `/api/uploads/${crypto.randomUUID()}`, headers: { ...bearer(operator.token), 'tus-resumable': '1.0.0' } });
    const replay: number[] = [];
    for (let n = 0; n < LIMIT * 10; n++) replay.push((await upload()).statusCode);
    expect(replay.filter((status) => status === 429)).toEqual([]);
    expect((await upload()).statusCode).toBe(429);
  });

  it("counts the app's background reads apart, five times larger: the user's own requests go on beside them", async () => {
    const reader = await login(server, 'districts@demo.vigie.test');
    const background = { ...bearer(reader.token), [BACKGROUND_READ_HEADER]: '1' };
    const synced: number[] = [];
    for (let n = 0; n < LIMIT * BACKGROUND_RATE_FACTOR; n++) synced.push((await district(background)).statusCode);
    expect(synced.filter((status) => status !== 200)).toEqual([]);
    expect((await district(background)).statusCode).toBe(429);
    // The user's own reads have their whole count; a write claiming the mark is not a read.
    expect((await district(bearer(reader.token))).statusCode).toBe(200);
    const write = await server.app.inject({ method: 'POST', url: '/api/auth/district', headers: background, remoteAddress: '10.1.0.1' });
    expect(write.statusCode).not.toBe(429);
  });

  it('counts requests without a valid token per address: a forged token buys no fresh count', async () => {
    const address = '10.1.0.2';
    for (let n = 0; n < LIMIT; n++) {
      const response = await district({ authorization: `Bearer forged-${n}` }, address);
      expect(response.statusCode).toBe(401);
    }
    const refused = await server.app.inject({ url: '/api/config', remoteAddress: address });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: 'request.too_many_requests' });
    expect((await server.app.inject({ url: '/api/config', remoteAddress: '10.1.0.3' })).statusCode).toBe(200);
  });
});

describe('the default limit', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ rateLimitPerMinute: loadConfig({}).rateLimitPerMinute });
  });
  afterAll(() => server?.destroy());

  it('is on by default', () => {
    expect(loadConfig({}).rateLimitPerMinute).toBe(DEFAULT_RATE_LIMIT);
    expect(DEFAULT_RATE_LIMIT).toBeGreaterThan(0);
  });

  it('is out of reach of a page start and of the drainer replaying 100 alerts, from one session', async () => {
    const session = await login(server, 'operator@demo.vigie.test');
    const statuses: number[] = [];
    // A page start: 20 requests at once, then the drainer: 100 sends in a row, then a second page start.
    const burst = () => Promise.all(Array.from({ length: 20 }, () => server.app.inject({ url: '/api/auth/district', headers: bearer(session.token) })));
    for (const r of await burst()) statuses.push(r.statusCode);
    for (let n = 0; n < 100; n++) statuses.push((await server.app.inject({ url: '/api/auth/defaultPage', headers: bearer(session.token) })).statusCode);
    for (const r of await burst()) statuses.push(r.statusCode);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
  });
});
