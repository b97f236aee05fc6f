/**
 * One schema source for the API contract: every `/api` route the server registered
 * declares what it accepts (body for write methods, query string, path parameters) and what it
 * answers (a 2xx schema, from which Fastify serialises the answer), and the OpenAPI document
 * generated from those schemas, public at /api/docs/json, lists every route. The route list
 * comes from the server itself, so a route added later without schemas fails here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutesOf, type ApiRouteRecord } from '../src/plugins/schemas.js';
import { API_DOCS_PATH } from '../src/plugins/api-docs.js';
import { bearer, login, registeredRoutes, startTestServer, type TestServer } from './helper.js';

let server: TestServer;
/** The contract's routes: every /api route except the documentation's own (hidden from the document). */
let routes: ApiRouteRecord[];

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const hidden = (route: ApiRouteRecord) => (route.schema as { hide?: boolean }).hide === true;
const label = (route: ApiRouteRecord) => `${route.method} ${route.url}`;
/** `/api/x/:id` → OpenAPI's `/api/x/{id}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

beforeAll(async () => {
  server = await startTestServer();
  routes = apiRoutesOf(server.app).filter((route) => route.method !== 'HEAD' && !hidden(route));
});

afterAll(async () => {
  await server?.destroy();
});

describe('every API route declares its contract', () => {
  it('records every /api route the server serves', () => {
    // Wildcard routes (the reader page's static files) print differently: compared without them.
    const served = registeredRoutes(server)
      .filter((route) => route.split(' ')[1]!.startsWith('/api/') && !route.endsWith('*'))
      .sort();
    const recorded = [...new Set(apiRoutesOf(server.app).filter((route) => route.method !== 'HEAD' && !route.url.endsWith('*')).map(label))].sort();
    expect(recorded).toEqual(served);
    expect(routes.length).toBeGreaterThan(40);
  });

  it('hides only the documentation routes from the contract', () => {
    const hiddenRoutes = apiRoutesOf(server.app).filter(hidden);
    expect(hiddenRoutes.length).toBeGreaterThan(0);
    for (const route of hiddenRoutes) expect(route.url.startsWith(`${API_DOCS_PATH}/`) || route.url === API_DOCS_PATH, label(route)).toBe(true);
  });

  it('has a query string and a params schema on every route', () => {
    for (const route of routes) {
      expect(route.schema.querystring, label(route)).toBeTypeOf('object');
      expect(route.schema.params, label(route)).toBeTypeOf('object');
    }
  });

  it('has a body schema on every write route, unless it takes no body at all', () => {
    const writes = routes.filter((route) => WRITE_METHODS.has(route.method));
    expect(writes.filter((route) => route.schema.body !== undefined).length).toBeGreaterThan(10);
    for (const route of writes) expect(route.schema.body !== undefined || route.takesNoBody, label(route)).toBe(true);
  });

  it('has a 2xx response schema on every route (a redirect for the SSO callback)', () => {
    for (const route of routes) {
      const codes = Object.keys((route.schema.response ?? {}));
      const success = codes.filter((code) => /^(2\d\d|2xx|302)$/.test(code));
      expect(success, label(route)).not.toEqual([]);
    }
  });
});

describe('the OpenAPI document', () => {
  it('is public and lists every route with its method, parameters and answers', async () => {
    const response = await server.app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{ openapi: string; paths: Record<string, Record<string, { responses?: Record<string, unknown>; requestBody?: unknown; parameters?: { in: string; name: string }[] }>> }>();
    expect(document.openapi).toMatch(/^3\./);
    for (const route of routes) {
      // A prefix's own route ('/api/config') is listed with its trailing slash.
      const path = document.paths[openApiPath(route.url)] ?? document.paths[`${openApiPath(route.url)}/`];
      const operation = path?.[route.method.toLowerCase()];
      expect(operation, label(route)).toBeDefined();
      expect(Object.keys(operation!.responses ?? {}).some((code) => /^(2\d\d|2XX|302)$/i.test(code)), label(route)).toBe(true);
      if (route.schema.body !== undefined) expect(operation!.requestBody, label(route)).toBeDefined();
      for (const name of Object.keys((route.schema.params as { properties?: object }).properties ?? {})) {
        expect(operation!.parameters?.some((p) => p.in === 'path' && p.name === name), `${label(route)} :${name}`).toBe(true);
      }
    }
    // The documentation's own routes are not part of the contract.
    expect(Object.keys(document.paths).some((path) => path.startsWith(API_DOCS_PATH))).toBe(false);
  });

  it('describes the envelope and the shared e-mail rule from the schemas', async () => {
    const document = (await server.app.inject({ url: '/api/docs/json' })).json<{ paths: Record<string, Record<string, { requestBody: { content: Record<string, { schema: { properties: Record<string, { pattern?: string }> } }> }; responses: Record<string, { content: Record<string, { schema: { required?: string[] } }> }> }>> }>();
    const loginOp = document.paths['/api/auth/login']!.post!;
    const recipients = document.paths['/api/emergency/sendInformations']!.post!.requestBody.content['application/json']!.schema.properties as Record<string, { items?: { pattern?: string } }>;
    expect(loginOp.requestBody.content['application/json']!.schema.properties.email!.pattern).toBe(recipients.recipients!.items!.pattern);
    expect(loginOp.responses['200']!.content['application/json']!.schema.required).toEqual(
      expect.arrayContaining(['data', 'rights', 'districtModules', 'unreadNotificationsNumber', 'lastUnreadNotifications', 'workflowNotificationsNumber']),
    );
  });

  it('serves the reader page when configured, and not in production', async () => {
    const page = await server.app.inject({ url: API_DOCS_PATH });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const production = await startTestServer({ apiDocsUi: false });
    try {
      expect((await production.app.inject({ url: API_DOCS_PATH })).statusCode).toBe(404);
      const json = await production.app.inject({ url: '/api/docs/json' });
      expect(json.statusCode).toBe(200);
      expect(Object.keys(json.json<{ paths: object }>().paths).length).toBe(Object.keys((await server.app.inject({ url: '/api/docs/json' })).json<{ paths: object }>().paths).length);
    } finally {
      await production.destroy();
    }
    // A second server starts above: on a busy machine that alone can take most of 30 s.
  }, 90_000);
});

describe('one e-mail rule on every route that takes an address', () => {
  // Before the rule was shared, login and user creation accepted these (401 or 201) while
  // the emergency send refused them as recipients.
  const REFUSED = ['a,b@example.org', 'a"b@example.org', 'a@example..org'];

  it('refuses them at login, SSO login and user creation, as for recipients', async () => {
    const session = await login(server, 'operator@demo.vigie.test');
    for (const email of REFUSED) {
      const attempts = [
        await server.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'long-enough' } }),
        await server.app.inject({ method: 'POST', url: '/api/auth/loginSSO', payload: { email } }),
        await server.app.inject({ method: 'POST', url: '/api/users', headers: bearer(session.token), payload: { email, password: 'long-enough', rights: [] } }),
      ];
      for (const response of attempts) {
        expect(response.statusCode, `${email}: ${response.body}`).toBe(400);
        expect(response.json<{ message: string }>().message).toBe('validation.invalid_request');
      }
    }
  });
});
