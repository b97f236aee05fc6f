/**
 * One-off tasks on the configured databases: `seed` creates the demo data (README) where
 * there are no accounts yet (for PostgreSQL, where start-up does not seed by default);
 * `migrate` applies pending migrations of the control and every client database;
 * `seed-bench [--<data set> N]… [--district <name>] [--client <database>]` adds N benchmark
 * records of each data set the modules declare (their descriptors' `benchSeeds`: sites,
 * declarations, actions, points…) to one district (the demo home, Acme / Lyon, by default; the
 * demo data is seeded first when there is none; in the modules' order, sites first, so the
 * others are spread over them).
 */
import { parseArgs } from 'node:util';
import { openStorage } from './attachments/storage.js';
import { loadConfigOrExit } from './config.js';
import { Databases } from './db/databases.js';
import { BENCH_SEEDS } from './modules/index.js';
import { DEMO_ACCOUNTS, DEMO_HOME } from './seed/demo-data.js';
import { seedDemo } from './seed/demo.js';

const task = process.argv[2];
const BENCH_OPTIONS = BENCH_SEEDS.map((seed) => `[--${seed.option} N]`).join(' ');
const USAGE = `usage: node server/dist/tasks.js seed | migrate | seed-bench ${BENCH_OPTIONS} [--district <name>] [--client <database>]`;

/** A count option of seed-bench: absent is 0; otherwise a whole number from 1 to 1,000,000. */
function benchCount(name: string, value: string | undefined): number {
  if (value === undefined) return 0;
  const count = Number(value);
  if (!Number.isInteger(count) || count < 1 || count > 1_000_000) throw new Error(`--${name} takes a count from 1 to 1000000\n${USAGE}`);
  return count;
}

async function seedBench(databases: Databases, args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { ...Object.fromEntries(BENCH_SEEDS.map((seed) => [seed.option, { type: 'string' as const }])), district: { type: 'string' }, client: { type: 'string' } },
  });
  const counts = BENCH_SEEDS.map((seed) => benchCount(seed.option, (values as Record<string, string | undefined>)[seed.option]));
  if (counts.every((count) => count === 0)) throw new Error(`seed-bench needs ${BENCH_SEEDS.map((seed) => `--${seed.option}`).join(', ')}\n${USAGE}`);
  await seedDemo(databases, openStorage(config));
  const clientDb = values.client ?? DEMO_HOME.database;
  const districtName = values.district ?? DEMO_HOME.district;
  const db = await databases.client(clientDb);
  const { rows } = await db.query<{ id: string }>('select id from districts where lower(name) = lower($1)', [districtName]);
  if (!rows[0]) throw new Error(`no district named ${districtName} in client database ${clientDb}`);
  const { rows: admin } = await databases.control.query<{ id: string }>('select id from accounts where lower(email) = lower($1)', [DEMO_ACCOUNTS[0]!.email]);
  const { rows: anyone } = await databases.control.query<{ id: string }>('select id from accounts order by created_at limit 1');
  const actorId = admin[0]?.id ?? anyone[0]?.id;
  if (!actorId) throw new Error('no account to write the records as');
  for (const [i, seed] of BENCH_SEEDS.entries()) {
    const count = counts[i]!;
    if (count === 0) continue;
    const started = Date.now();
    const written = await seed.run(db, rows[0].id, actorId, count);
    console.log(`${written} ${seed.what} added to ${clientDb} / ${districtName} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}

const config = loadConfigOrExit();
const databases = await Databases.open(config);
try {
  if (task === 'seed') {
    console.log((await seedDemo(databases, openStorage(config))) ? 'demo data seeded' : 'accounts exist already: nothing seeded');
  } else if (task === 'migrate') {
    const { rows } = await databases.control.query<{ database: string }>('select database from clients order by database');
    for (const { database } of rows) await databases.client(database);
    console.log(`control database and ${rows.length} client databases migrated`);
  } else if (task === 'seed-bench') {
    await seedBench(databases, process.argv.slice(3));
  } else {
    console.error(USAGE);
    process.exitCode = 2;
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await databases.close();
}
