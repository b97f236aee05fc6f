// `npm run bench`: the app's load budget (DESIGN.md "Budgets"), measured, never asserted.
// Builds the app and the server into .build/bench (never dist/), starts the real server on a
// throwaway data folder (scripts/e2e-server.mjs) and prints, as a table then JSON:
// - the JS and CSS the first page loads (entry script + its modulepreloads, stylesheets),
//   gzipped, and the largest lazy chunk;
// - Lighthouse 12.8 mobile (its default simulated throttling: 4x CPU, 150 ms RTT, 1.6 Mbps)
//   for a user's first visit to /login and to the dashboard: performance, FCP, LCP, TBT, CLS,
//   each the median of BENCH_LIGHTHOUSE_RUNS runs (5) with its spread, plus accessibility,
//   best practices and bytes of the median run;
// - navigation → dashboard heading shown, offline with the service worker (its own requests
//   aborted too), after one online visit.
// A first visit: every Lighthouse run is a new Chromium process on a new profile, driven by a
// new Lighthouse process (its CLI), so no run inherits a renderer, a heap, a cache or a
// connection from another. The dashboard's first visit is a user who logged in (in a fresh
// browser, by a script), closed it, and comes back: the profile keeps the session (refresh
// cookie, localStorage) and loses the rest (HTTP and code caches, the service worker and its
// precache, sessionStorage), and a new Chromium opens it (loggedInProfile() of bench-support.mjs).
// Both protocols are measured, one after the other (BENCH_PROTOCOLS, 'h2,http1'): h2 is HTTPS
// with HTTP/2 as users reach the app (a PWA needs HTTPS; every TLS front speaks HTTP/2), served
// by the server itself with the loopback certificate of scripts/loopback-tls, which the bench's
// Chromium trusts by its key (--ignore-certificate-errors-spki-list); http1 is plain HTTP/1.1.
// Ports: the server on BENCH_PORT (8295), its mail capture on BENCH_PORT + 10000
// (scripts/smtp-capture.mjs), Chromium's DevTools on BENCH_DEBUG_PORT (BENCH_PORT + 1100).
// Env: BENCH_VITE_CONFIG (another vite config, to measure a before/after), BENCH_SKIP_BUILD=1
// (reuse .build/bench), BENCH_STATIC_DIR (measure an app built elsewhere, with .build/bench's
// server; no build), BENCH_SKIP_OFFLINE=1, BENCH_RESULT (a file for the JSON too).
// scripts/bench-compare.mjs alternates two builds through these. The whole Lighthouse reports
// of the median runs are kept in .build/bench/lighthouse-<h2|http1>-<login|dashboard>.json.
import { spawn, spawnSync } from 'node:child_process';
import { get as httpsGet } from 'node:https';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import {
  CHROME, chromeArgs, lighthouseRun as lighthouseRunOn, loggedInProfile as loggedInProfileAt, logIn as logInAt, median, medianRun, sleep, summarise,
  TLS_CERT_FILE, TLS_KEY_FILE,
} from './bench-support.mjs';

const OUT = '.build/bench';
const STATIC_DIR = process.env.BENCH_STATIC_DIR ?? join(OUT, 'dist');
const SERVER_DIR = join(OUT, 'server');
const PORT = Number(process.env.BENCH_PORT ?? 8295);
// Chromium's DevTools port, derived from BENCH_PORT so parallel benches do not meet.
const DEBUG_PORT = Number(process.env.BENCH_DEBUG_PORT ?? PORT + 1100);
/** h2: HTTPS with HTTP/2, as users reach the app; http1: plain HTTP/1.1 (six connections). */
const PROTOCOLS = (process.env.BENCH_PROTOCOLS ?? 'h2,http1').split(',').map((name) => name.trim());
for (const name of PROTOCOLS) if (name !== 'h2' && name !== 'http1') throw new Error(`BENCH_PROTOCOLS: unknown protocol ${name}`);
// The protocol being measured (main() serves each in turn).
let TLS = true;
let BASE = '';
const useProtocol = (protocol) => {
  TLS = protocol === 'h2';
  BASE = `${TLS ? 'https' : 'http'}://127.0.0.1:${PORT}`;
};
const CHROME_ARGS = chromeArgs();
const ACCOUNT = 'operator@demo.vigie.test';
const DASHBOARD_HEADING = 'Dashboard';
const KIB = 1024;
/** The pause before each Lighthouse run, for what the previous step left running to end. */
const SETTLE_MS = 1000;
/** Lighthouse runs per page and protocol; medians and spreads are reported. */
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
}

function build() {
  const config = process.env.BENCH_VITE_CONFIG ? ['--config', process.env.BENCH_VITE_CONFIG] : [];
  run('npx', ['vite', 'build', ...config, '--outDir', STATIC_DIR, '--emptyOutDir', '--logLevel', 'warn']);
  run(process.execPath, ['scripts/build-server.mjs'], { VIGIE_SERVER_OUT_DIR: SERVER_DIR });
}

const gzipped = (path) => gzipSync(readFileSync(path), { level: 9 }).length;

/** What index.html makes the browser fetch before the first render, and the lazy rest. */
function bundleFigures() {
  const html = readFileSync(join(STATIC_DIR, 'index.html'), 'utf8');
  const attribute = (pattern) => [...html.matchAll(pattern)].map((match) => match[1]);
  const entryJs = [
    ...attribute(/<script type="module"[^>]*src="\/([^"]+\.js)"/g),
    ...attribute(/<link rel="modulepreload"[^>]*href="\/([^"]+\.js)"/g),
  ];
  const entryCss = attribute(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"/g);
  const initial = new Set(entryJs.map((file) => join(STATIC_DIR, file)));
  const assets = join(STATIC_DIR, 'assets');
  const lazy = readdirSync(assets)
    .filter((file) => file.endsWith('.js'))
    .map((file) => join(assets, file))
    .filter((path) => !initial.has(path))
    .map((path) => ({ file: path.slice(STATIC_DIR.length + 1), gz: gzipped(path), raw: statSync(path).size }))
    .sort((a, b) => b.gz - a.gz);
  const sum = (files) => files.reduce((total, file) => total + gzipped(join(STATIC_DIR, file)), 0);
  return {
    entryJsGzBytes: sum(entryJs),
    entryJsFiles: entryJs.length,
    entryCssGzBytes: sum(entryCss),
    largestLazyChunk: lazy[0] ?? null,
    lazyChunks: lazy.length,
  };
}

/** Whether the server answers 200 (over TLS, trusting the loopback certificate). */
function answers(url) {
  if (!TLS) return fetch(url).then((response) => response.ok);
  return new Promise((resolve, reject) => {
    httpsGet(url, { ca: readFileSync(TLS_CERT_FILE) }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    }).on('error', reject);
  });
}

async function startServer() {
  const dataDir = mkdtempSync(join(tmpdir(), 'vigie-bench-'));
  const server = spawn(process.execPath, ['scripts/e2e-server.mjs'], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      VIGIE_SERVER_OUT_DIR: SERVER_DIR,
      VIGIE_STATIC_DIR: STATIC_DIR,
      TMPDIR: dataDir,
      VIGIE_PUBLIC_URL: BASE,
      ...(TLS ? { TLS_CERT_FILE, TLS_KEY_FILE } : {}),
    },
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error('the server stopped while starting');
    try {
      if (await answers(`${BASE}/api/config`)) return { server, dataDir };
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 300));
  }
  throw new Error('the server did not start within 2 minutes');
}

const logIn = (page) => logInAt(page, BASE, ACCOUNT, DASHBOARD_HEADING);
const lighthouseRun = (url, profile, reportFile, extraFlags = []) => lighthouseRunOn(url, profile, reportFile, DEBUG_PORT, extraFlags);
const loggedInProfile = () => loggedInProfileAt(BASE, DEBUG_PORT);

/** Median and spread of each figure over a page's runs. */
function figuresOf(reports) {
  const values = (pick) => reports.map(pick).filter((value) => value !== null && value !== undefined);
  const stats = (list) => {
    const sorted = [...list].sort((a, b) => a - b);
    return { median: median(sorted), min: sorted[0], max: sorted[sorted.length - 1], runs: list };
  };
  const audit = (id) => (lhr) => lhr.audits[id]?.numericValue;
  const median_ = medianRun(reports);
  return {
    performance: stats(values((lhr) => lhr.categories.performance.score)),
    fcpMs: stats(values(audit('first-contentful-paint'))),
    lcpMs: stats(values(audit('largest-contentful-paint'))),
    tbtMs: stats(values(audit('total-blocking-time'))),
    cls: stats(values(audit('cumulative-layout-shift'))),
    // The run with the median score, whole (accessibility, bytes, protocols, failing audits).
    medianRun: summarise(median_),
  };
}

/**
 * A Lighthouse run that Lighthouse itself gave up (a runtime error such as NO_NAVSTART, "Something
 * went wrong with recording the trace", seen about once in 20 runs) is run again from a new
 * profile, once; a page that fails twice stops the bench.
 */
async function retried(what, run) {
  try {
    return await run();
  } catch (error) {
    console.error(`${what} failed (${error.message}); run again on a new profile`);
    return run();
  }
}

/** Each page LIGHTHOUSE_RUNS times, login and dashboard alternating, each run from nothing. */
async function lighthouseFigures(protocol) {
  const scratch = mkdtempSync(join(tmpdir(), 'vigie-bench-reports-'));
  const logins = [];
  const dashboards = [];
  try {
    for (let run = 0; run < LIGHTHOUSE_RUNS; run += 1) {
      // Let what the previous step left running (the server's writes, a browser's exit) end.
      await sleep(SETTLE_MS);
      logins.push(await retried(`${protocol} login run ${run + 1}`, async () => {
        const fresh = mkdtempSync(join(tmpdir(), 'vigie-bench-chrome-'));
        try {
          const login = await lighthouseRun(`${BASE}/login`, fresh, join(scratch, `login-${run}.json`));
          if (!login.finalDisplayedUrl.endsWith('/login')) throw new Error(`the login run ended on ${login.finalDisplayedUrl}`);
          return login;
        } finally {
          rmSync(fresh, { recursive: true, force: true });
        }
      }));
      dashboards.push(await retried(`${protocol} dashboard run ${run + 1}`, async () => {
        const profile = await loggedInProfile();
        try {
          await sleep(SETTLE_MS);
          const dashboard = await lighthouseRun(`${BASE}/dashboard`, profile, join(scratch, `dashboard-${run}.json`), ['--disable-storage-reset']);
          if (!dashboard.finalDisplayedUrl.endsWith('/dashboard')) throw new Error(`the dashboard run ended on ${dashboard.finalDisplayedUrl}`);
          return dashboard;
        } finally {
          rmSync(profile, { recursive: true, force: true });
        }
      }));
      console.error(`${protocol} run ${run + 1}/${LIGHTHOUSE_RUNS}: login ${logins.at(-1).categories.performance.score}, dashboard ${dashboards.at(-1).categories.performance.score}`);
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  // The whole reports of the median runs, for the why behind a figure (long tasks, LCP element).
  writeFileSync(join(OUT, `lighthouse-${protocol}-login.json`), JSON.stringify(medianRun(logins)));
  writeFileSync(join(OUT, `lighthouse-${protocol}-dashboard.json`), JSON.stringify(medianRun(dashboards)));
  return { login: figuresOf(logins), dashboard: figuresOf(dashboards) };
}

/** One online visit (login, service worker active and in control), then a start offline. */
async function offlineStart() {
  const browser = await chromium.launch({ executablePath: CHROME, args: CHROME_ARGS });
  try {
    const context = await browser.newContext({ locale: 'en-US', serviceWorkers: 'allow' });
    const page = await context.newPage();
    await logIn(page);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await page.getByRole('heading', { name: DASHBOARD_HEADING }).waitFor();
    if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) throw new Error('no service worker controls the page');
    // The moment the heading appears, on the page's own clock (0 = navigation start).
    await context.addInitScript((heading) => {
      const seen = () => [...document.querySelectorAll('h1')].some((h) => h.textContent === heading);
      new MutationObserver((_, observer) => {
        if (!seen()) return;
        window.__vigieDashboardAt = performance.now();
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true, characterData: true });
    }, DASHBOARD_HEADING);
    await context.setOffline(true);
    // setOffline does not cut the service worker's own requests (STACK.md).
    await context.route('**/*', (route) => route.abort('internetdisconnected'));
    const runs = [];
    for (let i = 0; i < 3; i += 1) {
      await page.goto(`${BASE}/dashboard`);
      await page.getByRole('heading', { name: DASHBOARD_HEADING }).waitFor();
      runs.push(await page.evaluate(() => window.__vigieDashboardAt));
    }
    return { runsMs: runs.map((ms) => Math.round(ms)), medianMs: Math.round([...runs].sort((a, b) => a - b)[1]) };
  } finally {
    await browser.close();
  }
}

const fmtKiB = (bytes) => `${(bytes / KIB).toFixed(1)} KiB`;
const fmtMs = (ms) => (ms === null ? '-' : `${Math.round(ms)} ms`);
const fmtScore = (score) => (score === null ? '-' : score.toFixed(2));

const PROTOCOL_NAMES = { h2: 'HTTPS + HTTP/2', http1: 'HTTP/1.1' };

function printTable(result) {
  const { bundle, lighthouse: lh, offline } = result;
  const rows = [
    ['Entry JS (gz)', `${fmtKiB(bundle.entryJsGzBytes)} in ${bundle.entryJsFiles} files`, '≤ 170 KiB'],
    ['Entry CSS (gz)', fmtKiB(bundle.entryCssGzBytes), ''],
    ['Largest lazy chunk (gz)', bundle.largestLazyChunk ? `${fmtKiB(bundle.largestLazyChunk.gz)} ${bundle.largestLazyChunk.file}` : '-', ''],
  ];
  const spread = (stats, format) => `${format(stats.median)} (${format(stats.min)}–${format(stats.max)})`;
  for (const [protocol, pages] of Object.entries(lh)) {
    for (const [name, page] of Object.entries(pages)) {
      const label = `${name}, ${PROTOCOL_NAMES[protocol]}`;
      rows.push(
        [`${label}: performance`, `${spread(page.performance, fmtScore)} over ${page.performance.runs.length} runs: ${page.performance.runs.map(fmtScore).join(', ')}`, '≥ 0.95'],
        [`${label}: FCP`, spread(page.fcpMs, fmtMs), ''],
        [`${label}: LCP`, spread(page.lcpMs, fmtMs), '≤ 2500 ms'],
        [`${label}: TBT`, spread(page.tbtMs, fmtMs), ''],
        [`${label}: CLS`, spread(page.cls, (cls) => cls.toFixed(3)), ''],
        [`${label}: accessibility / best practices`, `${fmtScore(page.medianRun.accessibility)} / ${fmtScore(page.medianRun.bestPractices)} (median run)`, '1.00'],
        [`${label}: total bytes, served over`, `${fmtKiB(page.medianRun.totalBytes ?? 0)}, ${page.medianRun.protocols}`, ''],
      );
    }
  }
  if (offline !== null) rows.push(['Offline start → dashboard', `${fmtMs(offline.medianMs)} (runs ${offline.runsMs.join(', ')})`, '< 1000 ms']);
  const width = Math.max(...rows.map((row) => row[0].length));
  const valueWidth = Math.max(...rows.map((row) => row[1].length));
  console.log(rows.map(([name, value, target]) => `${name.padEnd(width)}  ${value.padEnd(valueWidth)}  ${target}`).join('\n'));
}

/** Serves the app over `protocol` for the time of `measure`. */
async function served(protocol, measure) {
  useProtocol(protocol);
  const { server, dataDir } = await startServer();
  try {
    return await measure();
  } finally {
    server.kill('SIGTERM');
    await new Promise((done) => server.once('exit', done));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  if (process.env.BENCH_SKIP_BUILD !== '1' && process.env.BENCH_STATIC_DIR === undefined) build();
  mkdirSync(OUT, { recursive: true });
  const bundle = bundleFigures();
  const lighthouse = {};
  for (const protocol of PROTOCOLS) lighthouse[protocol] = await served(protocol, () => lighthouseFigures(protocol));
  const offline = process.env.BENCH_SKIP_OFFLINE === '1' ? null : await served(PROTOCOLS[0], offlineStart);
  const result = { uptime: readFileSync('/proc/loadavg', 'utf8').trim(), bundle, lighthouse, offline };
  console.log('');
  printTable(result);
  console.log(`\n${JSON.stringify(result, null, 2)}`);
  writeFileSync(join(OUT, 'bench.json'), JSON.stringify(result, null, 2));
  if (process.env.BENCH_RESULT) writeFileSync(process.env.BENCH_RESULT, JSON.stringify(result, null, 2));
}

await main();
