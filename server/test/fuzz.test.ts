/**
 * Hostile input: fast-check sends malformed, oversized, wrongly typed and
 * injection-shaped requests (path parameters, query strings, bodies, content types, tokens,
 * cookies) to every `/api` route the server registered, authenticated and not. Every answer
 * must be a 4xx with a `message` (never a 5xx), the server keeps answering, and no stored row
 * changes (a digest of every table of every database, before and after).
 *
 * The route list comes from the server (printRoutes), so routes added later are fuzzed too.
 * Three families of requests:
 * - broken: everything random plus an unknown query key, so no request can be valid; the
 *   schema (or the parser, or the body limit) must refuse it with a 4xx;
 * - unknown ids: a session with every right calls routes with path parameters with random
 *   or injection-shaped values and random bodies; nothing matches, so 4xx, reaching handlers;
 * - anonymous: no session or a forged one, random inputs and no guard; only public routes can
 *   answer 2xx, and none may fail or write.
 * Runs per route: VIGIE_FUZZ_RUNS (default below); the counts are printed.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MAX_BYTES } from '../../common/modules/importExport/schemas.js';
import { pathParameters } from '../src/plugins/schemas.js';
import { bearer, digestDatabases, login, registeredRoutes, startTestServer, type TestServer } from './helper.js';

const RUNS_PER_ROUTE = Number(process.env.VIGIE_FUZZ_RUNS ?? 80);
/** Bounded by the runs, not by time; generous for a loaded CI machine (about 15 s idle here). */
const FUZZ_TIMEOUT_MS = 600_000;

/**
 * Tables whose rows a refused request may legitimately write: failed logins are counted
 * (login_throttle, by design) and an SSO start records its state (sso_logins).
 */
const VOLATILE_TABLES = new Set(['login_throttle', 'sso_logins']);

let server: TestServer;
let token: string;
let routes: { method: string; path: string }[];
let requests = 0;

const INJECTIONS = [
  `' OR '1'='1`,
  `'; drop table accounts; --`,
  `1; select pg_sleep(10)`,
  `" OR ""="`,
  `<script>alert(1)</script>`,
  `<img src=x onerror=alert(1)>`,
  '{{7*7}}',
  '${7*7}',
  '../../../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\u202e\u0041',
  '😀🔥',
  '__proto__',
  'constructor',
  'prototype',
  '{"$ne":null}',
  '$where',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e309',
  '0x7fffffff',
  '%',
  '%zz',
  '%00',
  ' ',
  '',
  'acme',
  'bellevue',
  'control',
  'postgres',
  'operator@demo.vigie.test',
  '00000000-0000-0000-0000-000000000000',
];

/** Field names the API uses, so random objects sometimes look almost right. */
const KEYS = [
  'email', 'password', 'reconnect', 'name', 'database', 'district', 'rights', 'sites', 'delay', 'recipients',
  'emergency', 'description', '_id', 'id', 'informations', 'files', 'fields', 'token', 'limit', 'offset',
  'shareId', 'idempotencyKey', 'code', 'state', 'days', 'hours', 'minutes', '__proto__', 'constructor',
];

const hostileString = fc.oneof(
  fc.constantFrom(...INJECTIONS),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.uuid(),
  fc.integer({ min: 200, max: 4000 }).map((n) => 'x'.repeat(n)),
);

const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 5 }),
    fc.dictionary(fc.oneof(fc.constantFrom(...KEYS), hostileString), tie('value'), { maxKeys: 5 }),
  ),
})).value;

/** A raw body as sent on the wire: JSON of a hostile value, broken JSON, or bytes. */
const rawBody = fc.oneof(
  hostileValue.map((v) => JSON.stringify(v) ?? 'null'),
  fc.dictionary(fc.constantFrom(...KEYS), hostileValue, { maxKeys: 6 }).map((v) => JSON.stringify(v)),
  fc.constantFrom('{', '{"a":', '[1,2', '{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"x":1}}}', 'null', '""', '0', ''),
  fc.string({ unit: 'binary', maxLength: 200 }),
);

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'garbage',
  '',
];

/** Printable ASCII only: anything else is not a valid header value on the wire. */
const headerText = fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 300 });

/** encodeURIComponent throws on a lone surrogate: send its replacement character instead. */
// With the u flag the class matches unpaired surrogates only.
const encode = (value: string): string => encodeURIComponent(value.replace(/[\uD800-\uDFFF]/gu, '\uFFFD'));

const paramValue = fc.oneof(
  fc.uuid().map(encode),
  hostileString.filter((s) => s.length > 0 && s.length < 1000).map(encode),
  fc.constantFrom('%', '%zz', '%00', '..', '%2e%2e', '%252e', 'a%2Fb'),
);

type Auth = 'operator' | 'none' | 'forged';
const authHeaders = (auth: Auth, forged: string): Record<string, string> =>
  auth === 'operator' ? bearer(token) : auth === 'forged' ? { authorization: `Bearer ${forged}`, cookie: `vigie_rt=${forged}` } : {};

interface Attempt {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

function buildUrl(path: string, params: string[], query: Record<string, string>): string {
  let i = 0;
  const filled = path.replace(/:([A-Za-z0-9_]+)/g, () => params[i++] ?? 'x');
  const search = new URLSearchParams(query).toString();
  return search ? `${filled}?${search}` : filled;
}

async function send(attempt: Attempt) {
  requests++;
  return server.app.inject({ method: attempt.method as 'GET', url: attempt.url, headers: attempt.headers, ...(attempt.payload === undefined ? {} : { payload: attempt.payload }) });
}

/**
 * A refusal as docs/api.md defines it: a 4xx whose JSON body has a string `message`. A route
 * a browser navigates to (the SSO callback) refuses by redirecting into the app instead: a
 * GET answered with a redirect to a path of this origin (never elsewhere: no open redirect).
 */
function expectRefused(response: Awaited<ReturnType<typeof send>>, attempt: Attempt): void {
  const what = `${attempt.method} ${attempt.url.slice(0, 200)} (${attempt.headers['content-type'] ?? 'no content-type'}) → ${response.statusCode} ${response.body.slice(0, 300)}`;
  if (attempt.method === 'GET' && response.statusCode >= 300 && response.statusCode < 400) {
    expect(String(response.headers.location), what).toMatch(/^\/(?![/\\])/);
    return;
  }
  expect(response.statusCode, what).toBeGreaterThanOrEqual(400);
  expect(response.statusCode, what).toBeLessThan(500);
  expect(typeof response.json<{ message?: unknown }>().message, what).toBe('string');
}

let before: Record<string, string>;

beforeAll(async () => {
  server = await startTestServer();
  token = (await login(server, 'operator@demo.vigie.test')).token;
  routes = registeredRoutes(server)
    .filter((r) => r.split(' ')[1]!.startsWith('/api/'))
    .map((r) => {
      const [method, path] = r.split(' ') as [string, string];
      return { method, path };
    });
  before = await digestDatabases(server, VOLATILE_TABLES);
});

afterAll(async () => {
  // Printed so the closing note can quote the figures.
  console.info(`fuzz: ${requests} requests over ${routes?.length ?? 0} routes`);
  await server?.destroy();
});

describe('hostile input on every route', () => {
  it('finds the API routes', () => {
    expect(routes.length).toBeGreaterThan(20);
  });

  it('refuses broken requests with a 4xx and a message, authenticated or not', async () => {
    for (const route of routes) {
      const names = pathParameters(route.path);
      await fc.assert(
        fc.asyncProperty(
          fc.array(paramValue, { minLength: names.length, maxLength: names.length }),
          fc.dictionary(fc.oneof(fc.constantFrom(...KEYS), fc.string({ maxLength: 10 })), hostileString.filter((s) => s.length < 500), { maxKeys: 3 }),
          hostileString.filter((s) => s.length < 500),
          fc.option(rawBody, { nil: undefined }),
          fc.option(fc.constantFrom(...CONTENT_TYPES), { nil: undefined }),
          fc.constantFrom<Auth>('operator', 'none', 'forged'),
          headerText,
          async (params, query, unknownValue, payload, contentType, auth, forged) => {
            // An unknown query key: whatever else happens to be well formed, this request is not.
            const attempt: Attempt = {
              method: route.method,
              url: buildUrl(route.path, params, { ...query, fz_unknown: unknownValue }),
              headers: { ...authHeaders(auth, forged), 'x-client-ip': forged.slice(0, 60), 'idempotency-key': forged.slice(0, 60), ...(contentType === undefined ? {} : { 'content-type': contentType }) },
              payload,
            };
            expectRefused(await send(attempt), attempt);
          },
        ),
        { numRuns: RUNS_PER_ROUTE },
      );
    }
  }, FUZZ_TIMEOUT_MS);

  /** The routes whose body may be larger than the API's usual limits. */
  const LARGER_LIMITS: Record<string, number> = {
    'POST /api/import-export/imports/dry-run': IMPORT_MAX_BYTES,
    'POST /api/import-export/imports': IMPORT_MAX_BYTES,
  };

  it('refuses bodies over the route limit before reading them', async () => {
    const withBody = routes.filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method));
    expect(withBody.length).toBeGreaterThan(0);
    for (const route of withBody) {
      // 9 MiB: over every limit of the API (the emergency send's is 8 MiB), except an import's
      // rows (IMPORT_MAX_BYTES): one byte more than theirs.
      const limit = LARGER_LIMITS[`${route.method} ${route.path}`] ?? 9 * 1024 * 1024 - 20;
      const payload = JSON.stringify({ padding: 'x'.repeat(limit + 20) });
      const attempt: Attempt = { method: route.method, url: buildUrl(route.path, pathParameters(route.path).map(() => '00000000-0000-4000-8000-000000000000'), {}), headers: { ...bearer(token), 'content-type': 'application/json' }, payload };
      const response = await send(attempt);
      expectRefused(response, attempt);
      expect(response.json<{ message: string }>().message, `${route.method} ${route.path}`).toBe('request.body_too_large');
    }
  }, FUZZ_TIMEOUT_MS);

  it('answers 4xx to a full-rights session calling routes with ids that match nothing', async () => {
    const withParams = routes.filter((r) => r.path.includes('/:'));
    expect(withParams.length).toBeGreaterThan(0);
    for (const route of withParams) {
      const names = pathParameters(route.path);
      await fc.assert(
        fc.asyncProperty(
          fc.array(paramValue, { minLength: names.length, maxLength: names.length }),
          fc.option(fc.dictionary(fc.constantFrom(...KEYS), hostileValue, { maxKeys: 4 }), { nil: undefined }),
          async (params, body) => {
            const attempt: Attempt = {
              method: route.method,
              url: buildUrl(route.path, params, {}),
              headers: { ...bearer(token), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
              payload: body === undefined ? undefined : JSON.stringify(body),
            };
            // A dot segment ('.', '..', '%2e%2e') is resolved by the client (inject as any
            // browser) before it is sent: the request is then one for the path itself or its
            // parent, another route (GET /api/actions/. is the list of actions, GET
            // /api/declarations/templates/.. the declaration list), not an id that matches
            // nothing. On the wire a server never sees it as this route's id.
            fc.pre(new URL(attempt.url, 'http://vigie.invalid').pathname === attempt.url.split('?')[0]);
            expectRefused(await send(attempt), attempt);
          },
        ),
        { numRuns: RUNS_PER_ROUTE },
      );
    }
  }, FUZZ_TIMEOUT_MS);

  it('never fails on anonymous or forged-session requests', async () => {
    for (const route of routes) {
      const names = pathParameters(route.path);
      await fc.assert(
        fc.asyncProperty(
          fc.array(paramValue, { minLength: names.length, maxLength: names.length }),
          fc.option(fc.dictionary(fc.constantFrom(...KEYS), hostileValue, { maxKeys: 4 }), { nil: undefined }),
          fc.constantFrom<Auth>('none', 'forged'),
          headerText,
          async (params, body, auth, forged) => {
            const attempt: Attempt = {
              method: route.method,
              url: buildUrl(route.path, params, {}),
              headers: { ...authHeaders(auth, forged), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
              payload: body === undefined ? undefined : JSON.stringify(body),
            };
            const response = await send(attempt);
            const what = `${attempt.method} ${attempt.url.slice(0, 200)} → ${response.statusCode} ${response.body.slice(0, 300)}`;
            expect(response.statusCode, what).toBeLessThan(500);
            if (response.statusCode >= 400) expect(typeof response.json<{ message?: unknown }>().message, what).toBe('string');
          },
        ),
        { numRuns: Math.ceil(RUNS_PER_ROUTE / 2) },
      );
    }
  }, FUZZ_TIMEOUT_MS);

  it('still answers and changed no stored data', async () => {
    const config = await server.app.inject({ url: '/api/config' });
    expect(config.statusCode).toBe(200);
    const district = await server.app.inject({ url: '/api/auth/district', headers: bearer(token) });
    expect(district.statusCode).toBe(200);
    expect(await digestDatabases(server, VOLATILE_TABLES)).toEqual(before);
  });
});
