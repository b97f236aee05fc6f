/** The inventory family's catalog part (../part.ts): the catalog (categories, articles), the equipment and its periodic checks. */
import type { InventoryPart } from '../part.js';

export const catalogPart: InventoryPart = {
  routes: async () => {},
};
