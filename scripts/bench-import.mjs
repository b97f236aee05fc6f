// The import of 50,000 sites on the embedded PGlite (not a test: issue 33's target is under 60 s
// for the dry run and the import): seeds the demo data, starts the built server, then, as the
// operator in Acme / Lyon, sends 50,000 mapped rows to the dry run (timed: request to answer),
// then queues the import as a job and polls it until it is done (timed: request to done), then
// dry-runs the same rows again (every row found by its reference: the re-import's plan).
// Figures are printed, never asserted.
// Usage: npm run bench:import (builds the server first). BENCH_PORT (default 8398), BENCH_COUNT
// the rows (default 50,000).
import { randomUUID } from 'node:crypto';
import { apiToken, sleep, startSeededServer } from './bench-support.mjs';

const COUNT = Number(process.env.BENCH_COUNT ?? 50_000);
const PORT = Number(process.env.BENCH_PORT ?? 8398);

const rows = Array.from({ length: COUNT }, (_, i) => ({
  line: i + 2,
  cells: {
    ref: `BENCH-${i}`,
    name: `Site de test ${i}`,
    address: `${i % 300} avenue Jean Jaurès, 69007 Lyon`,
    ownerName: i % 2 ? 'Ville de Lyon' : 'Métropole de Lyon',
    lat: String(45.7 + (i % 1000) / 10_000),
    lng: String(4.8 + (i % 1000) / 10_000),
  },
}));

const server = await startSeededServer(PORT, ['--sites', '1'], { VIGIE_SCHEDULER: 'false' });
const base = `http://127.0.0.1:${PORT}`;
try {
  const headers = { authorization: `Bearer ${await apiToken(base)}`, 'content-type': 'application/json' };
  const body = JSON.stringify({ module: 'sites', rows });
  console.log(`\nembedded PGlite: ${COUNT.toLocaleString('en')} rows, ${(body.length / 1e6).toFixed(1)} MB of JSON`);

  const timed = async (label, run) => {
    const started = performance.now();
    const answer = await run();
    console.log(`  ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return answer;
  };
  const dry = await timed('dry run', async () => (await (await fetch(`${base}/api/import-export/imports/dry-run`, { method: 'POST', headers, body })).json()).data);
  console.log(`    verdicts: ${JSON.stringify(dry.counts)}`);

  const id = randomUUID();
  const job = await timed('import (request to job done)', async () => {
    const queued = await fetch(`${base}/api/import-export/imports`, {
      method: 'POST',
      headers: { ...headers, 'idempotency-key': randomUUID() },
      body: JSON.stringify({ id, module: 'sites', rows, skipErrors: false, fileName: 'bench.csv' }),
    });
    if (queued.status !== 201) throw new Error(`import: ${queued.status} ${await queued.text()}`);
    for (;;) {
      const state = (await (await fetch(`${base}/api/import-export/jobs/${id}`, { headers })).json()).data;
      if (state.state === 'done' || state.state === 'failed') return state;
      await sleep(250);
    }
  });
  console.log(`    job: ${job.state} ${JSON.stringify(job.summary?.counts ?? job.errorKey)}`);
  const again = await timed('dry run of the same rows (every reference known)', async () => (await (await fetch(`${base}/api/import-export/imports/dry-run`, { method: 'POST', headers, body })).json()).data);
  console.log(`    verdicts: ${JSON.stringify(again.counts)}`);
} finally {
  await server.stop();
}
