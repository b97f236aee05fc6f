/**
 * The Suppliers migrations (numbered from 1 for this module alone: db/migrate.ts): the district's
 * trades, its suppliers and their documents, each a record (docs/records.md). The contract is
 * common/modules/supplier/schemas.ts, the choices docs/supplier.md. A document's state (valid,
 * expiring, expired) is not stored: it is the day's, computed from `expires_on` (indexed per
 * supplier, so a supplier's worst state costs an index probe).
 */
import type { Migration } from '../../db/migrate.js';
import { RECORD_COLUMNS } from '../_platform/migrations.js';

export const supplierMigrations: Migration[] = [
  {
    version: 1,
    name: 'suppliers: trades, suppliers, documents',
    sql: `
      create table supplier_trades (
        id uuid primary key,
        district_id uuid not null references districts (id) on delete cascade,
        name text not null,${RECORD_COLUMNS}
      );
      create index supplier_trades_name_idx on supplier_trades (district_id, vigie_fold(name), id);

      create table suppliers (
        id uuid primary key,
        district_id uuid not null references districts (id) on delete cascade,
        name text not null,
        legal_name text not null default '',
        siret text not null default '',
        vat_number text not null default '',
        address text not null default '',
        postal_code text not null default '',
        city text not null default '',
        phone text not null default '',
        email text not null default '',
        website text not null default '',
        trade_ids uuid[] not null default '{}',
        notes text not null default '',
        archived boolean not null default false,${RECORD_COLUMNS}
      );
      create index suppliers_name_idx on suppliers (district_id, vigie_fold(name), id);
      create index suppliers_trades_idx on suppliers using gin (trade_ids);
      do $$ begin
        if exists (select 1 from pg_extension where extname = 'pg_trgm') then
          create index suppliers_search_idx on suppliers using gin (vigie_fold(name || ' ' || legal_name || ' ' || city || ' ' || siret) gin_trgm_ops);
        end if;
      end $$;

      create table supplier_documents (
        id uuid primary key,
        district_id uuid not null references districts (id) on delete cascade,
        supplier_id uuid not null references suppliers (id),
        kind text not null,
        title text not null,
        reference text not null default '',
        issued_on date,
        expires_on date,${RECORD_COLUMNS}
      );
      create index supplier_documents_supplier_idx on supplier_documents (supplier_id, expires_on) where deleted_at is null;
      create index supplier_documents_expiry_idx on supplier_documents (district_id, expires_on) where deleted_at is null;
    `,
  },
  {
    version: 2,
    name: 'suppliers: the searched text stored folded',
    // The searched text stored folded (as the sites' search_text): a search reads one column
    // (and its trigram index where pg_trgm is installed) instead of folding every row.
    sql: `
      alter table suppliers add column search_folded text generated always as (vigie_fold(name || ' ' || legal_name || ' ' || city || ' ' || siret)) stored;
      drop index if exists suppliers_search_idx;
      do $$ begin
        if exists (select 1 from pg_extension where extname = 'pg_trgm') then
          create index suppliers_search_idx on suppliers using gin (search_folded gin_trgm_ops);
        end if;
      end $$;
    `,
  },
];
