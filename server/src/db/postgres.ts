/**
 * Server driver: node-postgres pools, one per database on a real PostgreSQL server.
 * Each client database is a real database there, created on first use.
 */
import pg from 'pg';
import type { Database, QueryResult, Queryable } from './types.js';

// int8 as a JS number, like the embedded driver.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

const POOL_SIZE = Number(process.env.VIGIE_PG_POOL_SIZE ?? 10);

function wrap(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    async exec(sql: string) {
      await client.query(sql);
    },
    async query<T>(sql: string, params: unknown[] = []): Promise<QueryResult<T>> {
      const result = await client.query(sql, params);
      return { rows: result.rows as T[], affectedRows: result.rowCount ?? 0 };
    },
  };
}

/** The URL of database `database` on the server of `baseUrl`. */
export function databaseUrl(baseUrl: string, database: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${encodeURIComponent(database)}`;
  return url.toString();
}

export function databaseNameOf(url: string): string {
  return decodeURIComponent(new URL(url).pathname.slice(1));
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Creates the database named in `url` on its server when it does not exist yet. */
export async function ensurePostgresDatabase(url: string): Promise<void> {
  const name = databaseNameOf(url);
  const admin = new pg.Client({ connectionString: databaseUrl(url, 'postgres') });
  await admin.connect();
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      await admin.query(`create database ${quoteIdent(name)}`).catch((error: { code?: string }) => {
        // 42P04: created meanwhile by another process.
        if (error.code !== '42P04') throw error;
      });
    }
  } finally {
    await admin.end();
  }
}

export async function openPostgresDatabase(name: string, url: string): Promise<Database> {
  await ensurePostgresDatabase(url);
  const pool = new pg.Pool({ connectionString: url, max: POOL_SIZE });
  // An idle client losing its connection must not crash the process; the next query retries.
  pool.on('error', () => {});
  // Nor one checked out between two queries of a transaction (the pool listens on idle
  // clients only): its next query fails instead, and the request answers 503 (errors.ts).
  pool.on('connect', (client) => client.on('error', () => {}));
  return {
    name,
    ...wrap(pool),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn(wrap(client));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
