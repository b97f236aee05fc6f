/**
 * The import/export module's descriptor (_platform/module.ts), listed once in ../index.ts, last:
 * it reads every module's exports and imports (_platform/transfer.ts). Its migration holds the
 * platform's background jobs (_platform/jobs.ts), swept every minute.
 */
import { JOB_PROGRESS_EVENT } from '../../../../common/modules/importExport/schemas.js';
import { jobsSweep } from '../_platform/jobs.js';
import type { ServerModule } from '../_platform/module.js';
import './district.js';
import './import.js';
import { importExportMigrations } from './migrations.js';
import './personal.js';
import { importExportRoutes } from './routes.js';
import { USERS_EXPORT, USERS_IMPORT } from './users.js';

export const importExportModule: ServerModule = {
  folder: 'importExport',
  prefix: '/import-export',
  routes: importExportRoutes,
  migrations: importExportMigrations,
  // A job's moves, to its owner (jobs.ts).
  events: [JOB_PROGRESS_EVENT],
  // Interrupted jobs failed, expired files dropped, queued jobs run.
  jobs: [jobsSweep],
  // The district's members (the platform's user administration, not a module's records).
  exports: [USERS_EXPORT],
  // The district's members, invited by e-mail to choose their password.
  imports: [USERS_IMPORT],
};
