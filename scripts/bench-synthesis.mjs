// The synthesis over a large district (not a test: a grouped table must stay quick however many
// records the district holds). For each driver (embedded PGlite, then PostgreSQL when
// VIGIE_BENCH_PG_URL is set or Debian's binaries are installed): seeds the demo data plus
// BENCH_COUNT declarations and BENCH_ANSWERS answered questions (submitted inspections) in
// Acme / Lyon with `tasks.js seed-bench --declarations N --answers M`, starts the built server
// and asks POST /api/synthesisBuilder/query, one request at a time, for two tables:
//   - declarations grouped by severity and month (count and % serious);
//   - answers grouped by site and month (answers, failed items and % failed);
// each measured as:
//   - first: ROUNDS tables never computed before (each with another start day before every
//     record, so the same rows but a new cache key): the SQL every time;
//   - cached: the same table ROUNDS × 5 times (kept per district until a write).
// Figures are printed with the machine's load average (it is shared), never asserted (targets of
// issue 33: under 500 ms first on PGlite, under 20 ms cached).
// Usage: npm run bench:synthesis (builds the server first). BENCH_PORT sets the first of the two
// ports used (default 8398), BENCH_COUNT the number of declarations (200,000), BENCH_ANSWERS the
// answers (1,000,000), BENCH_ROUNDS the rounds (10).
import { apiToken, loadAverage, onBothDrivers, startSeededServer } from './bench-support.mjs';

const COUNT = Number(process.env.BENCH_COUNT ?? 200_000);
const ANSWERS = Number(process.env.BENCH_ANSWERS ?? 1_000_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 8398);

const TABLES = [
  {
    name: 'declarations by severity and month',
    what: 'declarations',
    definition: (from) => ({ source: 'declarations', groupBy: ['severity', 'month'], measures: ['count', 'seriousRate'], filters: [], from }),
  },
  {
    name: 'answers by site and month',
    what: 'answers',
    definition: (from) => ({ source: 'answers', groupBy: ['site', 'month'], measures: ['count', 'failed', 'failedRate'], filters: [], from }),
  },
];
const dayOf = (i) => new Date(Date.UTC(2000, 0, 1 + i)).toISOString().slice(0, 10);

async function ask(base, headers, body) {
  const started = performance.now();
  const response = await fetch(`${base}/api/synthesisBuilder/query`, { method: 'POST', headers, body: JSON.stringify(body) });
  const answer = await response.json();
  if (response.status !== 200) throw new Error(`answered ${response.status}: ${JSON.stringify(answer)}`);
  return { ms: performance.now() - started, data: answer.data };
}

const stats = (times) => {
  const sorted = [...times].sort((a, b) => a - b);
  return `median ${sorted[Math.floor(sorted.length / 2)].toFixed(1)} ms   slowest ${sorted.at(-1).toFixed(1)} ms`;
};

async function bench(label, port, env) {
  console.log(`\n${label}: seeding ${COUNT} declarations and ${ANSWERS} answers…`);
  const server = await startSeededServer(port, ['--declarations', String(COUNT), '--answers', String(ANSWERS)], { VIGIE_SCHEDULER: 'false', ...env });
  const base = `http://127.0.0.1:${port}`;
  try {
    const headers = { authorization: `Bearer ${await apiToken(base)}`, 'content-type': 'application/json' };
    for (const table of TABLES) {
      const first = [];
      let result;
      for (let i = 0; i < ROUNDS; i++) {
        const r = await ask(base, headers, table.definition(dayOf(i)));
        first.push(r.ms);
        result = r.data;
      }
      const cached = [];
      for (let i = 0; i < ROUNDS * 5; i++) cached.push((await ask(base, headers, table.definition(dayOf(0)))).ms);
      console.log(`  ${table.name}: ${result.rows.length} rows, ${result.totals[0]} ${table.what} in the district   (load average ${loadAverage()})`);
      console.log(`    first (computed)   ${stats(first)}   (${ROUNDS} tables)`);
      console.log(`    cached             ${stats(cached)}   (${ROUNDS * 5} requests)`);
    }
  } finally {
    await server.stop();
  }
}

console.log(`load average at the start: ${loadAverage()}`);
await onBothDrivers('synthesis_', PORT, bench);
