// `npm run bench:viewer`: the public viewer of a third-party share link (issue 32's benchmark:
// the viewer's Lighthouse mobile score, target ≥ 0.95), as its recipient opens it.
//
// The built server (server/dist, HTTPS + HTTP/2, the built app in dist/) on a fresh demo
// database; the operator shares the first demo site of Acme / Lyon (general information, 3D and
// 360 stages, contacts) through POST /api/third-party/links; then BENCH_LIGHTHOUSE_RUNS (3)
// Lighthouse 12 mobile runs (simulated 4x CPU, 150 ms RTT, 1.6 Mbps) each in a fresh Chromium
// with an empty profile (an outsider: no account, no cache, no service worker) load
// /viewerThirdParty/<token>. Prints the median performance and accessibility scores, FCP, LCP,
// TBT, CLS, the bytes the page transferred (Lighthouse's total-byte-weight: every request of
// the load) and the public pages' light entry (dist/public.html: the page, its inlined
// stylesheet, and the scripts it loads and preloads, raw and Brotli), then JSON (also written to BENCH_RESULT when set). Ports: BENCH_PORT (18131) for the
// server, BENCH_PORT + 1 for Chromium's DevTools.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiOf, fmtStats, printRows, round, startBenchServer, stats } from './bench-app-support.mjs';
import { DEMO_PASSWORD, lighthouseRun, loadAverage, medianRun, sleep, summarise } from './bench-support.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 18131);
const DEBUG_PORT = PORT + 1;
const BASE = `https://127.0.0.1:${PORT}`;
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const api = apiOf(BASE);

/** The public pages' entry as built: public.html and the scripts it names (its entry and preloads), raw and Brotli. */
function publicEntry() {
  const root = process.env.VIGIE_STATIC_DIR || 'dist';
  const size = (path) => {
    try {
      return statSync(join(root, path)).size;
    } catch {
      return null;
    }
  };
  let html;
  try {
    html = readFileSync(join(root, 'public.html'), 'utf8');
  } catch {
    return null;
  }
  const scripts = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]);
  const sum = (paths, pick) => paths.reduce((total, path) => total + (pick(path) ?? 0), 0);
  return {
    html: { bytes: size('public.html'), brotliBytes: size('public.html.br') },
    scripts: { files: scripts.length, bytes: sum(scripts, size), brotliBytes: sum(scripts, (path) => size(`${path}.br`) ?? size(path)) },
  };
}

async function shareLink() {
  const login = await api('POST', 'auth/login', { body: { email: 'operator@demo.vigie.test', password: DEMO_PASSWORD } });
  const token = login.body?.data?.token;
  if (!token) throw new Error(`login: ${JSON.stringify(login.body)}`);
  const sites = await api('GET', 'third-party/links/sites', { token });
  const site = sites.body.data[0];
  const items = ['site', 'stages', 'contacts'].map((kind) => ({ kind, id: site.id }));
  const created = await api('POST', 'third-party/links', {
    token,
    body: { id: randomUUID(), siteId: site.id, recipientName: 'Karine Lemoine', recipientEmail: 'karine@bureau-controle.example', message: 'Plans et contacts pour la visite de jeudi.', items, otp: false },
  });
  if (created.status !== 201) throw new Error(`share: ${created.status} ${JSON.stringify(created.body)}`);
  return { path: new URL(created.body.data.url).pathname, site: site.name };
}

console.log(`load average at start: ${loadAverage()}`);
const server = await startBenchServer({ port: PORT, base: BASE, seedArgs: ['--sites', '1'], tag: 'viewer' });
let result;
try {
  const link = await shareLink();
  const scratch = process.env.BENCH_REPORT_DIR ?? mkdtempSync(join(tmpdir(), 'vigie-bench-viewer-'));
  const reports = [];
  const failures = [];
  try {
    for (let run = 0; run < RUNS; run += 1) {
      const profile = mkdtempSync(join(tmpdir(), 'vigie-bench-chrome-'));
      try {
        await sleep(500);
        const lhr = await lighthouseRun(`${BASE}${link.path}`, profile, join(scratch, `viewer-${run}.json`), DEBUG_PORT);
        reports.push(lhr);
        console.error(`lighthouse run ${run + 1}/${RUNS}: performance ${lhr.categories.performance.score}`);
      } catch (error) {
        failures.push(String(error.message ?? error));
        console.error(`lighthouse run ${run + 1}/${RUNS} failed: ${error.message ?? error}`);
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
  result = {
    site: link.site,
    runs: reports.length,
    failedRuns: failures,
    performance: stats(values((lhr) => lhr.categories.performance.score)),
    accessibility: stats(values((lhr) => lhr.categories.accessibility.score)),
    fcpMs: stats(values(audit('first-contentful-paint'))),
    lcpMs: stats(values(audit('largest-contentful-paint'))),
    tbtMs: stats(values(audit('total-blocking-time'))),
    cls: stats(values(audit('cumulative-layout-shift'))),
    transferredBytes: stats(values(audit('total-byte-weight'))),
    publicEntry: publicEntry(),
    medianRun: summarise(medianRun(reports)),
  };
  printRows(`Lighthouse mobile on the share link viewer, an outsider's first visit, HTTPS + HTTP/2 (${reports.length} runs, ${failures.length} failed)`, [
    ['performance', fmtStats(result.performance, ''), '≥ 0.95'],
    ['accessibility', fmtStats(result.accessibility, ''), '1'],
    ['FCP', fmtStats(result.fcpMs)],
    ['LCP', fmtStats(result.lcpMs)],
    ['TBT', fmtStats(result.tbtMs)],
    ['CLS', fmtStats(result.cls, '')],
    ['transferred', fmtStats(result.transferredBytes, ' B')],
    [
      'public entry',
      result.publicEntry === null
        ? 'dist/public.html not found (npm run build first)'
        : `public.html ${result.publicEntry.html.bytes} B (${result.publicEntry.html.brotliBytes ?? '?'} B Brotli, stylesheet inlined); ${result.publicEntry.scripts.files} scripts ${result.publicEntry.scripts.bytes} B (${result.publicEntry.scripts.brotliBytes} B Brotli)`,
    ],
    ['failing audits (median run)', result.medianRun.failing.join(', ') || 'none'],
  ]);
  if (result.performance) console.log(`\nscore ${round(result.performance.median, 2)}`);
} finally {
  await server.stop();
}
console.log(`load average at end: ${loadAverage()}`);
console.log(JSON.stringify(result, null, 2));
if (process.env.BENCH_RESULT) writeFileSync(process.env.BENCH_RESULT, JSON.stringify(result, null, 2));
