/** The inventory family's audit part (../part.ts): the labels, the scans and the audits (./routes.ts). */
import type { InventoryPart } from '../part.js';
import { auditRoutes } from './routes.js';
import { seedAudits } from './seed.js';

export const auditPart: InventoryPart = {
  routes: auditRoutes,
  seed: seedAudits,
};
