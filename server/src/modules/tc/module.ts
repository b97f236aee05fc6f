/**
 * The tc module's descriptor (_platform/module.ts): the terms of use and privacy notice, their
 * acceptance (a session check: ./acceptance.ts), and the audit log's reading (the writing is the
 * platform's: _platform/audit.ts). Its tables are in the control database (control migration 6).
 */
import type { ServerModule } from '../_platform/module.js';
import { checkAcceptance } from './acceptance.js';
import { tcPublicRoutes, tcRoutes } from './routes.js';
import { seedDemoTerms } from './seed.js';

export const tcModule: ServerModule = {
  folder: 'tc',
  prefix: '/tc',
  routes: async (app, ctx) => {
    if (ctx.config.seedDemo) await seedDemoTerms(ctx.databases.control);
    await tcRoutes(app, ctx);
  },
  publicRoutes: { prefix: '/tcPublic', routes: tcPublicRoutes },
  events: [],
  sessionCheck: checkAcceptance,
};
