// The map's features route with 10,000 features in view (not a test: "the features
// route for 10,000 features in view, PGlite and PostgreSQL"). For each driver (embedded PGlite,
// then PostgreSQL when VIGIE_BENCH_PG_URL is set or Debian's binaries are installed): seeds the
// demo data plus BENCH_COUNT points of interest around Lyon with `tasks.js seed-bench --points`,
// starts the built server, and asks GET /api/cartography/features for a box holding the whole
// city (every point, the sites, the incidents and the areas) ROUNDS times in a row after WARM_UP,
// then CONCURRENCY at a time for the throughput, printing requests per second, the median and
// 99th percentile of an answer over loopback, the answer's size (raw and gzip as sent) and the
// server's CPU time per request (Linux); then the same request with the answer's ETag in
// If-None-Match (a map reopened on unchanged data: 304). Figures are printed, never asserted.
// Usage: npm run bench:cartography (builds the server first). BENCH_PORT sets the first of the
// two ports used (default 8397), BENCH_COUNT the points, BENCH_ROUNDS the measured rounds.
import { get } from 'node:http';
import { apiToken, loadAverage, onBothDrivers, startSeededServer } from './bench-support.mjs';

const COUNT = Number(process.env.BENCH_COUNT ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);
const CONCURRENCY = 4;
const WARM_UP = 5;
const PORT = Number(process.env.BENCH_PORT ?? 8397);
const VIEW = '4.6,45.6,5.1,45.9';

/** The answer's bytes as they travel to a browser that accepts brotli and gzip (fetch would decompress them). */
const bytesOnTheWire = (url, token) =>
  new Promise((resolve, reject) => {
    get(url, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk) => (bytes += chunk.length));
      response.on('end', () => resolve({ bytes, encoding: response.headers['content-encoding'] ?? 'identity' }));
    }).on('error', reject);
  });

const startServer = (port, extraEnv) => startSeededServer(port, ['--points', String(COUNT)], { VIGIE_SCHEDULER: 'false', ...extraEnv });
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];

async function bench(label, port, env) {
  console.log(`\n${label}: seeding ${COUNT} points of interest…`);
  const server = await startServer(port, env);
  const base = `http://127.0.0.1:${port}`;
  try {
    const token = await apiToken(base);
    const url = `${base}/api/cartography/features?bbox=${VIEW}`;
    const ask = async (encoding) => {
      const started = performance.now();
      const response = await fetch(url, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': encoding } });
      const bytes = await response.arrayBuffer();
      return { ms: performance.now() - started, status: response.status, bytes: bytes.byteLength, sent: Number(response.headers.get('content-length') ?? 0), response };
    };
    const first = await ask('identity');
    const collection = await (await fetch(url, { headers: { authorization: `Bearer ${token}` } })).json();
    const kinds = {};
    for (const f of collection.data.features) kinds[f.properties.kind] = (kinds[f.properties.kind] ?? 0) + 1;
    const sent = await bytesOnTheWire(url, token);
    console.log(`  in view: ${collection.data.features.length} features (${Object.entries(kinds).map(([k, n]) => `${n} ${k}`).join(', ')}), truncated ${collection.data.truncated}`);
    console.log(`  answer: ${(first.bytes / 1024).toFixed(0)} KiB of JSON, ${(sent.bytes / 1024).toFixed(0)} KiB as sent to a browser (${sent.encoding})`);
    for (let i = 0; i < WARM_UP; i++) await ask('identity');
    const cpuBefore = server.cpuMs();
    const times = [];
    for (let i = 0; i < ROUNDS; i++) times.push((await ask('identity')).ms);
    const cpuAfter = server.cpuMs();
    times.sort((a, b) => a - b);
    const started = performance.now();
    let done = 0;
    await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
      while (done < ROUNDS) {
        done++;
        await ask('identity');
      }
    }));
    const perSecond = (ROUNDS / ((performance.now() - started) / 1000)).toFixed(1);
    const cpu = cpuBefore === null || cpuAfter === null ? '?' : ((cpuAfter - cpuBefore) / ROUNDS).toFixed(1);
    // The map reopened on unchanged data: the browser revalidates its copy with the ETag.
    const etag = first.response.headers.get('etag');
    const revalidate = async () => {
      const t0 = performance.now();
      const response = await fetch(url, { headers: { authorization: `Bearer ${token}`, 'if-none-match': etag ?? '' } });
      await response.arrayBuffer();
      return { ms: performance.now() - t0, status: response.status };
    };
    const cpu304Before = server.cpuMs();
    const times304 = [];
    let status304 = 0;
    for (let i = 0; i < ROUNDS; i++) {
      const answer = await revalidate();
      times304.push(answer.ms);
      status304 = answer.status;
    }
    const cpu304After = server.cpuMs();
    times304.sort((a, b) => a - b);
    const cpu304 = cpu304Before === null || cpu304After === null ? '?' : ((cpu304After - cpu304Before) / ROUNDS).toFixed(1);
    console.log(`${label}: GET /api/cartography/features?bbox=${VIEW} (load average ${loadAverage()})`);
    console.log(`  one at a time (${ROUNDS}): median ${percentile(times, 50).toFixed(1)} ms   p99 ${percentile(times, 99).toFixed(1)} ms   server CPU ${cpu} ms/request`);
    console.log(`  ${CONCURRENCY} at a time: ${perSecond} requests/s`);
    console.log(`  reopened, If-None-Match (${ROUNDS}): ${status304}, median ${percentile(times304, 50).toFixed(1)} ms   p99 ${percentile(times304, 99).toFixed(1)} ms   server CPU ${cpu304} ms/request`);
  } finally {
    await server.stop();
  }
}

await onBothDrivers('cartography_', PORT, bench);
