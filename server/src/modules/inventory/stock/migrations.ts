/**
 * The inventory family's stock tables (migration numbers 20–39: ../migrations.ts).
 *
 * - `stock_areas`: the areas, a tree (a site's store, its shelves), records of the record core.
 * - `stock_movements`: the ledger, append-only: each row's `quantity` is signed as it changes its
 *   area's quantity; `id` is the client's (a replay writes nothing), `seq` orders the ledger (a
 *   count remembers the seq it started at).
 * - `stock_levels`: each (article, area)'s quantity, kept in the transaction of each movement
 *   (always the sum of its movements), with its minimum and maximum; `low_noticed_at` is when
 *   the managers were told it went under its minimum (reset once it is back).
 * - `stock_loans`: a loan (its `loan` movement) and its return (its `return` movement);
 *   `reminded_at` is when the overdue reminder went out (once).
 * - `stock_counts` and `stock_count_entries`: a count session of an area and each device's
 *   increments, each idempotent by its client id; a `blind` count (21) hides the expected
 *   quantities from its counters.
 */
import { RECORD_COLUMNS } from '../../_platform/migrations.js';
import type { Migration } from '../../../db/migrate.js';


export const stockMigrations: Migration[] = [
  {
    version: 20,
    name: 'inventory stock: areas, movements, levels, loans, counts',
    sql: `
      create table stock_areas (
        id uuid primary key,
        district_id uuid not null references districts (id) on delete cascade,
        name text not null,
        kind text not null check (kind in ('site', 'store', 'shelf', 'vehicle', 'other')),
        parent_id uuid references stock_areas (id),
        site_id uuid references sites (id),
        notes text not null default '',${RECORD_COLUMNS}
      );
      create index stock_areas_name_idx on stock_areas (district_id, vigie_fold(name), id);
      create index stock_areas_parent_idx on stock_areas (parent_id);
      -- An area's names from its root, joined by ' > ' (a tree is at most a few levels deep).
      create function stock_area_path(area uuid) returns text language sql stable as $fn$
        with recursive up (id, parent_id, name, depth) as (
          select a.id, a.parent_id, a.name, 0 from stock_areas a where a.id = area
          union all
          select p.id, p.parent_id, p.name, up.depth + 1 from stock_areas p join up on p.id = up.parent_id where up.depth < 16
        )
        select string_agg(name, ' > ' order by depth desc) from up
      $fn$;

      create table stock_movements (
        id uuid primary key,
        seq bigserial not null unique,
        district_id uuid not null references districts (id) on delete cascade,
        article_id uuid not null references inventory_articles (id),
        area_id uuid not null references stock_areas (id),
        kind text not null check (kind in ('incoming', 'outgoing', 'transferOut', 'transferIn', 'adjustment', 'count', 'loan', 'return')),
        quantity numeric not null,
        supplier_id uuid references suppliers (id),
        delivery_note text not null default '',
        reason text not null default '',
        recipient text not null default '',
        loan_id uuid,
        count_id uuid,
        pair_id uuid,
        at timestamptz not null default now(),
        by uuid not null,
        note text not null default '',
        recorded_at timestamptz not null default now()
      );
      create index stock_movements_district_idx on stock_movements (district_id, seq desc);
      create index stock_movements_kind_idx on stock_movements (district_id, kind, seq desc);
      create index stock_movements_level_idx on stock_movements (article_id, area_id, seq);
      create index stock_movements_area_idx on stock_movements (area_id, seq);

      create table stock_levels (
        id uuid primary key default gen_random_uuid(),
        district_id uuid not null references districts (id) on delete cascade,
        article_id uuid not null references inventory_articles (id),
        area_id uuid not null references stock_areas (id),
        quantity numeric not null default 0,
        min_quantity numeric check (min_quantity is null or min_quantity >= 0),
        max_quantity numeric check (max_quantity is null or max_quantity >= 0),
        low_noticed_at timestamptz,
        updated_at timestamptz not null default now(),
        unique (article_id, area_id)
      );
      create index stock_levels_district_idx on stock_levels (district_id, area_id);
      create index stock_levels_low_idx on stock_levels (district_id) where quantity < min_quantity;

      create table stock_loans (
        id uuid primary key,
        district_id uuid not null references districts (id) on delete cascade,
        article_id uuid not null references inventory_articles (id),
        area_id uuid not null references stock_areas (id),
        quantity numeric not null check (quantity > 0),
        borrower text not null,
        due_on date not null,
        lent_at timestamptz not null,
        lent_by uuid not null,
        returned_at timestamptz,
        returned_by uuid,
        reminded_at timestamptz,
        note text not null default ''
      );
      create index stock_loans_open_idx on stock_loans (district_id, due_on) where returned_at is null;

      create table stock_counts (
        id uuid primary key,
        district_id uuid not null references districts (id) on delete cascade,
        area_id uuid not null references stock_areas (id),
        status text not null default 'open' check (status in ('open', 'closed')),
        start_seq bigint not null,
        started_at timestamptz not null default now(),
        started_by uuid not null,
        closed_at timestamptz,
        closed_by uuid,
        note text not null default ''
      );
      create unique index stock_counts_open_key on stock_counts (area_id) where status = 'open';
      create index stock_counts_district_idx on stock_counts (district_id, started_at desc);

      create table stock_count_entries (
        id uuid primary key,
        district_id uuid not null references districts (id) on delete cascade,
        count_id uuid not null references stock_counts (id) on delete cascade,
        article_id uuid not null references inventory_articles (id),
        delta numeric not null,
        start_quantity numeric,
        at timestamptz not null default now(),
        by uuid not null
      );
      create index stock_count_entries_count_idx on stock_count_entries (count_id, article_id);
    `,
  },
  {
    version: 21,
    name: 'inventory stock: blind counts',
    sql: `alter table stock_counts add column blind boolean not null default false;`,
  },
];
