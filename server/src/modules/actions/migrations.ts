/**
 * The actions' migrations (numbered from 1 for this module alone: db/migrate.ts): action plans,
 * action templates, actions, their comments, and the calendar feeds. The contract is
 * common/modules/actions/schemas.ts; the choices docs/actions.md. Every list sort has an
 * index starting with the district and ending with the id (keyset pages); nullable sort values
 * go through stored keys that put the missing ones last.
 */
import type { Migration } from '../../db/migrate.js';

export const actionsMigrations: Migration[] = [
  {
    version: 1,
    name: 'actions: plans, templates, actions, comments, reminders and calendar feeds',
    sql: `
      create table action_plans (
        id uuid primary key,
        district_id uuid not null references districts (id) on delete cascade,
        name text not null,
        description text not null default '',
        site_id uuid references sites (id),
        owner_id uuid not null,
        start_on date,
        end_on date,
        version int not null default 1,
        created_at timestamptz not null default now(),
        created_by uuid not null,
        updated_at timestamptz not null default now(),
        updated_by uuid,
        deleted_at timestamptz
      );
      create index action_plans_name_idx on action_plans (district_id, vigie_fold(name), id);

      create table action_templates (
        id uuid primary key,
        district_id uuid not null references districts (id) on delete cascade,
        name text not null,
        title text not null,
        description text not null default '',
        priority text not null check (priority in ('low', 'normal', 'high', 'critical')),
        due_in_days int,
        proof_photo boolean not null default false,
        proof_note boolean not null default false,
        version int not null default 1,
        created_at timestamptz not null default now(),
        created_by uuid not null,
        updated_at timestamptz not null default now(),
        updated_by uuid,
        deleted_at timestamptz
      );
      create index action_templates_name_idx on action_templates (district_id, vigie_fold(name), id);

      create table actions (
        id uuid primary key,
        district_id uuid not null references districts (id) on delete cascade,
        title text not null,
        description text not null default '',
        site_id uuid references sites (id),
        plan_id uuid references action_plans (id),
        template_id uuid references action_templates (id),
        -- The source: a declaration, or a submitted inspection's failed item (its question key).
        source_kind text check (source_kind in ('declaration', 'inspection')),
        source_id uuid,
        source_question text,
        assignee_id uuid,
        due_on date,
        priority text not null check (priority in ('low', 'normal', 'high', 'critical')),
        status text not null check (status in ('todo', 'inProgress', 'done', 'verified', 'cancelled')),
        proof_photo boolean not null default false,
        proof_note boolean not null default false,
        closing_note text,
        done_at timestamptz,
        done_by uuid,
        verified_at timestamptz,
        verified_by uuid,
        -- Every status move: [{from, to, at, by, note}], the action's timeline.
        status_changes jsonb not null default '[]',
        comment_count int not null default 0,
        search_text text not null default '',
        -- The reminder and escalation job (reminders.ts) claims each notice once: the day it is
        -- due to be sent, and when it was. A new due date resets them.
        remind_on date,
        reminded_at timestamptz,
        overdue_notified_at timestamptz,
        due_key date generated always as (coalesce(due_on, date '9999-12-31')) stored,
        priority_rank int generated always as (case priority when 'critical' then 4 when 'high' then 3 when 'normal' then 2 else 1 end) stored,
        version int not null default 1,
        created_at timestamptz not null default now(),
        created_by uuid not null,
        updated_at timestamptz not null default now(),
        updated_by uuid,
        deleted_at timestamptz,
        check ((source_kind is null) = (source_id is null))
      );
      create index actions_due_idx on actions (district_id, due_key, id) where deleted_at is null;
      create index actions_priority_idx on actions (district_id, priority_rank, due_key, id) where deleted_at is null;
      create index actions_updated_idx on actions (district_id, updated_at, id) where deleted_at is null;
      create index actions_assignee_idx on actions (district_id, assignee_id, status, due_key, id) where deleted_at is null;
      create index actions_plan_idx on actions (plan_id, status) where plan_id is not null and deleted_at is null;
      create index actions_source_idx on actions (source_id) where source_id is not null;
      create index actions_site_idx on actions (site_id) where site_id is not null;
      create index actions_created_idx on actions (district_id, created_at) where deleted_at is null;
      create index actions_done_idx on actions (district_id, done_at) where done_at is not null and deleted_at is null;
      create index actions_remind_idx on actions (remind_on) where reminded_at is null and status in ('todo', 'inProgress') and deleted_at is null;
      create index actions_overdue_idx on actions (due_on) where overdue_notified_at is null and status in ('todo', 'inProgress') and deleted_at is null;
      do $$ begin
        if exists (select 1 from pg_extension where extname = 'pg_trgm') then
          create index actions_search_idx on actions using gin (search_text gin_trgm_ops);
        end if;
      end $$;

      -- Append-only: a comment is never edited (the outbox's id makes a replay a no-op).
      create table action_comments (
        id uuid primary key,
        action_id uuid not null references actions (id) on delete cascade,
        district_id uuid not null references districts (id) on delete cascade,
        text text not null,
        at timestamptz not null,
        created_at timestamptz not null default now(),
        created_by uuid not null
      );
      create index action_comments_action_idx on action_comments (action_id, at, id);

      -- A member's private iCal address in a district (one at a time). Only the SHA-256 of its
      -- token is kept: the address is shown once, when made.
      create table calendar_feeds (
        district_id uuid not null references districts (id) on delete cascade,
        user_id uuid not null,
        token_hash text not null unique,
        created_at timestamptz not null default now(),
        primary key (district_id, user_id)
      );
    `,
  },
  {
    version: 2,
    name: 'actions: the open actions of a district by due day (the dashboard counts)',
    // The managers' open and overdue counts of a district read this small index alone (its
    // rows are the open actions), not every action of the district (docs/actions.md, "Bench").
    sql: `
      create index actions_open_idx on actions (district_id, due_key) where status in ('todo', 'inProgress') and deleted_at is null;
    `,
  },
  {
    version: 3,
    name: 'actions: "my actions" as a page read (open, due day, id per assignee and per district)',
    // The lists' default order (overdue first, then by due day) is three ranges of these
    // indexes, each already in (due_key, id) order: the open actions due before today, the open
    // ones due from today, the closed ones (repository.ts, DEFAULT_BRANCHES). "My actions"
    // reads the assignee's; a manager's district list the district's. \`is_open\` is the
    // workflow's open statuses (OPEN_STATUSES), stored so the indexes can lead with it.
    sql: `
      alter table actions add column is_open boolean generated always as (status in ('todo', 'inProgress')) stored;
      create index actions_mine_idx on actions (district_id, assignee_id, is_open, due_key, id) where deleted_at is null;
      create index actions_open_order_idx on actions (district_id, is_open, due_key, id) where deleted_at is null;
    `,
  },
  {
    version: 4,
    name: 'actions: an item of equipment as a source (its failed check)',
    sql: `
      alter table actions drop constraint if exists actions_source_kind_check;
      alter table actions add constraint actions_source_kind_check check (source_kind in ('declaration', 'inspection', 'equipment'));
    `,
  },
];
