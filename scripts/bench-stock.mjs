// `npm run bench:stock [recap|count|all]`: the stock's figures (issue 31), measured, never
// asserted. Build first (`npm run build`). The built server serves dist/ over HTTPS/2 on a fresh
// PGlite folder seeded with the demo data and `seed-bench --movements BENCH_MOVEMENTS`
// (default 1,000,000) in Acme / Lyon: the movements spread over 1,000 articles × 50 areas, every
// level recomputed from them (server/src/modules/inventory/stock/bench-seed.ts).
//
// 1. recap: GET /api/inventory/stock/recap (1,000 articles × 50 areas), BENCH_RECAP_RUNS (10)
//    times over loopback (time and bytes), then its first render in Chromium on a desktop
//    window: from the navigation to /stock-management/recap-table to the grid's first row
//    drawn, BENCH_RENDER_RUNS (3) times.
// 2. count: the manager starts a count of the first bench area; on a phone-sized window, offline,
//    BENCH_COUNT_LINES (500) count entries are made through the count screen (the line's "+1",
//    one outbox write each), then the network comes back: the time (the bench's clock) from the
//    network's return to an empty outbox, and the server's count: every entry once (entries = counted = 500).
//
// Prints the load average and a table per part, then JSON (also written to BENCH_RESULT when set).
// The server listens on BENCH_PORT (18151).
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { apiOf, cutNetwork, fmtStats, printRows, round, startBenchServer, stats, waitForEmptyOutbox } from './bench-app-support.mjs';
import { CHROME, chromeArgs, loadAverage, logIn } from './bench-support.mjs';

const PARTS = ['recap', 'count'];
const chosen = process.argv[2] ?? 'all';
if (chosen !== 'all' && !PARTS.includes(chosen)) {
  console.error('usage: node scripts/bench-stock.mjs [recap|count|all]');
  process.exit(2);
}
const PORT = Number(process.env.BENCH_PORT ?? 18151);
const BASE = `https://127.0.0.1:${PORT}`;
const MOVEMENTS = Number(process.env.BENCH_MOVEMENTS ?? 1_000_000);
const RECAP_RUNS = Number(process.env.BENCH_RECAP_RUNS ?? 10);
const RENDER_RUNS = Number(process.env.BENCH_RENDER_RUNS ?? 3);
const LINES = Number(process.env.BENCH_COUNT_LINES ?? 500);
const MANAGER = 'operator@demo.vigie.test';
const api = apiOf(BASE);

async function token() {
  const login = await api('POST', 'auth/login', { body: { email: MANAGER, password: 'vigie-demo-2026' } });
  return login.body.data.token;
}

async function recapPart(browser) {
  const bearer = await token();
  const times = [];
  let bytes = 0;
  let shape = null;
  for (let i = 0; i < RECAP_RUNS; i++) {
    const start = performance.now();
    const answer = await api('GET', 'inventory/stock/recap', { token: bearer });
    times.push(performance.now() - start);
    bytes = JSON.stringify(answer.body).length;
    shape = { articles: answer.body.data.articles.length, areas: answer.body.data.areas.length, total: answer.body.data.total };
  }
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1440, height: 900 }, ignoreHTTPSErrors: true });
  const page = await context.newPage();
  await logIn(page, BASE, MANAGER);
  const renders = [];
  for (let i = 0; i < RENDER_RUNS; i++) {
    await page.goto(`${BASE}/dashboard`);
    const start = performance.now();
    await page.goto(`${BASE}/stock-management/recap-table`);
    await page.locator('.inventory-stock-grid-body').first().waitFor({ timeout: 120_000 });
    renders.push(performance.now() - start);
  }
  const rowsDrawn = await page.locator('.inventory-stock-grid-body').count();
  await context.close();
  const result = { ...shape, bytes, server: stats(times), firstRender: stats(renders), rowsDrawn };
  printRows(`Recap table (${shape.articles} articles × ${shape.areas} areas)`, [
    ['GET /api/inventory/stock/recap', fmtStats(result.server)],
    ['answer size', `${round(bytes / 1024)} KiB`],
    ['first render (navigation → first row)', fmtStats(result.firstRender)],
    ['rows drawn (virtualised)', String(rowsDrawn)],
  ]);
  return result;
}

async function countPart(browser) {
  const bearer = await token();
  const areas = (await api('GET', 'inventory/stock/areas', { token: bearer })).body.data;
  const area = areas.find((a) => a.name.startsWith('Zone banc')) ?? areas[0];
  const countId = randomUUID();
  const started = await api('POST', 'inventory/stock/counts', { token: bearer, body: { id: countId, areaId: area.id } });
  if (started.status !== 201) throw new Error(`count not started: ${JSON.stringify(started.body)}`);
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 412, height: 823 }, ignoreHTTPSErrors: true, serviceWorkers: 'allow' });
  const page = await context.newPage();
  await logIn(page, BASE, MANAGER);
  await page.goto(`${BASE}/stock-management/inventory?count=${countId}`);
  const firstLine = page.getByTestId('stock-count-line').first();
  await firstLine.waitFor({ timeout: 120_000 });
  await cutNetwork(context);
  const lines = await page.getByTestId('stock-count-line').count();
  const queueStart = performance.now();
  for (let i = 0; i < LINES; i++) {
    const line = page.getByTestId('stock-count-line').nth(i % Math.min(lines, 20));
    await line.getByRole('button', { name: /^Add 1 to / }).click();
  }
  await page.getByTestId('stock-count-pending').filter({ hasText: `${LINES} entries waiting` }).waitFor({ timeout: 120_000 });
  const queuedMs = performance.now() - queueStart;
  await page.evaluate(() => window.addEventListener('online', () => (window.__benchOnlineAt = performance.now()), { once: true }));
  const onlineAt = performance.now();
  await context.unrouteAll({ behavior: 'wait' });
  await context.setOffline(false);
  const drained = await waitForEmptyOutbox(page, LINES);
  const deliveredMs = performance.now() - onlineAt;
  const count = (await api('GET', `inventory/stock/counts/${countId}`, { token: bearer })).body.data;
  const entries = count.lines.reduce((s, l) => s + l.entries, 0);
  const counted = count.lines.reduce((s, l) => s + (l.counted ?? 0), 0);
  await context.close();
  const result = { lines: LINES, queuedMs: round(queuedMs), deliveredMs: round(deliveredMs), left: drained.left, stuck: drained.stuck, serverEntries: entries, serverCounted: counted };
  printRows(`Count: ${LINES} entries queued offline, delivered after reconnecting`, [
    ['queued through the screen (offline)', `${result.queuedMs} ms`],
    ['online → outbox empty', `${result.deliveredMs} ms (left ${result.left}, stuck ${result.stuck})`],
    ['on the server', `${entries} entries, counted ${counted} (expected ${LINES} and ${LINES})`],
  ]);
  return result;
}

console.log(`load average ${loadAverage()}; seeding ${MOVEMENTS} stock movements…`);
const server = await startBenchServer({ port: PORT, base: BASE, seedArgs: ['--movements', String(MOVEMENTS)], tag: 'stock' });
const browser = await chromium.launch({ executablePath: CHROME, args: chromeArgs() });
const result = { movements: MOVEMENTS, loadAverage: loadAverage() };
try {
  if (chosen === 'all' || chosen === 'recap') result.recap = await recapPart(browser);
  if (chosen === 'all' || chosen === 'count') result.count = await countPart(browser);
} finally {
  await browser.close();
  await server.stop();
}
console.log(JSON.stringify(result, null, 2));
if (process.env.BENCH_RESULT) writeFileSync(process.env.BENCH_RESULT, JSON.stringify(result, null, 2));
