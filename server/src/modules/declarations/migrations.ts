/**
 * The Declarations module's migrations (numbered from 1 for this module alone: db/migrate.ts).
 * Four record tables (MODULES.md, "Records"): templates, their revisions (every template write
 * is a new revision, all kept: a declaration names the one its form was built from), the
 * declarations and their comments. The list's sorts each have an index that starts with the
 * district and ends with the id (keyset pages: _platform/list.ts); the search text is folded
 * (vigie_fold) with a trigram index where pg_trgm exists, as Sites does.
 */
import type { Migration } from '../../db/migrate.js';

export const declarationsMigrations: Migration[] = [
  {
    version: 1,
    name: 'declarations: templates and their revisions, declarations, comments',
    sql: `
      create table declaration_templates (
        id uuid primary key,
        district_id uuid not null references districts (id) on delete cascade,
        name text not null,
        icon text not null,
        default_severity text not null check (default_severity in ('low', 'medium', 'high', 'critical')),
        fields jsonb not null default '[]',
        notify uuid[] not null default '{}',
        version int not null default 1,
        created_at timestamptz not null default now(),
        created_by uuid,
        updated_at timestamptz not null default now(),
        updated_by uuid,
        deleted_at timestamptz
      );
      create index declaration_templates_name_idx on declaration_templates (district_id, vigie_fold(name), id) where deleted_at is null;

      -- Every revision of a template as it was written (revision n is the template at version n).
      create table declaration_template_versions (
        template_id uuid not null references declaration_templates (id) on delete cascade,
        version int not null,
        name text not null,
        icon text not null,
        default_severity text not null,
        fields jsonb not null,
        notify uuid[] not null,
        created_at timestamptz not null default now(),
        created_by uuid,
        primary key (template_id, version)
      );

      create table declarations (
        id uuid primary key,
        district_id uuid not null references districts (id) on delete cascade,
        template_id uuid not null references declaration_templates (id),
        template_version int not null,
        site_id uuid references sites (id),
        -- As the device sent it: {lat, lng, accuracy, source}, kept as evidence.
        position jsonb,
        occurred_at timestamptz not null,
        captured_at timestamptz not null,
        severity text not null check (severity in ('low', 'medium', 'high', 'critical')),
        severity_rank smallint generated always as (
          case severity when 'low' then 1 when 'medium' then 2 when 'high' then 3 else 4 end
        ) stored,
        title text not null,
        description text not null default '',
        field_values jsonb not null default '{}',
        photos uuid[] not null default '{}',
        status text not null default 'new' check (status in ('new', 'acknowledged', 'investigating', 'closed')),
        assignee_id uuid,
        cause text not null default '',
        measures text not null default '',
        locked_at timestamptz,
        title_key text generated always as (vigie_fold(title)) stored,
        -- Title, description and the site's name at the last write, folded (repository.ts).
        search_text text not null default '',
        version int not null default 1,
        created_at timestamptz not null default now(),
        created_by uuid not null,
        updated_at timestamptz not null default now(),
        updated_by uuid,
        deleted_at timestamptz,
        foreign key (template_id, template_version) references declaration_template_versions (template_id, version)
      );
      create index declarations_occurred_idx on declarations (district_id, occurred_at, id) where deleted_at is null;
      create index declarations_severity_idx on declarations (district_id, severity_rank, id) where deleted_at is null;
      create index declarations_title_idx on declarations (district_id, title_key, id) where deleted_at is null;
      create index declarations_updated_idx on declarations (district_id, updated_at, id) where deleted_at is null;
      create index declarations_status_idx on declarations (district_id, status) where deleted_at is null;
      create index declarations_template_idx on declarations (template_id);
      create index declarations_site_idx on declarations (site_id) where site_id is not null;
      create index declarations_author_idx on declarations (district_id, created_by);
      create index declarations_assignee_idx on declarations (district_id, assignee_id) where assignee_id is not null;
      do $$ begin
        if exists (select 1 from pg_extension where extname = 'pg_trgm') then
          create index declarations_search_idx on declarations using gin (search_text gin_trgm_ops);
        end if;
      end $$;

      create table declaration_comments (
        id uuid primary key,
        declaration_id uuid not null references declarations (id) on delete cascade,
        district_id uuid not null references districts (id) on delete cascade,
        text text not null,
        created_at timestamptz not null default now(),
        created_by uuid not null
      );
      create index declaration_comments_declaration_idx on declaration_comments (declaration_id, created_at, id);
    `,
  },
  {
    version: 2,
    name: 'mail outbox rows of a record, without a share',
    sql: `
      -- A declaration's e-mails (its template's members, its author) go through the one mail
      -- outbox (mail/outbox.ts queueRecordMails); they belong to no emergency share.
      alter table mail_outbox alter column share_id drop not null;
    `,
  },
  {
    version: 3,
    name: 'the month of occurrence stored, and the synthesis covering index',
    sql: `
      -- The synthesis (./synthesis.ts) groups declarations by month in Europe/Paris: stored once
      -- per row rather than converted and formatted for each of the district's rows at each table.
      alter table declarations add column occurred_month date
        generated always as ((date_trunc('month', occurred_at at time zone 'Europe/Paris'))::date) stored;
      -- Its tables read this index alone (an index-only scan): the district's live declarations
      -- in a period, with every field a table groups or filters on that is the declaration's own.
      create index declarations_synthesis_idx on declarations (district_id, occurred_at)
        include (occurred_month, severity, status, site_id, template_id, assignee_id) where deleted_at is null;
    `,
  },
];
