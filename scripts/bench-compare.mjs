// Which of two builds of the app loads faster, on a machine whose speed drifts: runs
// scripts/bench.mjs's Lighthouse measure (a user's first visit to the login page and to the
// dashboard, each run in a fresh Chromium and a fresh Lighthouse process) on build A, then B,
// then A... ROUNDS times (3), BENCH_LIGHTHOUSE_RUNS (2) runs each time, so both see the same
// drift, and prints each build's medians and spreads per protocol and page. Measured, never
// asserted.
//
//   npx vite build --outDir .build/compare/A     (with the change stashed)
//   npx vite build --outDir .build/compare/B     (with it)
//   node scripts/bench-compare.mjs .build/compare/A .build/compare/B [rounds]
//
// BENCH_PROTOCOLS ('h2,http1') chooses the protocols (h2 alone halves the time); BENCH_PORT
// moves every port, as in bench.mjs. The server is .build/bench/server (built here when
// missing). One bench of one build moves by several hundredths in score between invocations
// on this shared machine (docs/performance.md, "How to measure on a shared machine"); alternating is what makes a
// change readable. The load average at each round is printed too.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const [dirA, dirB, roundsArg] = process.argv.slice(2);
if (!dirA || !dirB || !existsSync(join(dirA, 'index.html')) || !existsSync(join(dirB, 'index.html'))) {
  console.error('usage: node scripts/bench-compare.mjs <built app A> <built app B> [rounds]  (each a vite outDir)');
  process.exit(2);
}
const ROUNDS = Number(roundsArg ?? 3);
const SERVER_DIR = '.build/bench/server';
const PAGES = ['login', 'dashboard'];
const FIGURES = { performance: 'score', fcpMs: 'FCP', lcpMs: 'LCP', tbtMs: 'TBT', cls: 'CLS' };

if (!existsSync(join(SERVER_DIR, 'main.js'))) {
  const built = spawnSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit', env: { ...process.env, VIGIE_SERVER_OUT_DIR: SERVER_DIR } });
  if (built.status !== 0) process.exit(1);
}

const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const scratch = mkdtempSync(join(tmpdir(), 'vigie-compare-'));
// builds[name][protocol][page][figure] = every run's value
const builds = { A: { dir: dirA, runs: {} }, B: { dir: dirB, runs: {} } };
try {
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const [name, build] of Object.entries(builds)) {
      const resultFile = join(scratch, `${name}-${round}.json`);
      const load = loadAverage();
      const bench = spawnSync(process.execPath, ['scripts/bench.mjs'], {
        stdio: ['ignore', 'ignore', 'inherit'],
        env: {
          ...process.env,
          BENCH_STATIC_DIR: build.dir,
          BENCH_SKIP_OFFLINE: '1',
          BENCH_LIGHTHOUSE_RUNS: process.env.BENCH_LIGHTHOUSE_RUNS ?? '2',
          BENCH_RESULT: resultFile,
        },
      });
      if (bench.status !== 0) throw new Error(`the bench of ${name} (${build.dir}) failed`);
      const { lighthouse } = JSON.parse(readFileSync(resultFile, 'utf8'));
      const line = [];
      for (const [protocol, pages] of Object.entries(lighthouse)) {
        for (const page of PAGES) {
          for (const figure of Object.keys(FIGURES)) {
            build.runs[protocol] ??= {};
            build.runs[protocol][page] ??= {};
            (build.runs[protocol][page][figure] ??= []).push(...pages[page][figure].runs);
          }
          line.push(`${protocol} ${page} ${pages[page].performance.runs.map((score) => score.toFixed(2)).join(', ')}`);
        }
      }
      console.log(`round ${round} ${name} (load ${load}): ${line.join('; ')}`);
    }
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const format = (figure, value) => (figure === 'performance' ? value.toFixed(3) : figure === 'cls' ? value.toFixed(3) : `${Math.round(value)} ms`);

console.log('');
for (const protocol of Object.keys(builds.A.runs)) {
  for (const page of PAGES) {
    for (const [name, build] of Object.entries(builds)) {
      const runs = build.runs[protocol][page];
      const parts = Object.entries(FIGURES).map(([figure, label]) => {
        const values = runs[figure];
        const short = (value) => format(figure, value).replace(' ms', '');
        return `${label} ${format(figure, median(values))} (${short(Math.min(...values))}–${short(Math.max(...values))})`;
      });
      console.log(`${protocol.padEnd(5)} ${page.padEnd(9)} ${name} (${build.dir}, ${runs.performance.length} runs): ${parts.join(', ')}`);
    }
  }
}
