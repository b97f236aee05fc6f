/** The scans', labels' and audits' routes below /inventory-v2 (../routes.tsx). */
import type { AnyRoute } from '@tanstack/react-router';

export function auditRoutes(_prefix: AnyRoute) {
  return [] as const;
}
