/**
 * The synthesis migrations (numbered from 1 for this module alone: db/migrate.ts): the saved
 * tables and the dashboards (common/modules/synthesis/saved.ts), records of the district with
 * the record core's columns. A private one is its author's (`created_by`): the lists read the
 * district's shared ones and the reader's own, through the (district, author) index.
 */
import type { Migration } from '../../db/migrate.js';

const RECORD_COLUMNS = `
        version int not null default 1,
        created_at timestamptz not null default now(),
        created_by uuid not null,
        updated_at timestamptz not null default now(),
        updated_by uuid,
        deleted_at timestamptz`;

export const synthesisMigrations: Migration[] = [
  {
    version: 1,
    name: 'synthesis: saved tables and dashboards',
    sql: `
      create table synthesis_tables (
        id uuid primary key,
        district_id uuid not null references districts (id) on delete cascade,
        name text not null,
        definition jsonb not null,
        chart text not null default 'bar',
        shared boolean not null default false,${RECORD_COLUMNS}
      );
      create index synthesis_tables_district_idx on synthesis_tables (district_id, created_by);

      create table synthesis_dashboards (
        id uuid primary key,
        district_id uuid not null references districts (id) on delete cascade,
        name text not null,
        shared boolean not null default false,
        cards jsonb not null default '[]',${RECORD_COLUMNS}
      );
      create index synthesis_dashboards_district_idx on synthesis_dashboards (district_id, created_by);
    `,
  },
];
