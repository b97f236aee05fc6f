/**
 * Versioned migrations, applied at start. Each version runs in its own transaction under an
 * advisory lock, so two server processes starting on one PostgreSQL apply it once.
 *
 * Two sequences live side by side in a client database:
 * - the core one (`schema_migrations`, versions 1, 2, …: districts, memberships, shares…);
 * - one per module (`module_migrations`, keyed by module name and version): each module
 *   numbers its own migrations from 1 in server/src/modules/<module>/migrations.ts, so two
 *   modules written in parallel never collide. The table is created when missing, so an
 *   existing database upgrades in place; module migrations run after the core ones, in the
 *   registry's order (a module may depend on one listed before it).
 */
import type { Database } from './types.js';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** The numbered migrations of one module (server/src/modules/index.ts lists them). */
export interface ModuleMigrations {
  module: string;
  migrations: Migration[];
}

const MIGRATION_LOCK = 72_724_101;

const byVersion = (migrations: Migration[]) => [...migrations].sort((a, b) => a.version - b.version);

export async function migrate(db: Database, migrations: Migration[]): Promise<number[]> {
  await db.query(`create table if not exists schema_migrations (
    version int primary key,
    name text not null,
    applied_at timestamptz not null default now()
  )`);
  const applied: number[] = [];
  for (const migration of byVersion(migrations)) {
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

/** Applies the pending migrations of each module; answers the applied ones as `module:version`. */
export async function migrateModules(db: Database, modules: readonly ModuleMigrations[]): Promise<string[]> {
  await db.query(`create table if not exists module_migrations (
    module text not null,
    version int not null,
    name text not null,
    applied_at timestamptz not null default now(),
    primary key (module, version)
  )`);
  const applied: string[] = [];
  for (const { module, migrations } of modules) {
    for (const migration of byVersion(migrations)) {
      const done = await db.transaction(async (tx) => {
        await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
        const found = await tx.query('select 1 from module_migrations where module = $1 and version = $2', [module, migration.version]);
        if (found.rows.length > 0) return false;
        await tx.exec(migration.sql);
        await tx.query('insert into module_migrations (module, version, name) values ($1, $2, $3)', [module, migration.version, migration.name]);
        return true;
      });
      if (done) applied.push(`${module}:${migration.version}`);
    }
  }
  return applied;
}
