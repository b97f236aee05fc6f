/**
 * The data-sharing area's descriptor (_platform/module.ts), listed once in ../index.ts after the
 * files module (a deposit moves into a site's folder through the files' destination). API under
 * /api/dsa, the upload-only links' public routes under /api/shared/dsa. Loading it registers
 * the share links' kind `dsaArea` (./shareable.ts).
 */
import { DSA_AREAS, DSA_DEPOSITS, DSA_DOCUMENTS, DSA_PUBLIC_PREFIX } from '../../../../common/modules/dsa/schemas.js';
import { RECORDS_CHANGED_EVENT } from '../_platform/events.js';
import type { ServerModule } from '../_platform/module.js';
import { runDsaJob } from './jobs.js';
import { dsaMigrations } from './migrations.js';
import { dsaPublicRoutes } from './public-routes.js';
import { dsaRoutes } from './routes.js';
import { seedDsa } from './seed.js';
import { registerDsaShareable } from './shareable.js';

registerDsaShareable();

export const dsaModule: ServerModule = {
  folder: 'dsa',
  prefix: '/dsa',
  routes: dsaRoutes,
  publicRoutes: { prefix: DSA_PUBLIC_PREFIX, routes: dsaPublicRoutes },
  migrations: dsaMigrations,
  // Abandoned deposits removed after 24 h; the notice of finished ones (./jobs.ts).
  jobs: [runDsaJob],
  events: [RECORDS_CHANGED_EVENT],
  // After the sites' and the files' seeds: the demo area is on the first demo site.
  seed: seedDsa,
  attachments: {
    // The district's documents of an area: uploaded by its managers (files of any type), read with the read right.
    [DSA_DOCUMENTS]: { features: ['dsa'], table: 'dsa_areas', owners: [], documents: true },
    // The outside party's deposits (arriving through the public links), read and downloaded by the area's readers.
    [DSA_DEPOSITS]: { features: ['dsa'], table: 'dsa_areas', owners: [], documents: true },
  },
  namedTables: [{ table: DSA_AREAS, name: 'name' }],
};
