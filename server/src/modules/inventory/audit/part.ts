/** The inventory family's audit part (../part.ts): the labels, the scans and the audits (./routes.ts). */
import type { ModulePart } from '../../_platform/parts.js';
import { auditRoutes } from './routes.js';
import { seedAudits } from './seed.js';

export const auditPart: ModulePart = {
  routes: auditRoutes,
  seed: seedAudits,
};
