// `npm run bench:cartography-app`: the map screen's figures in Chromium against the
// built app, never asserted. Build first (`npm run build`). The built server serves dist/ over
// HTTPS/2 on a fresh PGlite folder seeded with the demo data plus BENCH_POINTS (1) points of
// interest around Lyon (bench-app-support.mjs, `tasks.js seed-bench --points`).
//
// 1. First map render on the phone profile: the district admin (cartography.read, every
//    declaration) in a phone-sized window (412 × 823, 1.75 device pixels), the CPU slowed 4x
//    (CDP Emulation.setCPUThrottlingRate), Chromium's software WebGL (SwiftShader). From the
//    navigation to /cartography to the map's first settled render with features drawn (the
//    `vigie:map-first-idle` mark MapView sets on its first `idle` with features in view), read
//    on the page's clock (the mark's startTime: from the navigation's start). BENCH_RUNS (3)
//    runs: the first with MapLibre not yet kept (cold), the others with it in the service
//    worker's cache (warm). Also at full speed.
// 2. The size of the cartography chunks (gzip, as dist/ holds them): the map page, MapLibre, its
//    worker and its stylesheet.
// 3. The basemap kept offline for the demo district: "Make this area available offline" on the
//    district's extent, driven through the map's panel; its count, zoom and size as planned,
//    then as kept (the service worker's cache, read in the page), and the download's time.
//
// Prints the load average at start and end and the figures, then JSON (also written to
// BENCH_RESULT when set). The server listens on BENCH_PORT (18151).
import { readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { fmtStats, printRows, round, startBenchServer, stats, STATIC_DIR } from './bench-app-support.mjs';
import { CHROME, chromeArgs, loadAverage, logIn } from './bench-support.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 18151);
const BASE = `https://127.0.0.1:${PORT}`;
// seed-bench needs a count: 1 point added to the demo district by default (the demo as it is).
const POINTS = Math.max(1, Number(process.env.BENCH_POINTS ?? 1));
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const READER = 'district-admin@demo.vigie.test';
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
const MARK = 'vigie:map-first-idle';

async function firstRender(browser, cpuRate) {
  const context = await browser.newContext({ locale: 'en-US', serviceWorkers: 'allow', ...PHONE });
  const page = await context.newPage();
  const times = [];
  let features = null;
  try {
    await logIn(page, BASE, READER);
    const cdp = await context.newCDPSession(page);
    for (let run = 0; run < RUNS; run++) {
      await page.goto(`${BASE}/dashboard`);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
      await page.goto(`${BASE}/cartography`);
      await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, MARK, { timeout: 180_000, polling: 100 });
      times.push(await page.evaluate((mark) => performance.getEntriesByName(mark)[0].startTime, MARK));
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      // The list is in the panel, closed on a phone: counted in the document.
      features ??= await page.evaluate(() => document.querySelectorAll('.carto-in-view li[data-kind]').length);
    }
  } finally {
    await context.close();
  }
  return { cold: round(times[0]), warm: stats(times.slice(1)), featuresInView: features };
}

function chunkSizes() {
  const assets = join(STATIC_DIR, 'assets');
  const kib = (file) => round(statSync(join(assets, file)).size / 1024, 1);
  const rows = {};
  for (const file of readdirSync(assets)) {
    const match = /^(MapPage|maplibre-gl-worker|maplibre-gl)-[\w-]+\.(js|mjs|css)\.gz$/.exec(file);
    if (match === null) continue;
    const name = `${match[1]}.${match[2]}`;
    // MapLibre's shared chunk and its entry shim have the same name: the largest is the library.
    if (rows[name] === undefined || kib(file) > rows[name].gz) rows[name] = { file: file.replace(/\.gz$/, ''), gz: kib(file), raw: kib(file.replace(/\.gz$/, '')) };
  }
  return rows;
}

async function keptBasemap(browser) {
  const context = await browser.newContext({ locale: 'en-US', serviceWorkers: 'allow', viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  try {
    await logIn(page, BASE, READER);
    await page.goto(`${BASE}/cartography`);
    await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, MARK, { timeout: 180_000 });
    const panel = page.getByRole('region', { name: 'Map background offline' });
    const remove = panel.getByRole('button', { name: 'Remove the map background kept' });
    if (await remove.isVisible()) await remove.click();
    await panel.getByRole('radio', { name: 'The whole district' }).check();
    await panel.getByRole('button', { name: 'Make this area available offline' }).click();
    const plan = panel.getByText(/tiles? up to zoom \d+, about/);
    await plan.waitFor({ timeout: 120_000 });
    const planned = await plan.textContent();
    const started = Date.now();
    await panel.getByRole('button', { name: 'Download' }).click();
    await panel.getByText('The area is available offline.').waitFor({ timeout: 300_000 });
    const seconds = (Date.now() - started) / 1000;
    const kept = await page.evaluate(async () => {
      const cache = await caches.open('vigie-basemap');
      let bytes = 0;
      let tiles = 0;
      for (const request of await cache.keys()) {
        const size = (await (await cache.match(request)).blob()).size;
        bytes += size;
        if (/\/tiles\/\d+\/\d+\/\d+\./.test(request.url)) tiles += 1;
      }
      return { tiles, bytes };
    });
    return { planned, keptTiles: kept.tiles, keptKiB: round(kept.bytes / 1024, 1), downloadSeconds: round(seconds, 1) };
  } finally {
    await context.close();
  }
}

console.log(`load average at start: ${loadAverage()}`);
const server = await startBenchServer({ port: PORT, base: BASE, seedArgs: ['--points', String(POINTS)], tag: 'carto-app' });
const browser = await chromium.launch({ executablePath: CHROME, args: [...chromeArgs(), '--enable-unsafe-swiftshader'] });
const result = {};
try {
  result.slow = await firstRender(browser, 4);
  result.full = await firstRender(browser, 1);
  result.chunks = chunkSizes();
  result.basemap = await keptBasemap(browser);
} finally {
  await browser.close();
  await server.stop();
}
printRows(`Navigation to the map's first render with features (phone, district admin, ${result.slow.featuresInView} features in view)`, [
  ['CPU 4x slower, cold (MapLibre not kept yet)', `${result.slow.cold} ms`],
  ['CPU 4x slower, warm', fmtStats(result.slow.warm)],
  ['full speed, cold', `${result.full.cold} ms`],
  ['full speed, warm', fmtStats(result.full.warm)],
]);
printRows('Cartography chunks (gzip)', Object.entries(result.chunks).map(([name, size]) => [name, `${size.gz} KiB gz (${size.raw} KiB raw)`]));
printRows('The demo district’s basemap kept offline', [
  ['planned', result.basemap.planned],
  ['kept', `${result.basemap.keptTiles} tiles, ${result.basemap.keptKiB} KiB (with the style)`],
  ['download', `${result.basemap.downloadSeconds} s`],
]);
console.log(`load average at end: ${loadAverage()}`);
console.log(JSON.stringify(result, null, 2));
if (process.env.BENCH_RESULT) writeFileSync(process.env.BENCH_RESULT, JSON.stringify(result, null, 2));
