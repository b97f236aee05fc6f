/**
 * The Files migrations (numbered from 1 for this module alone; run after the sites module's,
 * whose `sites` and `site_types` a folder references).
 *
 * - `file_folders`: one table for both trees. A template folder names its site type
 *   (`site_type_id`), a site's folder its site (`site_id`), never both; a site folder made from a
 *   template folder names it (`template_id`, unique per site: applying a template twice keeps the
 *   folders it made). `parent_id` stays within the same tree (the repository checks).
 * - `file_documents`: a name in a site folder, its tags, its validity end date, its current
 *   version, and `reminded_for` (the end date whose reminder went out: the claim that makes the
 *   job send it once, and again only when the date is moved).
 * - `file_versions`: each version one attachment (module `files`, record = the document), numbered
 *   from 1; the attachment id is unique, so a replayed upload adds no second version.
 */
import { RECORD_COLUMNS } from '../_platform/migrations.js';
import type { Migration } from '../../db/migrate.js';


export const filesMigrations: Migration[] = [
  {
    version: 1,
    name: 'files: folders (templates per site type, sites), documents, versions',
    sql: `
      create table file_folders (
        id uuid primary key,
        district_id uuid not null references districts (id) on delete cascade,
        parent_id uuid references file_folders (id),
        site_type_id uuid references site_types (id),
        site_id uuid references sites (id),
        template_id uuid references file_folders (id),
        name text not null,${RECORD_COLUMNS},
        check ((site_type_id is null) <> (site_id is null))
      );
      create index file_folders_type_idx on file_folders (district_id, site_type_id) where site_type_id is not null;
      create index file_folders_site_idx on file_folders (district_id, site_id) where site_id is not null;
      create index file_folders_parent_idx on file_folders (parent_id);
      create unique index file_folders_template_key on file_folders (site_id, template_id) where template_id is not null;

      create table file_documents (
        id uuid primary key,
        district_id uuid not null references districts (id) on delete cascade,
        folder_id uuid not null references file_folders (id),
        site_id uuid not null references sites (id),
        name text not null,
        tags text[] not null default '{}',
        valid_until date,
        reminded_for date,
        current_version_id uuid,${RECORD_COLUMNS}
      );
      create index file_documents_folder_idx on file_documents (folder_id, vigie_fold(name), id);
      create index file_documents_name_idx on file_documents (district_id, vigie_fold(name), id);
      create index file_documents_site_idx on file_documents (district_id, site_id);
      create index file_documents_tags_idx on file_documents using gin (tags);
      create index file_documents_valid_idx on file_documents (valid_until) where deleted_at is null and valid_until is not null;
      create unique index file_documents_live_name_key on file_documents (folder_id, vigie_fold(name)) where deleted_at is null;

      create table file_versions (
        id uuid primary key,
        district_id uuid not null references districts (id) on delete cascade,
        document_id uuid not null references file_documents (id) on delete cascade,
        number int not null,
        created_at timestamptz not null default now(),
        created_by uuid not null,
        unique (document_id, number)
      );
    `,
  },
];
