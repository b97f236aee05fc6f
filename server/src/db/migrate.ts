/**
 * Versioned migrations, applied at start. Each version runs in its own transaction under an
 * advisory lock, so two server processes starting on one PostgreSQL apply it once.
 */
import type { Database } from './types.js';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

const MIGRATION_LOCK = 72_724_101;

export async function migrate(db: Database, migrations: Migration[]): Promise<number[]> {
  await db.query(`create table if not exists schema_migrations (
    version int primary key,
    name text not null,
    applied_at timestamptz not null default now()
  )`);
  const applied: number[] = [];
  for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
    const done = await db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      const found = await tx.query('select 1 from schema_migrations where version = $1', [migration.version]);
      if (found.rows.length > 0) return false;
      await tx.exec(migration.sql);
      await tx.query('insert into schema_migrations (version, name) values ($1, $2)', [migration.version, migration.name]);
      return true;
    });
    if (done) applied.push(migration.version);
  }
  return applied;
}
