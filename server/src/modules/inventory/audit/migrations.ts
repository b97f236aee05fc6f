/**
 * The inventory family's audit tables (migration numbers 40–59: ../migrations.ts).
 *
 * - `inventory_audits`: an audit of a site, or of one room of it (`room` '' = the whole site):
 *   open until completed; `expected_ids` is the snapshot of the items that were there when the
 *   server received its start (the server computes it: a device that started offline listed
 *   its own copy, which the server's replaces).
 * - `inventory_audit_scans`: every scan, its id the device's (a scan sent twice is stored once);
 *   `equipment_id` the item it resolved to on the server, or null (an unknown code). An item
 *   scanned twice keeps both scans and counts once in the result.
 */
import { RECORD_COLUMNS } from '../../_platform/migrations.js';
import type { Migration } from '../../../db/migrate.js';


export const auditMigrations: Migration[] = [
  {
    version: 40,
    name: 'inventory: audits and their scans',
    sql: `
      create table inventory_audits (
        id uuid primary key,
        district_id uuid not null references districts (id) on delete cascade,
        site_id uuid not null references sites (id),
        room text not null default '',
        status text not null default 'open' check (status in ('open', 'completed')),
        started_at timestamptz not null default now(),
        started_by uuid not null,
        completed_at timestamptz,
        completed_by uuid,
        expected_ids uuid[] not null default '{}',${RECORD_COLUMNS}
      );
      create index inventory_audits_started_idx on inventory_audits (district_id, started_at desc, id);

      create table inventory_audit_scans (
        id uuid primary key,
        district_id uuid not null references districts (id) on delete cascade,
        audit_id uuid not null references inventory_audits (id) on delete cascade,
        code text not null,
        equipment_id uuid references inventory_equipment (id),
        scanned_at timestamptz not null,
        received_at timestamptz not null default now(),
        scanned_by uuid not null
      );
      create index inventory_audit_scans_audit_idx on inventory_audit_scans (audit_id, scanned_at);
    `,
  },
];
