/**
 * Tenant isolation (issue 4): a session in Acme / Lyon holding every right calls each route
 * that takes an id with ids of the other client (Bellevue) and of another district of its own
 * client (Marseille): it gets 404 (or 403 for a missing right) and nothing of the other tenant
 * changes or leaks. The route list comes from the server itself (printRoutes), so a new route
 * with a path parameter and no case here fails the first test. Then: after a client change,
 * every later call reads the new database.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DistrictRef, Envelope } from '../../common/api-types.js';
import { bearer, login, startTestServer, type TestServer } from './helper.js';

let server: TestServer;

interface Ids {
  bellevueDistrict: string;
  bellevueSite: string;
  bellevueNotification: string;
  marseilleDistrict: string;
  marseilleSite: string;
  marseilleNotification: string;
  bellevueOnlyAccount: string;
  marseilleOnlyAccount: string;
  operatorId: string;
}
let ids: Ids;
let token: string;

async function idOf(database: string, sql: string, params: unknown[] = []): Promise<string> {
  const db = await server.databases.client(database);
  const { rows } = await db.query<{ id: string }>(sql, params);
  if (!rows[0]) throw new Error(`no row for ${sql}`);
  return rows[0].id;
}

/** An account that is a member of `districtId` in `database` only. */
async function memberOnlyOf(database: string, districtId: string, email: string): Promise<string> {
  const id = randomUUID();
  await server.databases.control.query(
    'insert into accounts (id, email, password_hash, home_client, home_district) values ($1, $2, null, $3, $4)',
    [id, email, database, districtId],
  );
  const db = await server.databases.client(database);
  await db.query('insert into memberships (account_id, district_id, rights) values ($1, $2, $3)', [id, districtId, ['sites.read']]);
  return id;
}

beforeAll(async () => {
  server = await startTestServer();
  const operator = await login(server, 'operator@demo.vigie.test');
  token = operator.token;
  const operatorId = (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;
  const bellevueDistrict = await idOf('bellevue', `select id from districts where name = 'Nantes'`);
  const marseilleDistrict = await idOf('acme', `select id from districts where name = 'Marseille'`);
  ids = {
    operatorId,
    bellevueDistrict,
    marseilleDistrict,
    bellevueSite: await idOf('bellevue', 'select id from sites where district_id = $1 order by name limit 1', [bellevueDistrict]),
    marseilleSite: await idOf('acme', 'select id from sites where district_id = $1 order by name limit 1', [marseilleDistrict]),
    bellevueNotification: await idOf('bellevue', 'select id from notifications where account_id = $1 and district_id = $2 and read_at is null limit 1', [operatorId, bellevueDistrict]),
    marseilleNotification: await idOf('acme', 'select id from notifications where account_id = $1 and district_id = $2 and read_at is null limit 1', [operatorId, marseilleDistrict]),
    bellevueOnlyAccount: await memberOnlyOf('bellevue', bellevueDistrict, 'nantes.member@demo.vigie.test'),
    marseilleOnlyAccount: await memberOnlyOf('acme', marseilleDistrict, 'marseille.member@demo.vigie.test'),
  };
});
afterAll(() => server?.destroy());

interface Attempt {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH';
  url: string;
  payload?: object;
  headers?: Record<string, string>;
}

/** One case per route with a path parameter (key: method + path as Fastify prints it). */
const CASES: Record<string, (ids: Ids) => Attempt[]> = {
  'POST /api/notifications/:id/read': (i) => [
    { method: 'POST', url: `/api/notifications/${i.bellevueNotification}/read` },
    { method: 'POST', url: `/api/notifications/${i.marseilleNotification}/read` },
  ],
  'PATCH /api/districts/:id': (i) => [
    { method: 'PATCH', url: `/api/districts/${i.bellevueDistrict}`, payload: { name: 'Taken over' } },
  ],
  'PUT /api/users/:id/rights': (i) => [
    { method: 'PUT', url: `/api/users/${i.bellevueOnlyAccount}/rights`, payload: { rights: [] } },
    { method: 'PUT', url: `/api/users/${i.marseilleOnlyAccount}/rights`, payload: { rights: [] } },
  ],
  'POST /api/users/:id/disable': (i) => [
    { method: 'POST', url: `/api/users/${i.bellevueOnlyAccount}/disable` },
    { method: 'POST', url: `/api/users/${i.marseilleOnlyAccount}/disable` },
  ],
  'GET /api/emergency/getAll360Stages/:siteId': (i) => [
    { method: 'GET', url: `/api/emergency/getAll360Stages/${i.bellevueSite}` },
    { method: 'GET', url: `/api/emergency/getAll360Stages/${i.marseilleSite}` },
  ],
  'GET /api/emergency/getSiteStages/:siteId': (i) => [
    { method: 'GET', url: `/api/emergency/getSiteStages/${i.bellevueSite}` },
    { method: 'GET', url: `/api/emergency/getSiteStages/${i.marseilleSite}` },
  ],
  'GET /api/files/viewer/:districtId/:siteId/:stageName': (i) => [
    { method: 'GET', url: `/api/files/viewer/${i.bellevueDistrict}/${i.bellevueSite}/${encodeURIComponent('Entrée')}` },
    { method: 'GET', url: `/api/files/viewer/${i.marseilleDistrict}/${i.marseilleSite}/${encodeURIComponent('Entrée')}` },
  ],
  // Public: the token names no tenant; an unknown one is simply not found.
  'GET /api/viewerThirdParty/:token': () => [{ method: 'GET', url: `/api/viewerThirdParty/${'x'.repeat(43)}` }],
};

/** Routes that take an id in the body or the query. */
const BODY_CASES: (ids: Ids) => Attempt[] = (i) => [
  { method: 'POST', url: '/api/admin/changeDistrict', payload: { district: i.bellevueDistrict } },
  { method: 'POST', url: '/api/admin/changeClient', payload: { database: 'acme', district: i.bellevueDistrict } },
  {
    method: 'POST',
    url: '/api/emergency/sendInformations',
    headers: { 'idempotency-key': randomUUID() },
    payload: {
      sites: [{ _id: i.bellevueSite, informations: { threeD: [], threeSixty: [] }, files: [], fields: { allFields: false, general: ['name'], clientFields: [], districtFields: [], siteFields: [], siteTypeFields: [] } }],
      delay: { days: 1, hours: 0, minutes: 0 },
      recipients: ['secours@example.org'],
      emergency: false,
      description: '',
    },
  },
];

/** Every "METHOD /path" of the server, rebuilt from printRoutes' tree (HEAD left out). */
function registeredRoutes(): string[] {
  const stack: string[] = [];
  const routes = new Set<string>();
  for (const line of server.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (\S+) \(([^)]+)\)/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    const path = stack.join('').replace(/\/+/g, '/').replace(/(.)\/$/, '$1');
    for (const method of match[3]!.split(', ')) if (method !== 'HEAD') routes.add(`${method} ${path}`);
  }
  return [...routes].sort();
}

async function snapshot() {
  const bellevue = await server.databases.client('bellevue');
  const acme = await server.databases.client('acme');
  const [districts, unread, members, accounts, shares] = await Promise.all([
    bellevue.query('select id, name from districts order by id'),
    Promise.all([
      bellevue.query('select read_at from notifications where id = $1', [ids.bellevueNotification]),
      acme.query('select read_at from notifications where id = $1', [ids.marseilleNotification]),
    ]),
    Promise.all([bellevue.query('select account_id, rights from memberships order by account_id, district_id'), acme.query('select account_id, rights from memberships order by account_id, district_id')]),
    server.databases.control.query('select id, disabled from accounts order by id'),
    bellevue.query('select count(*)::int as n from emergency_shares'),
  ]);
  return JSON.stringify({ districts: districts.rows, unread: unread.map((r) => r.rows), members: members.map((r) => r.rows), accounts: accounts.rows, shares: shares.rows });
}

describe('tenant isolation', () => {
  it('has a case for every route with a path parameter', () => {
    const withParams = registeredRoutes().filter((route) => route.includes('/:'));
    expect(withParams.length).toBeGreaterThan(0);
    expect(withParams.filter((route) => !(route in CASES))).toEqual([]);
    expect(Object.keys(CASES).sort()).toEqual(withParams);
  });

  it('ids of the other client or of another district answer 404 or 403 and change nothing', async () => {
    const before = await snapshot();
    const attempts = [...Object.values(CASES).flatMap((make) => make(ids)), ...BODY_CASES(ids)];
    const foreign = [ids.bellevueDistrict, ids.bellevueSite, ids.bellevueNotification, 'Nantes', 'Rennes', 'Bellevue', 'nantes.member', 'marseille.member'];
    for (const attempt of attempts) {
      const response = await server.app.inject({ method: attempt.method, url: attempt.url, headers: { ...bearer(token), ...attempt.headers }, ...(attempt.payload ? { payload: attempt.payload } : {}) });
      expect([403, 404], `${attempt.method} ${attempt.url}: ${response.body}`).toContain(response.statusCode);
      const body = response.json<{ data?: unknown; message: string }>();
      expect(body.data, `${attempt.method} ${attempt.url}`).toBeUndefined();
      for (const text of foreign) expect(response.body, `${attempt.method} ${attempt.url} leaks ${text}`).not.toContain(text);
    }
    expect(await snapshot()).toBe(before);
  });

  it('after a client change every later call reads the new database', async () => {
    const operator = await login(server, 'operator@demo.vigie.test');
    const moved = await server.app.inject({ method: 'POST', url: '/api/admin/changeClient', headers: bearer(operator.token), payload: { database: 'bellevue', district: ids.bellevueDistrict } });
    expect(moved.statusCode).toBe(200);
    const refreshed = await server.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie: operator.cookie } });
    const fresh = refreshed.json<Envelope<{ token: string }>>().data.token;

    const get = <T>(url: string) => server.app.inject({ url, headers: bearer(fresh) }).then((r) => r.json<Envelope<T>>().data);
    expect((await get<DistrictRef[]>('/api/districts')).map((d) => d.name)).toEqual(['Nantes', 'Rennes']);
    expect((await get<{ email: string }[]>('/api/users')).map((u) => u.email)).toContain('nantes.member@demo.vigie.test');
    const sites = await get<{ _id: string }[]>('/api/emergency/sites');
    expect(sites.map((s) => s._id)).toContain(ids.bellevueSite);
    const stages = await server.app.inject({ url: `/api/emergency/getSiteStages/${ids.bellevueSite}`, headers: bearer(fresh) });
    expect(stages.statusCode).toBe(200);
    // And the Acme ids are now the foreign ones.
    const acmeSite = await server.app.inject({ url: `/api/emergency/getSiteStages/${ids.marseilleSite}`, headers: bearer(fresh) });
    expect(acmeSite.statusCode).toBe(404);
  });
});
