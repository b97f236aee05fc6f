/** The catalog's and the equipment's routes below /inventory and /inventory-v2 (../routes.tsx). */
import type { AnyRoute } from '@tanstack/react-router';

export function inventoryChildren(_prefix: AnyRoute) {
  return [] as const;
}

export function inventoryV2Children(_prefix: AnyRoute) {
  return [] as const;
}
