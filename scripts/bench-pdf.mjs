// The Files module's PDF preview (not a test; prints figures): the time from a tap on a document
// to its first page drawn by pdf.js, on a phone viewport with the CPU 4x slower (CDP
// Emulation.setCPUThrottlingRate), for a generated 50-page PDF (pdfkit: text and drawings on
// every page). The built app and server (npm run build first) on a fresh seeded PGlite folder;
// a field user opens the demo "Registre de sécurité.pdf" of a site's folder, whose bytes the
// browser is served as the 50-page PDF (context.route: the same answer the API would give,
// without storing a file for the bench). Each run reloads the page (no bytes kept in memory);
// the first run loads pdf.js and its worker from the network (cold), the next ones from the
// browser's cache. Median of 5 warm runs; target < 1 s.
// Usage: npm run build && npm run bench:pdf   (BENCH_PORT, BENCH_RUNS to change the defaults)
import { chromium } from '@playwright/test';
import PDFDocument from 'pdfkit';
import { fmtStats, printRows, round, startBenchServer, stats } from './bench-app-support.mjs';
import { CHROME, chromeArgs, loadAverage, logIn } from './bench-support.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 18171);
const BASE = `https://127.0.0.1:${PORT}`;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PAGES = 50;
const FIELD = 'field@demo.vigie.test';
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };

/** A 50-page A4 PDF: a title, paragraphs and a table's lines on each page. */
function fiftyPages() {
  return new Promise((done, fail) => {
    const doc = new PDFDocument({ size: 'A4', autoFirstPage: false });
    const chunks = [];
    doc.on('data', (chunk) => chunks.push(chunk));
    doc.on('end', () => done(Buffer.concat(chunks)));
    doc.on('error', fail);
    for (let n = 1; n <= PAGES; n++) {
      doc.addPage();
      doc.fontSize(18).text(`Registre de sécurité — page ${n}`, { underline: true });
      doc.moveDown();
      for (let p = 0; p < 6; p++) {
        doc.fontSize(10).text(`Vérification ${n}.${p + 1} : extincteurs, issues de secours, éclairage de sécurité et alarme incendie contrôlés par le technicien habilité ; observations consignées et levée des réserves programmée avant la prochaine visite périodique.`);
        doc.moveDown(0.5);
      }
      for (let row = 0; row < 12; row++) doc.rect(50, 420 + row * 28, 495, 28).stroke();
    }
    doc.end();
  });
}

const pdf = await fiftyPages();
const server = await startBenchServer({ port: PORT, base: BASE, seedArgs: ['--files', '1'], tag: 'pdf' });
const browser = await chromium.launch({ executablePath: CHROME, args: chromeArgs() });
const times = [];
let shownPages = null;
try {
  const context = await browser.newContext({ locale: 'en-US', serviceWorkers: 'block', ...PHONE });
  await context.route('**/api/attachments/*', (route) => route.fulfill({ status: 200, contentType: 'application/pdf', body: pdf }));
  const page = await context.newPage();
  await logIn(page, BASE, FIELD);
  const siteId = await page.evaluate(async () => {
    const headers = { Authorization: `Bearer ${localStorage.getItem('token') ?? ''}` };
    const choices = await (await fetch('/api/files/choices', { headers })).json();
    return choices.data.sites.find((s) => s.siteTypeId !== null).id;
  });
  const cdp = await context.newCDPSession(page);
  for (let run = 0; run <= RUNS; run++) {
    await page.goto(`${BASE}/site/${siteId}`);
    const panel = page.getByRole('region', { name: 'Site files' });
    await panel.getByText('Registre de sécurité').click();
    const item = panel.getByText('Registre de sécurité.pdf');
    await item.waitFor();
    // The tap's time and the first canvas's arrival (a page's canvas is inserted once drawn), read in the page.
    await page.evaluate(() => {
      window.__pdfBench = { tap: null, drawn: null };
      document.addEventListener('click', () => (window.__pdfBench.tap ??= performance.now()), { capture: true, once: true });
      new MutationObserver((_, observer) => {
        if (document.querySelector('canvas.files-pdf-canvas')) {
          window.__pdfBench.drawn = performance.now();
          observer.disconnect();
        }
      }).observe(document.body, { childList: true, subtree: true });
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await item.click();
    await page.waitForFunction(() => window.__pdfBench.drawn !== null, null, { timeout: 120_000 });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const { tap, drawn } = await page.evaluate(() => window.__pdfBench);
    times.push(drawn - tap);
    shownPages ??= await page.locator('.files-pdf-bar').innerText();
  }
  await context.close();
} finally {
  await browser.close();
  await server.stop();
}
printRows(`PDF preview: tap to first page drawn, ${PAGES}-page PDF (${round(pdf.length / 1024)} KiB), phone 390 px at DPR 3, CPU 4x slower (load ${loadAverage()})`, [
  ['cold (pdf.js and its worker fetched)', `${round(times[0])} ms`],
  [`warm, ${RUNS} runs`, fmtStats(stats(times.slice(1)))],
  ['target', '< 1000 ms (median, warm)'],
  ['page count shown', shownPages?.replace(/\s+/g, ' ') ?? 'not shown'],
]);
