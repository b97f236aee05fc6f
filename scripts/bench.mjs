// `npm run bench`: the app's load budget (DESIGN.md "Budgets"), measured, never asserted.
// Builds the app and the server into .build/bench (never dist/), starts the real server on a
// throwaway data folder (scripts/e2e-server.mjs) and prints, as a table then JSON:
// - the JS and CSS the first page loads (entry script + its modulepreloads, stylesheets),
//   gzipped, and the largest lazy chunk;
// - Lighthouse 13 mobile (its default simulated throttling) for /login and for the dashboard
//   after a login: performance, accessibility, best practices, FCP, LCP, TBT, CLS, total bytes;
//   each page BENCH_LIGHTHOUSE_RUNS times (5), the run with the median performance reported;
// - navigation → dashboard heading shown, offline with the service worker (its own requests
//   aborted too), after one online visit.
// Served as users reach it: HTTPS with HTTP/2 (a PWA needs HTTPS; every TLS front speaks
// HTTP/2), from the server itself with the loopback certificate of scripts/loopback-tls, which
// the bench's Chromium trusts by its key (--ignore-certificate-errors-spki-list).
// BENCH_PROTOCOL=http1 measures plain HTTP/1.1 instead (six connections, no TLS), for comparison.
// Env: BENCH_PORT (8295), BENCH_DEBUG_PORT (9395), BENCH_VITE_CONFIG (another vite config, to
// measure a before/after), BENCH_SKIP_BUILD=1 (reuse .build/bench), BENCH_STATIC_DIR (measure
// an app built elsewhere, with .build/bench's server; no build), BENCH_SKIP_OFFLINE=1,
// BENCH_RESULT (a file for the JSON too). scripts/bench-compare.mjs alternates two builds
// through these. The full Lighthouse reports are kept in .build/bench/lighthouse-{login,dashboard}.json.
import { spawn, spawnSync } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { get as httpsGet } from 'node:https';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';

const OUT = '.build/bench';
const STATIC_DIR = process.env.BENCH_STATIC_DIR ?? join(OUT, 'dist');
const SERVER_DIR = join(OUT, 'server');
const PORT = Number(process.env.BENCH_PORT ?? 8295);
const DEBUG_PORT = Number(process.env.BENCH_DEBUG_PORT ?? 9395);
const TLS = process.env.BENCH_PROTOCOL !== 'http1';
const BASE = `${TLS ? 'https' : 'http'}://127.0.0.1:${PORT}`;
const TLS_CERT_FILE = 'scripts/loopback-tls/cert.pem';
const TLS_KEY_FILE = 'scripts/loopback-tls/key.pem';
/** The certificate's key, as Chromium's --ignore-certificate-errors-spki-list wants it. */
const spkiHash = () =>
  createHash('sha256')
    .update(new X509Certificate(readFileSync(TLS_CERT_FILE)).publicKey.export({ type: 'spki', format: 'der' }))
    .digest('base64');
const CHROME = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// STACK.md's headless flags; --lang so the form's labels are the English ones below.
const CHROME_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--lang=en-US', ...(TLS ? [`--ignore-certificate-errors-spki-list=${spkiHash()}`] : [])];
const ACCOUNT = 'operator@demo.vigie.test';
const PASSWORD = 'vigie-demo-2026';
const DASHBOARD_HEADING = 'Dashboard';
const KIB = 1024;
/** Lighthouse runs per page; the median one is reported (TBT varies run to run on 2 cores). */
/** The pause before each Lighthouse run (settle() below). */
const SETTLE_MS = 1000;
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

async function logIn(page) {
  await page.goto(`${BASE}/login`);
  try {
    await page.getByLabel('Email').waitFor({ timeout: 15_000 });
  } catch (error) {
    throw new Error(`no login form at ${page.url()}: ${(await page.locator('body').innerText()).slice(0, 200)}`, { cause: error });
  }
  await page.getByLabel('Email').fill(ACCOUNT);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('heading', { name: DASHBOARD_HEADING }).waitFor();
  // The service worker this visit registers installs in the background, downloading every
  // file of the precache from the same server: let it finish, or its downloads share the two
  // cores with the next measurement.
  await page.evaluate(() =>
    Promise.race([navigator.serviceWorker.ready.then(() => undefined), new Promise((done) => setTimeout(done, 15_000))]),
  );
}

function summarise(lhr) {
  const audit = (id) => lhr.audits[id]?.numericValue ?? null;
  const score = (id) => lhr.categories[id]?.score ?? null;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    fcpMs: audit('first-contentful-paint'),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    totalBytes: audit('total-byte-weight'),
    // What the page's requests really went over (h2 when served with TLS).
    protocols: [...new Set((lhr.audits['network-requests']?.details?.items ?? []).map((item) => item.protocol))].join(', '),
    failing: Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'manual' && a.scoreDisplayMode !== 'notApplicable')
      .map((a) => a.id),
  };
}

/**
 * Lighthouse attaches to a Chromium that Playwright launched with a debugging port; the
 * persistent context is the browser's default one, where Lighthouse opens its tab, so the
 * session stored by a Playwright login is the one Lighthouse's dashboard run uses.
 */
async function lighthouseFigures() {
  const profile = mkdtempSync(join(tmpdir(), 'vigie-bench-chrome-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROME,
    args: [...CHROME_ARGS, '--process-per-site', `--remote-debugging-port=${DEBUG_PORT}`],
    locale: 'en-US',
  });
  const flags = { port: DEBUG_PORT, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices'] };
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const logins = [];
    const dashboards = [];
    const cdp = await context.newCDPSession(page);
    // The app's pages share one renderer process (--process-per-site), and its garbage (the
    // previous runs' pages) is collected before each run: left, it was collected in the first
    // task of a run, at random, adding up to 230 ms to a page it does not belong to.
    // The pause lets what the previous step left running (the server's answers, the browser's
    // cache writes) end first.
    const settle = async () => {
      await page.goto(`${BASE}/favicon.svg`);
      await new Promise((done) => setTimeout(done, SETTLE_MS));
      await cdp.send('HeapProfiler.collectGarbage');
    };
    for (let run = 0; run < LIGHTHOUSE_RUNS; run += 1) {
      // A cold first visit: no session (the previous run's), no service worker, no cache.
      await settle();
      await cdp.send('Storage.clearDataForOrigin', { origin: BASE, storageTypes: 'all' });
      await cdp.send('Network.clearBrowserCookies');
      await cdp.send('Network.clearBrowserCache');
      const login = (await lighthouse(`${BASE}/login`, flags)).lhr;
      if (!login.finalDisplayedUrl.endsWith('/login')) throw new Error(`the login run ended on ${login.finalDisplayedUrl}`);
      logins.push(login);
      await logIn(page);
      // Keep the session (local and session storage) but not the service worker, its cache and
      // the HTTP cache, so the dashboard too is measured as loaded from the network.
      await cdp.send('Storage.clearDataForOrigin', { origin: BASE, storageTypes: 'service_workers,cache_storage' });
      await cdp.send('Network.clearBrowserCache');
      await settle();
      const dashboard = (await lighthouse(`${BASE}/dashboard`, { ...flags, disableStorageReset: true })).lhr;
      if (!dashboard.finalDisplayedUrl.endsWith('/dashboard')) throw new Error(`the dashboard run ended on ${dashboard.finalDisplayedUrl}`);
      dashboards.push(dashboard);
    }
    const login = medianRun(logins);
    const dashboard = medianRun(dashboards);
    // The whole reports of the median runs, for the why behind a figure (long tasks, LCP element).
    writeFileSync(join(OUT, 'lighthouse-login.json'), JSON.stringify(login));
    writeFileSync(join(OUT, 'lighthouse-dashboard.json'), JSON.stringify(dashboard));
    return {
      login: { ...summarise(login), ...eachRun(logins) },
      dashboard: { ...summarise(dashboard), ...eachRun(dashboards) },
    };
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

/** Every run's score, blocking time and LCP (scripts/bench-compare.mjs reads them). */
function eachRun(reports) {
  return {
    runs: reports.map((lhr) => lhr.categories.performance.score),
    runsTbtMs: reports.map((lhr) => lhr.audits['total-blocking-time'].numericValue),
    runsLcpMs: reports.map((lhr) => lhr.audits['largest-contentful-paint'].numericValue),
  };
}

/** The run with the median performance score (Lighthouse's advice for a noisy machine). */
function medianRun(reports) {
  const sorted = [...reports].sort((a, b) => a.categories.performance.score - b.categories.performance.score);
  return sorted[Math.floor(sorted.length / 2)];
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

function printTable(result) {
  const { bundle, lighthouse: lh, offline } = result;
  const rows = [
    ['Entry JS (gz)', `${fmtKiB(bundle.entryJsGzBytes)} in ${bundle.entryJsFiles} files`, '≤ 170 KiB'],
    ['Entry CSS (gz)', fmtKiB(bundle.entryCssGzBytes), ''],
    ['Largest lazy chunk (gz)', bundle.largestLazyChunk ? `${fmtKiB(bundle.largestLazyChunk.gz)} ${bundle.largestLazyChunk.file}` : '-', ''],
  ];
  for (const [name, page] of Object.entries(lh)) {
    rows.push(
      [`${name}: performance`, `${fmtScore(page.performance)} (median of ${page.runs.map(fmtScore).join(', ')})`, '≥ 0.90'],
      [`${name}: accessibility`, fmtScore(page.accessibility), '1.00'],
      [`${name}: best practices`, fmtScore(page.bestPractices), ''],
      [`${name}: FCP / LCP`, `${fmtMs(page.fcpMs)} / ${fmtMs(page.lcpMs)}`, 'LCP ≤ 2500 ms'],
      [`${name}: TBT / CLS`, `${fmtMs(page.tbtMs)} / ${page.cls?.toFixed(3) ?? '-'}`, ''],
      [`${name}: total bytes`, fmtKiB(page.totalBytes ?? 0), ''],
      [`${name}: served over`, `${BASE.split(':')[0]}, ${page.protocols}`, ''],
    );
  }
  if (offline !== null) rows.push(['Offline start → dashboard', `${fmtMs(offline.medianMs)} (runs ${offline.runsMs.join(', ')})`, '< 1000 ms']);
  const width = Math.max(...rows.map((row) => row[0].length));
  const valueWidth = Math.max(...rows.map((row) => row[1].length));
  console.log(rows.map(([name, value, target]) => `${name.padEnd(width)}  ${value.padEnd(valueWidth)}  ${target}`).join('\n'));
}

async function main() {
  if (process.env.BENCH_SKIP_BUILD !== '1' && process.env.BENCH_STATIC_DIR === undefined) build();
  const bundle = bundleFigures();
  const { server, dataDir } = await startServer();
  try {
    const lighthouse = await lighthouseFigures();
    const result = { bundle, lighthouse, offline: process.env.BENCH_SKIP_OFFLINE === '1' ? null : await offlineStart() };
    console.log('');
    printTable(result);
    console.log(`\n${JSON.stringify(result, null, 2)}`);
    writeFileSync(join(OUT, 'bench.json'), JSON.stringify(result, null, 2));
    if (process.env.BENCH_RESULT) writeFileSync(process.env.BENCH_RESULT, JSON.stringify(result, null, 2));
  } finally {
    server.kill('SIGTERM');
    await new Promise((done) => server.once('exit', done));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
