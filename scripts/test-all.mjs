// `npm test`: every test of the project, in order, with one closing line `N passed, N failed`.
//   1. type checks (app, service worker, server), then lint (ESLint, no warning allowed)
//   2. unit and component tests of the app, and the server tests on the embedded database (vitest)
//   3. the server tests whose outcome can depend on the database, on a real PostgreSQL: VIGIE_TEST_PG_URL, else a throwaway server
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
// Names (and the first lines of the message) of every failing test, repeated after the summary
// so a CI log cut to its tail still says what failed.
const failures = [];
const firstLines = (text, n = 6) => String(text ?? '').split('\n').slice(0, n).join('\n    ');
let broken = false;

const run = (label, command, args, env = {}) => {
  console.log(`\n=== ${label}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
};

const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null);

/**
 * Vitest fails a run whose tests all passed when an error escaped them (an unhandled rejection,
 * an 'error' event nobody listened to): the JSON report names no test then, so the log is
 * kept (through tee) and its "Unhandled Error" section is repeated in the failures.
 */
function unhandledSection(log) {
  // The terminal's colour codes (ESC [ … m) taken out.
  const text = existsSync(log) ? readFileSync(log, 'utf8').replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '') : '';
  const start = text.search(/Unhandled (Errors?|Rejection)/);
  return start < 0 ? 'no "Unhandled Error" section in the log: see the output above' : text.slice(start, start + 3000).split('\n').slice(0, 40).join('\n    ');
}

function vitest(label, args, env = {}) {
  const slug = label.replace(/\W+/g, '-');
  const file = `${OUT}/${slug}.json`;
  const log = `${OUT}/${slug}.log`;
  const quoted = ['npx', 'vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`].map((a) => `'${a}'`).join(' ');
  const ok = run(label, 'bash', ['-o', 'pipefail', '-c', `${quoted} 2>&1 | tee '${log}'`], env);
  const report = readJson(file);
  const passed = report?.numPassedTests ?? 0;
  for (const suite of report?.testResults ?? []) {
    const failedTests = suite.assertionResults.filter((test) => test.status === 'failed');
    for (const test of failedTests) failures.push(`${label} · ${suite.name} › ${test.fullName}\n    ${firstLines(test.failureMessages.join('\n'))}`);
    if (suite.status === 'failed' && failedTests.length === 0) failures.push(`${label} · ${suite.name}\n    ${firstLines(suite.message)}`);
  }
  const failed = (report?.numFailedTests ?? 0) + (ok || report?.numFailedTests ? 0 : 1);
  if (!ok && !report?.numFailedTests && !report?.testResults?.some((suite) => suite.status === 'failed')) {
    failures.push(`${label} · every test passed but vitest failed the run:\n    ${unhandledSection(log)}`);
  }
  if (!ok && failed === 0) broken = true;
  record(label, passed, failed);
}

function record(label, passed, failed) {
  totals.passed += passed;
  totals.failed += failed;
  lines.push(`${label}: ${passed} passed, ${failed} failed`);
}

// 1. Types, then lint: each counts as one test, failed when it reports anything.
if (!run('type check', 'npm', ['run', '--silent', 'typecheck'])) {
  record('type check', 0, 1);
}
const lintStart = Date.now();
if (run('lint', 'npm', ['run', '--silent', 'lint'])) {
  lines.push(`lint: no problem (${Math.round((Date.now() - lintStart) / 1000)} s)`);
} else {
  record('lint', 0, 1);
  failures.push('lint · ESLint reported problems (above, after "=== lint"; `npm run lint` to see them again)');
}

// 2. App and embedded-database server tests. Two server processes sharing one database need a
// real PostgreSQL: that file runs in the PostgreSQL pass only (the embedded database is one
// process), so it is left out here rather than reported as skipped.
vitest('app and server (embedded PGlite)', ['--exclude', 'server/test/scale-out.test.ts']);

// 3. Server tests on PostgreSQL: every file whose outcome can depend on the database server
// (Debian's PostgreSQL 15 against PGlite's 17, real concurrent transactions, several processes,
// per-client databases, locale). These files test the HTTP layer and the app's rules before any
// query (validation, rights refusals, headers, TLS, the OIDC flow, PDF drawing): the embedded
// pass covers them, and on PostgreSQL they took about 4 min of the pass for nothing new.
const DRIVER_INDEPENDENT = [
  'fuzz', // every route with broken input: refused by validation before a query
  'write-rights', // every write without its right: 403 before a query
  'attachment-rules', // the attachment rules of every module (data, not SQL)
  'error-cases', // the error catalogue's server cases
  'security-headers',
  'http',
  'tls',
  'config',
  'sso',
  'hostile-input', // NUL characters and deep bodies refused before a query
  'signature-thumbnail',
  // The real server's processes, spawned with an environment of their own: the embedded
  // database, and the faults' own throwaway PostgreSQL (about a minute each, the same in both passes).
  'start',
  'faults',
].map((name) => `server/test/${name}.test.ts`);

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
  vitest('server (PostgreSQL)', ['--project', 'server', ...DRIVER_INDEPENDENT.flatMap((file) => ['--exclude', file])], { VIGIE_TEST_DRIVER: 'postgres', VIGIE_TEST_PG_URL: pgUrl });
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
  const report = readJson(file);
  const stats = report?.stats;
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const error = test.results?.at(-1)?.error?.message;
        failures.push(`browser · ${[...path, spec.title].join(' › ')} (${spec.file}:${spec.line})\n    ${firstLines(error)}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...path, child.title]);
  };
  for (const suite of report?.suites ?? []) walk(suite, []);
  const passed = (stats?.expected ?? 0) + (stats?.flaky ?? 0);
  const failed = (stats?.unexpected ?? 0) + (ok || stats?.unexpected ? 0 : 1);
  record('browser (Playwright, Chromium)', passed, failed);
} else {
  record('build', 0, 1);
}

if (failures.length) {
  console.log('\n=== failures');
  for (const failure of failures) console.log(`- ${failure}`);
}
console.log('\n=== summary');
for (const line of lines) console.log(line);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed > 0 || broken ? 1 : 0);
