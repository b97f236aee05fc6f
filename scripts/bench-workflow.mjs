// The workflow inbox under load with 10,000 instances in one district (not a test; MODULES.md
// "Budgets": a list route at least 1,000 req/s with p99 under 50 ms on PGlite, 32 connections).
// For each driver (embedded PGlite, then PostgreSQL when VIGIE_BENCH_PG_URL is set or Debian's
// binaries are installed): seeds the demo data plus BENCH_COUNT hot-work permits in Acme / Lyon
// with `tasks.js seed-bench --workflow`, starts the built server, and loads with autocannon:
//   - the inbox of a district administrator   GET /api/workflow/inbox
//   - its badge count                         GET /api/workflow/inbox/count
//   - the open instances, first page          GET /api/workflow/instances?status=open
// printing requests per second, p50, p99 and the server's CPU time per request (Linux).
// Figures are printed, never asserted.
// Each route is first asked for BENCH_WARMUP seconds (1; not counted), so the first route's
// figures are not those of the server's code being compiled. The load average is printed before
// and after: on a shared machine the req/s are those of the load, the CPU per request is the
// figure to compare.
// Usage: npm run bench:workflow (builds the server first). BENCH_COUNT, BENCH_SECONDS,
// BENCH_WARMUP, BENCH_CONNECTIONS and BENCH_PORT change the defaults.
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { apiToken, onBothDrivers, startSeededServer } from './bench-support.mjs';

const COUNT = Number(process.env.BENCH_COUNT ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 1);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const PORT = Number(process.env.BENCH_PORT ?? 8496);

async function load(base, path, headers, cpuMs) {
  if (WARMUP > 0) await autocannon({ url: `${base}${path}`, headers, connections: CONNECTIONS, duration: WARMUP });
  const cpuBefore = cpuMs();
  const result = await autocannon({ url: `${base}${path}`, headers, connections: CONNECTIONS, duration: SECONDS });
  const cpuAfter = cpuMs();
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
    cpuUs: cpuBefore === null || cpuAfter === null || result.requests.total === 0 ? null : Math.round(((cpuAfter - cpuBefore) * 1000) / result.requests.total),
  };
}

async function bench(label, port, env) {
  console.log(`\n${label}: seeding ${COUNT} workflow instances…`);
  const server = await startSeededServer(port, ['--workflow', String(COUNT)], { VIGIE_SCHEDULER: 'false', ...env });
  const base = `http://127.0.0.1:${port}`;
  try {
    const headers = { authorization: `Bearer ${await apiToken(base, 'district-admin@demo.vigie.test')}` };
    const inbox = (await (await fetch(`${base}/api/workflow/inbox`, { headers })).json());
    const open = (await (await fetch(`${base}/api/workflow/instances?status=open`, { headers })).json()).data;
    console.log(`  the district: ${open.total} open instances; the administrator's inbox: ${inbox.data.total} (badge ${inbox.workflowNotificationsNumber})`);
    const requests = [
      ['inbox GET /api/workflow/inbox', '/api/workflow/inbox'],
      ['badge GET /api/workflow/inbox/count', '/api/workflow/inbox/count'],
      ['open instances GET /api/workflow/instances?status=open', '/api/workflow/instances?status=open'],
    ];
    console.log(`${label} (${CONNECTIONS} connections, ${SECONDS} s each after ${WARMUP} s of warm-up; load average ${loadavg().map((l) => l.toFixed(1)).join(' ')})`);
    const width = Math.max(...requests.map(([name]) => name.length));
    for (const [name, path] of requests) {
      const r = await load(base, path, headers, server.cpuMs);
      console.log(`  ${name.padEnd(width)}   ${String(r.rps).padStart(5)} req/s   p50 ${r.p50} ms   p99 ${r.p99} ms   server CPU ${r.cpuUs ?? '?'} µs/request${r.errors ? `   (${r.errors} errors)` : ''}`);
    }
  } finally {
    await server.stop();
  }
}

await onBothDrivers('workflow_', PORT, bench);
