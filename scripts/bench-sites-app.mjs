// `npm run bench:sites-app [scroll|lighthouse|outbox|all]`: the Sites app's budgets of
// MODULES.md measured in Chromium against the built app, never asserted. Build first
// (`npm run build`): it serves dist/ with server/dist (VIGIE_STATIC_DIR / VIGIE_SERVER_OUT_DIR
// for another build) over HTTPS with HTTP/2 and the loopback certificate (scripts/loopback-tls,
// trusted by the bench's Chromium by its key), on a fresh PGlite data folder seeded with the
// demo data plus BENCH_SITES (10,000) sites in Acme / Lyon by `tasks.js seed-bench`, the server
// stopped (an embedded database has one process), as bench-list.mjs does. The server keeps
// its default request limit (VIGIE_RATE_LIMIT): the outbox replay meets what a user meets.
//
// 1. scroll: operator@demo.vigie.test on the Sites list (/site/view/infoV2, phone-sized
//    window), scrolled from the top to the 10,000th row, BENCH_SCROLL_SCREENS (1) screens per
//    animation frame, waiting at the end of the loaded rows for the next page (the list loads
//    pages of 100 by cursor as their placeholder comes into view). A PerformanceObserver
//    counts the long tasks (> 50 ms); requestAnimationFrame counts the frames. Once at full
//    speed, once with the CPU slowed 4x (CDP Emulation.setCPUThrottlingRate). Each run a new
//    browser context logged in through the form.
// 2. lighthouse: Lighthouse 12 mobile (its simulated 4x CPU, 150 ms RTT, 1.6 Mbps) on the
//    list as a logged-in user's first visit, as bench.mjs measures the dashboard: a fresh
//    Chromium logs in, closes, loses everything but the session (loggedInProfile of
//    bench-support.mjs), and a new Chromium and Lighthouse process load the list.
//    BENCH_LIGHTHOUSE_RUNS (3) runs: median performance, accessibility, FCP, LCP, TBT, CLS.
// 3. outbox: BENCH_OUTBOX_EDITS (500) site edits with a photo each, queued offline by the
//    operator (a manager), then delivered after reconnecting. A site edit with a photo is the
//    one the Sites app takes a photo in today: a 360 stage added to a site with its image
//    (StagesManager: one outbox item 'sites.stage.create' and its image Blob). The first
//    BENCH_OUTBOX_UI (5) go through the screen (row of the list → sheet → stage name →
//    setInputFiles on the photo picker → "Add the stage"), timed from the click to the
//    outbox's commit (its BroadcastChannel message) and to the toast; the rest are copies of
//    the first item written into IndexedDB (vigie-outbox, the store shapes of lib/idb) the way
//    lib/outbox/db.ts's addItem writes them (one strict transaction each, a new key, stage
//    and attachment id, each on another site), as bench-emergency.mjs did for alerts. The
//    network comes back and the time to an empty outbox is taken on the page's clock from its
//    `online` event (the wait gives up after 10 minutes and says what was left). Then the server is asked (GET /api/sites/:id, a new session): every site
//    has its stage with an image and its photo once, and its version moved by exactly one.
//    The photo: a 2000 × 1500 JPEG (the app's resize output size) made with sharp.
//
// Prints the load average at start and end, a table per part, then JSON (also written to
// BENCH_RESULT when set). Ports: the server on BENCH_PORT (18121), Chromium's DevTools on
// BENCH_PORT + 1 (Lighthouse runs).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import {
  apiOf, cutNetwork, fmtStats, OUTBOX, outboxStates, printRows, resizedPhoto, round, startBenchServer, stats, waitForEmptyOutbox,
} from './bench-app-support.mjs';
import { CHROME, chromeArgs, lighthouseRun, loadAverage, loggedInProfile, logIn, median, medianRun, sleep, summarise } from './bench-support.mjs';

const PARTS = ['scroll', 'lighthouse', 'outbox'];
const chosen = process.argv[2] ?? 'all';
if (chosen !== 'all' && !PARTS.includes(chosen)) {
  console.error('usage: node scripts/bench-sites-app.mjs [scroll|lighthouse|outbox|all]');
  process.exit(2);
}
const PORT = Number(process.env.BENCH_PORT ?? 18121);
const DEBUG_PORT = PORT + 1;
const BASE = `https://127.0.0.1:${PORT}`;
const SITES = Number(process.env.BENCH_SITES ?? 10_000);
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const SCROLL_SCREENS = Number(process.env.BENCH_SCROLL_SCREENS ?? 1);
const OUTBOX_EDITS = Number(process.env.BENCH_OUTBOX_EDITS ?? 500);
const OUTBOX_UI = Math.min(OUTBOX_EDITS, Number(process.env.BENCH_OUTBOX_UI ?? 5));
const OPERATOR = 'operator@demo.vigie.test';
const LIST_PATH = '/site/view/infoV2';
/** Lighthouse's mobile screen, for the scroll too: what a field user holds. */
const PHONE = { width: 412, height: 823 };
/** The name of every stage the outbox part adds (one per site: the server refuses a second one). */
const STAGE_NAME = 'Bench photo';
const api = apiOf(BASE);

// --- the server -----------------------------------------------------------------------------

async function apiLogin() {
  const res = await api('POST', 'auth/login', { body: { email: OPERATOR, password: 'vigie-demo-2026' } });
  if (res.status !== 200) throw new Error(`login: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.token;
}

// --- figures ----------------------------------------------------------------------------------

async function newBrowser() {
  return chromium.launch({ executablePath: CHROME, args: chromeArgs() });
}

async function loggedInPage(browser, viewport) {
  const context = await browser.newContext({ locale: 'en-US', viewport, serviceWorkers: 'allow' });
  const page = await context.newPage();
  await logIn(page, BASE, OPERATOR);
  return { context, page };
}

const listRows = (page) => page.getByRole('list', { name: 'Sites' }).getByRole('listitem');

// --- 1. scroll --------------------------------------------------------------------------------

/**
 * Scrolls the list's own scroller from the top to its last row in the page: `screens` heights
 * per animation frame; at the end of the loaded rows it keeps ticking frames until the next
 * page arrives. Long tasks and frames are counted from the first step to the last row drawn.
 */
function scrollThrough(page, { screens, total }) {
  return page.evaluate(
    ({ screens, total }) =>
      new Promise((done, fail) => {
        const scroller = document.querySelector('.record-list-scroll');
        if (scroller === null) return fail(new Error('no list scroller'));
        const longTasks = [];
        // Where long tasks may come from: the offline persister serialises the cached list
        // (every page loaded) with JSON.stringify. Its slow calls are timed, for the report.
        const stringify = JSON.stringify;
        const slowStringify = [];
        JSON.stringify = function timedStringify(...args) {
          const begin = performance.now();
          const text = stringify.apply(this, args);
          const took = performance.now() - begin;
          if (took > 16) slowStringify.push(took);
          return text;
        };
        const observer = new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) longTasks.push(entry.duration);
        });
        observer.observe({ type: 'longtask' });
        const pagesBefore = performance.getEntriesByType('resource').filter((e) => /\/api\/sites\?/.test(e.name)).length;
        const frameTimes = [];
        const start = performance.now();
        let lastGrowth = start;
        let lastHeight = scroller.scrollHeight;
        const lastRowShown = () => document.querySelector(`[role="listitem"][aria-posinset="${total}"]`) !== null;
        const step = (now) => {
          frameTimes.push(now);
          if (scroller.scrollHeight !== lastHeight) {
            lastHeight = scroller.scrollHeight;
            lastGrowth = now;
          }
          if (lastRowShown() && scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 1) {
            // One more frame, for the long tasks of the last step to be reported.
            requestAnimationFrame(() =>
              setTimeout(() => {
                observer.disconnect();
                JSON.stringify = stringify;
                const intervals = frameTimes.slice(1).map((t, i) => t - frameTimes[i]);
                done({
                  ms: now - start,
                  frames: frameTimes.length,
                  intervals,
                  longTasks,
                  slowStringify,
                  pages: performance.getEntriesByType('resource').filter((e) => /\/api\/sites\?/.test(e.name)).length - pagesBefore,
                  rowsInPage: document.querySelectorAll('[role="listitem"]').length,
                });
              }, 100),
            );
            return;
          }
          if (now - lastGrowth > 60_000) return fail(new Error(`stuck at ${scroller.scrollTop} of ${scroller.scrollHeight}`));
          scroller.scrollTop += scroller.clientHeight * screens;
          requestAnimationFrame(step);
        };
        requestAnimationFrame(step);
      }),
    { screens, total },
  );
}

async function scrollRun(browser, cpuRate, total) {
  const { context, page } = await loggedInPage(browser, PHONE);
  try {
    await page.goto(`${BASE}${LIST_PATH}`);
    await listRows(page).first().waitFor();
    // Let the login's offline reads (the first pages and their sheets, kept for offline use) end.
    await page.waitForLoadState('networkidle');
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
    const run = await scrollThrough(page, { screens: SCROLL_SCREENS, total });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const seconds = run.ms / 1000;
    const intervals = run.intervals;
    return {
      cpuRate,
      rows: total,
      seconds: round(seconds, 2),
      pagesLoaded: run.pages,
      rowsInPageAtEnd: run.rowsInPage,
      longTasks: run.longTasks.length,
      longTaskTotalMs: round(run.longTasks.reduce((a, b) => a + b, 0)),
      longTaskMaxMs: round(Math.max(0, ...run.longTasks)),
      framesPerSecond: round(run.frames / seconds, 1),
      frameIntervalMedianMs: round(median([...intervals].sort((a, b) => a - b)), 1),
      framesOver50Ms: intervals.filter((ms) => ms > 50).length,
      longestFrameMs: round(Math.max(0, ...intervals)),
      stringifyOver16Ms: run.slowStringify.length,
      stringifyOver16MsTotalMs: round(run.slowStringify.reduce((a, b) => a + b, 0)),
      stringifyMaxMs: round(Math.max(0, ...run.slowStringify)),
    };
  } finally {
    await context.close();
  }
}

async function scrollPart() {
  const total = (await api('GET', 'sites?limit=1', { token: await apiLogin() })).body.data.total;
  const browser = await newBrowser();
  try {
    const runs = [];
    for (const rate of [1, 4]) {
      const run = await scrollRun(browser, rate, total);
      // Each run's figures at once (a slow machine may not see the 4x run end).
      console.error(`scroll at ${rate}x CPU: ${JSON.stringify(run)}`);
      runs.push(run);
    }
    printRows(`Scroll through ${runs[0].rows} sites (${SCROLL_SCREENS} screen(s) per frame, ${PHONE.width} × ${PHONE.height})`, runs.flatMap((r) => [
      [`${r.cpuRate}x CPU: duration, pages loaded`, `${r.seconds} s, ${r.pagesLoaded} pages (${r.rowsInPageAtEnd} row elements in the page at the end)`],
      [`${r.cpuRate}x CPU: long tasks`, `${r.longTasks}, total ${r.longTaskTotalMs} ms, max ${r.longTaskMaxMs} ms`, 'no dropped frame'],
      [`${r.cpuRate}x CPU: frames`, `${r.framesPerSecond} per second (median interval ${r.frameIntervalMedianMs} ms, ${r.framesOver50Ms} over 50 ms, longest ${r.longestFrameMs} ms)`],
      [`${r.cpuRate}x CPU: JSON.stringify calls over 16 ms`, `${r.stringifyOver16Ms}, total ${r.stringifyOver16MsTotalMs} ms, max ${r.stringifyMaxMs} ms`],
    ]));
    return runs;
  } finally {
    await browser.close();
  }
}

// --- 2. Lighthouse ------------------------------------------------------------------------------

async function lighthousePart() {
  // BENCH_REPORT_DIR keeps Lighthouse's reports (list-<run>.json) for reading afterwards.
  const scratch = process.env.BENCH_REPORT_DIR ?? mkdtempSync(join(tmpdir(), 'vigie-bench-reports-'));
  const reports = [];
  const failures = [];
  // A server in use has read its sites before: the list's first page is asked once, so that the
  // first run does not measure a cold database's first query (it scored 0.78–0.90 where the
  // next runs of the batch scored 0.87–0.93).
  const token = await apiLogin();
  for (let warm = 0; warm < 3; warm += 1) await api('GET', 'sites?limit=100', { token });
  try {
    for (let run = 0; run < LIGHTHOUSE_RUNS; run += 1) {
      const profile = await loggedInProfile(BASE, DEBUG_PORT);
      try {
        await sleep(1000);
        const lhr = await lighthouseRun(`${BASE}${LIST_PATH}`, profile, join(scratch, `list-${run}.json`), DEBUG_PORT, ['--disable-storage-reset']);
        if (!new URL(lhr.finalDisplayedUrl).pathname.endsWith(LIST_PATH)) throw new Error(`the run ended on ${lhr.finalDisplayedUrl}`);
        reports.push(lhr);
        console.error(`lighthouse run ${run + 1}/${LIGHTHOUSE_RUNS}: performance ${lhr.categories.performance.score}`);
      } catch (error) {
        // A run Lighthouse could not finish (DevTools too slow to answer on a loaded machine)
        // is reported, not averaged; the other runs still count.
        failures.push(String(error.message ?? error));
        console.error(`lighthouse run ${run + 1}/${LIGHTHOUSE_RUNS} failed: ${error.message ?? error}`);
      } finally {
        rmSync(profile, { recursive: true, force: true });
      }
    }
  } finally {
    if (!process.env.BENCH_REPORT_DIR) rmSync(scratch, { recursive: true, force: true });
  }
  if (reports.length === 0) throw new Error(`every Lighthouse run failed: ${failures.join('; ')}`);
  const values = (pick) => reports.map(pick).filter((v) => typeof v === 'number');
  const audit = (id) => (lhr) => lhr.audits[id]?.numericValue;
  const figures = {
    runs: reports.length,
    failedRuns: failures,
    performance: stats(values((lhr) => lhr.categories.performance.score)),
    accessibility: stats(values((lhr) => lhr.categories.accessibility.score)),
    fcpMs: stats(values(audit('first-contentful-paint'))),
    lcpMs: stats(values(audit('largest-contentful-paint'))),
    tbtMs: stats(values(audit('total-blocking-time'))),
    cls: stats(values(audit('cumulative-layout-shift'))),
    medianRun: summarise(medianRun(reports)),
  };
  writeFileSync(join(tmpdir(), 'vigie-bench-sites-list-lighthouse.json'), JSON.stringify(medianRun(reports)));
  printRows(`Lighthouse mobile on ${LIST_PATH}, logged-in first visit, HTTPS + HTTP/2 (${reports.length} runs, ${failures.length} failed)`, [
    ['performance', fmtStats(figures.performance, ''), '≥ 0.90'],
    ['accessibility', fmtStats(figures.accessibility, ''), '1'],
    ['FCP', fmtStats(figures.fcpMs)],
    ['LCP', fmtStats(figures.lcpMs)],
    ['TBT', fmtStats(figures.tbtMs)],
    ['CLS', fmtStats(figures.cls, '')],
    ['median run: failing audits', figures.medianRun.failing.join(', ') || 'none'],
    ['median run: bytes, protocols', `${Math.round((figures.medianRun.totalBytes ?? 0) / 1024)} KiB, ${figures.medianRun.protocols}`],
  ]);
  return figures;
}

// --- 3. outbox ----------------------------------------------------------------------------------

/** A photo as the app's resize leaves one: 2000 × 1500, JPEG quality 80, a gradient with sensor noise. */
/** The first `count` sites of the list's default order (name), with their versions. */
async function listSites(token, count) {
  const sites = [];
  let cursor = null;
  while (sites.length < count) {
    const res = await api('GET', `sites?limit=100${cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`}`, { token });
    sites.push(...res.body.data.items);
    cursor = res.body.data.nextCursor;
    if (cursor === null) break;
  }
  return sites.slice(0, count);
}

/**
 * Adds the stage through the sheet and times, on the page's clock, the click on "Add the
 * stage" to the outbox's first change message (addItem's commit) and to the toast.
 */
function timeAddStage(page) {
  return page.evaluate(
    ({ channelName }) =>
      new Promise((done) => {
        const result = {};
        const channel = new BroadcastChannel(channelName);
        let t0 = 0;
        channel.onmessage = () => {
          result.durable ??= performance.now() - t0;
        };
        const toastShown = () =>
          [...document.querySelectorAll('ion-toast')].some((t) => String(t.message ?? '').startsWith('The stage is saved'));
        const toastBefore = toastShown();
        const watch = () => {
          const now = performance.now() - t0;
          if (result.shown === undefined && !toastBefore && toastShown()) result.shown = now;
          if ((result.durable !== undefined && result.shown !== undefined) || now > 5000) {
            channel.close();
            done(result);
          } else requestAnimationFrame(watch);
        };
        const button = document.querySelector('form[aria-label="Add a stage"] ion-button[type="submit"]');
        t0 = performance.now();
        button.click();
        requestAnimationFrame(watch);
      }),
    { channelName: OUTBOX.channel },
  );
}

/**
 * Copies the model item (made through the screen) once per site: a new key, stage id and
 * attachment id, the photo renamed, each item written as addItem writes one (items, payloads
 * and attachments in one strict transaction). Returns each transaction's time.
 */
function queueCopies(page, sites, photoBase64) {
  return page.evaluate(
    async ({ db, sites, photoBase64 }) => {
      const req = (request) => new Promise((done, fail) => ((request.onsuccess = () => done(request.result)), (request.onerror = () => fail(request.error))));
      const database = await req(indexedDB.open(db.name));
      const reading = database.transaction(['items', 'payloads', 'attachments']);
      const items = await req(reading.objectStore('items').getAll());
      const model = items.find((item) => item.kind === 'sites.stage.create');
      if (model === undefined) throw new Error('no stage write made through the screen in the outbox');
      const payload = (await req(reading.objectStore('payloads').get(model.key))).payload;
      const attachment = await req(reading.objectStore('attachments').get([model.key, model.attachmentIds[0]]));
      const bytes = Uint8Array.from(atob(photoBase64), (c) => c.charCodeAt(0));
      const times = [];
      for (const [index, site] of sites.entries()) {
        const key = crypto.randomUUID();
        const attachmentId = crypto.randomUUID();
        const { seq: _seq, ...rest } = model;
        const item = { ...rest, key, idempotencyKey: key, recordId: site.id, baseVersion: site.version, createdAt: Date.now(), state: 'queued', attempts: 0,
          lastError: null, lastStatus: null, attachmentIds: [attachmentId], uploaded: [], written: false, result: null, conflict: null };
        const blob = new Blob([bytes], { type: 'image/jpeg' });
        const start = performance.now();
        const tx = database.transaction(['items', 'payloads', 'attachments'], 'readwrite', { durability: 'strict' });
        tx.objectStore('items').add(item);
        tx.objectStore('payloads').add({ key, payload: { ...payload, id: crypto.randomUUID(), attachmentId }, base: null });
        tx.objectStore('attachments').add({ ...attachment, itemKey: key, attachmentId, blob, name: `bench-${index + 1}.jpg` });
        await new Promise((done, fail) => ((tx.oncomplete = done), (tx.onerror = () => fail(tx.error))));
        times.push(performance.now() - start);
      }
      database.close();
      // What the app's own writes announce: the pending count and the marks follow.
      const channel = new BroadcastChannel(db.channel);
      channel.postMessage('changed');
      channel.close();
      return times;
    },
    { db: OUTBOX, sites, photoBase64 },
  );
}

async function outboxPart() {
  const photo = await resizedPhoto();
  const token = await apiLogin();
  const sites = await listSites(token, OUTBOX_EDITS);
  if (sites.length < OUTBOX_EDITS) throw new Error(`only ${sites.length} sites`);
  const browser = await newBrowser();
  const statuses = {};
  try {
    // A wide window: the list beside the sheet, so the screen goes from site to site offline.
    const { context, page } = await loggedInPage(browser, { width: 1280, height: 900 });
    /** Every API answer the page had after the network came back: when (ms after), method, path, status. */
    const trace = [];
    let reconnectedAt = null;
    page.on('response', (response) => {
      if (!response.url().includes('/api/')) return;
      statuses[response.status()] = (statuses[response.status()] ?? 0) + 1;
      if (reconnectedAt === null) return;
      const request = response.request();
      const path = new URL(response.url()).pathname.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, ':id');
      trace.push({ at: Date.now() - reconnectedAt, method: request.method(), path, status: response.status() });
    });
    await page.goto(`${BASE}${LIST_PATH}`);
    await listRows(page).first().waitFor();
    // Each sheet of the screen part opened once online: its code and its record in the cache,
    // as a user who looked at the sites before leaving the network.
    const rowLink = (site) => page.locator(`a.site-row[href^="/site/${site.id}"]`);
    // Visible only: a page the screen left may stay in the document, hidden.
    const stageForm = page.locator('form[aria-label="Add a stage"]:visible');
    for (const site of sites.slice(0, OUTBOX_UI)) {
      await rowLink(site).click();
      await stageForm.waitFor();
    }
    // The offline copy taken after login (every listed site's sheet, the emergency stage
    // lists: hundreds of requests) has finished, as for a user who worked online a while.
    await page.waitForLoadState('networkidle', { timeout: 300_000 });
    const photoFile = { name: 'bench-photo.jpg', mimeType: 'image/jpeg', buffer: photo };

    console.error(`${OUTBOX_UI} sheets opened online; going offline`);
    await cutNetwork(context);
    const ui = [];
    for (const [index, site] of sites.slice(0, OUTBOX_UI).entries()) {
      await rowLink(site).click();
      await page.locator('h1.module-page-title:visible', { hasText: site.name }).waitFor().catch(async (error) => {
        await page.screenshot({ path: join(tmpdir(), 'bench-sites-app-outbox.png'), fullPage: true });
        throw error;
      });
      await stageForm.getByLabel('Stage name').fill(STAGE_NAME);
      await stageForm.getByTestId('photo-picker-gallery').setInputFiles({ ...photoFile, name: `bench-${index + 1}.jpg` });
      await stageForm.getByText(`Image: bench-${index + 1}.jpg`).waitFor();
      ui.push(await timeAddStage(page));
    }
    const queueTimes = await queueCopies(page, sites.slice(OUTBOX_UI), photo.toString('base64'));
    const before = await outboxStates(page);
    if (before.count !== OUTBOX_EDITS) throw new Error(`${before.count} items queued, not ${OUTBOX_EDITS}: ${JSON.stringify(before)}`);
    console.error(`${before.count} edits queued offline; reconnecting`);

    // The network back; the clock starts at the page's `online` event.
    await page.evaluate(() => window.addEventListener('online', () => (window.__benchOnlineAt = performance.now()), { once: true }));
    // BENCH_PAGE_PROFILE=<file>: the page's CPU profile during the delivery (build with
    // `vite build --sourcemap` to read it against the sources).
    const profiler = process.env.BENCH_PAGE_PROFILE ? await context.newCDPSession(page) : null;
    if (profiler !== null) {
      await profiler.send('Profiler.enable');
      await profiler.send('Profiler.start');
    }
    await context.unrouteAll({ behavior: 'wait' });
    reconnectedAt = Date.now();
    await context.setOffline(false);
    const delivery = await waitForEmptyOutbox(page, before.count);
    if (profiler !== null) writeFileSync(process.env.BENCH_PAGE_PROFILE, JSON.stringify((await profiler.send('Profiler.stop')).profile));
    const after = await outboxStates(page);
    // Where the time went: the requests of the delivery by kind (the whole trace in a file).
    const kinds = {};
    for (const entry of trace) {
      const kind = `${entry.method} ${entry.path}`;
      kinds[kind] ??= { count: 0, statuses: {} };
      kinds[kind].count += 1;
      kinds[kind].statuses[entry.status] = (kinds[kind].statuses[entry.status] ?? 0) + 1;
    }
    const traceFile = join(tmpdir(), 'bench-sites-app-delivery.json');
    writeFileSync(traceFile, JSON.stringify(trace, null, 1));

    // The server's side, in a session of its own.
    const check = await api('POST', 'auth/login', { body: { email: OPERATOR, password: 'vigie-demo-2026' } }).then((res) => res.body.data.token);
    let applied = 0;
    let duplicates = 0;
    let missing = 0;
    const photoIds = new Set();
    for (const site of sites) {
      const res = await api('GET', `sites/${site.id}`, { token: check });
      if (res.status !== 200) throw new Error(`GET sites/${site.id}: ${res.status}`);
      const current = res.body.data;
      const stages = current.stages.filter((stage) => stage.name === STAGE_NAME);
      const photos = current.attachments.filter((a) => /^bench-\d+\.jpg$/.test(a.name));
      for (const a of photos) photoIds.add(a.id);
      if (stages.length >= 1 && stages[0].imageUrl !== null && photos.length >= 1) applied += 1;
      else missing += 1;
      duplicates += Math.max(0, stages.length - 1) + Math.max(0, photos.length - 1) + Math.max(0, current.version - site.version - 1);
    }
    await context.close();

    const seconds = delivery.ms / 1000;
    const durable = stats(ui.map((r) => r.durable));
    const figures = {
      edits: OUTBOX_EDITS,
      throughScreen: OUTBOX_UI,
      photoBytes: photo.length,
      saveToDurableMs: durable,
      saveToToastMs: stats(ui.map((r) => r.shown)),
      copyTransactionMs: stats(queueTimes),
      deliverSeconds: round(seconds, 2),
      halfDeliveredSeconds: delivery.half === undefined ? null : round(delivery.half / 1000, 2),
      // What was delivered in the time taken (all of it, unless the wait gave up).
      writesPerSecond: round((OUTBOX_EDITS - after.count) / seconds, 2),
      photosPerSecond: round(photoIds.size / seconds, 2),
      megabytesPerSecond: round((photoIds.size * photo.length) / 1048576 / seconds, 2),
      left: after,
      server: { applied, missing, duplicates, distinctPhotos: photoIds.size },
      apiStatuses: statuses,
      deliveryRequests: kinds,
    };
    printRows(`${OUTBOX_EDITS} site edits with a photo each (${Math.round(photo.length / 1024)} KiB JPEG), queued offline, delivered after reconnecting`, [
      [`Save → durable in IndexedDB (${OUTBOX_UI} through the screen)`, fmtStats(durable), '≤ 100 ms'],
      ['Save → "saved" toast shown', fmtStats(figures.saveToToastMs)],
      [`copies written by the bench (${queueTimes.length}), one transaction each`, fmtStats(figures.copyTransactionMs)],
      [
        after.count === 0 ? 'online → outbox empty' : 'online → gave up waiting',
        `${figures.deliverSeconds} s (half delivered ${delivery.half === undefined ? 'never' : `after ${figures.halfDeliveredSeconds} s`}); ${after.count} left ${JSON.stringify(after.states)}`,
        '≤ 60 s',
      ],
      ['throughput', `${figures.writesPerSecond} writes/s, ${figures.photosPerSecond} photos/s, ${figures.megabytesPerSecond} MiB/s`],
      ['on the server', `${applied} edits applied with their photo, ${missing} missing, ${photoIds.size} distinct photos, ${duplicates} duplicates`, '500, 0, 500, 0'],
      ['API answers seen by the page', JSON.stringify(statuses)],
      ...Object.entries(kinds)
        .sort((a, b) => b[1].count - a[1].count)
        .map(([kind, k]) => [`  after reconnecting: ${kind}`, `${k.count} × ${JSON.stringify(k.statuses)}`]),
      ['delivery trace', traceFile],
    ]);
    return figures;
  } finally {
    await browser.close();
  }
}

// --- main ---------------------------------------------------------------------------------------

const result = { loadAverageStart: loadAverage() };
console.log(`load average at start: ${result.loadAverageStart}`);
console.log(`seeding ${SITES} sites and starting the server on ${BASE}…`);
const server = await startBenchServer({ port: PORT, base: BASE, seedArgs: ['--sites', String(SITES)], tag: 'sites-app' });
try {
  const cpuBefore = server.cpuMs();
  if (chosen === 'all' || chosen === 'scroll') result.scroll = await scrollPart();
  if (chosen === 'all' || chosen === 'lighthouse') result.lighthouse = await lighthousePart();
  if (chosen === 'all' || chosen === 'outbox') result.outbox = await outboxPart();
  const cpuAfter = server.cpuMs();
  result.serverCpuSeconds = cpuBefore === null || cpuAfter === null ? null : round((cpuAfter - cpuBefore) / 1000, 1);
} finally {
  await server.stop();
}
result.loadAverageEnd = loadAverage();
console.log(`\nload average at end: ${result.loadAverageEnd}`);
console.log(JSON.stringify(result, null, 2));
if (process.env.BENCH_RESULT) writeFileSync(process.env.BENCH_RESULT, JSON.stringify(result, null, 2));
