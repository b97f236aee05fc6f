/**
 * The Contracts migrations (numbered from 1 for this module alone: db/migrate.ts; run after the
 * supplier module's, whose `suppliers` a contract references): the district's contract
 * templates, its contracts, the sites each covers (`contract_sites`, kept from the contract's
 * `site_ids` by a trigger, so the record core writes one row and a site's contracts are an index
 * probe), and the reminders sent (one row per contract, deadline kind, days and deadline: its
 * primary key is what makes a reminder go out once, however many servers run the job).
 *
 * The title is the `name` column (the record core's keyset pages go by folded name).
 * `term_end_on` and `notice_on` are the current term's end and notice deadline
 * (common/modules/contract/deadline.ts), written with every change and rolled forward by the
 * scheduled job: the lists' filters, the job and the calendar read them through indexes.
 */
import type { Migration } from '../../db/migrate.js';

const RECORD_COLUMNS = `
        version int not null default 1,
        created_at timestamptz not null default now(),
        created_by uuid not null,
        updated_at timestamptz not null default now(),
        updated_by uuid,
        deleted_at timestamptz`;

export const contractMigrations: Migration[] = [
  {
    version: 1,
    name: 'contracts: templates, contracts, sites, reminders',
    sql: `
      create table contract_templates (
        id uuid primary key,
        district_id uuid not null references districts (id) on delete cascade,
        name text not null,
        type text not null,
        fields jsonb not null default '[]',
        clauses text not null default '',${RECORD_COLUMNS}
      );
      create index contract_templates_name_idx on contract_templates (district_id, vigie_fold(name), id);

      create table contracts (
        id uuid primary key,
        district_id uuid not null references districts (id) on delete cascade,
        supplier_id uuid not null references suppliers (id),
        site_ids uuid[] not null default '{}',
        type text not null,
        reference text not null default '',
        name text not null,
        start_on date,
        end_on date,
        tacit_renewal boolean not null default false,
        renewal_months int,
        notice_days int not null default 0,
        amount_cents bigint,
        reminder_days int[] not null default '{90,30,7}',
        owner_id uuid not null,
        template_id uuid references contract_templates (id),
        field_values jsonb not null default '{}',
        notes text not null default '',
        status text not null default 'draft',
        status_reason text not null default '',
        term_end_on date,
        notice_on date,${RECORD_COLUMNS}
      );
      create index contracts_name_idx on contracts (district_id, vigie_fold(name), id);
      create index contracts_supplier_idx on contracts (supplier_id);
      create index contracts_notice_idx on contracts (district_id, notice_on) where deleted_at is null;
      create index contracts_owner_idx on contracts (district_id, owner_id, term_end_on) where deleted_at is null;
      create index contracts_due_idx on contracts (term_end_on) where deleted_at is null and status in ('active', 'toRenew');

      create table contract_sites (
        contract_id uuid not null references contracts (id) on delete cascade,
        site_id uuid not null,
        primary key (contract_id, site_id)
      );
      create index contract_sites_site_idx on contract_sites (site_id, contract_id);

      create function contract_sites_sync() returns trigger language plpgsql as $fn$
      begin
        delete from contract_sites where contract_id = new.id;
        insert into contract_sites (contract_id, site_id) select new.id, s from unnest(new.site_ids) s on conflict do nothing;
        return new;
      end $fn$;
      create trigger contracts_sites_insert after insert on contracts for each row execute function contract_sites_sync();
      create trigger contracts_sites_update after update of site_ids on contracts for each row execute function contract_sites_sync();

      create table contract_reminders (
        contract_id uuid not null references contracts (id) on delete cascade,
        kind text not null,
        days int not null,
        deadline date not null,
        sent_at timestamptz not null default now(),
        primary key (contract_id, kind, days, deadline)
      );
    `,
  },
  {
    version: 2,
    name: 'contracts: the searched text stored folded',
    // The searched text stored folded (as the sites' search_text): a search reads one column
    // (and its trigram index where pg_trgm is installed) instead of folding every row.
    sql: `
      alter table contracts add column search_folded text generated always as (vigie_fold(name || ' ' || reference)) stored;
      drop index if exists contracts_search_idx;
      do $$ begin
        if exists (select 1 from pg_extension where extname = 'pg_trgm') then
          create index contracts_search_idx on contracts using gin (search_folded gin_trgm_ops);
        end if;
      end $$;
    `,
  },
];
