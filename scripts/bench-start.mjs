// `npm run bench:start`: the installed app's start, measured, never asserted. Lighthouse 12
// mobile (its simulated 4x CPU, 150 ms RTT, 1.6 Mbps) over HTTPS with HTTP/2, signed in as the
// operator, on the dashboard and on the site list, in the three ways a user opens the app:
// - first: a logged-in first visit. The user logged in once and comes back; the browser kept
//   the session (refresh cookie, localStorage) and nothing else (loggedInProfile of
//   bench-support.mjs): no service worker, no HTTP or code cache, no IndexedDB.
// - installed: the installed app's daily start. The user worked online once (logged in, opened
//   the dashboard and the site list, stayed BENCH_STAY_MS (15 s) for the offline copy to be
//   saved), closed the app and opens it again: the profile is kept whole (service worker and
//   its caches, HTTP and code caches, IndexedDB).
// - updated: the start after an app update. The same profile without the service worker and
//   its caches, the HTTP cache and V8's code cache; the device's data (IndexedDB,
//   localStorage, the refresh cookie) kept.
// The main-thread work of the last two grows with what the device keeps (restoring the
// offline copy, registering every module), which the first visit does not show.
//
// Each run: a copy of the case's profile, a new Chromium opening it and a new Lighthouse
// process (--disable-storage-reset, so the copy is what the page finds). BENCH_LIGHTHOUSE_RUNS
// (5) runs a page and case; medians and spreads of performance, FCP, LCP, TBT, the blocking
// time counted at CPU time (cpuBlocking: what the page itself blocks, without the host's
// contention), and the long tasks' sources of the median run (Lighthouse's bootup-time and
// long-tasks audits).
// Build first (`npm run build`): serves dist/ with server/dist (VIGIE_STATIC_DIR /
// VIGIE_SERVER_OUT_DIR for another build), on a fresh PGlite folder seeded with the demo data
// plus BENCH_SITES (10,000) sites in Acme / Lyon. Ports: BENCH_PORT (18131) and BENCH_PORT + 1
// (Chromium's DevTools). BENCH_CASES (first,installed,updated) and BENCH_PAGES
// (dashboard,sites by default; equipment, recap) choose what is measured; BENCH_RESULT names a file for the JSON;
// BENCH_REPORTS a folder for each run's report and trace (BENCH_JS_SAMPLES=1: with JavaScript samples).
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { startBenchServer } from './bench-app-support.mjs';
import {
  blockingAtCpu, closeChromium, launchChromium, lighthouseRun, loadAverage, loggedInProfile, logIn, median, medianRun, pageMainThread, PROFILE_CACHES, sleep, summarise,
} from './bench-support.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 18131);
const DEBUG_PORT = PORT + 1;
const BASE = `https://127.0.0.1:${PORT}`;
const SITES = Number(process.env.BENCH_SITES ?? 10_000);
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);
const STAY_MS = Number(process.env.BENCH_STAY_MS ?? 15_000);
/** After the stay, how long the service worker may still take to control the page (its install on a loaded machine). */
const SW_WAIT_MS = Number(process.env.BENCH_SW_WAIT_MS ?? 180_000);
/** The pages a run can measure; dashboard and sites unless BENCH_PAGES names others (a module's main list). */
const PAGES = { dashboard: '/dashboard', sites: '/site/view/infoV2', equipment: '/inventory-v2/equipment', recap: '/stock-management/recap-table' };
const CASES = ['first', 'installed', 'updated'];
/**
 * A folder to keep each run's Lighthouse report and trace in (its long tasks, its requests), for
 * a closer look; BENCH_JS_SAMPLES=1 adds the JavaScript samples to the trace.
 */
const REPORTS = process.env.BENCH_REPORTS ?? null;
if (REPORTS !== null) mkdirSync(REPORTS, { recursive: true });
const chosenCases = (process.env.BENCH_CASES ?? CASES.join(',')).split(',').map((name) => name.trim());
const chosenPages = (process.env.BENCH_PAGES ?? 'dashboard,sites').split(',').map((name) => name.trim());
for (const name of chosenCases) if (!CASES.includes(name)) throw new Error(`BENCH_CASES: unknown case ${name}`);
for (const name of chosenPages) if (!(name in PAGES)) throw new Error(`BENCH_PAGES: unknown page ${name}`);
/** The pause before each run, for what the previous step left running (a browser's exit, the server's writes) to end. */
const SETTLE_MS = 1000;

/**
 * The profile of a user who worked online once: logged in, the dashboard and the site list
 * opened, STAY_MS left for the offline reads and their copies, the service worker installed
 * and in control, then the browser closed as a user closes it.
 */
async function workedOnlineProfile() {
  const profile = mkdtempSync(join(tmpdir(), 'vigie-bench-start-'));
  const browser = await launchChromium(profile, DEBUG_PORT);
  try {
    const playwright = await chromium.connectOverCDP(browser.wsUrl);
    const page = await playwright.contexts()[0].newPage();
    await logIn(page, BASE);
    await page.goto(`${BASE}${PAGES.sites}`);
    await page.getByRole('list', { name: 'Sites' }).waitFor();
    await page.goto(`${BASE}${PAGES.dashboard}`);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await sleep(STAY_MS);
    // On a loaded machine the worker's install (the whole precache) can outlast the stay: wait for it.
    const controlled = await page
      .waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: SW_WAIT_MS })
      .then(() => true, () => false);
    if (!controlled) throw new Error('no service worker controls the page after the online session');
  } finally {
    await closeChromium(browser);
  }
  return profile;
}

/** The worked-online profile as an app update leaves it: the service worker, its caches and the HTTP and code caches gone. */
function updatedCopy(profile) {
  const copy = mkdtempSync(join(tmpdir(), 'vigie-bench-start-'));
  cpSync(profile, copy, { recursive: true });
  for (const folder of PROFILE_CACHES.filter((name) => name !== 'Session Storage')) rmSync(join(copy, 'Default', folder), { recursive: true, force: true });
  return copy;
}

function plainCopy(profile) {
  const copy = mkdtempSync(join(tmpdir(), 'vigie-bench-start-'));
  cpSync(profile, copy, { recursive: true });
  return copy;
}

/** The scripts that kept the main thread busiest in a report (Lighthouse's bootup-time audit), top 5. */
function busiestScripts(lhr) {
  const items = lhr.audits['bootup-time']?.details?.items ?? [];
  return items.slice(0, 5).map((item) => ({ url: String(item.url).replace(BASE, ''), totalMs: Math.round(item.total), scriptingMs: Math.round(item.scripting) }));
}

function statsOf(values) {
  const sorted = values.filter((value) => typeof value === 'number').sort((a, b) => a - b);
  return { median: median(sorted), min: sorted[0], max: sorted.at(-1), runs: values };
}

/**
 * A run's blocking time counted at CPU time, from its trace: the page's main-thread tasks after
 * its first contentful paint, each at four times its CPU time past 50 ms. Lighthouse's model
 * takes four times a task's duration instead, which a shared 2-core host stretches: the page's
 * thread waits there for a core held by the browser's other processes, the worker's thread or
 * V8's background compilation (docs/performance.md). Also the tasks' CPU and wall times; null
 * without a first paint in the trace.
 */
function cpuBlocking(traceFile) {
  const raw = JSON.parse(readFileSync(traceFile, 'utf8'));
  const events = raw.traceEvents ?? raw;
  const main = pageMainThread(events);
  const paint = main === null ? undefined : events.find((event) => event.name === 'firstContentfulPaint' && event.pid === main.pid && event.tid === main.tid);
  if (paint === undefined) return null;
  const after = main.tasks.filter((task) => task.ts >= paint.ts);
  const sum = (values) => Math.round(values.reduce((total, value) => total + value, 0) / 1000);
  return { blockingMs: Math.round(blockingAtCpu(after)), cpuMs: sum(after.map((task) => task.tdur ?? task.dur)), wallMs: sum(after.map((task) => task.dur)) };
}

async function measure(caseName, pageName, prepared, scratch) {
  const reports = [];
  const cpuRuns = [];
  let retried = false;
  for (let run = 0; run < RUNS; run += 1) {
    await sleep(SETTLE_MS);
    const profile = caseName === 'first' ? await loggedInProfile(BASE, DEBUG_PORT) : caseName === 'installed' ? plainCopy(prepared) : updatedCopy(prepared);
    try {
      await sleep(SETTLE_MS);
      const reportFile = join(REPORTS ?? scratch, `${caseName}-${pageName}-${run}.json`);
      const lhr = await lighthouseRun(`${BASE}${PAGES[pageName]}`, profile, reportFile, DEBUG_PORT, [
        '--disable-storage-reset',
        // The trace, for the blocking time at CPU time (cpuBlocking).
        '--save-assets',
        // The JavaScript samples too (which functions a long task ran); the sampling lengthens
        // every task, so these runs' figures are not comparable with the others.
        ...(process.env.BENCH_JS_SAMPLES === '1' ? ['--additional-trace-categories=disabled-by-default-v8.cpu_profiler'] : []),
        // Lighthouse at the lowest priority, as the server: it is the instrument, not on the
        // phone. At the normal priority its process (35–78 % of a core during a load) took the
        // page's main thread off one of the 2 cores, and Lighthouse counts a task's duration.
      ], { niceness: 19 });
      if (!lhr.finalDisplayedUrl.endsWith(PAGES[pageName])) throw new Error(`${caseName} ${pageName} ended on ${lhr.finalDisplayedUrl}`);
      const atCpu = cpuBlocking(reportFile.replace(/\.json$/, '-0.trace.json'));
      reports.push(lhr);
      cpuRuns.push(atCpu);
      console.error(
        `${caseName} ${pageName} run ${run + 1}/${RUNS}: ${lhr.categories.performance.score} (TBT ${Math.round(lhr.audits['total-blocking-time'].numericValue)} ms; ` +
          `at CPU time ${atCpu?.blockingMs ?? '?'} ms, main thread after the first paint ${atCpu?.cpuMs ?? '?'} ms of CPU in ${atCpu?.wallMs ?? '?'} ms)`,
      );
    } catch (error) {
      // On a loaded machine Lighthouse now and then fails to record a trace (NO_NAVSTART): the
      // run is made again once, on a fresh copy of the profile.
      if (retried) throw error;
      retried = true;
      run -= 1;
      console.error(`${caseName} ${pageName}: ${error.message}; the run is made again`);
    } finally {
      rmSync(profile, { recursive: true, force: true });
    }
  }
  const audit = (id) => reports.map((lhr) => lhr.audits[id]?.numericValue);
  const middle = medianRun(reports);
  return {
    performance: statsOf(reports.map((lhr) => lhr.categories.performance.score)),
    fcpMs: statsOf(audit('first-contentful-paint')),
    lcpMs: statsOf(audit('largest-contentful-paint')),
    tbtMs: statsOf(audit('total-blocking-time')),
    tbtAtCpuMs: statsOf(cpuRuns.map((figures) => figures?.blockingMs)),
    medianRun: { ...summarise(middle), busiestScripts: busiestScripts(middle) },
  };
}

const fmt = (s, digits, unit = '') => (s.median === undefined ? 'none' : `${s.median.toFixed(digits)}${unit} (${s.min.toFixed(digits)}–${s.max.toFixed(digits)})`);

async function main() {
  console.log(`load average at start: ${loadAverage()}`);
  // Every run starts from a copy of one logged-in profile: one session, whose first minutes'
  // reads (each run's offline sync of the lists and sheets) added up past the session's
  // request limit within a minute, and runs were measured against 429 answers. A user's
  // session starts once; the limit is not what this bench measures.
  // The server runs at the lowest priority: on a phone its work is not on the device's cores.
  // At the same priority, on a 2-core machine, its answers to the start's requests took the
  // page's main thread off the CPU: the page's tasks lasted 2 to 4 times their CPU time, and
  // Lighthouse counts a task's duration (total blocking time).
  const server = await startBenchServer({
    port: PORT,
    base: BASE,
    seedArgs: ['--sites', String(SITES)],
    tag: 'start',
    extraEnv: { VIGIE_RATE_LIMIT: '0' },
    niceness: 19,
  });
  const scratch = mkdtempSync(join(tmpdir(), 'vigie-bench-start-reports-'));
  const results = {};
  let prepared = null;
  try {
    if (chosenCases.some((name) => name !== 'first')) prepared = await workedOnlineProfile();
    for (const caseName of chosenCases) {
      for (const pageName of chosenPages) results[`${caseName} ${pageName}`] = await measure(caseName, pageName, prepared, scratch);
    }
  } finally {
    if (prepared) rmSync(prepared, { recursive: true, force: true });
    rmSync(scratch, { recursive: true, force: true });
    await server.stop();
  }
  console.log(`\nload average at end: ${loadAverage()}`);
  const width = Math.max(...Object.keys(results).map((name) => name.length));
  for (const [name, figures] of Object.entries(results)) {
    console.log(`${name.padEnd(width)}  performance ${fmt(figures.performance, 2)}  TBT ${fmt(figures.tbtMs, 0, ' ms')} (at CPU time ${fmt(figures.tbtAtCpuMs, 0, ' ms')})  FCP ${fmt(figures.fcpMs, 0, ' ms')}  LCP ${fmt(figures.lcpMs, 0, ' ms')}`);
    console.log(`${''.padEnd(width)}  busiest scripts: ${figures.medianRun.busiestScripts.map((s) => `${s.url} ${s.totalMs} ms`).join(', ')}`);
  }
  const json = JSON.stringify({ loadAverage: loadAverage(), sites: SITES, runs: RUNS, results }, null, 2);
  console.log(`\n${json}`);
  if (process.env.BENCH_RESULT) writeFileSync(process.env.BENCH_RESULT, json);
}

await main();
