// `npm run bench:declarations-app [open|outbox|all]`: the Declarations app's budgets (MODULES.md)
// measured in Chromium against the built app, never asserted. Build first (`npm run build`).
// The built server serves dist/ over HTTPS/2 on a fresh PGlite folder seeded with the demo data
// (five declaration types and a year of declarations a district) and BENCH_SITES (1,000) sites
// in Acme / Lyon (bench-app-support.mjs).
//
// 1. open: the field user (declarations.read) on the list (/declarations, phone-sized window),
//    the time from a tap on "Report" to the type chooser drawn, then from a tap on a type to
//    its form drawn (h1 and Save), BENCH_OPEN_RUNS (5) times, at full speed and with the CPU
//    slowed 4x (CDP Emulation.setCPUThrottlingRate), each run back on the list.
// 2. outbox: BENCH_OUTBOX_REPORTS (500) declarations with a photo each, queued offline by the
//    field user, then delivered after reconnecting. The first BENCH_OUTBOX_UI (5) go through the
//    form (type "Dégradation", title, its required field, a photo from the gallery, Save),
//    timed from the tap on Save to the outbox's commit (its BroadcastChannel message); the rest
//    are copies of the first item written into IndexedDB as lib/outbox/db.ts's addItem writes
//    one (a new key, declaration id and photo id). The time to an empty outbox is taken on the
//    page's clock from its `online` event; then the server is asked: every report once, each
//    with its photo.
//
// Prints the load average, a table per part, then JSON (also written to BENCH_RESULT when set).
// The server listens on BENCH_PORT (18141).
import { writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import {
  apiOf, cutNetwork, fmtStats, OUTBOX, outboxStates, printRows, resizedPhoto, round, startBenchServer, stats, waitForEmptyOutbox,
} from './bench-app-support.mjs';
import { CHROME, chromeArgs, loadAverage, logIn } from './bench-support.mjs';

const PARTS = ['open', 'outbox'];
const chosen = process.argv[2] ?? 'all';
if (chosen !== 'all' && !PARTS.includes(chosen)) {
  console.error('usage: node scripts/bench-declarations-app.mjs [open|outbox|all]');
  process.exit(2);
}
const PORT = Number(process.env.BENCH_PORT ?? 18141);
const BASE = `https://127.0.0.1:${PORT}`;
const SITES = Number(process.env.BENCH_SITES ?? 1_000);
const OPEN_RUNS = Number(process.env.BENCH_OPEN_RUNS ?? 5);
const REPORTS = Number(process.env.BENCH_OUTBOX_REPORTS ?? 500);
const REPORTS_UI = Math.min(REPORTS, Number(process.env.BENCH_OUTBOX_UI ?? 5));
const FIELD = 'field@demo.vigie.test';
const TYPE = 'Dégradation';
const REQUIRED_FIELD = 'Équipement concerné (required)';
const PHONE = { width: 412, height: 823 };
const api = apiOf(BASE);

async function loggedInPage(browser, viewport) {
  const context = await browser.newContext({ locale: 'en-US', viewport, serviceWorkers: 'allow' });
  const page = await context.newPage();
  await logIn(page, BASE, FIELD);
  return { context, page };
}

/** Taps `tap` and resolves with the ms (page clock) until `selector` is in the document and a frame drew it. */
function timeTap(page, tap, selector) {
  return page.evaluate(
    ({ tap, selector }) =>
      new Promise((done, fail) => {
        const target = document.querySelector(tap);
        if (target === null) return fail(new Error(`nothing to tap: ${tap}`));
        const t0 = performance.now();
        target.click();
        const watch = () => {
          if (document.querySelector(selector) !== null) requestAnimationFrame(() => done(performance.now() - t0));
          else if (performance.now() - t0 > 30_000) fail(new Error(`not shown: ${selector}`));
          else requestAnimationFrame(watch);
        };
        requestAnimationFrame(watch);
      }),
    { tap, selector },
  );
}

async function openRuns(browser, cpuRate) {
  const { context, page } = await loggedInPage(browser, PHONE);
  const cdp = await context.newCDPSession(page);
  const chooser = [];
  const form = [];
  try {
    for (let run = 0; run < OPEN_RUNS; run++) {
      await page.goto(`${BASE}/declarations`);
      await page.getByRole('list', { name: 'The district’s declarations' }).getByRole('listitem').first().waitFor();
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
      chooser.push(await timeTap(page, '.module-page-actions ion-button', '.declaration-types .declaration-type'));
      const typeIndex = await page.locator('.declaration-type').evaluateAll((buttons, name) => buttons.findIndex((b) => b.textContent?.trim() === name), TYPE);
      form.push(await timeTap(page, `.declaration-types li:nth-child(${typeIndex + 1}) .declaration-type`, 'form.declaration-form ion-button[type="submit"]'));
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    }
  } finally {
    await context.close();
  }
  return { chooser: stats(chooser), form: stats(form), total: stats(chooser.map((c, i) => c + form[i])) };
}

async function openPart() {
  const browser = await chromium.launch({ executablePath: CHROME, args: chromeArgs() });
  try {
    const full = await openRuns(browser, 1);
    const slow = await openRuns(browser, 4);
    printRows('Open the report form from the list (field user, phone-sized window)', [
      ['"Report" → type chooser, full speed', fmtStats(full.chooser)],
      ['type → its form drawn, full speed', fmtStats(full.form)],
      ['"Report" → type chooser, CPU 4x slower', fmtStats(slow.chooser)],
      ['type → its form drawn, CPU 4x slower', fmtStats(slow.form), '≤ 300 ms'],
      ['both taps, CPU 4x slower', fmtStats(slow.total)],
    ]);
    return { full, slow };
  } finally {
    await browser.close();
  }
}

/** Saves the form and times, on the page's clock, the tap on Save to the outbox's commit message. */
function timeSave(page) {
  return page.evaluate(
    ({ channelName }) =>
      new Promise((done) => {
        const channel = new BroadcastChannel(channelName);
        const t0 = performance.now();
        const timer = setTimeout(() => (channel.close(), done(null)), 5000);
        channel.onmessage = () => {
          clearTimeout(timer);
          channel.close();
          done(performance.now() - t0);
        };
        document.querySelector('form.declaration-form ion-button[type="submit"]').click();
      }),
    { channelName: OUTBOX.channel },
  );
}

/** Copies of the first report made through the form, each a new declaration with its own photo id. */
function queueCopies(page, count, photoBase64) {
  return page.evaluate(
    async ({ db, count, photoBase64 }) => {
      const req = (request) => new Promise((done, fail) => ((request.onsuccess = () => done(request.result)), (request.onerror = () => fail(request.error))));
      const database = await req(indexedDB.open(db.name));
      const reading = database.transaction(['items', 'payloads', 'attachments']);
      const model = (await req(reading.objectStore('items').getAll())).find((item) => item.kind === 'declarations.create');
      if (model === undefined) throw new Error('no report made through the form in the outbox');
      const payload = (await req(reading.objectStore('payloads').get(model.key))).payload;
      const attachment = await req(reading.objectStore('attachments').get([model.key, model.attachmentIds[0]]));
      const bytes = Uint8Array.from(atob(photoBase64), (c) => c.charCodeAt(0));
      const times = [];
      for (let index = 0; index < count; index++) {
        const key = crypto.randomUUID();
        const id = crypto.randomUUID();
        const attachmentId = crypto.randomUUID();
        const { seq: _seq, ...rest } = model;
        const item = { ...rest, key, idempotencyKey: key, recordId: id, createdAt: Date.now(), state: 'queued', attempts: 0, lastError: null, lastStatus: null,
          attachmentIds: [attachmentId], uploaded: [], written: false, result: null, conflict: null };
        const start = performance.now();
        const tx = database.transaction(['items', 'payloads', 'attachments'], 'readwrite', { durability: 'strict' });
        tx.objectStore('items').add(item);
        tx.objectStore('payloads').add({ key, payload: { ...payload, id, title: `Bench copy ${index + 1}`, photos: [attachmentId], capturedAt: new Date().toISOString() }, base: null });
        tx.objectStore('attachments').add({ ...attachment, itemKey: key, attachmentId, blob: new Blob([bytes], { type: 'image/jpeg' }), name: `bench-${index + 1}.jpg` });
        await new Promise((done, fail) => ((tx.oncomplete = done), (tx.onerror = () => fail(tx.error))));
        times.push(performance.now() - start);
      }
      database.close();
      const channel = new BroadcastChannel(db.channel);
      channel.postMessage('changed');
      channel.close();
      return times;
    },
    { db: OUTBOX, count, photoBase64 },
  );
}

async function outboxPart() {
  const photo = await resizedPhoto();
  const browser = await chromium.launch({ executablePath: CHROME, args: chromeArgs() });
  try {
    const { context, page } = await loggedInPage(browser, { width: 1280, height: 900 });
    await page.goto(`${BASE}/declarations`);
    await page.getByRole('list', { name: 'The district’s declarations' }).getByRole('listitem').first().waitFor();
    // The form's code and the types once online, as a user who opened Declarations before.
    await page.locator('.module-page-actions ion-button', { hasText: 'Report' }).click();
    await page.getByRole('button', { name: TYPE }).waitFor();
    await page.waitForLoadState('networkidle');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await cutNetwork(context);
    const saves = [];
    for (let index = 0; index < REPORTS_UI; index++) {
      if (index > 0) await page.locator('.module-page-actions ion-button', { hasText: 'Report' }).click();
      await page.getByRole('button', { name: TYPE }).click();
      const form = page.locator('form.declaration-form');
      await form.waitFor();
      // A draft of the previous report is never offered: each was saved.
      await form.getByLabel('Title').fill(`Bench report ${index + 1}`);
      await form.getByLabel(REQUIRED_FIELD).fill('Clôture');
      await form.getByTestId('photo-picker-gallery').setInputFiles({ name: `bench-ui-${index + 1}.jpg`, mimeType: 'image/jpeg', buffer: photo });
      await form.locator('.attachment-grid li').first().waitFor({ timeout: 30_000 });
      saves.push(await timeSave(page));
      await page.getByText('Waiting to be sent').first().waitFor();
    }
    const copies = await queueCopies(page, REPORTS - REPORTS_UI, photo.toString('base64'));
    const before = await outboxStates(page);
    if (before.count !== REPORTS) throw new Error(`${before.count} reports queued, not ${REPORTS}: ${JSON.stringify(before)}`);
    console.error(`${before.count} reports queued offline; reconnecting`);

    await page.evaluate(() => window.addEventListener('online', () => (window.__benchOnlineAt = performance.now()), { once: true }));
    await context.unrouteAll({ behavior: 'wait' });
    await context.setOffline(false);
    const delivery = await waitForEmptyOutbox(page, before.count);
    const after = await outboxStates(page);
    await context.close();

    // The server's side: every report once, each with its photo (the list's thumbnail).
    const token = (await api('POST', 'auth/login', { body: { email: FIELD, password: 'vigie-demo-2026' } })).body.data.token;
    const rows = [];
    let cursor = null;
    do {
      const res = await api('GET', `declarations?search=bench&limit=200${cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`}`, { token });
      rows.push(...res.body.data.items);
      cursor = res.body.data.nextCursor;
    } while (cursor !== null);
    const titles = rows.map((row) => row.title);
    const distinct = new Set(titles).size;
    const withPhoto = rows.filter((row) => row.thumbnailUrl !== null).length;

    const seconds = delivery.ms / 1000;
    const figures = {
      reports: REPORTS,
      throughForm: REPORTS_UI,
      photoBytes: photo.length,
      saveToDurableMs: stats(saves),
      copyTransactionMs: stats(copies),
      deliverSeconds: round(seconds, 2),
      halfDeliveredSeconds: delivery.half === undefined ? null : round(delivery.half / 1000, 2),
      reportsPerSecond: round((REPORTS - after.count) / seconds, 2),
      left: after,
      server: { listed: rows.length, distinct, duplicates: rows.length - distinct, withPhoto },
    };
    printRows(`${REPORTS} declarations with a photo each (${Math.round(photo.length / 1024)} KiB JPEG), queued offline, delivered after reconnecting`, [
      [`Save → durable in IndexedDB (${REPORTS_UI} through the form)`, fmtStats(figures.saveToDurableMs), '≤ 100 ms'],
      [`copies written by the bench (${copies.length}), one transaction each`, fmtStats(figures.copyTransactionMs)],
      [
        after.count === 0 ? 'online → outbox empty' : 'online → gave up waiting',
        `${figures.deliverSeconds} s (half after ${figures.halfDeliveredSeconds ?? 'never'} s); ${after.count} left ${JSON.stringify(after.states)}`,
        '≤ 60 s',
      ],
      ['throughput', `${figures.reportsPerSecond} reports/s`],
      ['on the server', `${rows.length} listed, ${distinct} distinct, ${rows.length - distinct} duplicates, ${withPhoto} with their photo`, `${REPORTS}, ${REPORTS}, 0, ${REPORTS}`],
    ]);
    return figures;
  } finally {
    await browser.close();
  }
}

const result = { loadAverageStart: loadAverage() };
console.log(`load average at start: ${result.loadAverageStart}`);
const server = await startBenchServer({ port: PORT, base: BASE, seedArgs: ['--sites', String(SITES)], tag: 'declarations-app' });
try {
  if (chosen === 'all' || chosen === 'open') result.open = await openPart();
  if (chosen === 'all' || chosen === 'outbox') result.outbox = await outboxPart();
} finally {
  await server.stop();
}
result.loadAverageEnd = loadAverage();
console.log(`\nload average at end: ${result.loadAverageEnd}`);
console.log(JSON.stringify(result, null, 2));
if (process.env.BENCH_RESULT) writeFileSync(process.env.BENCH_RESULT, JSON.stringify(result, null, 2));
