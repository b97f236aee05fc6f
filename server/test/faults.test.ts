/**
 * Faults, on the real server process (the esbuild bundle of
 * server/src/main.ts, spawned with node):
 * - kill -9 while emergency sends are being written and e-mailed, then a restart on the same
 *   embedded data folder: every send that was answered 200 is there with all its e-mails, a
 *   send cut by the kill is there whole or not at all, and no e-mail reaches the SMTP server
 *   twice (loopback smtp-server, counted by Message-ID);
 * - graceful stop: SIGTERM while a request is in flight lets it finish, ends the socket.io
 *   connections, refuses new connections and exits 0;
 * - PostgreSQL down at start: the process logs why and retries with backoff, then serves once
 *   the database is up; PostgreSQL killed while serving: 503 `service_unavailable`, and the same
 *   calls succeed again once it is back. A throwaway PostgreSQL of Debian's binaries on port
 *   VIGIE_FAULTS_PG_PORT (25444), never the suite's shared one.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { io as socketClient } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleServerMain, freePort } from './server-process.js';
import type { EmergencyMailItem, Envelope, SessionData } from '../../common/api-types.js';
import { isDatabaseUnavailable, openWithRetry } from '../src/db/unavailable.js';
import { DEMO_PASSWORD } from '../src/seed/demo-data.js';

process.env.VIGIE_TEST_PG_PORT = process.env.VIGIE_FAULTS_PG_PORT ?? '25444';
const pgServer = await import('../../scripts/pg-test-server.mjs');

const TEMPLATE_DIR = resolve('node_modules/.cache/vigie/pglite-template');
/** A start seeds the demo data; on a loaded 2-core machine that takes a while. */
const READY_TIMEOUT_MS = 180_000;

let mainJs: string;

let removeBundle: () => Promise<void>;

beforeAll(async () => {
  const bundle = await bundleServerMain('faults');
  removeBundle = bundle.remove;
  mainJs = join(bundle.dir, 'main.js');
});
afterAll(() => removeBundle());


interface Running {
  child: ChildProcess;
  base: string;
  output(): string;
  exited: Promise<number | null>;
}

function spawnServer(env: Record<string, string>, port: number): Running {
  const child = spawn(process.execPath, [mainJs], {
    env: { PATH: process.env.PATH, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'info', VIGIE_PGLITE_TEMPLATE_DIR: TEMPLATE_DIR, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  return { child, base: `http://127.0.0.1:${port}`, output: () => output, exited };
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = READY_TIMEOUT_MS): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 250));
  }
}

const ready = (server: Running) =>
  until(`${server.base} to answer`, async () => ((await fetch(`${server.base}/api/config`)).status === 200 ? true : undefined)).catch((error: Error) => {
    throw new Error(`${error.message}\n${server.output().slice(-3000)}`);
  });

async function login(base: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'operator@demo.vigie.test', password: DEMO_PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`login: ${response.status} ${await response.text()}`);
  return ((await response.json()) as Envelope<SessionData>).data.token;
}

const authGet = (base: string, token: string, path: string) => fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });

describe('start-up retry', () => {
  const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

  it('retries while the database is unreachable, with growing waits, then returns what opened', async () => {
    const waits: number[] = [];
    let calls = 0;
    const opened = await openWithRetry(
      async () => {
        if (++calls < 4) throw refused;
        return 'open';
      },
      () => {},
      Number.POSITIVE_INFINITY,
      async (ms) => {
        waits.push(ms);
      },
    );
    expect(opened).toBe('open');
    expect(waits).toEqual([500, 1000, 2000]);
  });

  it('gives up at once on a failure a retry cannot fix', async () => {
    const wrongPassword = Object.assign(new Error('password authentication failed for user "vigie"'), { code: '28P01' });
    let calls = 0;
    const open = async () => {
      calls++;
      throw wrongPassword;
    };
    await expect(openWithRetry(open, () => {})).rejects.toBe(wrongPassword);
    expect(calls).toBe(1);
  });

  it('tells connection failures of both drivers from other errors', () => {
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([refused, refused]))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
  });
});

describe('kill -9 and graceful stop on the embedded database', () => {
  let dataDir: string;
  let smtp: SMTPServer;
  /** Message-IDs the SMTP server accepted, in order (one entry per accepted message). */
  const received: string[] = [];
  let smtpUrl: string;
  const running: Running[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'vigie-faults-'));
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
        stream.on('end', () => {
          received.push(/^Message-ID:\s*(\S+)/im.exec(raw)?.[1] ?? 'none');
          callback();
        });
      },
    });
    await new Promise<void>((done) => smtp.listen(0, '127.0.0.1', done));
    smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    for (const server of running) if (server.child.exitCode === null) server.child.kill('SIGKILL');
    await new Promise<void>((done) => smtp.close(() => done()));
    await rm(dataDir, { recursive: true, force: true });
  });

  const embedded = async () => {
    const server = spawnServer({ VIGIE_DATA_DIR: dataDir, VIGIE_STATIC_DIR: join(dataDir, 'no-app'), VIGIE_SEED_DEMO: 'true', SMTP_URL: smtpUrl }, await freePort());
    running.push(server);
    await ready(server);
    return server;
  };

  function send(base: string, token: string, siteId: string, key: string): Promise<Response> {
    return fetch(`${base}/api/emergency/sendInformations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify({
        sites: [{ _id: siteId, informations: { threeD: [], threeSixty: [] }, files: [], fields: { allFields: false, general: ['name'], clientFields: [], districtFields: [], siteFields: [], siteTypeFields: [] } }],
        delay: { days: 1, hours: 0, minutes: 0 },
        recipients: [`first-${key}@example.org`, `second-${key}@example.org`],
        emergency: true,
        description: 'kill -9 test',
      }),
    });
  }

  const outboxOf = async (base: string, token: string, key: string) => {
    const response = await authGet(base, token, `/api/emergency/outbox?idempotencyKey=${key}`);
    expect(response.status).toBe(200);
    return ((await response.json()) as Envelope<{ items: EmergencyMailItem[] }>).data.items;
  };

  it('loses no committed send and sends no e-mail twice across a kill -9', async () => {
    const first = await embedded();
    let token = await login(first.base);
    const sites = (await (await authGet(first.base, token, '/api/emergency/sites')).json()) as Envelope<{ _id: string }[]>;
    const siteId = sites.data[0]!._id;

    // Sends answered before the kill: committed.
    const committed: string[] = [];
    for (let i = 0; i < 4; i++) {
      const key = randomUUID();
      const response = await send(first.base, token, siteId, key);
      expect(response.status, await response.clone().text()).toBe(200);
      committed.push(key);
    }
    // More sends in flight, and the process killed under them.
    const inFlight = Array.from({ length: 8 }, () => randomUUID());
    const answers = inFlight.map((key) => send(first.base, token, siteId, key).then((r) => r.status, () => null));
    await new Promise((done) => setTimeout(done, 30));
    first.child.kill('SIGKILL');
    const statuses = await Promise.all(answers);
    expect(await first.exited).toBe(null);
    inFlight.forEach((key, i) => statuses[i] === 200 && committed.push(key));

    const second = await embedded();
    token = await login(second.base);
    for (const key of committed) expect((await outboxOf(second.base, token, key)).length, `send ${key} answered 200`).toBe(2);
    // A send the kill cut short is all there or not at all.
    for (const key of inFlight) expect([0, 2]).toContain((await outboxOf(second.base, token, key)).length);

    // The restarted worker delivers what was still queued. Rows the killed worker held
    // ("sending") wait for their lease to run out, so they are not sent again meanwhile.
    const keys = [...committed, ...inFlight];
    const rows = await until('the queued e-mails to go out', async () => {
      const all = (await Promise.all(keys.map((key) => outboxOf(second.base, token, key)))).flat();
      return all.some((row) => row.state === 'queued') ? undefined : all;
    }, 60_000);
    const sent = rows.filter((row) => row.state === 'sent');
    expect(sent.length).toBeGreaterThan(0);
    for (const row of sent) expect(received.filter((id) => id === row.messageId), `${row.recipient}`).toHaveLength(1);
    expect(new Set(received).size, 'an e-mail reached the SMTP server twice').toBe(received.length);
    expect(rows.every((row) => row.state === 'sent' || row.state === 'sending')).toBe(true);
  }, 400_000);

  it('SIGTERM lets the request in flight finish, ends sockets, refuses new connections and exits 0', async () => {
    const server = running.at(-1)!.child.exitCode === null ? running.at(-1)! : await embedded();
    const token = await login(server.base);
    const socket = socketClient(server.base, { path: '/ws', transports: ['websocket'], auth: { token }, reconnection: false });
    await until('the socket to connect', async () => (socket.connected ? true : undefined), 30_000);
    const disconnected = new Promise<string>((done) => socket.on('disconnect', (reason) => done(reason)));

    // A login whose body is only half sent: in flight until the rest arrives.
    const body = JSON.stringify({ email: 'operator@demo.vigie.test', password: DEMO_PASSWORD });
    const answer = new Promise<{ status: number; text: string }>((done, fail) => {
      const req = httpRequest(`${server.base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => done({ status: res.statusCode ?? 0, text }));
      });
      req.on('error', fail);
      req.write(body.slice(0, 10));
      setTimeout(() => {
        server.child.kill('SIGTERM');
        until('the stop to begin', async () => (server.output().includes('SIGTERM: stopping') ? true : undefined), 30_000).then(async () => {
          // Stopping: a new connection is refused while the request in flight is still served.
          const refused = await fetch(`${server.base}/api/config`).then(() => false, () => true);
          expect(refused).toBe(true);
          req.end(body.slice(10));
        }, fail);
      }, 200);
    });
    const { status, text } = await answer;
    expect(status, text).toBe(200);
    expect((JSON.parse(text) as Envelope<SessionData>).data.email).toBe('operator@demo.vigie.test');
    expect(await disconnected).toBe('io server disconnect');
    expect(await server.exited).toBe(0);
    socket.close();
  }, 400_000);
});

describe.runIf(pgServer.postgresBinDir() !== null)('PostgreSQL unavailable', () => {
  let server: Running | null = null;
  afterAll(async () => {
    if (server?.child.exitCode === null) server.child.kill('SIGKILL');
    pgServer.stopPostgres();
  });

  it('waits for the database at start, answers 503 while it is down and recovers', async () => {
    pgServer.stopPostgres();
    const port = Number(process.env.VIGIE_TEST_PG_PORT);
    const url = `postgres://postgres@127.0.0.1:${port}/vigie_faults`;
    server = spawnServer({ DATABASE_URL: url, VIGIE_SEED_DEMO: 'true', VIGIE_STATIC_DIR: join(tmpdir(), 'no-app'), VIGIE_MAIL_WORKER: 'false' }, await freePort());
    const running = server;

    // Down at start: a clear line per attempt; the process stays up, alive but not ready, and
    // every other call is a 503 to retry (server/src/starting.ts).
    await until('two retries to be logged', async () => ((running.output().match(/database unavailable .*retrying in/g)?.length ?? 0) >= 2 ? true : undefined), 60_000);
    expect(running.output()).toContain('ECONNREFUSED');
    expect(running.child.exitCode).toBe(null);
    expect((await fetch(`${running.base}/api/health`)).status).toBe(200);
    const starting = await fetch(`${running.base}/api/ready`);
    expect(starting.status).toBe(503);
    expect(await starting.json()).toEqual({ message: 'server.starting' });
    expect((await fetch(`${running.base}/api/config`)).status).toBe(503);

    // Up: the next attempt succeeds and the server serves.
    expect(pgServer.startPostgres()).not.toBe(null);
    await ready(running);
    expect((await fetch(`${running.base}/api/ready`)).status).toBe(200);
    const token = await login(running.base);
    expect((await authGet(running.base, token, '/api/auth/district')).status).toBe(200);

    // Killed while serving: 503 with the message, not a crash.
    pgServer.crashPostgres();
    const down = await authGet(running.base, token, '/api/districts').catch((error: Error) => {
      throw new Error(`${error.message}: ${running.output().slice(-3000)}`);
    });
    expect(down.status).toBe(503);
    expect(((await down.json()) as { message: string }).message).toBe('service_unavailable');
    expect(down.headers.get('retry-after')).toBe('5');
    expect(running.child.exitCode).toBe(null);
    const notReady = await fetch(`${running.base}/api/ready`);
    expect(notReady.status).toBe(503);
    expect(await notReady.json()).toEqual({ message: 'service_unavailable' });
    expect((await fetch(`${running.base}/api/health`)).status).toBe(200);

    // Back: the same call succeeds without restarting the server.
    pgServer.restartPostgres();
    const back = await until('the database to be used again', async () => {
      const response = await authGet(running.base, token, '/api/districts');
      return response.status === 200 ? response : undefined;
    }, 60_000);
    expect(((await back.json()) as Envelope<{ name: string }[]>).data.map((d) => d.name)).toContain('Lyon');
  }, 400_000);
});
