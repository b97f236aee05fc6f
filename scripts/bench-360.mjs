// `npm run bench:360`: opening a 16,000-pixel-wide panorama on a phone (issue 34's benchmark:
// the first view under 2 s on a phone profile at 4x CPU).
//
// The built server (server/dist, HTTPS + HTTP/2, the built app in dist/) on a fresh demo
// database. A 16,000 × 8,000 JPEG panorama (gradients and noise, drawn with sharp) is uploaded
// through tus as a new 360 stage of the demo tour's site and made the tour's start; its upload's
// completion queues its cut into a base and tiles (a background job on the server): timed from
// the upload's end to its last tile served (polled). Then BENCH_360_RUNS (3) times, two fresh
// Chromium contexts with a phone's screen (412 × 823, touch, DPR 2.6), logged in, CPU slowed 4x
// (CDP Emulation.setCPUThrottlingRate):
// - from the site's sheet (the app running, the sheet settled): a tap on "Open the 360° tour";
//   (a) tap → tour screen shown, (b) tour screen → first panorama pixels (the viewer's first
//   panorama-loaded: the low-resolution base on screen), (c) base → the sharp tiles of the first
//   view (the last tile response, once no new tile came for 2 s). The issue's first view is (a)+(b).
// - by its address (the app starting on the tour): (a) navigation → tour screen shown (the app's
//   own start at 4x), (b) and (c) as above.
// Times are marked by the page itself (a MutationObserver, resource timing). Prints the load
// average before and after, the figures (median, min, max), then JSON (also written to
// BENCH_RESULT when set). Port: BENCH_PORT (18141).
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import sharp from 'sharp';
import { apiOf, fmtStats, printRows, round, startBenchServer, stats } from './bench-app-support.mjs';
import { CHROME, chromeArgs, loadAverage, logIn, DEMO_PASSWORD } from './bench-support.mjs';

// The loopback certificate is the bench's own: the uploads' fetch accepts it.
process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
const PORT = Number(process.env.BENCH_PORT ?? 18141);
const BASE = `https://127.0.0.1:${PORT}`;
const RUNS = Number(process.env.BENCH_360_RUNS ?? 3);
const WIDTH = Number(process.env.BENCH_360_WIDTH ?? 16_000);
const CPU_SLOWDOWN = 4;
const PHONE = { width: 412, height: 823 };
const TARGET_MS = 2000;
const api = apiOf(BASE);

/** A WIDTH × WIDTH/2 JPEG panorama: horizontal bands and noise (so its bytes are a real photo's order). */
async function panorama() {
  const height = WIDTH / 2;
  const small = Buffer.alloc(1000 * 500 * 3);
  for (let y = 0; y < 500; y += 1) {
    for (let x = 0; x < 1000; x += 1) {
      const i = (y * 1000 + x) * 3;
      const noise = Math.floor(Math.random() * 40);
      small[i] = (y < 250 ? 120 : 80) + noise;
      small[i + 1] = (y < 250 ? 160 : 110) + ((x * 7) % 50);
      small[i + 2] = (y < 250 ? 220 : 70) + noise;
    }
  }
  return sharp(small, { raw: { width: 1000, height: 500, channels: 3 } }).resize(WIDTH, height, { kernel: 'nearest' }).jpeg({ quality: 80 }).toBuffer();
}

const meta = (fields) => Object.entries(fields).map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`).join(',');

async function upload(token, siteId, bytes) {
  const id = randomUUID();
  const agent = { headers: { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0' } };
  const created = await fetch(`${BASE}/api/uploads`, {
    method: 'POST',
    headers: { ...agent.headers, 'upload-length': String(bytes.length), 'upload-metadata': meta({ attachmentId: id, module: 'sites', recordId: siteId, name: 'bench-16k.jpg', type: 'image/jpeg' }) },
  });
  if (created.status !== 201) throw new Error(`upload: ${created.status} ${await created.text()}`);
  let offset = 0;
  const CHUNK = 8 * 1024 * 1024;
  while (offset < bytes.length) {
    const res = await fetch(`${BASE}/api/uploads/${id}`, {
      method: 'PATCH',
      headers: { ...agent.headers, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
      body: bytes.subarray(offset, Math.min(offset + CHUNK, bytes.length)),
    });
    if (res.status !== 204) throw new Error(`patch: ${res.status} ${await res.text()}`);
    offset = Number(res.headers.get('upload-offset'));
  }
  return id;
}

/**
 * In-page marks, recorded by the page itself (no polling lag at 4x CPU): when the tour screen is
 * shown (the panorama's region in the page) and when the first panorama pixels are drawn (the
 * viewer's first panorama-loaded: `data-drawn`), as performance.now() of that document.
 */
const MARKS = () => {
  // Room for every resource of the run (the default buffer of 250 fills on the site's sheet).
  performance.setResourceTimingBufferSize(100_000);
  const marks = {};
  window.__bench360 = marks;
  const seen = () => {
    if (marks.screen === undefined && document.querySelector('.view360-viewer')) marks.screen = performance.now();
    if (marks.drawn === undefined && document.querySelector('.view360-viewer[data-drawn]')) marks.drawn = performance.now();
  };
  new MutationObserver(seen).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-drawn', 'class'] });
};

/** The images the page fetched: the tiles' last response end, their count, the bytes of all. */
const IMAGES = () => {
  const images = performance.getEntriesByType('resource').filter((e) => /\/api\/360\/images\//.test(e.name));
  const tiles = images.filter((e) => /\/tiles\//.test(e.name));
  return {
    tilesDone: tiles.length === 0 ? null : Math.max(...tiles.map((e) => e.responseEnd)),
    tiles: tiles.length,
    imageBytes: images.reduce((sum, e) => sum + (e.encodedBodySize || 0), 0),
  };
};

async function phone(browser) {
  const context = await browser.newContext({ locale: 'en-US', viewport: PHONE, deviceScaleFactor: 2.625, isMobile: true, hasTouch: true, ignoreHTTPSErrors: true });
  await context.addInitScript(MARKS);
  const page = await context.newPage();
  await logIn(page, BASE);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return { context, page };
}

/**
 * Waits for the base drawn, then for the tiles of the first view: the first tile answered, then
 * no new tile for 2 s (the viewer asks for the tiles on screen at once, in one queue).
 */
async function figuresFrom(page, t0) {
  await page.locator('.view360-viewer[data-drawn]').waitFor({ timeout: 60_000 });
  await page
    .waitForFunction(
      () => {
        const tiles = performance.getEntriesByType('resource').filter((e) => /\/api\/360\/images\/.*\/tiles\//.test(e.name));
        const state = (window.__bench360tiles ??= { count: -1, since: 0 });
        if (tiles.length !== state.count) Object.assign(state, { count: tiles.length, since: Date.now() });
        return tiles.length > 0 && Date.now() - state.since > 2000;
      },
      undefined,
      { timeout: 30_000, polling: 250 },
    )
    .catch(() => undefined);
  const marks = await page.evaluate(() => window.__bench360);
  const images = await page.evaluate(IMAGES);
  // The viewer's own steps (TourViewer's performance marks), the first of each after t0.
  const steps = await page.evaluate(
    (start) => Object.fromEntries(['styles', 'viewer', 'nodes', 'image', 'drawn'].map((name) => [name, performance.getEntriesByName(`view360:${name}`).find((e) => e.startTime >= start)?.startTime ?? null])),
    t0,
  );
  const from = (t) => (t === undefined || t === null ? null : round(t - t0));
  return {
    steps: Object.fromEntries(Object.entries(steps).map(([name, t]) => [name, marks.screen === undefined || t === null ? null : round(t - marks.screen)])),
    screenMs: from(marks.screen),
    drawnMs: from(marks.drawn),
    tilesMs: from(images.tilesDone),
    tiles: images.tiles,
    imageKiB: round(images.imageBytes / 1024),
  };
}

/** The tour opened by its address: the app starts on it (a cold start of the app at 4x). */
async function opened(browser, siteId) {
  const { context, page } = await phone(browser);
  try {
    await page.goto(`${BASE}/360/site/${siteId}`);
    return await figuresFrom(page, 0);
  } finally {
    await context.close();
  }
}

/** The tour opened from its site's sheet (the app running): a tap on "Open the 360° tour". */
async function fromSheet(browser, siteId) {
  const { context, page } = await phone(browser);
  try {
    await page.goto(`${BASE}/site/${siteId}`);
    const link = page.getByRole('link', { name: 'Open the 360° tour' });
    await link.waitFor({ timeout: 60_000 });
    // The sheet settled (what it loads on idle loaded), as a user reads it before tapping.
    await page.waitForLoadState('networkidle', { timeout: 60_000 }).catch(() => undefined);
    await page.evaluate(() => document.addEventListener('click', () => (window.__bench360.tap = performance.now()), { capture: true, once: true }));
    await link.click();
    const tap = await page.evaluate(() => window.__bench360.tap);
    return await figuresFrom(page, tap);
  } finally {
    await context.close();
  }
}

const server = await startBenchServer({ port: PORT, base: BASE, seedArgs: ['--sites', '1'], tag: '360' });
try {
  const login = await api('POST', 'auth/login', { body: { email: 'operator@demo.vigie.test', password: DEMO_PASSWORD } });
  const token = login.body.data.token;
  const sites = (await api('GET', 'sites?limit=50', { token })).body.data.items;
  let siteId = null;
  for (const site of sites) {
    const tour = (await api('GET', `360/sites/${site.id}`, { token })).body.data;
    if (tour.markers.length > 0) siteId = site.id;
    if (siteId) break;
  }
  if (!siteId) throw new Error('no demo tour');
  const bytes = await panorama();
  const attachmentId = await upload(token, siteId, bytes);
  const cutStart = performance.now();
  const stage = await api('POST', `sites/${siteId}/stages`, { token, body: { id: randomUUID(), kind: 'threeSixty', name: 'Bench 16k', attachmentId } });
  if (stage.status !== 200) throw new Error(`stage: ${stage.status} ${JSON.stringify(stage.body)}`);
  const stageId = stage.body.data.stages.find((s) => s.name === 'Bench 16k').id;
  await api('PUT', `360/sites/${siteId}/start`, { token, body: { stageId } });
  const tour = (await api('GET', `360/sites/${siteId}`, { token })).body.data;
  const tiles = tour.stages.find((s) => s.id === stageId).tiles;
  // The background cut: done once its last tile (bottom right) is served.
  if (tiles) {
    const last = `${BASE}${tiles.tileUrl.replace('{col}', String(tiles.cols - 1)).replace('{row}', String(tiles.rows - 1))}`;
    for (;;) {
      const res = await fetch(last, { headers: { authorization: `Bearer ${token}` } });
      await res.arrayBuffer();
      if (res.status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const cutMs = round(performance.now() - cutStart);

  const browser = await chromium.launch({ executablePath: CHROME, args: [...chromeArgs(), '--enable-unsafe-swiftshader', '--ignore-gpu-blocklist'] });
  const loadBefore = loadAverage();
  const direct = [];
  const inApp = [];
  try {
    for (let i = 0; i < RUNS; i += 1) {
      direct.push(await opened(browser, siteId));
      inApp.push(await fromSheet(browser, siteId));
    }
  } finally {
    await browser.close();
  }
  const loadAfter = loadAverage();
  const sum = (r) => (r.screenMs === null || r.drawnMs === null ? null : r.drawnMs);
  const seq = (runs, key) => stats(runs.map((r) => r[key]));
  const delta = (runs, a, b) => stats(runs.map((r) => (r[a] === null || r[b] === null ? null : r[b] - r[a])));
  const result = {
    width: WIDTH,
    jpegBytes: bytes.length,
    cutMs,
    grid: tiles,
    loadAverage: { before: loadBefore, after: loadAfter },
    direct: { runs: direct, appStartToScreen: seq(direct, 'screenMs'), screenToDrawn: delta(direct, 'screenMs', 'drawnMs'), drawnToTiles: delta(direct, 'drawnMs', 'tilesMs'), firstView: seq(direct, 'drawnMs'), tiles: seq(direct, 'tilesMs') },
    inApp: { runs: inApp, tapToScreen: seq(inApp, 'screenMs'), screenToDrawn: delta(inApp, 'screenMs', 'drawnMs'), drawnToTiles: delta(inApp, 'drawnMs', 'tilesMs'), firstView: stats(inApp.map(sum)), tiles: seq(inApp, 'tilesMs') },
    target: TARGET_MS,
  };
  result.met = result.inApp.firstView !== null && result.inApp.firstView.median < TARGET_MS;
  printRows(`360 — a ${WIDTH}-pixel-wide panorama (${round(bytes.length / 1024 / 1024, 1)} MiB JPEG) on a phone profile at ${CPU_SLOWDOWN}x CPU; load average ${loadBefore} → ${loadAfter}`, [
    ['server: base and tiles cut (background job after the upload)', `${cutMs} ms, ${tiles ? `${tiles.cols} × ${tiles.rows} tiles` : 'not tiled'}`],
    ['FROM THE SITE SHEET (the app running, a tap on "Open the 360° tour"):', ''],
    ['  (a) tap → tour screen shown', fmtStats(result.inApp.tapToScreen)],
    ['  (b) tour screen → first panorama pixels (the base)', fmtStats(result.inApp.screenToDrawn)],
    ['  first view = (a) + (b): tap → base drawn', fmtStats(result.inApp.firstView), `< ${TARGET_MS} ms`],
    ['    within (b), from the screen: styles linked / viewer built / nodes set / image read / drawn', ['styles', 'viewer', 'nodes', 'image', 'drawn'].map((k) => stats(inApp.map((r) => r.steps[k]))?.median ?? '–').join(' / ') + ' ms (medians)'],
    ['  (c) base → sharp tiles of the first view', fmtStats(result.inApp.drawnToTiles)],
    ['  tap → sharp tiles', fmtStats(result.inApp.tiles)],
    ['BY ITS ADDRESS (the app starting on the tour, cold at 4x):', ''],
    ['  (a) navigation → tour screen shown (the app\'s start)', fmtStats(result.direct.appStartToScreen)],
    ['  (b) tour screen → first panorama pixels (the base)', fmtStats(result.direct.screenToDrawn)],
    ['  navigation → base drawn', fmtStats(result.direct.firstView)],
    ['  (c) base → sharp tiles of the first view', fmtStats(result.direct.drawnToTiles)],
    ['tiles fetched / image KiB (address; sheet)', `${direct.map((r) => `${r.tiles} / ${r.imageKiB}`).join(', ')}; ${inApp.map((r) => `${r.tiles} / ${r.imageKiB}`).join(', ')}`],
  ]);
  console.log(JSON.stringify(result));
  if (process.env.BENCH_RESULT) writeFileSync(process.env.BENCH_RESULT, JSON.stringify(result, null, 2));
} finally {
  await server.stop();
}
