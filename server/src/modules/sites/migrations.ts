/**
 * The Sites module's migrations (numbered from 1 for this module alone: db/migrate.ts). The
 * sites and stages tables come from the core migration 1; version 1 here makes them records
 * (MODULES.md, "Records") in place, keeping every existing row: version, authors and dates,
 * reversible deletion, a site type, the folded sort and search keys, and a stage's uploaded
 * panorama (attachment_id; the legacy bytea image stays for the emergency shares).
 */
import type { Migration } from '../../db/migrate.js';

export const sitesMigrations: Migration[] = [
  {
    version: 1,
    name: 'sites as records: version, authors, deletion, types, search keys, stage attachments',
    sql: `
      create table site_types (
        id uuid primary key,
        district_id uuid not null references districts (id) on delete cascade,
        name text not null,
        version int not null default 1,
        created_at timestamptz not null default now(),
        created_by uuid,
        updated_at timestamptz not null default now(),
        updated_by uuid,
        deleted_at timestamptz
      );
      create unique index site_types_name_key on site_types (district_id, vigie_fold(name)) where deleted_at is null;

      alter table sites
        add column version int not null default 1,
        add column created_by uuid,
        add column updated_at timestamptz,
        add column updated_by uuid,
        add column deleted_at timestamptz,
        add column site_type_id uuid references site_types (id),
        add column name_key text generated always as (vigie_fold(name)) stored,
        add column address_key text generated always as (vigie_fold(full_address)) stored,
        add column search_text text generated always as (vigie_fold(name || ' ' || full_address || ' ' || owner_name)) stored;
      update sites set updated_at = created_at;
      alter table sites alter column updated_at set not null, alter column updated_at set default now();

      drop index if exists sites_district_idx;
      create index sites_name_idx on sites (district_id, name_key, id) where deleted_at is null;
      create index sites_address_idx on sites (district_id, address_key, id) where deleted_at is null;
      create index sites_updated_idx on sites (district_id, updated_at, id) where deleted_at is null;
      create index sites_deleted_idx on sites (district_id, deleted_at) where deleted_at is not null;
      create index sites_type_idx on sites (site_type_id) where site_type_id is not null;
      do $$ begin
        if exists (select 1 from pg_extension where extname = 'pg_trgm') then
          create index sites_search_idx on sites using gin (search_text gin_trgm_ops);
        end if;
      end $$;

      alter table site_stages add column attachment_id uuid;
    `,
  },
  {
    version: 2,
    name: 'sites: the list thumbnail kept on the site',
    sql: `
      -- The attachment of the site's first 360 stage, kept by every stage write
      -- (repository.ts): a list page reads it with the site instead of one stage query per row.
      alter table sites add column thumbnail_id uuid;
      update sites s set thumbnail_id = (
        select st.attachment_id from site_stages st where st.site_id = s.id and st.kind = 'threeSixty' order by st.position, st.name limit 1
      );
    `,
  },
];
