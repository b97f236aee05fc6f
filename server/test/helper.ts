/**
 * Test servers: each test file builds the real server on its own embedded data folder (or,
 * with VIGIE_TEST_DRIVER=postgres, on its own databases of the PostgreSQL server at
 * VIGIE_TEST_PG_URL), holding the demo data, and talks to it with `inject`.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import type { Envelope, SessionData } from '../../common/api-types.js';
import { buildServer, type VigieServer } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import type { SendInformationsBody } from '../src/routes/api/emergency/payload.js';
import { DEMO_PASSWORD } from '../src/seed/demo-data.js';
import { copySnapshot, dropInstallation, isSnapshotOf, newControlName, testEnv, usePostgres } from './seeded-snapshot.js';

export { usePostgres };

export interface TestServer extends VigieServer {
  config: Config;
  destroy(): Promise<void>;
}

/**
 * A real server on its own installation: a copy of the run's seeded demo (seeded-snapshot.ts)
 * when the overrides keep the demo data in local storage, else a new installation seeded here.
 */
export async function startTestServer(overrides: Partial<Config> = {}): Promise<TestServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'vigie-test-'));
  const control = usePostgres ? newControlName() : null;
  const config = { ...loadConfig(testEnv(dataDir, control)), ...overrides };
  const snapshot = inject('seededSnapshot');
  if (snapshot && isSnapshotOf(config)) await copySnapshot(snapshot, dataDir, control);
  const server = await buildServer(config, { logger: false });
  return {
    ...server,
    config,
    async destroy() {
      await server.close();
      if (control) await dropInstallation(control);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface LoggedIn {
  token: string;
  cookie: string;
  session: SessionData;
  envelope: Envelope<SessionData>;
}

/** The refresh cookie (`name=value`) a response set, if any. */
export function refreshCookieOf(headers: Record<string, unknown>): string | null {
  const raw = headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : typeof raw === 'string' ? [raw] : [];
  const found = list.find((c: string) => c.startsWith('vigie_rt=') && !c.startsWith('vigie_rt=;'));
  return found ? found.split(';')[0]! : null;
}

export async function login(server: VigieServer, email: string, password = DEMO_PASSWORD): Promise<LoggedIn> {
  const response = await server.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`login ${email}: ${response.statusCode} ${response.body}`);
  const envelope = response.json<Envelope<SessionData>>();
  return { token: envelope.data.token, cookie: refreshCookieOf(response.headers)!, session: envelope.data, envelope };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export interface ApiCall {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  url: string;
  payload?: object;
  token?: string;
  key?: string;
}

/**
 * A module's API as its tests call it: `url` under `prefix` (an `/api/…` path as it is), with
 * `token` or the default one, a write with its Idempotency-Key (`key`, or a new one); the answer
 * as status, envelope body, data, text, headers and raw bytes. The server and the default token
 * are read at each call (set in the suite's beforeAll).
 */
export function apiCaller(serverOf: () => VigieServer, prefix: string, defaultToken: () => string) {
  return async function call<T = unknown>({ method = 'GET', url, payload, token = defaultToken(), key }: ApiCall) {
    const response = await serverOf().app.inject({
      method,
      url: url.startsWith('/api/') ? url : `${prefix}${url}`,
      headers: { ...bearer(token), ...(method !== 'GET' ? { 'idempotency-key': key ?? randomUUID() } : {}) },
      ...(payload ? { payload } : {}),
    });
    type Body = Envelope<T> & { message?: string; details?: string; current?: T };
    const body = response.headers['content-type']?.toString().includes('json') ? response.json<Body>() : ({} as Body);
    return { status: response.statusCode, body, data: body.data, text: response.body, headers: response.headers, raw: response.rawPayload };
  };
}

/** Listens on a free loopback port (for sockets and real HTTP); answers the base URL. */
export async function listenOnLoopback(server: VigieServer): Promise<string> {
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  const address = server.app.server.address();
  if (typeof address !== 'object' || address === null) throw new Error('the test server has no TCP address');
  return `http://127.0.0.1:${address.port}`;
}

/**
 * Every "METHOD /path" the server registered, rebuilt from printRoutes' tree (HEAD left out):
 * tests that must cover every route read the list from here, so a route added later is covered
 * (or fails the test) without editing it.
 */
export function registeredRoutes(server: VigieServer): string[] {
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

/**
 * One md5 per table of every database (control and each client's), for "nothing changed"
 * assertions; `volatile` names tables that requests may write by design (e.g. login_throttle).
 */
export async function digestDatabases(server: VigieServer, volatile: ReadonlySet<string> = new Set()): Promise<Record<string, string>> {
  const { rows: clients } = await server.databases.control.query<{ database: string }>('select database from clients order by database');
  const databases = [server.databases.control, ...(await Promise.all(clients.map((c) => server.databases.client(c.database))))];
  const result: Record<string, string> = {};
  for (const db of databases) {
    const { rows: tables } = await db.query<{ table_name: string }>(
      `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    );
    for (const { table_name: table } of tables) {
      if (volatile.has(table)) continue;
      const { rows } = await db.query<{ h: string }>(`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from "${table}" t`);
      result[`${db.name}.${table}`] = rows[0]!.h;
    }
  }
  return result;
}

/** The emergency payload the app sends (spec section 3), for one site. */
export function emergencyPayload(
  siteId: string,
  overrides: Partial<SendInformationsBody> = {},
  threeSixty: { name: string; image?: string | null }[] = [{ name: 'Entrée', image: null }, { name: 'Zone technique' }],
): SendInformationsBody {
  return {
    sites: [
      {
        _id: siteId,
        informations: { threeD: [{ name: 'Maquette' }], threeSixty },
        files: [],
        fields: { allFields: false, general: ['name', 'description', 'address.fullAddress', 'gps', 'owner.name'] },
        clientFields: [],
        districtFields: [],
        siteFields: [],
        siteTypeFields: [],
      },
    ],
    delay: { days: 1, hours: 0, minutes: 0 },
    recipients: ['secours@example.org', 'gardien@example.org'],
    emergency: false,
    description: '',
    ...overrides,
  };
}
