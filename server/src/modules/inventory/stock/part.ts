/** The inventory family's stock part (../part.ts): the stock (areas, movements, levels, loans, counts, the recap table). */
import type { InventoryPart } from '../part.js';

export const stockPart: InventoryPart = {
  routes: async () => {},
};
