/**
 * Embedded driver: one PGlite instance per database, each in its own data directory.
 * A new database is a copy of a template data directory (initdb once, then ~0.5 s a copy,
 * instead of 4-7 s and ~800 MiB for initdb each time: STACK.md). shared_buffers is lowered
 * to 16MB so each open database costs ~40 MiB rather than ~300 MiB.
 */
import { PGlite, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { cp, mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Database, QueryResult, Queryable } from './types.js';

const START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/** Trigram indexes for the modules' list searches (server/src/modules/_platform/list.ts). */
const EXTENSIONS = { pg_trgm };

/** int8 as a JS number, as the pg driver is configured too (counts never exceed 2^53). */
const PARSERS = { [types.INT8]: (value: string) => Number(value) };

const exists = async (path: string) => stat(path).then(() => true, () => false);

let templateBuild: Promise<void> | null = null;

/** Makes sure an initialised, empty data directory exists at `templateDir`. */
export async function ensureTemplate(templateDir: string): Promise<void> {
  if (await exists(join(templateDir, 'PG_VERSION'))) return;
  templateBuild ??= (async () => {
    const building = `${templateDir}.building-${process.pid}`;
    await rm(building, { recursive: true, force: true });
    await mkdir(dirname(templateDir), { recursive: true });
    const db = await PGlite.create(building, { startParams: START_PARAMS });
    await db.close();
    // rename is atomic: a concurrent process either sees no template or a complete one.
    await rename(building, templateDir).catch(async (error: NodeJS.ErrnoException) => {
      await rm(building, { recursive: true, force: true });
      if (!(await exists(join(templateDir, 'PG_VERSION')))) throw error;
    });
  })().finally(() => {
    templateBuild = null;
  });
  return templateBuild;
}

function wrap(db: Pick<PGlite, 'query' | 'exec'>): Queryable {
  return {
    async exec(sql: string) {
      await db.exec(sql);
    },
    async query<T>(sql: string, params: unknown[] = []): Promise<QueryResult<T>> {
      const result = await db.query<T>(sql, params);
      return { rows: result.rows, affectedRows: result.affectedRows ?? 0 };
    },
  };
}

export async function openPgliteDatabase(
  name: string,
  dataDir: string,
  templateDir: string,
): Promise<Database> {
  if (!(await exists(join(dataDir, 'PG_VERSION')))) {
    await ensureTemplate(templateDir);
    const copying = `${dataDir}.copying-${process.pid}`;
    await rm(copying, { recursive: true, force: true });
    await mkdir(dirname(dataDir), { recursive: true });
    await cp(templateDir, copying, { recursive: true });
    await rename(copying, dataDir);
  }
  const db = await PGlite.create(dataDir, { startParams: START_PARAMS, parsers: PARSERS, extensions: EXTENSIONS });
  return {
    name,
    ...wrap(db),
    // PGlite runs one session: its transaction() holds the instance exclusively, so queries
    // from other requests wait instead of landing inside this transaction.
    transaction: (fn) => db.transaction((tx) => fn(wrap(tx))),
    close: () => db.close(),
  };
}
