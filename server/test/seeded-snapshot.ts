/**
 * The demo installation, seeded once per test run and copied for each test server.
 *
 * Migrating and seeding a fresh installation takes 14–16 s on the embedded database (three
 * databases, every module's migrations, the demo records and photos); copying a seeded one takes
 * about 0.6 s (`cp -a` of its data folder) and a PostgreSQL copy is a `create database … template`.
 * global-setup.ts builds the snapshot before the server tests start and removes it after them; it
 * is never shared between runs, so a change to a migration or to the demo data is always seen.
 * The demo's relative dates (notifications minutes old, checks due in days) are as old as the
 * run, a few minutes at most.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { buildServer } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { databaseUrl } from '../src/db/postgres.js';

const run = promisify(execFile);

/** Shared across test files and runs: initdb once, then every database is a copy. */
export const TEMPLATE_DIR = resolve('node_modules/.cache/vigie/pglite-template');

export interface SeededSnapshot {
  /** The seeded installation's data folder (embedded databases and attachments). */
  dataDir: string;
  /** With PostgreSQL: the control database's name; the clients' are `<control>_<client>`. */
  control: string | null;
}

/** The environment of a test installation in `dataDir` (database names for PostgreSQL). */
export function testEnv(dataDir: string, control: string | null): NodeJS.ProcessEnv {
  // No general request limit (rate-limit.test.ts sets one): the fuzz and load tests send
  // thousands of requests a minute from one address; the browser tests run with the default.
  // No scheduler running on its own clock: questionnaires.test.ts runs it at the times it chooses.
  const env: NodeJS.ProcessEnv = { VIGIE_DATA_DIR: dataDir, VIGIE_PGLITE_TEMPLATE_DIR: TEMPLATE_DIR, VIGIE_STATIC_DIR: join(dataDir, 'no-app'), VIGIE_RATE_LIMIT: '0', VIGIE_SCHEDULER: 'false' };
  if (!control) return env;
  return { ...env, DATABASE_URL: databaseUrl(postgresBase(), control), VIGIE_DB_PREFIX: `${control}_`, VIGIE_SEED_DEMO: 'true' };
}

export const usePostgres = process.env.VIGIE_TEST_DRIVER === 'postgres';

export function postgresBase(): string {
  const base = process.env.VIGIE_TEST_PG_URL;
  if (!base) throw new Error('VIGIE_TEST_DRIVER=postgres needs VIGIE_TEST_PG_URL');
  return base;
}

export const newControlName = () => `vigie_t${randomBytes(4).toString('hex')}`;

async function withAdmin<T>(fn: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: databaseUrl(postgresBase(), 'postgres') });
  await admin.connect();
  try {
    return await fn(admin);
  } finally {
    await admin.end();
  }
}

/** The databases of installation `control`: the control one and its clients'. */
const databasesOf = (admin: pg.Client, control: string) =>
  admin.query<{ datname: string }>('select datname from pg_database where datname = $1 or left(datname, $2) = $3', [control, control.length + 1, `${control}_`]).then((r) => r.rows.map((row) => row.datname));

export async function dropInstallation(control: string): Promise<void> {
  await withAdmin(async (admin) => {
    for (const name of await databasesOf(admin, control)) await admin.query(`drop database if exists "${name}" with (force)`);
  });
}

export async function buildSeededSnapshot(): Promise<SeededSnapshot> {
  const dataDir = await mkdtemp(join(tmpdir(), 'vigie-seeded-'));
  const control = usePostgres ? newControlName() : null;
  const server = await buildServer(loadConfig(testEnv(dataDir, control)), { logger: false });
  await server.close();
  return { dataDir, control };
}

export async function removeSeededSnapshot(snapshot: SeededSnapshot): Promise<void> {
  if (snapshot.control) await dropInstallation(snapshot.control);
  await rm(snapshot.dataDir, { recursive: true, force: true });
}

/** Whether a test installation with `config` is the demo one the snapshot holds. */
export const isSnapshotOf = (config: Config) => config.seedDemo && config.s3 === null;

/** Makes `dataDir` (and, with PostgreSQL, the databases of `control`) a copy of the snapshot. */
export async function copySnapshot(snapshot: SeededSnapshot, dataDir: string, control: string | null): Promise<void> {
  await run('cp', ['-a', `${snapshot.dataDir}/.`, dataDir]);
  if (!snapshot.control || !control) return;
  const source = snapshot.control;
  await withAdmin(async (admin) => {
    for (const name of await databasesOf(admin, source)) {
      await admin.query(`create database "${control}${name.slice(source.length)}" template "${name}"`);
    }
  });
}
