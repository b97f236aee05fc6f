/**
 * The import/export module's migrations (numbered from 1 for this module alone): the platform's
 * background jobs (_platform/jobs.ts), and the external references of imported records.
 */
import type { Migration } from '../../db/migrate.js';
import { JOBS_TABLE_SQL } from '../_platform/jobs.js';

export const importExportMigrations: Migration[] = [
  {
    version: 1,
    name: 'background jobs, external references of imported records',
    sql: `
      ${JOBS_TABLE_SQL}
      -- The record an external reference (a file's own id of a row) was imported as, per import
      -- (source): a re-import of the same reference updates that record instead of adding one.
      -- No foreign key: any module's record; a deleted record's reference is imported anew.
      create table import_refs (
        district_id uuid not null,
        source text not null,
        ref text not null,
        record_id uuid not null,
        primary key (district_id, source, ref)
      );
    `,
  },
];
