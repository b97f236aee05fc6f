// What the benchmarks share. The server ones (bench-server.mjs, bench-list.mjs): waiting for
// a started server, stopping it and removing its data, and the CPU time it used. The browser
// ones (bench.mjs, bench-sites-app.mjs): Chromium, Lighthouse, the login, medians (below).
import { spawn, spawnSync } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { setPriority, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { startPostgres, stopPostgres } from './pg-test-server.mjs';

/** Resolves once GET /api/config answers (at most 2 minutes). */
export async function waitForServer(port) {
  for (let i = 0; i < 240; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/config`);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** The handle of a started server process: its CPU time, and a stop that removes its data folder. */
export function serverHandle(child, dataDir) {
  return {
    cpuMs: () => cpuMsOf(child.pid),
    stop: () =>
      new Promise((r) => {
        child.on('exit', r);
        child.kill('SIGTERM');
      }).then(() => rmSync(dataDir, { recursive: true, force: true })),
  };
}

/**
 * CPU time (user + system, ms) the server process has used, from /proc on Linux, else null.
 * Per request it says what the server costs even when other work shares the machine.
 */
export function cpuMsOf(pid) {
  const file = `/proc/${pid}/stat`;
  if (!existsSync(file)) return null;
  const fields = readFileSync(file, 'utf8').split(') ')[1].split(' ');
  // utime and stime, in clock ticks of 10 ms (USER_HZ is 100 on Linux).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The environment of a benchmarked server: its port and data folder, quiet, no mail, no request limit (throughput, not the limit). */
export function benchEnvironment(port, dataDir, extraEnv = {}) {
  return {
    ...process.env,
    PORT: String(port),
    VIGIE_DATA_DIR: dataDir,
    VIGIE_PGLITE_TEMPLATE_DIR: resolve('node_modules/.cache/vigie/pglite-template'),
    LOG_LEVEL: 'warn',
    VIGIE_MAIL_WORKER: 'false',
    VIGIE_RATE_LIMIT: '0',
    ...extraEnv,
  };
}

/**
 * Seeds the demo data plus a bench data set (`tasks.js seed-bench <seedArgs>`, with the server
 * stopped: an embedded database has one process), then starts the built server from `outDir`.
 */
export async function startSeededServer(port, seedArgs, extraEnv, outDir = process.env.VIGIE_SERVER_OUT_DIR || 'server/dist') {
  const dataDir = mkdtempSync(join(tmpdir(), 'vigie-bench-'));
  const env = benchEnvironment(port, dataDir, extraEnv);
  const seeded = spawnSync(process.execPath, [join(outDir, 'tasks.js'), 'seed-bench', ...seedArgs], { env, encoding: 'utf8' });
  if (seeded.status !== 0) throw new Error(`seed-bench failed:\n${seeded.stdout}\n${seeded.stderr}`);
  console.log(`  ${seeded.stdout.trim()}`);
  const child = spawn(process.execPath, [join(outDir, 'main.js')], { stdio: ['ignore', 'ignore', 'inherit'], env });
  await waitForServer(port);
  return serverHandle(child, dataDir);
}

/**
 * Runs `bench(label, port, env)` on the embedded PGlite (on `port`), then on PostgreSQL (on
 * `port + 1`, a fresh database named after `name`): VIGIE_BENCH_PG_URL, else a throwaway server
 * from Debian's binaries when installed (stopped after), else says it was not measured.
 */
export async function onBothDrivers(name, port, bench) {
  await bench('embedded PGlite', port, {});
  let pgUrl = process.env.VIGIE_BENCH_PG_URL ?? null;
  const startedPg = !pgUrl;
  if (!pgUrl) pgUrl = startPostgres();
  if (pgUrl) {
    const url = new URL(pgUrl);
    url.pathname = `/vigie_bench_${name}${Date.now()}`;
    await bench('PostgreSQL', port + 1, { DATABASE_URL: url.toString(), VIGIE_SEED_DEMO: 'true' });
    if (startedPg) stopPostgres();
  } else console.log('\nPostgreSQL: not measured (no VIGIE_BENCH_PG_URL and no Debian postgresql)');
}

/** A demo account's access token on the server at `base` (the API benchmarks' requests carry it). */
export async function apiToken(base, email = 'operator@demo.vigie.test') {
  const res = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: DEMO_PASSWORD }) });
  return (await res.json()).data.token;
}

// --- Browser benchmarks (bench.mjs, bench-sites-app.mjs) ------------------------------------
// A fresh Chromium per Lighthouse run, the loopback certificate trusted by its key, the login
// of a demo account, and the medians: shared so every browser figure is taken the same way.

export const TLS_CERT_FILE = 'scripts/loopback-tls/cert.pem';
export const TLS_KEY_FILE = 'scripts/loopback-tls/key.pem';
export const CHROME = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const LIGHTHOUSE_CLI = 'node_modules/lighthouse/cli/index.js';
export const DEMO_PASSWORD = 'vigie-demo-2026';

/** The certificate's key, as Chromium's --ignore-certificate-errors-spki-list wants it. */
export const spkiHash = () =>
  createHash('sha256')
    .update(new X509Certificate(readFileSync(TLS_CERT_FILE)).publicKey.export({ type: 'spki', format: 'der' }))
    .digest('base64');

// STACK.md's headless flags; --lang so the form's labels are the English ones the scripts look for.
// (A function: the certificate is read when a browser starts, not when a server bench loads this file.)
export const chromeArgs = () => ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--lang=en-US', `--ignore-certificate-errors-spki-list=${spkiHash()}`];

export const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

/** The middle of sorted numbers (the mean of the two middle ones for an even count). */
export function median(sorted) {
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The machine's load average (1, 5, 15 minutes), printed with every figure: the cores are shared. */
export const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/**
 * Logs `account` in through the login form at `base` and waits for the dashboard; then lets
 * the service worker this visit registers finish installing (it downloads every file of the
 * precache from the same server: the next measurement must not share the cores with it).
 */
export async function logIn(page, base, account = 'operator@demo.vigie.test', heading = 'Dashboard') {
  await page.goto(`${base}/login`);
  try {
    await page.getByLabel('Email').waitFor({ timeout: 15_000 });
  } catch (error) {
    throw new Error(`no login form at ${page.url()}: ${(await page.locator('body').innerText()).slice(0, 200)}`, { cause: error });
  }
  await page.getByLabel('Email').fill(account);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('heading', { name: heading }).waitFor();
  await page.evaluate(() =>
    Promise.race([navigator.serviceWorker.ready.then(() => undefined), new Promise((done) => setTimeout(done, 15_000))]),
  );
}

/**
 * A fresh Chromium: its own new user data folder (or `profile`, kept from a login), its own
 * process, headless, listening for DevTools on `debugPort`. Resolves once DevTools answers.
 */
export async function launchChromium(profile, debugPort) {
  const browser = spawn(CHROME, [...chromeArgs(), '--headless=new', `--user-data-dir=${profile}`, `--remote-debugging-port=${debugPort}`, 'about:blank'], {
    stdio: 'ignore',
  });
  const exited = new Promise((done) => browser.once('exit', done));
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (browser.exitCode !== null) throw new Error(`Chromium stopped while starting (port ${debugPort} in use?)`);
    try {
      const version = await (await fetch(`http://127.0.0.1:${debugPort}/json/version`)).json();
      return { process: browser, exited, wsUrl: version.webSocketDebuggerUrl };
    } catch {
      await sleep(100);
    }
  }
  browser.kill('SIGKILL');
  throw new Error('Chromium did not open its DevTools port within 30 s');
}

/** Closes the browser as a user would (its profile written to disk), killed if it hangs. */
export async function closeChromium(browser) {
  const playwright = await chromium.connectOverCDP(browser.wsUrl).catch(() => null);
  if (playwright !== null) {
    const cdp = await playwright.newBrowserCDPSession();
    await cdp.send('Browser.close').catch(() => undefined);
  } else {
    browser.process.kill('SIGTERM');
  }
  const timer = setTimeout(() => browser.process.kill('SIGKILL'), 15_000);
  await browser.exited;
  clearTimeout(timer);
}

/**
 * One Lighthouse run in a process of its own (the lighthouse CLI), attached to a fresh
 * Chromium: nothing of a previous run (renderer, heap, caches, connections) is left in either.
 * `niceness` (0–19): the Lighthouse process runs at that lower priority, for a bench that
 * measures the page's main thread (bench-start.mjs): the instrument is not on a phone's cores.
 */
export async function lighthouseRun(url, profile, reportFile, debugPort, extraFlags = [], { niceness = 0 } = {}) {
  const browser = await launchChromium(profile, debugPort);
  try {
    const cli = spawn(process.execPath, [
      LIGHTHOUSE_CLI, url, `--port=${debugPort}`, '--output=json', `--output-path=${reportFile}`, '--quiet',
      '--only-categories=performance,accessibility,best-practices', ...extraFlags,
    ], { stdio: ['ignore', 'ignore', 'inherit'] });
    if (niceness > 0 && cli.pid !== undefined) setPriority(cli.pid, niceness);
    const code = await new Promise((done) => cli.once('exit', done));
    if (code !== 0) throw new Error(`lighthouse ${url} exited with ${code}`);
    return JSON.parse(readFileSync(reportFile, 'utf8'));
  } finally {
    await closeChromium(browser);
  }
}

/**
 * The page's main thread in a Chromium trace (the renderer main thread that ran the most) and
 * its tasks (RunTask), in order. A task's `tdur` is its CPU time, which a loaded machine does not
 * stretch; its `dur`, the wall time Lighthouse counts.
 */
export function pageMainThread(events) {
  const tasksOf = (thread) => events.filter((event) => event.pid === thread.pid && event.tid === thread.tid && event.name === 'RunTask' && event.ph === 'X');
  const busy = (tasks) => tasks.reduce((sum, task) => sum + task.dur, 0);
  const threads = events.filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain').map((thread) => ({ pid: thread.pid, tid: thread.tid, tasks: tasksOf(thread) }));
  const main = threads.sort((a, b) => busy(b.tasks) - busy(a.tasks))[0];
  return main === undefined ? null : { ...main, tasks: main.tasks.sort((a, b) => a.ts - b.ts) };
}

/** Lighthouse's 4x CPU model applied to tasks' CPU time: each task's blocking past 50 ms, summed (ms). */
export const blockingAtCpu = (tasks) => tasks.reduce((sum, task) => sum + Math.max(0, (4 * (task.tdur ?? task.dur)) / 1000 - 50), 0);

/** What a browser keeps of a visit besides the session: removed before a logged-in first visit. */
export const PROFILE_CACHES = ['Cache', 'Code Cache', 'GPUCache', 'Service Worker', 'Session Storage', 'DawnGraphiteCache', 'DawnWebGPUCache'];

/**
 * A logged-in user's first visit: a user who logged in (in a fresh browser, by a script) and
 * comes back later. That browser is closed, everything the visit left besides the session (the
 * refresh cookie and localStorage) is deleted from its profile: HTTP cache, V8's code cache,
 * the service worker and its precache, sessionStorage. Returns the profile folder, for a new
 * Chromium to open (Lighthouse with --disable-storage-reset keeps the storage it finds).
 */
export async function loggedInProfile(base, debugPort, { stayMs = 0 } = {}) {
  const profile = mkdtempSync(join(tmpdir(), 'vigie-bench-chrome-'));
  const browser = await launchChromium(profile, debugPort);
  try {
    const playwright = await chromium.connectOverCDP(browser.wsUrl);
    const page = await playwright.contexts()[0].newPage();
    await logIn(page, base);
    // Left open that long after the login (the offline reads' first run, the copies they save).
    if (stayMs > 0) await sleep(stayMs);
  } finally {
    await closeChromium(browser);
  }
  for (const folder of PROFILE_CACHES) rmSync(join(profile, 'Default', folder), { recursive: true, force: true });
  return profile;
}

/** The figures of one Lighthouse report. */
export function summarise(lhr) {
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

/** The run with the median performance score (Lighthouse's advice for a noisy machine). */
export function medianRun(reports) {
  const sorted = [...reports].sort((a, b) => a.categories.performance.score - b.categories.performance.score);
  return sorted[Math.floor(sorted.length / 2)];
}
