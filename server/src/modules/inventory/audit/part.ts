/** The inventory family's audit part (../part.ts): the labels, the scans and the audits. */
import type { InventoryPart } from '../part.js';

export const auditPart: InventoryPart = {
  routes: async () => {},
};
