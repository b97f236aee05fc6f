/**
 * Migrations of each client database: its districts, the rights of each account per
 * district, the district modules, the sites with their 3D and 360 stages and images, and
 * notifications. Nothing here refers to another client. Append new versions only.
 */
import type { Migration } from '../migrate.js';

export const clientMigrations: Migration[] = [
  {
    version: 1,
    name: 'districts, memberships, modules, sites, stages, notifications',
    sql: `
      create table districts (
        id uuid primary key,
        name text not null,
        created_at timestamptz not null default now()
      );
      create unique index districts_name_key on districts (lower(name));
      create table district_modules (
        district_id uuid not null references districts (id) on delete cascade,
        name text not null,
        position int not null default 0,
        primary key (district_id, name)
      );
      -- The rights of an account (from the control database) in one district.
      create table memberships (
        account_id uuid not null,
        district_id uuid not null references districts (id) on delete cascade,
        rights text[] not null default '{}',
        default_page text,
        primary key (account_id, district_id)
      );
      create table sites (
        id uuid primary key,
        district_id uuid not null references districts (id) on delete cascade,
        name text not null,
        description text not null default '',
        full_address text not null default '',
        gps_lat double precision,
        gps_lng double precision,
        owner_name text not null default '',
        created_at timestamptz not null default now()
      );
      create index sites_district_idx on sites (district_id);
      create table site_stages (
        id uuid primary key,
        site_id uuid not null references sites (id) on delete cascade,
        kind text not null check (kind in ('threeD', 'threeSixty')),
        name text not null,
        position int not null default 0,
        image bytea,
        image_type text,
        unique (site_id, kind, name)
      );
      create table notifications (
        id uuid primary key,
        district_id uuid not null references districts (id) on delete cascade,
        account_id uuid not null,
        kind text not null default 'general' check (kind in ('general', 'workflow')),
        name text not null,
        translate boolean not null default true,
        actions jsonb not null default '[]',
        created_at timestamptz not null default now(),
        read_at timestamptz
      );
      create index notifications_inbox_idx on notifications (account_id, district_id, read_at);
    `,
  },
];
