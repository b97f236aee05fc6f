/**
 * One-off tasks on the configured databases: `seed` creates the demo data (README) where
 * there are no accounts yet (for PostgreSQL, where start-up does not seed by default);
 * `migrate` applies pending migrations of the control and every client database;
 * `seed-bench [--sites N] [--declarations N] [--actions N] [--points N] [--district <name>] [--client <database>]`
 * adds N benchmark sites, declarations, actions and/or points of interest to one district (the demo home, Acme / Lyon, by default;
 * the demo data is seeded first when there is none; sites first, so the declarations are spread
 * over them).
 */
import { parseArgs } from 'node:util';
import { openStorage } from './attachments/storage.js';
import { loadConfigOrExit } from './config.js';
import { Databases } from './db/databases.js';
import { seedBenchActions } from './modules/actions/bench-seed.js';
import { seedBenchPoints } from './modules/cartography/bench-seed.js';
import { seedBenchDeclarations } from './modules/declarations/bench-seed.js';
import { seedBenchSites } from './modules/sites/bench-seed.js';
import { DEMO_ACCOUNTS, DEMO_HOME } from './seed/demo-data.js';
import { seedDemo } from './seed/demo.js';

const task = process.argv[2];
const USAGE = 'usage: node server/dist/tasks.js seed | migrate | seed-bench [--sites N] [--declarations N] [--actions N] [--points N] [--district <name>] [--client <database>]';

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
    options: { sites: { type: 'string' }, declarations: { type: 'string' }, actions: { type: 'string' }, points: { type: 'string' }, district: { type: 'string' }, client: { type: 'string' } },
  });
  const sites = benchCount('sites', values.sites);
  const declarations = benchCount('declarations', values.declarations);
  const actions = benchCount('actions', values.actions);
  const points = benchCount('points', values.points);
  if (sites === 0 && declarations === 0 && actions === 0 && points === 0) throw new Error(`seed-bench needs --sites, --declarations, --actions or --points\n${USAGE}`);
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
  const seeders: [string, number, typeof seedBenchSites][] = [
    ['sites', sites, seedBenchSites],
    ['declarations', declarations, seedBenchDeclarations],
    ['actions', actions, seedBenchActions],
    ['points of interest', points, seedBenchPoints],
  ];
  for (const [what, count, seed] of seeders) {
    if (count === 0) continue;
    const started = Date.now();
    const written = await seed(db, rows[0].id, actorId, count);
    console.log(`${written} ${what} added to ${clientDb} / ${districtName} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
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
