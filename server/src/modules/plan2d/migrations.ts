/**
 * The 2D plans' tables: a site's plans (one per level and name, with the current revision's
 * image), their revisions (each an image attachment of the plan, from an uploaded image or a
 * rasterised PDF page), their pins (a record of another module at a point) and their zones.
 * Pins and zones belong to the plan, not to a revision: a new revision keeps them.
 */
import type { Migration } from '../../db/migrate.js';
import { RECORD_COLUMNS } from '../_platform/migrations.js';

export const plan2dMigrations: Migration[] = [
  {
    version: 1,
    name: '2D plans: plans, revisions, pins, zones',
    sql: `
      create table plan2d_plans (
        id uuid primary key,
        district_id uuid not null references districts (id) on delete cascade,
        site_id uuid not null references sites (id),
        level text not null default '',
        name text not null,
        revision int not null default 1,
        image_id uuid not null,
        width int not null,
        height int not null,
        calibration jsonb,${RECORD_COLUMNS}
      );
      create index plan2d_plans_site_idx on plan2d_plans (district_id, site_id, level, name) where deleted_at is null;

      create table plan2d_revisions (
        plan_id uuid not null references plan2d_plans (id) on delete cascade,
        revision int not null,
        image_id uuid not null,
        source_id uuid not null,
        page int,
        width int not null,
        height int not null,
        created_at timestamptz not null default now(),
        created_by uuid not null,
        created_by_name text not null default '',
        primary key (plan_id, revision)
      );

      create table plan2d_pins (
        id uuid primary key,
        district_id uuid not null references districts (id) on delete cascade,
        plan_id uuid not null references plan2d_plans (id) on delete cascade,
        kind text not null,
        record_id uuid not null,
        x double precision not null check (x between 0 and 1),
        y double precision not null check (y between 0 and 1),${RECORD_COLUMNS}
      );
      create unique index plan2d_pins_record_key on plan2d_pins (plan_id, kind, record_id) where deleted_at is null;
      create index plan2d_pins_record_idx on plan2d_pins (district_id, kind, record_id) where deleted_at is null;

      create table plan2d_zones (
        id uuid primary key,
        district_id uuid not null references districts (id) on delete cascade,
        plan_id uuid not null references plan2d_plans (id) on delete cascade,
        type text not null check (type in ('route', 'risk', 'assembly')),
        name text not null,
        colour text not null,
        points jsonb not null,${RECORD_COLUMNS}
      );
      create index plan2d_zones_plan_idx on plan2d_zones (plan_id) where deleted_at is null;
    `,
  },
];
