/**
 * Hostile strings and hostile JSON: a NUL character or a lone surrogate in
 * any string the API takes (body values and keys, query string, path parameters) is a 400
 * `validation.invalid_characters` on every route, never a 500; a deeply nested body is refused
 * before it is parsed (400 `request.too_deep`) and the server keeps answering meanwhile.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../../common/api-types.js';
import { MAX_JSON_DEPTH } from '../src/plugins/json-body.js';
import { pathParameters } from '../src/plugins/schemas.js';
import { SEND_BODY_LIMIT } from '../src/routes/api/emergency/payload.js';
import { bearer, emergencyPayload, listenOnLoopback, login, registeredRoutes, startTestServer, type TestServer } from './helper.js';

let server: TestServer;
let base: string;
let token: string;
let routes: { method: string; path: string }[];

beforeAll(async () => {
  server = await startTestServer();
  base = await listenOnLoopback(server);
  token = (await login(server, 'operator@demo.vigie.test')).token;
  routes = registeredRoutes(server)
    .map((r) => r.split(' ') as [string, string])
    .filter(([, path]) => path.startsWith('/api/'))
    .map(([method, path]) => ({ method, path }));
});
afterAll(() => server?.destroy());

const UUID = '00000000-0000-4000-8000-000000000000';
/** JSON text: the escapes put a real NUL, a lone high and a lone low surrogate in the parsed strings. */
const HOSTILE_JSON_STRINGS = ['"a\\u0000b"', '"\\ud800"', '"x\\udc00y"'];
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const fill = (path: string, values: string[]) => {
  let i = 0;
  return path.replace(/:([A-Za-z0-9_]+)/g, () => values[i++] ?? UUID);
};

function expectInvalidCharacters(response: { statusCode: number; body: string }, what: string) {
  expect(response.statusCode, `${what} → ${response.statusCode} ${response.body.slice(0, 200)}`).toBe(400);
  expect(JSON.parse(response.body).message, what).toBe('validation.invalid_characters');
}

describe('NUL and lone surrogates are refused on every route', () => {
  it('finds the API routes', () => {
    expect(routes.length).toBeGreaterThan(20);
  });

  it('in each path parameter', async () => {
    let checked = 0;
    for (const route of routes) {
      const names = pathParameters(route.path);
      for (let n = 0; n < names.length; n++) {
        const values = names.map((_, i) => (i === n ? 'a%00b' : UUID));
        const url = fill(route.path, values);
        expectInvalidCharacters(await server.app.inject({ method: route.method as 'GET', url, headers: bearer(token) }), `${route.method} ${url}`);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(5);
  });

  it('in the query string', async () => {
    // The reader page's static files (/api/docs/*, only when VIGIE_API_DOCS_UI) are read from
    // disk by @fastify/static, which ignores the query string and reaches no database.
    for (const route of routes.filter((r) => !r.path.endsWith('*'))) {
      const url = `${fill(route.path, [])}?q=a%00b`;
      expectInvalidCharacters(await server.app.inject({ method: route.method as 'GET', url, headers: bearer(token) }), `${route.method} ${url}`);
    }
  });

  it('in any body value or key, at any depth', async () => {
    const withBody = routes.filter((r) => BODY_METHODS.has(r.method));
    expect(withBody.length).toBeGreaterThan(5);
    const bodies = HOSTILE_JSON_STRINGS.flatMap((s) => [`{"email":${s}}`, `{"name":{"inner":[1,${s}]}}`, `{${s}:1}`]);
    for (const route of withBody) {
      for (const body of bodies) {
        const response = await server.app.inject({ method: route.method as 'POST', url: fill(route.path, []), headers: { ...bearer(token), 'content-type': 'application/json' }, body });
        expectInvalidCharacters(response, `${route.method} ${route.path} ${body}`);
      }
    }
  });

  it('in the fields the issue names: e-mails, stage names, description, a user’s e-mail', async () => {
    const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
      server.app.inject({ method: 'POST', url, headers: { ...bearer(token), ...headers }, payload });
    expectInvalidCharacters(await post('/api/auth/login', { email: 'field\u0000@demo.vigie.test', password: 'vigie-demo-2026' }), 'login e-mail');
    expectInvalidCharacters(await post('/api/auth/login', { email: 'field\ud800@demo.vigie.test', password: 'vigie-demo-2026' }), 'login e-mail, lone surrogate');
    expectInvalidCharacters(await post('/api/auth/loginSSO', { email: 'field@demo.vigie\u0000.test' }), 'SSO e-mail');
    expectInvalidCharacters(await post('/api/users', { email: 'new\u0000@example.org', password: 'long-enough-password', rights: [] }), 'user e-mail');
    const sites = await server.app.inject({ url: '/api/emergency/sites', headers: bearer(token) });
    const siteId = sites.json<Envelope<{ _id: string }[]>>().data[0]!._id;
    const send = (body: object) => post('/api/emergency/sendInformations', body, { 'idempotency-key': randomUUID() });
    expectInvalidCharacters(await send(emergencyPayload(siteId, { description: 'fuite\u0000' })), 'emergency description');
    expectInvalidCharacters(await send(emergencyPayload(siteId, {}, [{ name: 'Entr\udce9e', image: null }])), 'stage name');
    expectInvalidCharacters(await send(emergencyPayload(siteId, { recipients: ['a\u0000@example.org'] })), 'recipient');
    // Well-formed text outside the basic plane is text: a surrogate pair is not refused.
    const fine = await send(emergencyPayload(siteId, { description: 'Fuite 🔥' }));
    expect(fine.statusCode, fine.body).toBe(200);
  });
});

describe('JSON nesting is bounded before parsing', () => {
  const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

  it('refuses a body nested deeper than the bound with 400 request.too_deep, and takes one at the bound', async () => {
    const tooDeep = await server.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, body: `{"email":${nested(MAX_JSON_DEPTH)}}` });
    expect(tooDeep.statusCode).toBe(400);
    expect(tooDeep.json()).toEqual({ message: 'request.too_deep' });
    // Brackets inside strings are text, not nesting.
    const inString = await server.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: '['.repeat(100), password: '\\"['.repeat(100) }) });
    expect(inString.json().message).toBe('validation.invalid_request');
    const atBound = await server.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, body: `{"email":${nested(MAX_JSON_DEPTH - 1)}}` });
    expect(atBound.json().message).toBe('validation.invalid_request');
  });

  it('an 8 MiB deeply nested body to the largest route is refused while another request is answered', async () => {
    const half = Math.floor((SEND_BODY_LIMIT - 64) / 2);
    const body = `{"sites":${nested(half)}}`;
    expect(body.length).toBeLessThanOrEqual(SEND_BODY_LIMIT);
    const hostile = fetch(`${base}/api/emergency/sendInformations`, {
      method: 'POST',
      headers: { ...bearer(token), 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body,
    });
    const other = fetch(`${base}/api/auth/district`, { headers: bearer(token) });
    const [refused, answered] = await Promise.all([hostile, other]);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ message: 'request.too_deep' });
    expect(answered.status).toBe(200);
    expect(((await answered.json()) as Envelope<{ name: string }>).data.name).toBe('Lyon');
    // And the server still answers after it.
    expect((await fetch(`${base}/api/config`)).status).toBe(200);
  });
});
