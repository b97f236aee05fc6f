/**
 * The workflows' migrations (numbered from 1 for this module alone: db/migrate.ts):
 *
 * - `workflow_definitions`: a definition, its draft spec and the number of its published version;
 * - `workflow_versions`: each published spec, never changed (an instance reads the one it started with);
 * - `workflow_instances`: an instance, its version, its state and since when (`state_seq` counts
 *   the states it entered: approvals belong to one visit of a state), the deadline's reminder and
 *   escalation stamps (each sent once: notices.ts claims them);
 * - `workflow_steps`: the history (start, transitions, approvals and refusals, notices), with the
 *   person a delegate acted for;
 * - `workflow_waits`: who must act on an open instance now, one row per account, rewritten at
 *   each step: the inbox and the toolbar's badge are one index range of it;
 * - `workflow_delegations`: a person's delegate for a period.
 *
 * Version 2, the inbox by key (MODULES.md list budget): each wait carries the time its instance
 * entered its state (`entered_at`, rewritten with the waits), so a person's inbox is one index
 * range read in order, a page starting after the last one's key; the instances' list has the
 * index of its key order (last change first).
 */
import type { Migration } from '../../db/migrate.js';

export const workflowMigrations: Migration[] = [
  {
    version: 1,
    name: 'workflow: definitions, versions, instances, steps, waits, delegations',
    sql: `
      create table workflow_definitions (
        id uuid primary key,
        district_id uuid not null references districts (id) on delete cascade,
        name text not null,
        target text,
        draft jsonb not null,
        current_version int not null default 0,
        version int not null default 1,
        created_at timestamptz not null default now(),
        created_by uuid not null,
        updated_at timestamptz not null default now(),
        updated_by uuid,
        deleted_at timestamptz
      );
      create index workflow_definitions_name_idx on workflow_definitions (district_id, vigie_fold(name), id);

      create table workflow_versions (
        definition_id uuid not null references workflow_definitions (id) on delete cascade,
        number int not null,
        spec jsonb not null,
        published_at timestamptz not null default now(),
        published_by uuid not null,
        primary key (definition_id, number)
      );

      create table workflow_instances (
        id uuid primary key,
        district_id uuid not null references districts (id) on delete cascade,
        definition_id uuid not null references workflow_definitions (id),
        definition_version int not null,
        title text not null,
        target text,
        record_id uuid,
        assignee_id uuid,
        site_manager_id uuid,
        state text not null,
        state_seq int not null default 1,
        state_entered_at timestamptz not null,
        status text not null default 'open',
        remind_at timestamptz,
        deadline_at timestamptz,
        reminded_at timestamptz,
        escalated_at timestamptz,
        version int not null default 1,
        created_at timestamptz not null default now(),
        created_by uuid not null,
        updated_at timestamptz not null default now(),
        updated_by uuid,
        deleted_at timestamptz
      );
      create index workflow_instances_list_idx on workflow_instances (district_id, status, updated_at desc, id);
      create index workflow_instances_record_idx on workflow_instances (record_id) where record_id is not null;
      create index workflow_instances_remind_idx on workflow_instances (remind_at) where reminded_at is null and status = 'open';
      create index workflow_instances_deadline_idx on workflow_instances (deadline_at) where escalated_at is null and status = 'open';

      create table workflow_steps (
        id uuid primary key,
        -- The order steps were recorded in: several steps of one move share their instant.
        n bigint generated always as identity,
        instance_id uuid not null references workflow_instances (id) on delete cascade,
        district_id uuid not null,
        at timestamptz not null default now(),
        kind text not null,
        transition text,
        from_state text,
        to_state text,
        state_seq int not null,
        actor_id uuid,
        on_behalf_of uuid,
        decision text,
        reason text,
        fields jsonb not null default '{}',
        signature text
      );
      create index workflow_steps_instance_idx on workflow_steps (instance_id, at, id);

      create table workflow_waits (
        instance_id uuid not null references workflow_instances (id) on delete cascade,
        district_id uuid not null,
        account_id uuid not null,
        primary key (instance_id, account_id)
      );
      create index workflow_waits_account_idx on workflow_waits (district_id, account_id, instance_id);

      create table workflow_delegations (
        id uuid primary key,
        district_id uuid not null references districts (id) on delete cascade,
        account_id uuid not null,
        delegate_id uuid not null,
        starts_on date not null,
        ends_on date not null,
        created_at timestamptz not null default now(),
        deleted_at timestamptz
      );
      create index workflow_delegations_delegate_idx on workflow_delegations (district_id, delegate_id) where deleted_at is null;
    `,
  },
  {
    version: 2,
    name: 'workflow: the inbox and the list read by key',
    sql: `
      alter table workflow_waits add column entered_at timestamptz;
      update workflow_waits w set entered_at = i.state_entered_at from workflow_instances i where i.id = w.instance_id;
      alter table workflow_waits alter column entered_at set not null;
      drop index workflow_waits_account_idx;
      create index workflow_waits_inbox_idx on workflow_waits (district_id, account_id, entered_at, instance_id);
      drop index workflow_instances_list_idx;
      create index workflow_instances_list_idx on workflow_instances (district_id, status, updated_at desc, id desc) where deleted_at is null;
      -- The records a step's fields named (an outside company): field key → id; their titles are in fields.
      alter table workflow_steps add column refs jsonb not null default '{}';
    `,
  },
];
