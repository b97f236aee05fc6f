// Which of two builds of the app loads faster, on a machine whose speed drifts: runs
// scripts/bench.mjs's Lighthouse measure (login, then the dashboard after a login) on build A,
// then B, then A... ROUNDS times (3), BENCH_LIGHTHOUSE_RUNS (2) runs each time, so both see
// the same drift, and prints each build's runs and medians. Measured, never asserted.
//
//   npx vite build --outDir .build/compare/A     (with the change stashed)
//   npx vite build --outDir .build/compare/B     (with it)
//   node scripts/bench-compare.mjs .build/compare/A .build/compare/B [rounds]
//
// The server is .build/bench/server (built here when missing). One bench of one build moves by
// ±0.04 in score between invocations (docs/decisions.md, "First load"); alternating is what
// made the session-6 decisions readable.
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

if (!existsSync(join(SERVER_DIR, 'main.js'))) {
  const built = spawnSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit', env: { ...process.env, VIGIE_SERVER_OUT_DIR: SERVER_DIR } });
  if (built.status !== 0) process.exit(1);
}

const scratch = mkdtempSync(join(tmpdir(), 'vigie-compare-'));
const builds = { A: { dir: dirA, login: [], dashboard: [] }, B: { dir: dirB, login: [], dashboard: [] } };
try {
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const [name, build] of Object.entries(builds)) {
      const resultFile = join(scratch, `${name}-${round}.json`);
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
      for (const page of ['login', 'dashboard']) {
        const figures = lighthouse[page];
        figures.runs.forEach((score, i) => build[page].push({ score, tbtMs: figures.runsTbtMs[i], lcpMs: figures.runsLcpMs[i] }));
      }
      const last = build.dashboard.slice(-lighthouse.dashboard.runs.length);
      console.log(`round ${round} ${name}: dashboard ${last.map((run) => `${run.score.toFixed(2)} (TBT ${Math.round(run.tbtMs)} ms)`).join(', ')}`);
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

console.log('');
for (const page of ['login', 'dashboard']) {
  for (const [name, build] of Object.entries(builds)) {
    const runs = build[page];
    const scores = runs.map((run) => run.score);
    console.log(
      `${page.padEnd(9)} ${name} (${build.dir}): performance median ${median(scores).toFixed(3)} ` +
        `(${Math.min(...scores).toFixed(2)}–${Math.max(...scores).toFixed(2)}, ${runs.length} runs), ` +
        `TBT median ${Math.round(median(runs.map((run) => run.tbtMs)))} ms, LCP median ${Math.round(median(runs.map((run) => run.lcpMs)))} ms`,
    );
  }
}
