// What the app benches (bench-sites-app.mjs, bench-declarations-app.mjs) share: the built server
// on a fresh seeded PGlite folder over HTTPS/2 with the loopback certificate, its API, the
// figures' formatting, a resized-size photo, and the outbox as the app keeps it in IndexedDB.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { setPriority, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { median, serverHandle, sleep, TLS_CERT_FILE, TLS_KEY_FILE } from './bench-support.mjs';

export const SERVER_DIR = process.env.VIGIE_SERVER_OUT_DIR || 'server/dist';
export const STATIC_DIR = process.env.VIGIE_STATIC_DIR || 'dist';
// lib/idb's names (the benches read and write the app's database from outside).
export const OUTBOX = { name: 'vigie-outbox', channel: 'vigie-outbox-changes' };
const CA = readFileSync(TLS_CERT_FILE);

/** An API client of `base` over the loopback certificate: (method, path, { token, body }) → { status, body }. */
export function apiOf(base) {
  return (method, path, { token, body } = {}) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return new Promise((done, fail) => {
      const req = httpsRequest(
        `${base}/api/${path}`,
        {
          method,
          ca: CA,
          headers: {
            ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
            ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
          },
        },
        (res) => {
          const chunks = [];
          res.on('data', (chunk) => chunks.push(chunk));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            done({ status: res.statusCode, body: text === '' ? null : JSON.parse(text) });
          });
        },
      );
      req.on('error', fail);
      req.end(payload);
    });
  };
}

/**
 * Seeds a fresh PGlite folder with the demo data and `seedArgs` of `tasks.js seed-bench`, then
 * starts the built server on `port` (HTTPS, HTTP/2) serving STATIC_DIR; resolves with its handle
 * once /api/config answers. BENCH_SERVER_NODE_ARGS: Node flags for the server alone (e.g.
 * `--cpu-prof --cpu-prof-dir=/tmp/prof`; NODE_OPTIONS does not take --cpu-prof). `extraEnv`: the
 * server's settings a bench changes (VIGIE_RATE_LIMIT…).
 */
/**
 * Seeds and starts the built server for a bench. `niceness` (0–19): the server's process runs at
 * that lower priority, for a bench that measures the browser's main thread rather than the
 * server (bench-start.mjs: on a phone, the server's work is not on the device's cores).
 */
export async function startBenchServer({ port, base, seedArgs, tag, extraEnv = {}, niceness = 0 }) {
  const dataDir = mkdtempSync(join(tmpdir(), `vigie-bench-${tag}-`));
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    VIGIE_DATA_DIR: dataDir,
    VIGIE_PGLITE_TEMPLATE_DIR: resolve('node_modules/.cache/vigie/pglite-template'),
    VIGIE_STATIC_DIR: STATIC_DIR,
    VIGIE_PUBLIC_URL: base,
    TLS_CERT_FILE,
    TLS_KEY_FILE,
    // BENCH_SERVER_LOG_LEVEL=info: every request with its responseTime on the server's output.
    LOG_LEVEL: process.env.BENCH_SERVER_LOG_LEVEL || 'warn',
    VIGIE_MAIL_WORKER: 'false',
    ...extraEnv,
  };
  const seeded = spawnSync(process.execPath, [join(SERVER_DIR, 'tasks.js'), 'seed-bench', ...seedArgs], { env, encoding: 'utf8' });
  if (seeded.status !== 0) throw new Error(`seed-bench failed:\n${seeded.stdout}\n${seeded.stderr}`);
  console.log(`  ${seeded.stdout.trim()}`);
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, join(SERVER_DIR, 'main.js')], { stdio: ['ignore', 'inherit', 'inherit'], env });
  if (niceness > 0 && child.pid !== undefined) setPriority(child.pid, niceness);
  const handle = serverHandle(child, dataDir);
  const api = apiOf(base);
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('the server stopped while starting');
    try {
      if ((await api('GET', 'config')).status === 200) return handle;
    } catch {
      // Not listening yet.
    }
    await sleep(300);
  }
  await handle.stop();
  throw new Error('the server did not start within 2 minutes');
}

export const round = (value, digits = 0) => (value === null || value === undefined ? null : Number(value.toFixed(digits)));
export const stats = (values) => {
  const sorted = values.filter((v) => typeof v === 'number').sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  // Two decimals: Lighthouse's scores are hundredths.
  return { median: round(median(sorted), 2), min: round(sorted[0], 2), max: round(sorted.at(-1), 2), n: sorted.length };
};
export const fmtStats = (s, unit = ' ms') => (s === null ? 'not observed' : `median ${s.median}${unit} (min ${s.min}, max ${s.max}, n=${s.n})`);

export function printRows(title, rows) {
  console.log(`\n${title}`);
  const width = Math.max(...rows.map((row) => row[0].length));
  for (const [name, value, target = ''] of rows) console.log(`  ${name.padEnd(width)}  ${value}${target === '' ? '' : `   [${target}]`}`);
}

/** A 2000 × 1500 JPEG (the app's resize output size) of gradients and noise, made with sharp. */
export async function resizedPhoto() {
  const width = 2000;
  const height = 1500;
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 11;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const noise = ((seed >> 16) & 0x0f) - 8;
      const i = (y * width + x) * 3;
      pixels[i] = Math.max(0, Math.min(255, ((x * 255) / width) * 0.6 + 60 + noise));
      pixels[i + 1] = Math.max(0, Math.min(255, ((y * 255) / height) * 0.7 + 40 + noise));
      pixels[i + 2] = Math.max(0, Math.min(255, 200 - ((x + y) * 120) / (width + height) + noise));
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 80 }).toBuffer();
}

/** The outbox's items by state, read from IndexedDB. */
export function outboxStates(page) {
  return page.evaluate(async (name) => {
    const req = (request) => new Promise((done, fail) => ((request.onsuccess = () => done(request.result)), (request.onerror = () => fail(request.error))));
    const database = await req(indexedDB.open(name));
    const items = await req(database.transaction('items').objectStore('items').getAll());
    database.close();
    const states = {};
    for (const item of items) states[item.state] = (states[item.state] ?? 0) + 1;
    return { count: items.length, states, errors: [...new Set(items.map((item) => item.lastError).filter(Boolean))] };
  }, OUTBOX.name);
}

export async function cutNetwork(context) {
  await context.setOffline(true);
  // setOffline does not cut the service worker's own requests (STACK.md).
  await context.route('**/*', (route) => route.abort('internetdisconnected'));
}

/**
 * Waits on the page's clock, from its `online` event (the caller sets window.__benchOnlineAt),
 * for the outbox to be empty (or only stuck items left, or 10 minutes): { ms, left, stuck, half }.
 */
export function waitForEmptyOutbox(page, total) {
  return page.evaluate(
    ({ name, total }) =>
      new Promise((done) => {
        const req = (request) => new Promise((ok, fail) => ((request.onsuccess = () => ok(request.result)), (request.onerror = () => fail(request.error))));
        const marks = {};
        const poll = async () => {
          const database = await req(indexedDB.open(name));
          const items = await req(database.transaction('items').objectStore('items').getAll());
          database.close();
          const now = performance.now() - (window.__benchOnlineAt ?? performance.now());
          const left = items.length;
          const stuck = items.filter((item) => item.state === 'failed' || item.state === 'conflict').length;
          if (marks.half === undefined && left <= total / 2) marks.half = now;
          if (left === 0 || (stuck > 0 && stuck === left) || now > 600_000) done({ ms: now, left, stuck, ...marks });
          else setTimeout(() => void poll(), 100);
        };
        void poll();
      }),
    { name: OUTBOX.name, total },
  );
}
