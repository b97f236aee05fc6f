/**
 * The inventory family's migrations (numbered for this module alone: db/migrate.ts; run after
 * the sites', suppliers' and contracts' modules, whose rows an article or an item references).
 * Numbers 1–19 are the catalog and the equipment (here), 20–39 the stock (./stock/migrations.ts),
 * 40–59 the audits (./audit/migrations.ts): the three parts of the family add their own without
 * renumbering each other's.
 *
 * - `inventory_categories`: the catalog's categories, each with its custom fields and, for
 *   regulatory equipment, its check period, checklist and optional questionnaire template.
 * - `inventory_articles`: the article models (maker, model, reference, unit, barcode), shared by
 *   equipment and stock.
 * - `inventory_equipment`: one row per physical item: its article, serial number, tag, site and
 *   place, status, custodian, dates, and its next check (kept from the last check and the
 *   period, read by the due lists, the dashboard and the calendar through an index).
 * - `inventory_checks`: the periodic checks done, each with its checklist answers, its result,
 *   the action a failed one opened, and the questionnaire inspection it was made with (one check
 *   per inspection: 2).
 * - `inventory_equipment_inspections` (2): the inspections of its category's template started
 *   from an item's sheet (Questionnaires' records; the item's sheet lists them).
 */
import { RECORD_COLUMNS } from '../_platform/migrations.js';
import type { Migration } from '../../db/migrate.js';
import { auditMigrations } from './audit/migrations.js';
import { stockMigrations } from './stock/migrations.js';


const catalogMigrations: Migration[] = [
  {
    version: 1,
    name: 'inventory: categories, articles, equipment, checks',
    sql: `
      create table inventory_categories (
        id uuid primary key,
        district_id uuid not null references districts (id) on delete cascade,
        name text not null,
        fields jsonb not null default '[]',
        check_period_months int check (check_period_months is null or check_period_months between 1 and 120),
        checklist jsonb not null default '[]',
        check_template_id uuid,${RECORD_COLUMNS}
      );
      create index inventory_categories_name_idx on inventory_categories (district_id, vigie_fold(name), id);

      create table inventory_articles (
        id uuid primary key,
        district_id uuid not null references districts (id) on delete cascade,
        category_id uuid references inventory_categories (id),
        name text not null,
        maker text not null default '',
        model text not null default '',
        reference text not null default '',
        unit text not null default '',
        barcode text not null default '',
        supplier_id uuid references suppliers (id),
        contract_id uuid references contracts (id),
        unit_cost_cents bigint check (unit_cost_cents is null or unit_cost_cents >= 0),
        field_values jsonb not null default '{}',
        notes text not null default '',${RECORD_COLUMNS}
      );
      create index inventory_articles_name_idx on inventory_articles (district_id, vigie_fold(name), id);
      create index inventory_articles_barcode_idx on inventory_articles (district_id, barcode) where barcode <> '';
      create index inventory_articles_category_idx on inventory_articles (category_id);

      create table inventory_equipment (
        id uuid primary key,
        district_id uuid not null references districts (id) on delete cascade,
        article_id uuid not null references inventory_articles (id),
        name text not null,
        serial text not null default '',
        tag text not null default '',
        site_id uuid references sites (id),
        building text not null default '',
        floor text not null default '',
        room text not null default '',
        position jsonb,
        status text not null default 'inService' check (status in ('inService', 'outOfOrder', 'inRepair', 'retired')),
        custodian_id uuid,
        bought_on date,
        commissioned_on date,
        warranty_end_on date,
        check_period_months int check (check_period_months is null or check_period_months between 1 and 120),
        last_check_on date,
        next_check_on date,
        supplier_id uuid references suppliers (id),
        contract_id uuid references contracts (id),
        field_values jsonb not null default '{}',
        notes text not null default '',${RECORD_COLUMNS},
        search_folded text generated always as (vigie_fold(name || ' ' || serial || ' ' || tag)) stored
      );
      create index inventory_equipment_name_idx on inventory_equipment (district_id, vigie_fold(name), id);
      create index inventory_equipment_site_idx on inventory_equipment (site_id, room);
      create index inventory_equipment_article_idx on inventory_equipment (article_id);
      create index inventory_equipment_next_check_idx on inventory_equipment (district_id, next_check_on) where deleted_at is null and status <> 'retired';
      create unique index inventory_equipment_tag_key on inventory_equipment (district_id, tag) where tag <> '' and deleted_at is null;
      create index inventory_equipment_serial_idx on inventory_equipment (district_id, serial) where serial <> '';
      do $$ begin
        if exists (select 1 from pg_extension where extname = 'pg_trgm') then
          create index inventory_equipment_search_idx on inventory_equipment using gin (search_folded gin_trgm_ops);
        end if;
      end $$;

      create table inventory_checks (
        id uuid primary key,
        district_id uuid not null references districts (id) on delete cascade,
        equipment_id uuid not null references inventory_equipment (id),
        due_on date,
        done_on date not null,
        result text not null check (result in ('pass', 'fail')),
        answers jsonb not null default '[]',
        inspection_id uuid,
        action_id uuid,
        notes text not null default '',${RECORD_COLUMNS}
      );
      create index inventory_checks_equipment_idx on inventory_checks (equipment_id, done_on desc);
    `,
  },
  {
    version: 2,
    name: 'inventory: inspections started from an item, one check per inspection',
    sql: `
      create unique index inventory_checks_inspection_key on inventory_checks (inspection_id) where inspection_id is not null;
      create table inventory_equipment_inspections (
        inspection_id uuid primary key,
        district_id uuid not null references districts (id) on delete cascade,
        equipment_id uuid not null references inventory_equipment (id),
        started_at timestamptz not null default now(),
        started_by uuid not null
      );
      create index inventory_equipment_inspections_item_idx on inventory_equipment_inspections (equipment_id, started_at desc);
    `,
  },
];

export const inventoryMigrations: Migration[] = [...catalogMigrations, ...stockMigrations, ...auditMigrations];
