/**
 * The 360 module's migrations (numbered from 1 for this module alone: db/migrate.ts). A tour is
 * the site's 360 stages (the Sites module's site_stages) with its start stage, the arrows from a
 * stage to another at a direction, the markers at a direction of a stage (pointing to a record
 * or carrying a note), the dated captures of a stage, and the tiles cut from a large panorama.
 * Every row names its district: each query is scoped to the session's.
 */
import type { Migration } from '../../db/migrate.js';

export const view360Migrations: Migration[] = [
  {
    version: 1,
    name: '360 tours: start stages, links, markers, captures, tiles',
    sql: `
      create table view360_tours (
        site_id uuid primary key references sites (id) on delete cascade,
        district_id uuid not null references districts (id) on delete cascade,
        start_stage_id uuid references site_stages (id) on delete set null,
        updated_at timestamptz not null default now(),
        updated_by uuid
      );

      create table view360_links (
        id uuid primary key,
        district_id uuid not null references districts (id) on delete cascade,
        site_id uuid not null references sites (id) on delete cascade,
        from_stage_id uuid not null references site_stages (id) on delete cascade,
        to_stage_id uuid not null references site_stages (id) on delete cascade,
        yaw double precision not null,
        pitch double precision not null,
        created_at timestamptz not null default now(),
        created_by uuid not null,
        check (from_stage_id <> to_stage_id)
      );
      create unique index view360_links_pair_key on view360_links (from_stage_id, to_stage_id);
      create index view360_links_site_idx on view360_links (district_id, site_id);

      create table view360_markers (
        id uuid primary key,
        district_id uuid not null references districts (id) on delete cascade,
        site_id uuid not null references sites (id) on delete cascade,
        stage_id uuid not null references site_stages (id) on delete cascade,
        yaw double precision not null,
        pitch double precision not null,
        kind text not null,
        record_id uuid,
        label text not null default '',
        version int not null default 1,
        created_at timestamptz not null default now(),
        created_by uuid not null,
        updated_at timestamptz not null default now(),
        updated_by uuid
      );
      create index view360_markers_site_idx on view360_markers (district_id, site_id);
      create index view360_markers_record_idx on view360_markers (district_id, kind, record_id) where record_id is not null;

      create table view360_captures (
        id uuid primary key,
        district_id uuid not null references districts (id) on delete cascade,
        site_id uuid not null references sites (id) on delete cascade,
        stage_id uuid not null references site_stages (id) on delete cascade,
        captured_on date not null,
        attachment_id uuid not null,
        created_at timestamptz not null default now(),
        created_by uuid not null
      );
      create index view360_captures_stage_idx on view360_captures (district_id, stage_id, captured_on);

      -- One row per panorama looked at (a stage's image, a capture's attachment): its width and,
      -- when cut, its grid (cols 0: served whole). The tiles are in the attachment storage.
      create table view360_tiles (
        source text primary key,
        district_id uuid not null references districts (id) on delete cascade,
        width int not null,
        cols int not null,
        rows int not null,
        made_at timestamptz not null default now()
      );
    `,
  },
  {
    version: 2,
    name: '360 tours: tiles cut in the background',
    sql: `
      -- A large panorama is cut by a background job queued at its upload: 'queued' until its
      -- tiles are stored ('done'), 'failed' when its bytes did not decode.
      alter table view360_tiles add column state text not null default 'done' check (state in ('queued', 'done', 'failed'));
    `,
  },
];
