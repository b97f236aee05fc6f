/**
 * The Sharing bank's migrations (numbered from 1 for this module alone: db/migrate.ts): the
 * district's groups of members, its resources (records), each member's reading of each version
 * (opened, acknowledged), the reminders sent (one of each kind per version) and the copies of
 * shared templates imported into a district. The contract is common/modules/sharingBank/schemas.ts.
 */
import type { Migration } from '../../db/migrate.js';
import { RECORD_COLUMNS } from '../_platform/migrations.js';

export const sharingBankMigrations: Migration[] = [
  {
    version: 1,
    name: 'sharing bank: groups, resources, readings, reminders, imports',
    sql: `
      create table sharing_groups (
        id uuid primary key,
        district_id uuid not null references districts (id) on delete cascade,
        name text not null,
        member_ids uuid[] not null default '{}',${RECORD_COLUMNS}
      );
      create index sharing_groups_name_idx on sharing_groups (district_id, vigie_fold(name), id);

      create table sharing_resources (
        id uuid primary key,
        district_id uuid not null references districts (id) on delete cascade,
        title text not null,
        kind text not null,
        description text not null default '',
        tags text[] not null default '{}',
        audience text not null default 'district' check (audience in ('district', 'groups')),
        group_ids uuid[] not null default '{}',
        remind_after_days int,
        source_id uuid,
        scope text not null default 'district' check (scope in ('district', 'client')),
        template jsonb,
        current_version int not null default 1,
        published_at timestamptz not null default now(),${RECORD_COLUMNS}
      );
      create index sharing_resources_name_idx on sharing_resources (district_id, vigie_fold(title), id);
      create index sharing_resources_client_idx on sharing_resources (scope) where scope = 'client' and deleted_at is null;
      create index sharing_resources_remind_idx on sharing_resources (published_at) where remind_after_days is not null and deleted_at is null;

      -- A member's reading of one version of a resource: first opened, acknowledged.
      create table sharing_readings (
        resource_id uuid not null references sharing_resources (id) on delete cascade,
        account_id uuid not null,
        resource_version int not null,
        district_id uuid not null references districts (id) on delete cascade,
        opened_at timestamptz,
        acknowledged_at timestamptz,
        primary key (resource_id, account_id, resource_version)
      );
      create index sharing_readings_account_idx on sharing_readings (account_id, district_id);

      -- Reminders sent to those who had not acknowledged: each kind once per version.
      create table sharing_reminders (
        resource_id uuid not null references sharing_resources (id) on delete cascade,
        resource_version int not null,
        kind text not null check (kind in ('manual', 'scheduled')),
        sent_at timestamptz not null,
        sent_by uuid,
        recipients int not null default 0,
        primary key (resource_id, resource_version, kind)
      );

      -- A shared template copied into a district (the copy's id is the importer's device's).
      create table sharing_imports (
        resource_id uuid not null references sharing_resources (id) on delete cascade,
        district_id uuid not null references districts (id) on delete cascade,
        target_id uuid not null,
        imported_at timestamptz not null default now(),
        imported_by uuid not null,
        primary key (resource_id, district_id)
      );
    `,
  },
];
