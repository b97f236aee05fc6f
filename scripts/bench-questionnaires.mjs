// `npm run bench:questionnaires [open|pdf|all]`: the Questionnaires budgets, measured,
// never asserted. Build first (`npm run build`) for `open`.
//
// 1. open: a manager plans a 300-question inspection (ten sections of thirty: yes/no, choices,
//    numbers with a range, texts, dates, conditional questions) for the field user; in Chromium
//    (phone-sized window, CPU slowed 4x as Lighthouse's mobile profile), the field user taps it
//    in its list, BENCH_OPEN_RUNS (5) times: the time until its first questions can be answered
//    (the form draws two sections with its first screen, the others in the next frames) and
//    until all 300 are drawn. Then it answers BENCH_ANSWERS (40) questions, one tap each: the longest main-
//    thread task while answering (PerformanceObserver 'longtask', and every task over 16 ms
//    from the event timing of each tap) and, for each tap, the time until its write's transaction
//    reports its commit (the 'complete' event, recorded by a wrapper the bench installs) and
//    until a poll of the page reads the answer's own record back.
//    BENCH_TRACE=<file.json> also traces the answering (Chromium's timeline, written to the file
//    for DevTools' Performance panel) and prints, per tap, the main thread's CPU time (the tasks'
//    thread time, `tdur`: what the CPU spent, not stretched by a loaded machine as the wall times
//    are on shared cores) from the tap to its commit and over the whole tap, and its biggest task.
//    BENCH_PROFILE=<file.cpuprofile> records V8's CPU profile of the answering (DevTools opens it)
//    and prints the functions that spent the most (self time); build with `npx vite build
//    --minify false --outDir <dir>` and serve it with VIGIE_STATIC_DIR=<dir> to read their names.
// 2. pdf: the report PDF of a submitted 300-question inspection with 50 photos, made by the
//    server's own code (server/src/modules/questionnaires/print.ts bundled with esbuild): each
//    photo a 4,000 x 3,000 JPEG downscaled as the route does (attachments' printableImage: 1,200
//    px), BENCH_PDF_RUNS (3) times; the time and the size.
//
// Prints the load average, a table per part, then JSON (also written to BENCH_RESULT when set).
// The server listens on BENCH_PORT (18151).
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from '@playwright/test';
import { build } from 'esbuild';
import sharp from 'sharp';
import { apiOf, fmtStats, printRows, round, startBenchServer, stats } from './bench-app-support.mjs';
import { CHROME, chromeArgs, loadAverage, logIn } from './bench-support.mjs';

const PARTS = ['open', 'pdf'];
const chosen = process.argv[2] ?? 'all';
if (chosen !== 'all' && !PARTS.includes(chosen)) {
  console.error('usage: node scripts/bench-questionnaires.mjs [open|pdf|all]');
  process.exit(2);
}
const PORT = Number(process.env.BENCH_PORT ?? 18151);
const BASE = `https://127.0.0.1:${PORT}`;
const OPEN_RUNS = Number(process.env.BENCH_OPEN_RUNS ?? 5);
const ANSWERS = Number(process.env.BENCH_ANSWERS ?? 40);
const PDF_RUNS = Number(process.env.BENCH_PDF_RUNS ?? 3);
const PHONE = { width: 412, height: 823 };
const TRACE = process.env.BENCH_TRACE ?? '';
const PROFILE = process.env.BENCH_PROFILE ?? '';
const QUESTIONS = 300;

/** Ten sections of thirty questions of every answerable kind, a conditional one in each section. */
function bigTemplate() {
  return Array.from({ length: 10 }, (_, s) => ({
    key: `s${s}`,
    title: `Section ${s + 1}`,
    questions: Array.from({ length: QUESTIONS / 10 }, (_, n) => {
      const i = s * 30 + n + 1;
      const key = `q${i}`;
      const label = `Point de contrôle ${i} : l’équipement est-il conforme et en place ?`;
      if (n % 10 === 3) return { key, type: 'choice', label, required: false, weight: 2, options: [{ key: 'bon', label: 'Bon', score: 1 }, { key: 'moyen', label: 'Moyen', score: 0.5 }, { key: 'mauvais', label: 'Mauvais', score: 0, failed: true }] };
      if (n % 10 === 5) return { key, type: 'number', label, required: false, min: 0, max: 10, unit: '°C', weight: 1 };
      if (n % 10 === 7) return { key, type: 'text', label, required: false };
      if (n % 10 === 8) return { key, type: 'date', label, required: false };
      if (n % 10 === 9) return { key, type: 'text', label, required: false, showIf: { question: `q${i - 9}`, op: 'is', values: ['no'] } };
      return { key, type: 'yesNo', label, required: true, onFail: { note: true } };
    }),
  }));
}

async function openPart() {
  const server = await startBenchServer({ port: PORT, base: BASE, seedArgs: ['--sites', '1'], tag: 'questionnaires' });
  const browser = await chromium.launch({ executablePath: CHROME, args: chromeArgs() });
  try {
    const api = apiOf(BASE);
    const manager = (await api('POST', 'auth/login', { body: { email: 'operator@demo.vigie.test', password: 'vigie-demo-2026' } })).body.data.token;
    const field = (await api('POST', 'auth/login', { body: { email: 'field@demo.vigie.test', password: 'vigie-demo-2026' } })).body.data.token;
    const fieldId = JSON.parse(Buffer.from(field.split('.')[1], 'base64url').toString()).sub;
    const templateId = randomUUID();
    const made = await api('POST', 'questionnaires/templates', { token: manager, body: { id: templateId, family: 'questionnary', name: 'Audit 300 points', description: '', sections: bigTemplate(), passMark: 80 } });
    if (made.status !== 201) throw new Error(`template: ${made.status} ${JSON.stringify(made.body)}`);
    const inspectionId = randomUUID();
    const planned = await api('POST', 'questionnaires/inspections', { token: manager, body: { id: inspectionId, templateId, siteId: null, assigneeId: fieldId, dueAt: new Date(Date.now() + 86_400_000).toISOString() } });
    if (planned.status !== 201) throw new Error(`inspection: ${planned.status} ${JSON.stringify(planned.body)}`);

    const context = await browser.newContext({ locale: 'en-US', viewport: PHONE, serviceWorkers: 'allow' });
    // Every readwrite transaction on the drafts store records when its commit was reported
    // (its 'complete' event): the time a tap's answer is durable, as the app itself learns it.
    await context.addInitScript(() => {
      const commits = [];
      window.__draftCommits = commits;
      const transaction = IDBDatabase.prototype.transaction;
      IDBDatabase.prototype.transaction = function (stores, mode, options) {
        const tx = transaction.call(this, stores, mode, options);
        const names = typeof stores === 'string' ? [stores] : [...stores];
        if (mode === 'readwrite' && names.includes('drafts'))
          tx.addEventListener('complete', () => {
            commits.push(performance.now());
            performance.mark('bench:commit');
          });
        return tx;
      };
    });
    const page = await context.newPage();
    await logIn(page, BASE, 'field@demo.vigie.test');
    const cdp = await context.newCDPSession(page);
    const firsts = [];
    const opens = [];
    for (let run = 0; run < OPEN_RUNS; run++) {
      await page.goto(`${BASE}/questionnary-v2/view`);
      await page.locator(`a[href="/questionnary-v2/inspections/${inspectionId}"]`).waitFor();
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      const { first, all } = await page.evaluate(
        ({ href, last }) =>
          new Promise((done, fail) => {
            const t0 = performance.now();
            let first = null;
            document.querySelector(`a[href="${href}"]`).click();
            const watch = () => {
              if (first === null && document.querySelector('#question-q1 input') !== null && document.querySelector('.inspection-status progress') !== null) {
                requestAnimationFrame(() => (first = performance.now() - t0));
              }
              if (first !== null && document.querySelector(last) !== null) requestAnimationFrame(() => done({ first, all: performance.now() - t0 }));
              else if (performance.now() - t0 > 60_000) fail(new Error('the form was not drawn'));
              else requestAnimationFrame(watch);
            };
            requestAnimationFrame(watch);
          }),
        { href: `/questionnary-v2/inspections/${inspectionId}`, last: `#question-q${QUESTIONS - 1}` },
      );
      firsts.push(first);
      opens.push(all);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    }

    // Answering, at 4x: one tap a question ("Yes", or a choice), each measured to its draft in IndexedDB.
    // Once the device's offline copy is downloaded (its fetches are not the taps' cost).
    await page.waitForLoadState('networkidle');
    const trace = TRACE === '' ? null : await startTrace(cdp);
    if (PROFILE !== '') {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const answering = await page.evaluate(
      async ({ count, inspectionId }) => {
        const longTasks = [];
        const observer = new PerformanceObserver((list) => longTasks.push(...list.getEntries().map((e) => e.duration)));
        observer.observe({ type: 'longtask', buffered: false });
        const events = [];
        const eventObserver = new PerformanceObserver((list) => events.push(...list.getEntries().map((e) => e.duration)));
        eventObserver.observe({ type: 'event', durationThreshold: 16, buffered: false });
        // The fill draft's head key (scoped to the account and district), found once; then one get a poll.
        const database = await new Promise((done, fail) => {
          const open = indexedDB.open('vigie-outbox');
          open.onsuccess = () => done(open.result);
          open.onerror = () => fail(new Error('vigie-outbox unreadable'));
        });
        let draftKey = null;
        const stored = (key) =>
          new Promise((done) => {
            const store = database.transaction('drafts').objectStore('drafts');
            if (draftKey === null) {
              const keys = store.getAllKeys();
              keys.onsuccess = () => {
                draftKey = keys.result.find((k) => String(k).endsWith(`questionnaires:fill:${inspectionId}`)) ?? null;
                if (draftKey === null) done(false);
                else stored(key).then(done);
              };
              keys.onerror = () => done(false);
              return;
            }
            // The answer's own record (fill.ts keeps a filling in parts: one record an answer).
            const one = store.get(`${draftKey}:answer:${key}`);
            one.onsuccess = () => done(Boolean(one.result?.value));
            one.onerror = () => done(false);
          });
        const durable = [];
        const committed = [];
        const radios = [...document.querySelectorAll('.inspection-question')]
          .map((q) => ({ key: q.id.replace('question-', ''), input: q.querySelector('input[type="radio"]') }))
          .filter((q) => q.input !== null)
          .slice(0, count);
        for (const { key, input } of radios) {
          input.scrollIntoView({ block: 'center' });
          await new Promise((done) => requestAnimationFrame(() => done()));
          // The tap in a task of its own, as a finger's input event is (not inside the frame's
          // animation callbacks, whose rendering would count as the tap's task).
          await new Promise((done) => setTimeout(done, 0));
          const t0 = performance.now();
          const commitsBefore = window.__draftCommits.length;
          performance.mark('bench:tap');
          input.click();
          while (!(await stored(key))) {
            if (performance.now() - t0 > 10_000) break;
            await new Promise((done) => setTimeout(done, 2));
          }
          durable.push(performance.now() - t0);
          const commit = window.__draftCommits[commitsBefore];
          if (commit !== undefined) committed.push(commit - t0);
        }
        await new Promise((done) => setTimeout(done, 300));
        observer.disconnect();
        eventObserver.disconnect();
        return { longTasks, events, durable, committed, answered: radios.length };
      },
      { count: ANSWERS, inspectionId },
    );
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const cpu = trace === null ? null : tapCpu(await trace.stop());
    if (PROFILE !== '') printProfile((await cdp.send('Profiler.stop')).profile);
    await context.close();
    const open = stats(opens);
    const first = stats(firsts);
    const durable = stats(answering.durable);
    const committed = stats(answering.committed);
    const longest = answering.longTasks.length === 0 ? 0 : Math.max(...answering.longTasks);
    const slowestEvent = answering.events.length === 0 ? null : Math.max(...answering.events);
    printRows(`A ${QUESTIONS}-question inspection, field user, phone-sized window, CPU 4x slower (load ${loadAverage()})`, [
      ['tap in the list → its first questions drawn, answerable', fmtStats(first), '< 1000 ms'],
      ['tap in the list → all 300 questions drawn', fmtStats(open)],
      [`longest task while answering ${answering.answered} questions`, `${round(longest, 1)} ms (${answering.longTasks.length} tasks over 50 ms)`, '< 50 ms'],
      ['slowest tap → next frame (event timing, over 16 ms)', slowestEvent === null ? 'none over 16 ms' : `${round(slowestEvent, 1)} ms (${answering.events.length} over 16 ms)`],
      ['tap → its write committed (the transaction\'s complete event)', fmtStats(committed), '< 50 ms'],
      ['tap → the answer read back from IndexedDB by a poll', fmtStats(durable)],
      ...(cpu === null
        ? []
        : [
            ['CPU of the tap\'s event (its handler and the redraw it makes)', fmtStats(cpu.click)],
            ['main-thread CPU, tap → its commit (trace, thread time)', fmtStats(cpu.toCommit)],
            ['main-thread CPU of a whole tap (until the next one)', fmtStats(cpu.perTap)],
            ['biggest task of a tap, CPU (x4 ≈ its length at 4x)', fmtStats(cpu.biggest)],
          ]),
    ]);
    return { first, open, longestTaskMs: round(longest, 1), longTasks: answering.longTasks.length, slowestEventMs: slowestEvent === null ? null : round(slowestEvent, 1), committed, durable, cpu };
  } finally {
    await browser.close();
    await server.stop();
  }
}

/** Chromium's timeline traced through the page's CDP session; stop() answers the events (and writes them to BENCH_TRACE). */
async function startTrace(cdp) {
  const events = [];
  const collect = ({ value }) => events.push(...value);
  cdp.on('Tracing.dataCollected', collect);
  await cdp.send('Tracing.start', { traceConfig: { includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', '__metadata'] } });
  return {
    async stop() {
      const complete = new Promise((done) => cdp.once('Tracing.tracingComplete', done));
      await cdp.send('Tracing.end');
      await complete;
      cdp.off('Tracing.dataCollected', collect);
      writeFileSync(TRACE, JSON.stringify({ traceEvents: events }));
      return events;
    },
  };
}

/** Writes V8's profile to BENCH_PROFILE and prints the 25 functions with the most self time. */
function printProfile(profile) {
  writeFileSync(PROFILE, JSON.stringify(profile));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  profile.samples.forEach((id, i) => {
    const { functionName, url, lineNumber } = byId.get(id).callFrame;
    const name = `${functionName || '(anonymous)'} ${url.replace(/.*\//, '')}:${lineNumber + 1}`;
    self.set(name, (self.get(name) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  console.log(`CPU profile of the answering (${round(total / 1000)} ms sampled; self time):`);
  for (const [name, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`  ${round(us / 1000, 1)} ms  ${name}`);
}

/**
 * Per tap (from its 'bench:tap' mark): the CPU of its click's dispatch (the handler and React's
 * render of what it changed), the main thread's CPU (the RunTask events' thread time) of the tasks that end after the tap and start before its commit ('bench:commit'), of all its
 * tasks until the next tap, and its biggest task's.
 */
function tapCpu(events) {
  const marks = (name) => events.filter((e) => e.name === name && e.cat?.includes('user_timing')).map((e) => e.ts).sort((a, b) => a - b);
  const taps = marks('bench:tap');
  const commits = marks('bench:commit');
  const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const tasksOf = (m) => events.filter((e) => e.pid === m.pid && e.tid === m.tid && e.name === 'RunTask' && e.ph === 'X');
  const main = mains.map((m) => ({ m, tasks: tasksOf(m) })).sort((a, b) => b.tasks.length - a.tasks.length)[0];
  if (main === undefined || taps.length === 0) return null;
  const ms = (us) => us / 1000;
  const toCommit = [];
  const perTap = [];
  const biggest = [];
  const clicks = [];
  taps.forEach((tap, i) => {
    const next = taps[i + 1] ?? Infinity;
    const commit = commits.find((c) => c >= tap);
    const within = (end) => main.tasks.filter((t) => t.ts + t.dur > tap && t.ts < end);
    const click = events.find((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'click' && e.pid === main.m.pid && e.tid === main.m.tid && e.ts >= tap && e.ts < next);
    if (click !== undefined) clicks.push(ms(click.tdur ?? click.dur));
    const cpuOf = (tasks) => tasks.reduce((sum, t) => sum + (t.tdur ?? t.dur), 0);
    if (commit !== undefined && commit < next) toCommit.push(ms(cpuOf(within(commit))));
    const all = within(next === Infinity ? tap + 2_000_000 : next);
    perTap.push(ms(cpuOf(all)));
    biggest.push(ms(Math.max(0, ...all.map((t) => t.tdur ?? t.dur))));
  });
  return { click: stats(clicks), toCommit: stats(toCommit), perTap: stats(perTap), biggest: stats(biggest) };
}

async function pdfPart() {
  mkdirSync('.build/bench', { recursive: true });
  const outfile = resolve('.build/bench/questionnaires-print.mjs');
  await build({ entryPoints: ['server/src/modules/questionnaires/print.ts'], outfile, bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', logLevel: 'warning' });
  const { inspectionPdf } = await import(pathToFileURL(outfile).href);
  const sections = bigTemplate();
  const photoIds = Array.from({ length: 50 }, () => randomUUID());
  const at = new Date().toISOString();
  const answers = {};
  let p = 0;
  for (const section of sections) {
    for (const q of section.questions) {
      const value = q.type === 'yesNo' ? 'yes' : q.type === 'choice' ? 'moyen' : q.type === 'number' ? 5 : q.type === 'date' ? at.slice(0, 10) : q.showIf ? null : 'Contrôle visuel effectué, rien à signaler sur ce point.';
      if (value === null) continue;
      answers[q.key] = { value, at, ...(p < 50 && q.type === 'yesNo' ? { photos: [photoIds[p++]], note: 'Photo prise sur place.' } : {}) };
    }
  }
  const camera = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: { r: 120, g: 140, b: 160 } } })
    .composite([{ input: await sharp({ create: { width: 2000, height: 1500, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 40 } } }).png().toBuffer(), top: 700, left: 1000 }])
    .jpeg({ quality: 85 })
    .toBuffer();
  const inspection = {
    id: randomUUID(), districtId: randomUUID(), version: 2, createdAt: at, createdBy: { id: randomUUID(), name: 'operator@demo.vigie.test' }, updatedAt: at,
    updatedBy: { id: randomUUID(), name: 'field@demo.vigie.test' }, deletedAt: null, family: 'questionnary', templateId: randomUUID(), templateVersion: 1,
    template: { name: 'Audit 300 points', sections, passMark: 80 }, siteId: null, siteName: 'Entrepôt Gerland', assignee: { id: randomUUID(), name: 'field@demo.vigie.test' },
    scheduleId: null, dueAt: at, status: 'submitted', answers, startedAt: at, startPosition: { lat: 45.73, lng: 4.83, accuracy: 8 }, finishedAt: at, endPosition: null,
    signature: null, signedBy: 'Camille Martin', total: { score: 290, max: 300, percent: 96.7 }, sections: sections.map((s) => ({ key: s.key, title: s.title, score: 29, max: 30, percent: 96.7 })),
    passed: true, failedItems: [], submittedAt: at, contentHash: 'f'.repeat(64),
    attachments: photoIds.map((id, n) => ({ id, name: `photo-${n + 1}.jpg`, type: 'image/jpeg', size: camera.length, width: 4000, height: 3000, takenAt: at, gps: null, url: '', thumbnailUrl: null, createdAt: at, createdBy: { id: randomUUID(), name: 'field' } })),
  };
  const times = [];
  let size = 0;
  for (let run = 0; run < PDF_RUNS; run++) {
    const t0 = performance.now();
    const pdf = await inspectionPdf({
      inspection,
      language: 'fr',
      printedAt: new Date(),
      // As attachments/index.ts printableImage: the stored photo, turned upright, 1,200 px at most.
      image: () => sharp(camera).rotate().resize(1200, 1200, { fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 80 }).toBuffer(),
    });
    times.push(performance.now() - t0);
    size = pdf.length;
  }
  const time = stats(times);
  printRows(`Report PDF, ${QUESTIONS} questions and 50 photos of 12 megapixels (load ${loadAverage()})`, [
    ['server time (photos downscaled included)', fmtStats(time)],
    ['size', `${round(size / 1024 / 1024, 2)} MiB`],
  ]);
  return { time, bytes: size };
}

const result = { load: loadAverage() };
if (chosen === 'all' || chosen === 'pdf') result.pdf = await pdfPart();
if (chosen === 'all' || chosen === 'open') result.open = await openPart();
console.log(JSON.stringify(result, null, 2));
if (process.env.BENCH_RESULT) writeFileSync(process.env.BENCH_RESULT, JSON.stringify(result, null, 2));
