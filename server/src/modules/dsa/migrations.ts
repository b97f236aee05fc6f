/**
 * The data-sharing area's migrations (numbered from 1 for this module alone; run after the
 * sites module's, whose `sites` an area may name).
 *
 * - `dsa_areas`: an exchange with one outside party (a record: version, history, deletion).
 * - `dsa_links`: its upload-only links; only the SHA-256 of a token is stored (_platform/tokens.ts),
 *   the types allowed (groups of common/modules/dsa/schemas.ts), the quota of the whole link,
 *   the expiry and the revocation.
 * - `dsa_deposits`: one per file an outsider dropped, its id the attachment's (module
 *   `dsa_deposits`, record = the area): who typed what name and e-mail, from which address and
 *   browser, when; and once moved, where to (a site folder's document) and by whom.
 * - 2: `noticed_at`, when the area's managers were told of a finished deposit (claimed once,
 *   ./jobs.ts); the deposits already there count as told.
 */
import type { Migration } from '../../db/migrate.js';
import { RECORD_COLUMNS } from '../_platform/migrations.js';

export const dsaMigrations: Migration[] = [
  {
    version: 1,
    name: 'dsa: areas, upload-only links, deposits',
    sql: `
      create table dsa_areas (
        id uuid primary key,
        district_id uuid not null references districts (id) on delete cascade,
        name text not null,
        site_id uuid references sites (id),
        counterpart_name text not null default '',
        counterpart_email text not null default '',${RECORD_COLUMNS}
      );
      create index dsa_areas_name_idx on dsa_areas (district_id, vigie_fold(name), id);

      create table dsa_links (
        id uuid primary key,
        district_id uuid not null references districts (id) on delete cascade,
        area_id uuid not null references dsa_areas (id),
        token_hash text not null unique,
        types text[] not null,
        quota_bytes bigint not null check (quota_bytes > 0),
        expires_at timestamptz not null,
        revoked_at timestamptz,
        revoked_by uuid,
        created_at timestamptz not null default now(),
        created_by uuid not null
      );
      create index dsa_links_area_idx on dsa_links (area_id, created_at);

      create table dsa_deposits (
        id uuid primary key,
        district_id uuid not null references districts (id) on delete cascade,
        area_id uuid not null references dsa_areas (id),
        link_id uuid not null references dsa_links (id),
        name text not null,
        type text not null,
        size bigint not null check (size >= 0),
        depositor_name text not null,
        depositor_email text not null default '',
        address text not null default '',
        user_agent text not null default '',
        created_at timestamptz not null default now(),
        moved_at timestamptz,
        moved_by uuid,
        moved_document_id uuid,
        moved_to text
      );
      create index dsa_deposits_area_idx on dsa_deposits (area_id, created_at);
      create index dsa_deposits_link_idx on dsa_deposits (link_id);
    `,
  },
  {
    version: 2,
    name: 'dsa: the notice of a finished deposit',
    sql: `
      alter table dsa_deposits add column noticed_at timestamptz;
      update dsa_deposits set noticed_at = created_at;
      create index dsa_deposits_unnoticed_idx on dsa_deposits (created_at) where noticed_at is null;
    `,
  },
];
