/**
 * The Files module's descriptor (_platform/module.ts), listed once in ../index.ts after the sites
 * module (a folder belongs to a site type or a site). Loading it registers the share links' kinds
 * `folder` and `document` (./shareables.ts).
 */
import { FILES_ATTACHMENT_MODULE } from '../../../../common/modules/files/schemas.js';
import { RECORDS_CHANGED_EVENT } from '../_platform/events.js';
import type { ServerModule } from '../_platform/module.js';
import { seedBenchFiles } from './bench-seed.js';
import { runFilesJob } from './jobs.js';
import { filesMigrations } from './migrations.js';
import { filesRoutes } from './routes.js';
import { seedFiles } from './seed.js';
import { registerFilesShareables } from './shareables.js';
import { registerFilesDestination } from './destination.js';
import { documentSiteRecords } from './site-records.js';

registerFilesShareables();
// Other modules' files moved into a site's folder (the data-sharing area's deposits).
registerFilesDestination();

export const filesModule: ServerModule = {
  folder: 'files',
  prefix: '/files',
  routes: filesRoutes,
  migrations: filesMigrations,
  events: [RECORDS_CHANGED_EVENT],
  // After the sites' seed: every demo site gets its type's folders and documents.
  seed: seedFiles,
  benchSeeds: [{ option: 'files', what: 'files in one folder', run: seedBenchFiles }],
  // The reminder before a document's validity ends, once.
  jobs: [runFilesJob],
  // Each version of a document is an attachment of the document: read with the explorer's or the
  // sites' read right, added (uploaded) with either's manage right; files of any type (documents).
  attachments: { [FILES_ATTACHMENT_MODULE]: { features: ['files', 'sites'], table: 'file_documents', owners: [], documents: true } },
  namedTables: [
    { table: 'file_folders', name: 'name' },
    { table: 'file_documents', name: 'name' },
  ],
  // A site's documents, for the 360 tours' markers (../view360).
  siteRecords: documentSiteRecords,
};
