/** The stock's routes below /stock-management (../routes.tsx). */
import type { AnyRoute } from '@tanstack/react-router';

export function stockChildren(_prefix: AnyRoute) {
  return [] as const;
}
