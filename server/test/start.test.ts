/**
 * Starting and stopping the real processes: the built server
 * (server/src/main.ts, bundled like `npm run build:server`) and `npm start` (scripts/start.mjs
 * under npm), each on a fresh data folder:
 * - a mistyped variable stops the start before anything is created or listened on;
 * - a first embedded start says that it creates the databases, a second one does not;
 * - SIGTERM stops the server with exit code 0;
 * - killing `npm start` by its process id stops the server it launched and frees the port.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleServerMain, freePort } from './server-process.js';

/** A first start creates and seeds the databases; on a loaded 2-core machine that takes a while. */
const START_TIMEOUT_MS = 180_000;

let dataDir: string;

let bundle: Awaited<ReturnType<typeof bundleServerMain>>;
let BUNDLE_DIR: string;

beforeAll(async () => {
  bundle = await bundleServerMain('start');
  BUNDLE_DIR = bundle.dir;
  dataDir = await mkdtemp(join(tmpdir(), 'vigie-start-'));
});
afterAll(async () => {
  await bundle.remove();
  await rm(dataDir, { recursive: true, force: true });
});


interface Running {
  child: ChildProcess;
  base: string;
  output(): string;
  exited: Promise<number | null>;
}

function spawnProcess(command: string, args: string[], env: Record<string, string>, port: number): Running {
  const child = spawn(command, args, {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'info', VIGIE_STATIC_DIR: join(dataDir, 'no-app'), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  return { child, base: `http://127.0.0.1:${port}`, output: () => output, exited };
}

const startServer = (env: Record<string, string>, port: number) => spawnProcess(process.execPath, [join(BUNDLE_DIR, 'main.js')], env, port);

async function until<T>(what: string, probe: () => Promise<T | undefined>, running: Running, timeoutMs = START_TIMEOUT_MS): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${running.output().slice(-3000)}`);
    await new Promise((done) => setTimeout(done, 200));
  }
}

const ready = (running: Running) =>
  until(`${running.base}/api/ready`, async () => ((await fetch(`${running.base}/api/ready`)).status === 200 ? true : undefined), running);

const portRefused = (base: string) => fetch(`${base}/api/health`).then(() => false, () => true);

/** Linux: a process that exists and is not a zombie (an orphan's parent may not reap it at once). */
function alive(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]![0] !== 'Z';
  } catch {
    return false;
  }
}

/** Linux: every process under `pid` (npm, its shell, start.mjs, the server). */
function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const found: number[] = [];
  const walk = (p: number) => (children.get(p) ?? []).forEach((c) => (found.push(c), walk(c)));
  walk(pid);
  return found;
}

describe('configuration refused at start', () => {
  it('exits with 78 and names the variable and the accepted values, before creating or listening on anything', async () => {
    const port = await freePort();
    const fresh = join(dataDir, 'refused');
    const running = startServer({ VIGIE_DATA_DIR: fresh, VIGIE_SEED_DEMO: 'ture', PORT: String(port) }, port);
    expect(await running.exited).toBe(78);
    expect(running.output()).toContain('VIGIE_SEED_DEMO must be one of true, false, 1, 0, yes, no, on, off (case-insensitive), got "ture"');
    expect(running.output()).not.toContain('Creating the embedded databases');
    expect(existsSync(fresh)).toBe(false);
    expect(await portRefused(running.base)).toBe(true);
  });
});

describe('first start, stop, second start', () => {
  it('says once that it creates the embedded databases, and stops with 0 on SIGTERM', async () => {
    const env = { VIGIE_DATA_DIR: join(dataDir, 'data') };
    const first = startServer(env, await freePort());
    await ready(first);
    expect(first.output()).toContain(`Vigie: Creating the embedded databases in ${join(dataDir, 'data')} (first start, about 10 s)…`);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(await portRefused(first.base)).toBe(true);

    const second = startServer(env, await freePort());
    await ready(second);
    expect(second.output()).not.toContain('Creating the embedded databases');
    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);
  }, 2 * START_TIMEOUT_MS);
});

describe('npm start', () => {
  it('stops the server it launched when killed by its process id', async () => {
    // The template the first start made: no second initdb.
    const env = { VIGIE_DATA_DIR: join(dataDir, 'npm-start'), VIGIE_PGLITE_TEMPLATE_DIR: join(dataDir, 'data', '.template'), VIGIE_SERVER_OUT_DIR: BUNDLE_DIR };
    const running = spawnProcess('npm', ['start'], env, await freePort());
    await ready(running);
    const tree = descendants(running.child.pid!);
    const serverPid = Number(/"pid":(\d+)/.exec(running.output())?.[1]);
    expect(tree).toContain(serverPid);

    running.child.kill('SIGTERM');
    await until('npm start and the server to be gone', async () => (tree.every((pid) => !alive(pid)) ? true : undefined), running, 30_000);
    expect(await portRefused(running.base)).toBe(true);
    expect(running.output()).toContain('SIGTERM: stopping');
  }, START_TIMEOUT_MS + 30_000);
});
