// Server throughput benchmark (not a test): starts the built server on a fresh data folder
// (embedded PGlite, and PostgreSQL when VIGIE_BENCH_PG_URL is set or Debian's binaries are
// installed), then loads three routes over loopback with keep-alive connections for a bounded
// time each, and prints requests per second and latency percentiles:
//   - the authenticated envelope route   GET  /api/auth/district
//   - a one-query route                  GET  /api/auth/defaultPage
//   - login (argon2id)                   POST /api/auth/login
// Usage: npm run build:server && node scripts/bench-server.mjs [seconds per route, default 10]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startPostgres, stopPostgres } from './pg-test-server.mjs';

const SECONDS = Number(process.argv[2] ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const LOGIN_CONNECTIONS = 8;
const PASSWORD = 'vigie-demo-2026';

async function startServer(port, extraEnv) {
  const dataDir = mkdtempSync(join(tmpdir(), 'vigie-bench-'));
  const child = spawn(process.execPath, ['server/dist/main.js'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      VIGIE_DATA_DIR: dataDir,
      VIGIE_PGLITE_TEMPLATE_DIR: resolve('node_modules/.cache/vigie/pglite-template'),
      LOG_LEVEL: 'warn',
      VIGIE_MAIL_WORKER: 'false',
      ...extraEnv,
    },
  });
  for (let i = 0; i < 240; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/config`);
      if (res.ok) break;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return { stop: () => new Promise((r) => { child.on('exit', r); child.kill('SIGTERM'); }).then(() => rmSync(dataDir, { recursive: true, force: true })) };
}

function request(agent, port, method, path, headers, body) {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, agent, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    });
    req.on('error', reject);
    if (body) req.end(body);
    else req.end();
  });
}

async function load(port, { method, path, headers = {}, body, connections }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies = [];
  let errors = 0;
  const deadline = Date.now() + SECONDS * 1000;
  const worker = async () => {
    while (Date.now() < deadline) {
      const started = process.hrtime.bigint();
      const status = await request(agent, port, method, path, headers, body).catch(() => 0);
      latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
      if (status !== 200) errors++;
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: connections }, worker));
  const elapsed = (Date.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]?.toFixed(1);
  return { rps: Math.round(latencies.length / elapsed), p50: pct(50), p99: pct(99), requests: latencies.length, errors };
}

async function bench(label, port, env) {
  const server = await startServer(port, env);
  try {
    const loginBody = (email) => JSON.stringify({ email, password: PASSWORD });
    const res = await fetch(`http://127.0.0.1:${port}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: loginBody('operator@demo.vigie.test') });
    const token = (await res.json()).data.token;
    const auth = { authorization: `Bearer ${token}` };
    const rows = [
      ['envelope route GET /api/auth/district', await load(port, { method: 'GET', path: '/api/auth/district', headers: auth, connections: CONNECTIONS })],
      ['one-query route GET /api/auth/defaultPage', await load(port, { method: 'GET', path: '/api/auth/defaultPage', headers: auth, connections: CONNECTIONS })],
      // Login from distinct addresses is not possible on loopback: the throttle only counts
      // failures, and these succeed.
      ['login POST /api/auth/login', await load(port, { method: 'POST', path: '/api/auth/login', headers: { 'content-type': 'application/json' }, body: loginBody('field@demo.vigie.test'), connections: LOGIN_CONNECTIONS })],
    ];
    console.log(`\n${label} (${SECONDS} s per route, ${CONNECTIONS} connections; login ${LOGIN_CONNECTIONS})`);
    for (const [name, r] of rows) console.log(`  ${name.padEnd(44)} ${String(r.rps).padStart(6)} req/s   p50 ${r.p50} ms   p99 ${r.p99} ms   (${r.requests} requests, ${r.errors} non-200)`);
  } finally {
    await server.stop();
  }
}

await bench('embedded PGlite', 18081, {});
let pgUrl = process.env.VIGIE_BENCH_PG_URL ?? null;
const startedPg = !pgUrl;
if (!pgUrl) pgUrl = startPostgres();
if (pgUrl) {
  const url = new URL(pgUrl);
  url.pathname = `/vigie_bench_${Date.now()}`;
  await bench('PostgreSQL', 18082, { DATABASE_URL: url.toString(), VIGIE_SEED_DEMO: 'true' });
  if (startedPg) stopPostgres();
} else console.log('\nPostgreSQL: not measured (no VIGIE_BENCH_PG_URL and no Debian postgresql)');
