/**
 * The companies part's migrations: numbers 20–39 of the third-party family (../migrations.ts).
 *
 * - `tp_companies`, `tp_workers` (qualifications as a jsonb array of { name, expiresOn }),
 *   `tp_interventions` (the prevention plan's sections as jsonb, its `plan_version` moved on by
 *   a change of sections after a signature);
 * - `tp_plan_signatures`: one record per signature (the client's id; its picture is an
 *   attachment of that record, so a reader who signs owns it), with the plan version it signed
 *   and the sections as they were then: a plan's current signatures are those of its version,
 *   the earlier ones stay as the record of what was signed;
 * - `tp_presence`: the sites' register, one row per sign-in (the client's id) closed by its
 *   sign-out. A partial unique index keeps one open row per worker and site, so two phones
 *   signing the same worker in at once make one presence and a 409.
 */
import { RECORD_COLUMNS } from '../../_platform/migrations.js';
import type { Migration } from '../../../db/migrate.js';


export const companiesMigrations: Migration[] = [
  {
    version: 20,
    name: 'third parties: outside companies, workers, interventions, plan signatures, sign-in register',
    sql: `
      create table tp_companies (
        id uuid primary key,
        district_id uuid not null references districts (id) on delete cascade,
        name text not null,
        siret text not null default '',
        address text not null default '',
        contact_name text not null default '',
        email text not null default '',
        phone text not null default '',
        activity text not null default '',${RECORD_COLUMNS}
      );
      create index tp_companies_name_idx on tp_companies (district_id, vigie_fold(name), id);

      create table tp_workers (
        id uuid primary key,
        district_id uuid not null references districts (id) on delete cascade,
        company_id uuid not null references tp_companies (id),
        name text not null,
        role text not null default '',
        phone text not null default '',
        qualifications jsonb not null default '[]',${RECORD_COLUMNS}
      );
      create index tp_workers_name_idx on tp_workers (district_id, vigie_fold(name), id);
      create index tp_workers_company_idx on tp_workers (company_id);

      create table tp_interventions (
        id uuid primary key,
        district_id uuid not null references districts (id) on delete cascade,
        company_id uuid not null references tp_companies (id),
        site_id uuid not null,
        name text not null,
        starts_on date not null,
        ends_on date not null,
        worker_ids uuid[] not null default '{}',
        state text not null default 'planned',
        plan_sections jsonb not null default '[]',
        plan_version int not null default 1,${RECORD_COLUMNS}
      );
      create index tp_interventions_name_idx on tp_interventions (district_id, vigie_fold(name), id);
      create index tp_interventions_company_idx on tp_interventions (company_id);
      create index tp_interventions_site_idx on tp_interventions (district_id, site_id);

      create table tp_plan_signatures (
        id uuid primary key,
        district_id uuid not null references districts (id) on delete cascade,
        intervention_id uuid not null references tp_interventions (id) on delete cascade,
        plan_version int not null,
        role text not null,
        name text not null,
        attachment_id uuid not null,
        sections jsonb not null,
        signed_at timestamptz not null,${RECORD_COLUMNS}
      );
      create unique index tp_plan_signatures_role_idx on tp_plan_signatures (intervention_id, plan_version, role);

      create table tp_presence (
        id uuid primary key,
        district_id uuid not null references districts (id) on delete cascade,
        site_id uuid not null,
        worker_id uuid references tp_workers (id),
        visitor_name text not null default '',
        signed_in_at timestamptz not null,
        signed_out_at timestamptz,${RECORD_COLUMNS}
      );
      create unique index tp_presence_open_worker_idx on tp_presence (site_id, worker_id) where signed_out_at is null and worker_id is not null;
      create index tp_presence_open_idx on tp_presence (district_id, site_id) where signed_out_at is null;
      create index tp_presence_day_idx on tp_presence (district_id, signed_in_at);
    `,
  },
];
