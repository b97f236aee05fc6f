// `npm run bench:synthesis-dashboard`: the first render of the district's ready-made dashboard
// (/synthesisBuilder/synthesisView: its DISTRICT_DASHBOARD cards, Chart.js charts, tables and a
// key figure) in Chromium on a phone profile (412×823, touch, 2.6 device pixels) with the CPU
// slowed 4x (CDP Emulation.setCPUThrottlingRate), against the built app and server. Figures are
// printed, never asserted. Build first (`npm run build`).
//
// The built server serves dist/ over HTTPS/2 on a fresh PGlite folder seeded with the demo data
// and BENCH_DECLARATIONS (20,000) more declarations in Acme / Lyon (bench-app-support.mjs). The
// operator logs in once; then BENCH_RUNS (5) times, in a fresh page of the same session (the
// app's and service worker's caches warm, the query cache in memory empty), the time from the
// navigation's start to every card drawn with its figures (its "Computed on" line), on the
// page's clock. The first run meets the server's table cache cold (each table's SQL runs);
// later runs read the tables from the server's cache, as a second reader of the district would.
//
// Prints the load average, the figures, then JSON (also written to BENCH_RESULT when set).
// The server listens on BENCH_PORT (18151).
import { writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { fmtStats, printRows, startBenchServer, stats } from './bench-app-support.mjs';
import { CHROME, chromeArgs, loadAverage, logIn } from './bench-support.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 18151);
const BASE = `https://127.0.0.1:${PORT}`;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const DECLARATIONS = Number(process.env.BENCH_DECLARATIONS ?? 20_000);
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 2.625, isMobile: true, hasTouch: true };
const PATH = '/synthesisBuilder/synthesisView';

async function run() {
  const browser = await chromium.launch({ executablePath: CHROME, args: chromeArgs() });
  const firstRender = [];
  const firstCard = [];
  let cards = 0;
  try {
    const context = await browser.newContext({ locale: 'en-US', serviceWorkers: 'allow', ...PHONE });
    const login = await context.newPage();
    await logIn(login, BASE);
    await login.close();
    for (let i = 0; i < RUNS; i++) {
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.goto(`${BASE}${PATH}`, { waitUntil: 'commit' });
      // Every card drawn with its figures: the page's clock at the frame after, from the navigation's start.
      const times = await page.waitForFunction(
        () => {
          const shown = document.querySelectorAll('.synthesis-card');
          const done = document.querySelectorAll('.synthesis-card .synthesis-computed');
          const w = window;
          if (done.length > 0 && w.__firstCard === undefined) w.__firstCard = performance.now();
          return shown.length > 0 && done.length === shown.length ? { all: performance.now(), first: w.__firstCard, cards: shown.length } : null;
        },
        undefined,
        { timeout: 120_000, polling: 'raf' },
      );
      const value = await times.jsonValue();
      firstRender.push(value.all);
      firstCard.push(value.first);
      cards = value.cards;
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      await page.close();
    }
    await context.close();
  } finally {
    await browser.close();
  }
  return { cards, firstRender: stats(firstRender), firstCard: stats(firstCard), coldServerCache: Math.round(firstRender[0]), runs: firstRender.map((v) => Math.round(v)) };
}

const result = { loadAverageStart: loadAverage() };
console.log(`load average at start: ${result.loadAverageStart}`);
const server = await startBenchServer({ port: PORT, base: BASE, seedArgs: ['--declarations', String(DECLARATIONS)], tag: 'synthesis-dashboard' });
try {
  result.dashboard = await run();
  const d = result.dashboard;
  printRows(`The district's dashboard (${d.cards} cards), phone profile, CPU 4x slower`, [
    ['navigation → first card with its figures', fmtStats(d.firstCard)],
    ['navigation → every card with its figures', fmtStats(d.firstRender)],
    ['the same, first run (server cache cold)', `${d.coldServerCache} ms`],
  ]);
} finally {
  await server.stop();
}
result.loadAverageEnd = loadAverage();
console.log(`\nload average at end: ${result.loadAverageEnd}`);
console.log(JSON.stringify(result, null, 2));
if (process.env.BENCH_RESULT) writeFileSync(process.env.BENCH_RESULT, JSON.stringify(result, null, 2));
