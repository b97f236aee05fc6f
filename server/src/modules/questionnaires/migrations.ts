/**
 * The Questionnaires module's migrations (numbered from 1 for this module alone: db/migrate.ts).
 * Templates and their revisions (every template write is a new revision, all kept: an
 * inspection names the one it was started with), and the inspections. The list's sorts each
 * have an index that starts with the district and ends with the id (keyset pages); nullable
 * sort values (due time, submit time, score) are sorted through stored keys that put the
 * missing ones last.
 */
import type { Migration } from '../../db/migrate.js';

export const questionnairesMigrations: Migration[] = [
  {
    version: 1,
    name: 'questionnaires: templates and their revisions, inspections',
    sql: `
      create table questionnaire_templates (
        id uuid primary key,
        district_id uuid not null references districts (id) on delete cascade,
        family text not null check (family in ('questionnary', 'securesphere')),
        name text not null,
        description text not null default '',
        sections jsonb not null,
        pass_mark numeric,
        question_count int not null,
        version int not null default 1,
        created_at timestamptz not null default now(),
        created_by uuid,
        updated_at timestamptz not null default now(),
        updated_by uuid,
        deleted_at timestamptz
      );
      create index questionnaire_templates_name_idx on questionnaire_templates (district_id, family, vigie_fold(name), id);

      -- Every revision of a template as it was written (revision n is the template at version n).
      create table questionnaire_template_versions (
        template_id uuid not null references questionnaire_templates (id) on delete cascade,
        version int not null,
        name text not null,
        description text not null,
        sections jsonb not null,
        pass_mark numeric,
        question_count int not null,
        created_at timestamptz not null default now(),
        created_by uuid,
        primary key (template_id, version)
      );

      create table inspections (
        id uuid primary key,
        district_id uuid not null references districts (id) on delete cascade,
        family text not null check (family in ('questionnary', 'securesphere')),
        template_id uuid not null references questionnaire_templates (id),
        template_version int not null,
        site_id uuid references sites (id),
        assignee_id uuid not null,
        schedule_id uuid,
        due_at timestamptz,
        status text not null check (status in ('todo', 'inProgress', 'submitted')),
        answers jsonb not null default '{}',
        started_at timestamptz,
        -- As the device sent it: {lat, lng, accuracy}, kept as evidence.
        start_position jsonb,
        finished_at timestamptz,
        end_position jsonb,
        signature uuid,
        signed_by text,
        -- Computed by the server at submit (common/modules/questionnaires/engine.ts).
        total jsonb,
        section_scores jsonb not null default '[]',
        percent numeric,
        passed boolean,
        failed_items jsonb not null default '[]',
        failed_count int not null default 0,
        submitted_at timestamptz,
        content_hash text,
        locked_at timestamptz,
        search_text text not null default '',
        due_key timestamptz generated always as (coalesce(due_at, timestamptz '9999-12-31')) stored,
        submitted_key timestamptz generated always as (coalesce(submitted_at, timestamptz '1970-01-01')) stored,
        percent_key numeric generated always as (coalesce(percent, -1)) stored,
        version int not null default 1,
        created_at timestamptz not null default now(),
        created_by uuid not null,
        updated_at timestamptz not null default now(),
        updated_by uuid,
        deleted_at timestamptz,
        foreign key (template_id, template_version) references questionnaire_template_versions (template_id, version)
      );
      create index inspections_updated_idx on inspections (district_id, updated_at, id) where deleted_at is null;
      create index inspections_due_idx on inspections (district_id, due_key, id) where deleted_at is null;
      create index inspections_submitted_idx on inspections (district_id, submitted_key, id) where deleted_at is null;
      create index inspections_percent_idx on inspections (district_id, percent_key, id) where deleted_at is null;
      create index inspections_assignee_idx on inspections (district_id, assignee_id, status) where deleted_at is null;
      create index inspections_template_idx on inspections (template_id);
      create index inspections_site_idx on inspections (site_id) where site_id is not null;
      do $$ begin
        if exists (select 1 from pg_extension where extname = 'pg_trgm') then
          create index inspections_search_idx on inspections using gin (search_text gin_trgm_ops);
        end if;
      end $$;
    `,
  },
  {
    version: 2,
    name: 'questionnaires: schedules, reminders and overdue notices',
    sql: `
      create table inspection_schedules (
        id uuid primary key,
        district_id uuid not null references districts (id) on delete cascade,
        family text not null check (family in ('questionnary', 'securesphere')),
        template_id uuid not null references questionnaire_templates (id),
        site_ids uuid[] not null default '{}',
        assignee_ids uuid[] not null,
        recurrence text not null check (recurrence in ('once', 'weekly', 'monthly', 'yearly')),
        interval int not null default 1,
        first_due_at timestamptz not null,
        until timestamptz,
        remind_days int not null default 1,
        -- The next occurrence to make (scheduler.ts); null once the schedule has ended.
        next_due_at timestamptz,
        version int not null default 1,
        created_at timestamptz not null default now(),
        created_by uuid not null,
        updated_at timestamptz not null default now(),
        updated_by uuid,
        deleted_at timestamptz
      );
      create index inspection_schedules_next_idx on inspection_schedules (next_due_at) where deleted_at is null and next_due_at is not null;
      create index inspection_schedules_district_idx on inspection_schedules (district_id, created_at, id);

      alter table inspections add column remind_at timestamptz;
      alter table inspections add column reminded_at timestamptz;
      alter table inspections add column overdue_notified_at timestamptz;
      -- One inspection per occurrence, site and person, however many schedulers run at once.
      create unique index inspections_occurrence_idx on inspections (schedule_id, due_at, coalesce(site_id, '00000000-0000-0000-0000-000000000000'), assignee_id)
        where schedule_id is not null;
      create index inspections_remind_idx on inspections (remind_at) where reminded_at is null and status <> 'submitted' and deleted_at is null;
      create index inspections_overdue_idx on inspections (due_at) where overdue_notified_at is null and status <> 'submitted' and deleted_at is null;
    `,
  },
  {
    version: 3,
    name: 'questionnaires: report share links (expiring, revocable)',
    sql: `
      -- A link to a submitted inspection's report PDF (shares.ts). Only the SHA-256 of its
      -- token is kept: the token is shown once, at creation; a copy of this table gives no link.
      create table inspection_shares (
        id uuid primary key,
        district_id uuid not null references districts (id) on delete cascade,
        inspection_id uuid not null references inspections (id) on delete cascade,
        token_hash text not null unique,
        created_at timestamptz not null default now(),
        created_by uuid not null,
        expires_at timestamptz not null,
        revoked_at timestamptz,
        revoked_by uuid
      );
      create index inspection_shares_inspection_idx on inspection_shares (district_id, inspection_id, created_at desc);
    `,
  },
  {
    version: 4,
    name: 'questionnaires: share links counted on download, sent by e-mail',
    sql: `
      -- Each PDF served through a link (shared-routes.ts), and the last one's time.
      alter table inspection_shares add column downloads integer not null default 0;
      alter table inspection_shares add column last_downloaded_at timestamptz;
      -- Who sent a link by e-mail, when, to whom (the e-mails themselves are mail_outbox rows).
      create table inspection_share_mails (
        id uuid primary key,
        share_id uuid not null references inspection_shares (id) on delete cascade,
        sent_at timestamptz not null default now(),
        sent_by uuid not null,
        recipients text[] not null
      );
      create index inspection_share_mails_share_idx on inspection_share_mails (share_id, sent_at);
    `,
  },
  {
    version: 5,
    name: 'questionnaires: each sending by e-mail names its e-mails in the mail outbox',
    sql: `
      -- The mail outbox rows of a sending (mail/outbox.ts queueRecordMails' ids), so the link's
      -- row tells each e-mail's fate: waiting, sent and when, or not delivered and why.
      alter table inspection_share_mails add column outbox_ids uuid[] not null default '{}';
      -- The sendings made before: their e-mails were queued in the same transaction (the same
      -- now()), one per recipient, with no emergency share; one row per recipient, the one
      -- that names the link first (rows queued before the outbox's regarding column name none).
      update inspection_share_mails m
         set outbox_ids = coalesce((
           select array_agg(o.id order by array_position(m.recipients, o.recipient))
             from (select distinct on (recipient) id, recipient
                     from mail_outbox
                    where share_id is null and created_at = m.sent_at and recipient = any(m.recipients)
                      and (regarding is null or regarding = 'questionnaires.share:' || m.share_id)
                    order by recipient, regarding nulls last) o), '{}');
    `,
  },
  {
    version: 6,
    name: 'answer counts and month stored for the synthesis, and its covering index',
    sql: `
      -- The synthesis's answers source (./synthesis-answers.ts) counts a submitted inspection's
      -- answers and failed items from these stored numbers when a table does not split them by
      -- question, instead of unfolding every inspection's answers (a million rows) at each table.
      create or replace function vigie_jsonb_key_count(value jsonb) returns int
        language sql immutable parallel safe as 'select count(*)::int from jsonb_object_keys(value)';
      alter table inspections
        add column answer_count int generated always as (vigie_jsonb_key_count(answers)) stored,
        add column submitted_month date generated always as ((date_trunc('month', submitted_at at time zone 'Europe/Paris'))::date) stored;
      create index inspections_synthesis_idx on inspections (district_id, submitted_at)
        include (submitted_month, family, template_id, site_id, answer_count, failed_count) where deleted_at is null and status = 'submitted';
    `,
  },
];
