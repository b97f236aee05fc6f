/**
 * The Contacts migrations (numbered from 1 for this module alone: db/migrate.ts), run after the
 * Suppliers' (a contact's company is a supplier). A contact is a record (docs/records.md); its
 * site links are a field of the record (`site_links`, what the history and the app's outbox
 * write) and, for the queries by site and role, the rows of `contact_sites`, rewritten from that
 * field by a trigger at each insert or update: one truth, two shapes.
 */
import type { Migration } from '../../db/migrate.js';

export const contactMigrations: Migration[] = [
  {
    version: 1,
    name: 'contacts: people, their site links',
    sql: `
      create table contacts (
        id uuid primary key,
        district_id uuid not null references districts (id) on delete cascade,
        first_name text not null default '',
        last_name text not null default '',
        -- The sort key: "Last First".
        name text not null,
        job_title text not null default '',
        supplier_id uuid references suppliers (id),
        phones jsonb not null default '[]',
        emails text[] not null default '{}',
        notes text not null default '',
        uid text not null,
        site_links jsonb not null default '[]',
        archived boolean not null default false,
        -- Names, company, e-mails, phones as written and as digits: what the list's search reads.
        search_text text not null default '',
        version int not null default 1,
        created_at timestamptz not null default now(),
        created_by uuid not null,
        updated_at timestamptz not null default now(),
        updated_by uuid,
        deleted_at timestamptz
      );
      create index contacts_name_idx on contacts (district_id, vigie_fold(name), id);
      create index contacts_supplier_idx on contacts (supplier_id) where deleted_at is null;
      create unique index contacts_uid_key on contacts (district_id, uid) where deleted_at is null;
      create index contacts_emails_idx on contacts using gin (emails);
      do $$ begin
        if exists (select 1 from pg_extension where extname = 'pg_trgm') then
          create index contacts_search_idx on contacts using gin (vigie_fold(search_text) gin_trgm_ops);
        end if;
      end $$;

      create table contact_sites (
        contact_id uuid not null references contacts (id) on delete cascade,
        site_id uuid not null references sites (id) on delete cascade,
        role text not null check (role in ('emergency', 'fireSafety', 'manager', 'other')),
        primary key (contact_id, site_id, role)
      );
      create index contact_sites_site_idx on contact_sites (site_id, role);

      create function contact_sites_sync() returns trigger language plpgsql as $fn$
      begin
        if tg_op = 'UPDATE' and new.site_links = old.site_links then return null; end if;
        delete from contact_sites where contact_id = new.id;
        insert into contact_sites (contact_id, site_id, role)
          select distinct new.id, (l->>'siteId')::uuid, l->>'role' from jsonb_array_elements(new.site_links) l
          on conflict do nothing;
        return null;
      end $fn$;
      create trigger contacts_sites_sync after insert or update of site_links on contacts
        for each row execute function contact_sites_sync();
    `,
  },
  {
    version: 2,
    name: 'contacts: the searched text stored folded',
    // The searched text stored folded (as the sites' search_text): a search reads one column
    // (and its trigram index where pg_trgm is installed) instead of folding every row.
    sql: `
      alter table contacts add column search_folded text generated always as (vigie_fold(search_text)) stored;
      drop index if exists contacts_search_idx;
      do $$ begin
        if exists (select 1 from pg_extension where extname = 'pg_trgm') then
          create index contacts_search_idx on contacts using gin (search_folded gin_trgm_ops);
        end if;
      end $$;
    `,
  },
];
