// `npm run bench:plan2d`: a 2D plan with BENCH_PINS (2,000) pins in Chromium against the built
// app, never asserted. Build first (`npm run build`). The built server serves dist/ over HTTPS/2
// on a fresh PGlite folder seeded with the demo data plus BENCH_PINS pins on the demo district's
// first plan (`tasks.js seed-bench --plan-pins`, server/src/modules/plan2d/bench-seed.ts).
//
// On the phone profile (412 × 823, 1.75 device pixels, touch), the CPU slowed 4x (CDP
// Emulation.setCPUThrottlingRate), Chromium's software WebGL (SwiftShader), as the operator:
// 1. First render: from the navigation to the site's plans page to the plan's first settled
//    render with its image and its pins (the `vigie:plan-first-idle` mark PlanMap sets), read on
//    the page's clock. BENCH_RUNS (3) runs: the first with MapLibre and the image not yet kept
//    (cold), the others warm.
// 2. Pan: a drag of about 300 px across the plan in 20 steps (mouse events): the frames the
//    page painted during the drag (requestAnimationFrame), the drag's duration, the frame rate.
// Also at full speed. Prints the load average at start and end and the figures, then JSON (also
// written to BENCH_RESULT when set). The server listens on BENCH_PORT (18161).
import { writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { apiOf, fmtStats, printRows, round, startBenchServer, stats } from './bench-app-support.mjs';
import { CHROME, chromeArgs, DEMO_PASSWORD, loadAverage, logIn } from './bench-support.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 18161);
const BASE = `https://127.0.0.1:${PORT}`;
const PINS = Math.max(1, Number(process.env.BENCH_PINS ?? 2000));
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const ACCOUNT = 'operator@demo.vigie.test';
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
const MARK = 'vigie:plan-first-idle';

/** The plan with the most pins among the district's first site's plans, as the API lists them. */
async function benchPlan() {
  const api = apiOf(BASE);
  const login = await api('POST', 'auth/login', { body: { email: ACCOUNT, password: DEMO_PASSWORD } });
  const token = login.body?.data?.token;
  const sites = await api('GET', 'plan2d/sites', { token });
  for (const site of sites.body.data) {
    const plans = (await api('GET', `plan2d/sites/${site.id}/plans`, { token })).body.data;
    const plan = [...plans].sort((a, b) => b.pins - a.pins)[0];
    if (plan && plan.pins >= PINS) return { siteId: site.id, planId: plan.id, pins: plan.pins };
  }
  throw new Error('no plan with the bench pins');
}

async function measure(browser, cpuRate, target) {
  const context = await browser.newContext({ locale: 'en-US', serviceWorkers: 'allow', ...PHONE });
  const page = await context.newPage();
  const firsts = [];
  const pans = [];
  try {
    await logIn(page, BASE, ACCOUNT);
    const cdp = await context.newCDPSession(page);
    for (let run = 0; run < RUNS; run++) {
      await page.goto(`${BASE}/dashboard`);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
      await page.goto(`${BASE}/plan2d/site/${target.siteId}?plan=${target.planId}`);
      await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, MARK, { timeout: 180_000, polling: 100 });
      firsts.push(await page.evaluate((mark) => performance.getEntriesByName(mark)[0].startTime, MARK));
      // The pan: frames counted in the page while the drag runs, then the map settles.
      const box = await page.locator('.plan2d-map').boundingBox();
      await page.evaluate(() => {
        window.__benchFrames = 0;
        window.__benchCounting = true;
        const tick = () => {
          if (!window.__benchCounting) return;
          window.__benchFrames += 1;
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      });
      const x = box.x + box.width * 0.7;
      const y = box.y + box.height * 0.5;
      const started = Date.now();
      await page.mouse.move(x, y);
      await page.mouse.down();
      for (let step = 1; step <= 20; step++) await page.mouse.move(x - step * 15, y + step * 2);
      await page.mouse.up();
      const dragMs = Date.now() - started;
      const frames = await page.evaluate(() => {
        window.__benchCounting = false;
        return window.__benchFrames;
      });
      pans.push({ dragMs, frames, fps: round((frames * 1000) / dragMs, 1) });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    }
  } finally {
    await context.close();
  }
  return {
    cold: round(firsts[0]),
    warm: stats(firsts.slice(1)),
    pan: { fps: stats(pans.map((p) => p.fps)), dragMs: stats(pans.map((p) => p.dragMs)), frames: stats(pans.map((p) => p.frames)) },
  };
}

console.log(`load average at start: ${loadAverage()}`);
const server = await startBenchServer({ port: PORT, base: BASE, seedArgs: ['--plan-pins', String(PINS)], tag: 'plan2d' });
const browser = await chromium.launch({ executablePath: CHROME, args: [...chromeArgs(), '--enable-unsafe-swiftshader'] });
const result = {};
try {
  const target = await benchPlan();
  result.pins = target.pins;
  result.slow = await measure(browser, 4, target);
  result.full = await measure(browser, 1, target);
} finally {
  await browser.close();
  await server.stop();
}
printRows(`A plan with ${result.pins} pins, phone profile (operator)`, [
  ['first render, CPU 4x slower, cold', `${result.slow.cold} ms`],
  ['first render, CPU 4x slower, warm', fmtStats(result.slow.warm)],
  ['pan, CPU 4x slower: frames per second during a 300 px drag', fmtStats(result.slow.pan.fps, ' fps')],
  ['pan, CPU 4x slower: drag duration', fmtStats(result.slow.pan.dragMs)],
  ['first render, full speed, cold', `${result.full.cold} ms`],
  ['first render, full speed, warm', fmtStats(result.full.warm)],
  ['pan, full speed: frames per second', fmtStats(result.full.pan.fps, ' fps')],
]);
console.log(`load average at end: ${loadAverage()}`);
console.log(JSON.stringify(result, null, 2));
if (process.env.BENCH_RESULT) writeFileSync(process.env.BENCH_RESULT, JSON.stringify(result, null, 2));
