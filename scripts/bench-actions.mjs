// The actions' reads with 100,000 actions in one district (not a test: the dashboard,
// the calendar and "my actions" must stay fast however many actions the district holds). For
// each driver (embedded PGlite, then PostgreSQL when VIGIE_BENCH_PG_URL is set or Debian's
// binaries are installed): seeds the demo data plus BENCH_COUNT actions in Acme / Lyon with
// `tasks.js seed-bench --actions`, starts the built server, and asks each request one at a time
// (WARM_UP first, then ROUNDS measured), printing the median and the slowest time of an answer
// over loopback and the server's CPU time per request (Linux):
//   - my actions, first page     GET /api/actions?mine=true
//   - the dashboard              GET /api/dashboard (as the operator: every part, the managers' counts too)
//   - the calendar for a month   GET /api/calendar?from=<1st>&to=<last day>
// Figures are printed, never asserted.
// Usage: npm run bench:actions (builds the server first). BENCH_PORT sets the first of the two
// ports used (default 8396), BENCH_COUNT the number of actions, BENCH_ROUNDS the measured rounds.
import { apiToken, onBothDrivers, startSeededServer } from './bench-support.mjs';

const COUNT = Number(process.env.BENCH_COUNT ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 50);
const WARM_UP = 5;
const PORT = Number(process.env.BENCH_PORT ?? 8396);

// The reminder job stays off: the reads are measured alone.
const startServer = (port, extraEnv) => startSeededServer(port, ['--actions', String(COUNT)], { VIGIE_SCHEDULER: 'false', ...extraEnv });

/** One request ROUNDS times in a row: median and slowest answer (ms), server CPU per request (µs), the status. */
async function measure(base, path, headers, cpuMs) {
  let status = 0;
  const ask = async () => {
    const started = performance.now();
    const response = await fetch(`${base}${path}`, { headers });
    await response.arrayBuffer();
    status = response.status;
    return performance.now() - started;
  };
  for (let i = 0; i < WARM_UP; i++) await ask();
  const cpuBefore = cpuMs();
  const times = [];
  for (let i = 0; i < ROUNDS; i++) times.push(await ask());
  const cpuAfter = cpuMs();
  times.sort((a, b) => a - b);
  return {
    status,
    median: times[Math.floor(times.length / 2)],
    max: times.at(-1),
    cpuUs: cpuBefore === null || cpuAfter === null ? null : Math.round(((cpuAfter - cpuBefore) * 1000) / ROUNDS),
  };
}

async function bench(label, port, env) {
  console.log(`\n${label}: seeding ${COUNT} actions…`);
  const server = await startServer(port, env);
  const base = `http://127.0.0.1:${port}`;
  try {
    const headers = { authorization: `Bearer ${await apiToken(base)}` };
    const dashboard = (await (await fetch(`${base}/api/dashboard`, { headers })).json()).data;
    console.log(`  the district: ${dashboard.districtActions.open} open actions, ${dashboard.districtActions.overdue} overdue; the operator's own: ${dashboard.myActions.open} open`);
    const now = new Date();
    const month = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
    const last = new Date(Date.UTC(now.getFullYear(), now.getMonth() + 1, 0)).getUTCDate();
    const requests = [
      ['my actions GET /api/actions?mine=true', '/api/actions?mine=true'],
      ['dashboard GET /api/dashboard', '/api/dashboard'],
      [`calendar GET /api/calendar?from=${month}-01&to=${month}-${last}`, `/api/calendar?from=${month}-01&to=${month}-${last}`],
    ];
    console.log(`${label} (${ROUNDS} requests in a row each, after ${WARM_UP})`);
    const width = Math.max(...requests.map(([name]) => name.length));
    for (const [name, path] of requests) {
      const r = await measure(base, path, headers, server.cpuMs);
      const note = r.status === 404 ? '   (404: the route is not on this branch)' : r.status === 200 ? '' : `   (answered ${r.status})`;
      console.log(`  ${name.padEnd(width)}   median ${r.median.toFixed(1)} ms   slowest ${r.max.toFixed(1)} ms   server CPU ${r.cpuUs ?? '?'} µs/request${note}`);
    }
  } finally {
    await server.stop();
  }
}

await onBothDrivers('actions_', PORT, bench);
