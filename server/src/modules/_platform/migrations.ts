/**
 * The platform's own tables in every client database, migrated as the module `_platform`
 * (before every module, which may rely on them): the history of every record write, and
 * `vigie_fold`, the normalisation (lower case, accents removed) the lists sort and search on,
 * so "Entrepot" finds "Entrepôt" on PGlite and PostgreSQL alike without the unaccent
 * extension. pg_trgm is created when the server offers it (PostgreSQL's contrib, PGlite's
 * bundled one); a module's search index is created only where it exists (list.ts).
 */
import type { Migration } from '../../db/migrate.js';

/**
 * The columns every record table ends with (docs/records.md): its version, who made and last
 * changed it and when, and its reversible deletion. A module's table writes them as
 * `…last column,${RECORD_COLUMNS}`.
 */
export const RECORD_COLUMNS = `
        version int not null default 1,
        created_at timestamptz not null default now(),
        created_by uuid not null,
        updated_at timestamptz not null default now(),
        updated_by uuid,
        deleted_at timestamptz`;

export const platformMigrations: Migration[] = [
  {
    version: 1,
    name: 'record history, text folding, trigrams',
    sql: `
      -- One row per write of a record of any module: who, when, which fields (before, after).
      -- No foreign key: history outlives what it describes (and the demo seed truncates).
      create table record_history (
        id uuid primary key default gen_random_uuid(),
        module text not null,
        record_id uuid not null,
        district_id uuid not null,
        version int not null,
        action text not null check (action in ('create', 'update', 'delete', 'restore')),
        changes jsonb not null default '[]',
        actor_id uuid not null,
        at timestamptz not null default now()
      );
      create index record_history_record_idx on record_history (module, record_id, at desc, version desc);

      create function vigie_fold(value text) returns text language sql immutable parallel safe as $$
        select replace(replace(translate(lower(coalesce(value, '')),
          'àáâãäåāçćčèéêëēęìíîïīñńòóôõöøōùúûüūýÿžœ',
          'aaaaaaaccceeeeeeiiiiinnoooooooouuuuuyyzœ'), 'œ', 'oe'), 'æ', 'ae')
      $$;

      do $$ begin
        create extension if not exists pg_trgm;
      exception when others then
        -- No pg_trgm here: searches scan the district's rows (still correct, slower).
        null;
      end $$;
    `,
  },
  {
    version: 2,
    name: 'locked records, hash-chained',
    sql: `
      -- One row per record locked for good (a closed declaration, a signed inspection), in the
      -- order they were locked in the district: the hash of the record's content then, and the
      -- chain's hash (the previous row's chain hash with this content hash), so a record or a
      -- link changed afterwards shows (lock-chain.ts).
      create table record_locks (
        district_id uuid not null,
        seq int not null,
        module text not null,
        record_id uuid not null,
        content_hash text not null,
        chain_hash text not null,
        locked_at timestamptz not null default now(),
        primary key (district_id, seq),
        unique (module, record_id)
      );
    `,
  },
];
