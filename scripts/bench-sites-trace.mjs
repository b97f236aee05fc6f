// `node scripts/bench-sites-trace.mjs` (after `npm run build`; VIGIE_STATIC_DIR for another
// build): the Lighthouse scenario of bench-sites-app (a logged-in first visit of the site list
// with 10,000 sites, no throttling) traced in Chromium, RUNS (3) times; the page's main-thread
// tasks by their THREAD time (tdur: what the CPU spent, not stretched by a loaded machine, as
// Lighthouse's wall times are on 2 shared cores), and what Lighthouse's 4x CPU model would make
// of them: the tasks after the first paint over 12.5 ms of CPU and their blocking time at 4x,
// the biggest tasks (start:cpu ms) and what ran in those over 25 ms. WATCH_MS (6000) of trace.
// STAY_MS (0): how long the login's page stays open before the traced start; with 12000 the
// offline reads' first run has saved its copies (the emergency list among them), and the
// traced start is a return with them on the device: with WATCH_MS=14000 the tasks after
// LATE_MS (3500: the offline reads' run) are summed apart. TASK_MS (25): the tasks shown with
// what ran in them (their calls over 2 ms). TRACE_PATH (/site/view/infoV2) traces another page
// the same way (/inventory-v2/equipment, /dashboard).
import { chromium } from '@playwright/test';
import { startBenchServer } from './bench-app-support.mjs';
import { blockingAtCpu, CHROME, chromeArgs, loggedInProfile, pageMainThread, sleep, loadAverage } from './bench-support.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 18131);
const BASE = `https://127.0.0.1:${PORT}`;
const WATCH = Number(process.env.WATCH_MS ?? 6000);
const RUNS = Number(process.env.RUNS ?? 3);
const STAY = Number(process.env.STAY_MS ?? 0);
const LATE = Number(process.env.LATE_MS ?? 3500);
// Tasks over TASK_MS (25) of CPU are shown with what ran in them.
const TASK_MS = Number(process.env.TASK_MS ?? 25);
const PATH = process.env.TRACE_PATH ?? '/site/view/infoV2';
const server = await startBenchServer({ port: PORT, base: BASE, seedArgs: ['--sites', '10000'], tag: 'perf15t' });
try {
  console.log('load', loadAverage());
  for (let run = 0; run < RUNS; run += 1) {
    const profile = await loggedInProfile(BASE, PORT + 1, { stayMs: STAY });
    const context = await chromium.launchPersistentContext(profile, { executablePath: CHROME, args: chromeArgs(), viewport: { width: 412, height: 823 }, locale: 'en-US' });
    const page = context.pages()[0] ?? (await context.newPage());
    const cdp = await context.newCDPSession(page);
    const events = [];
    cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
    const done = new Promise((ok) => cdp.once('Tracing.tracingComplete', ok));
    await cdp.send('Tracing.start', { traceConfig: { includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', '__metadata', 'loading'] } });
    const answers = [];
    page.on('response', (response) => {
      if (response.url().includes('/api/emergency/sites')) answers.push(response.status());
    });
    await page.goto(`${BASE}${PATH}`);
    await sleep(WATCH);
    await cdp.send('Tracing.end');
    await done;
    const main = pageMainThread(events);
    const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === main.pid);
    const send = events.find((e) => e.name === 'ResourceSendRequest' && String(e.args?.data?.url ?? '').includes(PATH));
    const nav = { ts: send?.ts ?? Math.min(...events.filter((e) => e.pid === main.pid && e.name === 'RunTask').map((e) => e.ts)) };
    const tasks = main.tasks.filter((e) => e.ts >= nav.ts);
    const cpu = tasks.map((t) => ({ at: (t.ts - nav.ts) / 1000, wall: t.dur / 1000, cpu: (t.tdur ?? t.dur) / 1000 }));
    const total = cpu.reduce((s, t) => s + t.cpu, 0);
    const afterFcp = tasks.filter((t) => fcp === undefined || t.ts >= fcp.ts);
    const long = afterFcp.filter((t) => (t.tdur ?? t.dur) * 4 > 50_000);
    const blocking = blockingAtCpu(afterFcp);
    console.log(`run ${run + 1}: main-thread CPU ${total.toFixed(0)} ms in ${cpu.length} tasks; after FCP ${long.length} tasks over 12.5 ms CPU, blocking at 4x ${blocking.toFixed(0)} ms; top: ${[...cpu].sort((a, b) => b.cpu - a.cpu).slice(0, 8).map((t) => `${t.at.toFixed(0)}:${t.cpu.toFixed(0)}`).join(' ')}`);
    if (answers.length > 0) console.log(`  the emergency list answered ${answers.join(', ')}`);
    const late = cpu.filter((t) => t.at >= LATE);
    if (STAY > 0 || WATCH > 6000) {
      console.log(`  after ${LATE} ms: CPU ${late.reduce((s, t) => s + t.cpu, 0).toFixed(0)} ms in ${late.length} tasks, over 12.5 ms: ${late.filter((t) => t.cpu > 12.5).map((t) => `${t.at.toFixed(0)}:${t.cpu.toFixed(0)}`).join(' ')}`);
    }
    for (const task of tasks.filter((t) => (t.tdur ?? t.dur) > TASK_MS * 1000)) {
      const inside = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= task.ts + task.dur && (e.dur ?? 0) > 2000);
      console.log(`  task at ${((task.ts - nav.ts) / 1000).toFixed(0)} cpu ${((task.tdur ?? task.dur) / 1000).toFixed(0)}: ${inside.map((e) => `${e.name}${e.args?.data?.url ? '(' + String(e.args.data.url).replace(/.*\//, '') + ')' : ''}${e.args?.data?.functionName ? '[' + e.args.data.functionName + ']' : ''}:${((e.tdur ?? e.dur) / 1000).toFixed(0)}`).join(' ')}`);
    }
    await context.close();
  }
  console.log('load', loadAverage());
} finally {
  await server.stop();
}
