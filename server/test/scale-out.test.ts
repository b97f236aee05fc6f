/**
 * Several server processes on one PostgreSQL (README, "Scaling out"): two real processes of
 * the built server share one control database. A notification created through process A
 * reaches a socket connected to process B, and the rights and counts B had cached follow the
 * writes made through A; both processes' mail workers drain one outbox, every e-mail
 * delivered exactly once. PostgreSQL only: on the embedded database one process owns its data
 * folder, so this runs in the PostgreSQL pass of `npm test` (scripts/test-all.mjs).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope, SessionData } from '../../common/api-types.js';
import { SOCKET_PATH } from '../../common/constants.js';
import { databaseUrl } from '../src/db/postgres.js';
import { NOTIFICATION_EVENT } from '../src/notifications/notifier.js';
import type { SiteInfo } from '../src/routes/api/emergency/sites.js';
import type { UserEntry } from '../src/routes/api/users/index.js';
import { DEMO_PASSWORD } from '../src/seed/demo-data.js';
import { usePostgres } from './helper.js';

/** Bounded waits: a process start (migrations, demo seed) and a mail round. */
const START_TIMEOUT_MS = 60_000;
const MAIL_TIMEOUT_MS = 30_000;
const MAILS = 6;

const freePort = () =>
  new Promise<number>((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => done(port));
    });
  });

async function waitFor<T>(what: string, probe: () => Promise<T | null>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => null);
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

interface Proc {
  base: string;
  child: ChildProcess;
}

/** How long a write on A may take to reach B: the NOTIFY, at worst B's 2 s cache lifetime. */
const CROSS_PROCESS = { timeout: 3000, interval: 50 };

describe.skipIf(!usePostgres)('two server processes on one PostgreSQL', () => {
  const pgBase = process.env.VIGIE_TEST_PG_URL!;
  const control = `vigie_s${randomBytes(4).toString('hex')}`;
  let buildDir: string;
  let dataDir: string;
  let smtp: SMTPServer;
  const received: string[] = [];
  let open = 0;
  let peak = 0;
  const procs: Proc[] = [];
  const sockets: Socket[] = [];

  async function startProcess(seed: boolean, smtpPort: number): Promise<Proc> {
    const port = await freePort();
    const child = spawn(process.execPath, [join(buildDir, 'main.js')], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: String(port),
        DATABASE_URL: databaseUrl(pgBase, control),
        VIGIE_DB_PREFIX: `${control}_`,
        VIGIE_SEED_DEMO: String(seed),
        VIGIE_DATA_DIR: dataDir,
        VIGIE_STATIC_DIR: join(dataDir, 'no-app'),
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        VIGIE_MAIL_WORKER: 'true',
        LOG_LEVEL: 'warn',
      },
    });
    const base = `http://127.0.0.1:${port}`;
    await waitFor(`the server on ${base}`, async () => ((await fetch(`${base}/api/config`)).ok ? true : null), START_TIMEOUT_MS);
    const proc = { base, child };
    procs.push(proc);
    return proc;
  }

  beforeAll(async () => {
    // The built server, as deployed: bundled like scripts/build-server.mjs, inside the project
    // so that its packages resolve from node_modules.
    buildDir = resolve(`node_modules/.cache/vigie/scale-out-${process.pid}`);
    await build({ entryPoints: ['server/src/main.ts'], outdir: buildDir, bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', logLevel: 'warning' });
    dataDir = await mkdtemp(join(tmpdir(), 'vigie-scale-'));
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      logger: false,
      onConnect(_session, callback) {
        open++;
        peak = Math.max(peak, open);
        callback();
      },
      onClose() {
        open--;
      },
      onData(stream, session, callback) {
        stream.resume();
        stream.on('end', () => {
          received.push(...session.envelope.rcptTo.map((r) => r.address));
          // Each message waits until both workers have been connected at once (or a bound
          // passes): this proves the two processes really drain the one outbox together.
          void waitFor('a second worker', async () => (peak >= 2 ? true : null), MAIL_TIMEOUT_MS / 2)
            .catch(() => null)
            .then(() => callback());
        });
      },
    });
    await new Promise<void>((done) => smtp.listen(0, '127.0.0.1', done));
    const smtpPort = (smtp.server.address() as AddressInfo).port;
    // A first, alone: it migrates and seeds; B then joins the same databases.
    await startProcess(true, smtpPort);
    await startProcess(false, smtpPort);
  }, 2 * START_TIMEOUT_MS);

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await Promise.all(
      procs.map(({ child }) => new Promise<void>((done) => (child.exitCode !== null ? done() : (child.once('exit', () => done()), child.kill('SIGTERM'))))),
    );
    await new Promise<void>((done) => (smtp ? smtp.close(() => done()) : done()));
    const admin = new pg.Client({ connectionString: databaseUrl(pgBase, 'postgres') });
    await admin.connect();
    const { rows } = await admin.query<{ datname: string }>('select datname from pg_database where datname like $1', [`${control}%`]);
    for (const { datname } of rows) await admin.query(`drop database if exists "${datname}" with (force)`);
    await admin.end();
    await rm(dataDir, { recursive: true, force: true });
    await rm(buildDir, { recursive: true, force: true });
  });

  async function call<T>(proc: Proc, method: string, path: string, token: string | null, body?: object, headers: Record<string, string> = {}) {
    const response = await fetch(`${proc.base}${path}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: response.status, body: (await response.json()) as Envelope<T> };
  }

  const login = async (proc: Proc, email: string) => {
    const response = await call<SessionData>(proc, 'POST', '/api/auth/login', null, { email, password: DEMO_PASSWORD });
    expect(response.status).toBe(200);
    return response.body.data.token;
  };

  it('a notification announced through A reaches the socket on B, and B counts it at once', async () => {
    const [a, b] = procs as [Proc, Proc];
    const operator = await login(a, 'operator@demo.vigie.test');
    const field = await login(b, 'field@demo.vigie.test');
    // B has the field user's envelope in its cache before the announcement.
    expect((await call(b, 'GET', '/api/auth/defaultPage', field)).status).toBe(200);
    const unreadBefore = (await call(b, 'GET', '/api/auth/defaultPage', field)).body.unreadNotificationsNumber;

    const socket = connect(b.base, { path: SOCKET_PATH, transports: ['websocket'], auth: { token: field }, reconnection: false });
    sockets.push(socket);
    await new Promise<void>((done, fail) => {
      socket.once('connect', () => done());
      socket.once('connect_error', fail);
    });
    const arrived = new Promise<{ notification: { name: string } }>((done) => socket.once(NOTIFICATION_EVENT, done));

    const name = `Across processes ${randomUUID().slice(0, 8)}`;
    expect((await call(a, 'POST', '/api/notifications/announce', operator, { name })).status).toBe(200);
    expect((await arrived).notification.name).toBe(name);
    const after = await call(b, 'GET', '/api/auth/defaultPage', field);
    expect(after.body.unreadNotificationsNumber).toBe(unreadBefore + 1);
    expect(after.body.lastUnreadNotifications[0]?.name).toBe(name);
  });

  it('a right granted through A is honoured by B on the member’s next request', async () => {
    const [a, b] = procs as [Proc, Proc];
    const operator = await login(a, 'operator@demo.vigie.test');
    const field = await login(b, 'field@demo.vigie.test');
    expect((await call(b, 'GET', '/api/users', field)).status).toBe(403);
    const users = await call<UserEntry[]>(a, 'GET', '/api/users', operator);
    const entry = users.body.data.find((u) => u.email === 'field@demo.vigie.test')!;
    expect((await call(a, 'PUT', `/api/users/${entry._id}/rights`, operator, { rights: [...entry.rights, 'district.admin'] })).status).toBe(200);
    // The invalidation reaches B over LISTEN/NOTIFY a moment later; B's cache would in any case
    // forget the entry within its 2 s lifetime.
    await expect.poll(async () => (await call(b, 'GET', '/api/users', field)).status, CROSS_PROCESS).toBe(200);
    expect((await call(a, 'PUT', `/api/users/${entry._id}/rights`, operator, { rights: entry.rights })).status).toBe(200);
    await expect.poll(async () => (await call(b, 'GET', '/api/users', field)).status, CROSS_PROCESS).toBe(403);
  });

  it('logout through A ends the session on B', async () => {
    const [a, b] = procs as [Proc, Proc];
    const field = await login(a, 'field@demo.vigie.test');
    expect((await call(b, 'GET', '/api/auth/district', field)).status).toBe(200);
    expect((await call(a, 'POST', '/api/auth/logout', field)).status).toBe(200);
    await expect.poll(async () => (await call(b, 'GET', '/api/auth/district', field)).status, CROSS_PROCESS).toBe(401);
  });

  it('both mail workers drain one outbox; every e-mail is delivered exactly once', async () => {
    const [a] = procs as [Proc, Proc];
    const operator = await login(a, 'operator@demo.vigie.test');
    const sites = await call<SiteInfo[]>(a, 'GET', '/api/emergency/sites', operator);
    const recipients = Array.from({ length: MAILS }, (_, i) => `responder${i}@example.org`);
    const sent = await call(a, 'POST', '/api/emergency/sendInformations', operator, {
      sites: [
        {
          _id: sites.body.data[0]!._id,
          informations: { threeD: [], threeSixty: [] },
          files: [],
          fields: { allFields: false, general: ['name'] },
          clientFields: [],
          districtFields: [],
          siteFields: [],
          siteTypeFields: [],
        },
      ],
      delay: { days: 1, hours: 0, minutes: 0 },
      recipients,
      emergency: false,
      description: '',
    }, { 'idempotency-key': randomUUID() });
    expect(sent.status).toBe(200);

    await waitFor('every e-mail', async () => (received.length >= MAILS ? true : null), MAIL_TIMEOUT_MS);
    // A short grace: a duplicate send would arrive now.
    await new Promise((r) => setTimeout(r, 1000));
    expect([...received].sort()).toEqual([...recipients].sort());
    expect(peak).toBeGreaterThanOrEqual(2);

    const acme = new pg.Client({ connectionString: databaseUrl(pgBase, `${control}_acme`) });
    await acme.connect();
    try {
      const { rows } = await acme.query<{ state: string }>(
        'select state from mail_outbox where recipient = any($1::text[])',
        [recipients],
      );
      expect(rows.map((r) => r.state)).toEqual(recipients.map(() => 'sent'));
    } finally {
      await acme.end();
    }
  }, MAIL_TIMEOUT_MS * 2);
});
