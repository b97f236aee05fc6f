// Server throughput benchmark (not a test): starts the built server on a fresh data folder
// (embedded PGlite, and PostgreSQL when VIGIE_BENCH_PG_URL is set or Debian's binaries are
// installed), then loads three routes with autocannon over loopback (keep-alive connections,
// bounded time each) and prints requests per second, latency percentiles and the server's CPU
// time per request (Linux):
//   - the authenticated envelope route   GET  /api/auth/district
//   - a one-query route                  GET  /api/auth/defaultPage
//   - login (argon2id)                   POST /api/auth/login
// Usage: npm run build:server && node scripts/bench-server.mjs [seconds per route, default 10]
// VIGIE_SERVER_OUT_DIR benches a server built elsewhere; BENCH_CONNECTIONS sets the load,
// BENCH_PORT the first of the two ports used.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { benchEnvironment, onBothDrivers, serverHandle, waitForServer } from './bench-support.mjs';

const SECONDS = Number(process.argv[2] ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const LOGIN_CONNECTIONS = 8;
const PASSWORD = 'vigie-demo-2026';
const SERVER = join(process.env.VIGIE_SERVER_OUT_DIR || 'server/dist', 'main.js');
const WARM_UP_SECONDS = 2;
/** Two ports from this one (embedded, PostgreSQL): several benches can run side by side. */
const PORT = Number(process.env.BENCH_PORT ?? 18081);

async function startServer(port, extraEnv) {
  const dataDir = mkdtempSync(join(tmpdir(), 'vigie-bench-'));
  const child = spawn(process.execPath, [SERVER], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: benchEnvironment(port, dataDir, extraEnv),
  });
  await waitForServer(port);
  return serverHandle(child, dataDir);
}

async function load(port, { method, path, headers = {}, body, connections }, seconds = SECONDS, cpuMs = () => null) {
  const cpuBefore = cpuMs();
  const result = await autocannon({
    url: `http://127.0.0.1:${port}${path}`,
    method,
    headers,
    body,
    connections,
    duration: seconds,
  });
  const cpuAfter = cpuMs();
  return {
    cpuUs: cpuBefore === null || cpuAfter === null || result.requests.total === 0 ? null : Math.round(((cpuAfter - cpuBefore) * 1000) / result.requests.total),
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: result.non2xx + result.errors + result.timeouts,
  };
}

async function bench(label, port, env) {
  const server = await startServer(port, env);
  try {
    const loginBody = (email) => JSON.stringify({ email, password: PASSWORD });
    const res = await fetch(`http://127.0.0.1:${port}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: loginBody('operator@demo.vigie.test') });
    const token = (await res.json()).data.token;
    const auth = { authorization: `Bearer ${token}` };
    const routes = [
      ['envelope route GET /api/auth/district', { method: 'GET', path: '/api/auth/district', headers: auth, connections: CONNECTIONS }],
      ['one-query route GET /api/auth/defaultPage', { method: 'GET', path: '/api/auth/defaultPage', headers: auth, connections: CONNECTIONS }],
      // Login from distinct addresses is not possible on loopback: the throttle only counts
      // failures, and these succeed.
      ['login POST /api/auth/login', { method: 'POST', path: '/api/auth/login', headers: { 'content-type': 'application/json' }, body: loginBody('field@demo.vigie.test'), connections: LOGIN_CONNECTIONS }],
    ];
    const rows = [];
    for (const [name, options] of routes) {
      // JIT, caches and the database's plans warm up first; that run is not reported.
      await load(port, options, WARM_UP_SECONDS);
      rows.push([name, await load(port, options, SECONDS, server.cpuMs)]);
    }
    console.log(`\n${label} (${SECONDS} s per route, ${CONNECTIONS} connections; login ${LOGIN_CONNECTIONS})`);
    for (const [name, r] of rows) console.log(`  ${name.padEnd(44)} ${String(r.rps).padStart(6)} req/s   p50 ${r.p50} ms   p99 ${r.p99} ms   server CPU ${r.cpuUs ?? '?'} µs/request   (${r.requests} requests, ${r.errors} non-2xx or errors)`);
  } finally {
    await server.stop();
  }
}

await onBothDrivers('', PORT, bench);
