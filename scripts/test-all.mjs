// `npm test`: every test of the project, in order, with one closing line `N passed, N failed`.
//   1. type checks (app, service worker, server)
//   2. unit and component tests of the app, and the server tests on the embedded database (vitest)
//   3. the same server tests on a real PostgreSQL: VIGIE_TEST_PG_URL, else a throwaway server
//      started from Debian's binaries when they are installed (scripts/pg-test-server.mjs)
//   4. browser tests (Playwright driving Debian's Chromium) against the built app and real server
// Set VIGIE_REQUIRE_PG=1 (CI does) to fail when no PostgreSQL can be had instead of saying so.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { startPostgres, stopPostgres } from './pg-test-server.mjs';

const OUT = '.test-results';
rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });

const totals = { passed: 0, failed: 0 };
const lines = [];
let broken = false;

const run = (label, command, args, env = {}) => {
  console.log(`\n=== ${label}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
};

const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null);

function vitest(label, args, env = {}) {
  const file = `${OUT}/${label.replace(/\W+/g, '-')}.json`;
  const ok = run(label, 'npx', ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`], env);
  const report = readJson(file);
  const passed = report?.numPassedTests ?? 0;
  const failed = (report?.numFailedTests ?? 0) + (ok || report?.numFailedTests ? 0 : 1);
  if (!ok && failed === 0) broken = true;
  record(label, passed, failed);
}

function record(label, passed, failed) {
  totals.passed += passed;
  totals.failed += failed;
  lines.push(`${label}: ${passed} passed, ${failed} failed`);
}

// 1. Types.
if (!run('type check', 'npm', ['run', '--silent', 'typecheck'])) {
  record('type check', 0, 1);
}

// 2. App and embedded-database server tests. Two server processes sharing one database need a
// real PostgreSQL: that file runs in the PostgreSQL pass only (the embedded database is one
// process), so it is left out here rather than reported as skipped.
vitest('app and server (embedded PGlite)', ['--exclude', 'server/test/scale-out.test.ts']);

// 3. Server tests on PostgreSQL.
let pgUrl = process.env.VIGIE_TEST_PG_URL;
let startedPg = false;
if (!pgUrl) {
  try {
    pgUrl = startPostgres();
    startedPg = Boolean(pgUrl);
  } catch (error) {
    console.error(String(error));
  }
}
if (pgUrl) {
  vitest('server (PostgreSQL)', ['--project', 'server'], { VIGIE_TEST_DRIVER: 'postgres', VIGIE_TEST_PG_URL: pgUrl });
  if (startedPg) stopPostgres();
} else if (process.env.VIGIE_REQUIRE_PG === '1') {
  lines.push('server (PostgreSQL): no PostgreSQL server could be started');
  record('server (PostgreSQL)', 0, 1);
} else {
  lines.push('server (PostgreSQL): not run (no VIGIE_TEST_PG_URL and no Debian postgresql installed)');
}

// 4. Browser tests on the built app.
if (run('build', 'npm', ['run', '--silent', 'build'])) {
  const file = `${OUT}/e2e.json`;
  const ok = run('browser (Playwright, Chromium)', 'npx', ['playwright', 'test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: file });
  const stats = readJson(file)?.stats;
  const passed = (stats?.expected ?? 0) + (stats?.flaky ?? 0);
  const failed = (stats?.unexpected ?? 0) + (ok || stats?.unexpected ? 0 : 1);
  record('browser (Playwright, Chromium)', passed, failed);
} else {
  record('build', 0, 1);
}

console.log('\n=== summary');
for (const line of lines) console.log(line);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed > 0 || broken ? 1 : 0);
