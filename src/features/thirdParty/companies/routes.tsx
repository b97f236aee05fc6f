/**
 * The outside companies' routes below /third-party-v2 (../routes.tsx): current (who is on which
 * site now), the companies and their workers, the interventions and their prevention plans.
 */
import { createRoute, type AnyRoute } from '@tanstack/react-router';

export function companiesChildren(prefix: AnyRoute) {
  return [createRoute({ getParentRoute: () => prefix, path: '/' }), createRoute({ getParentRoute: () => prefix, path: 'current' })] as const;
}
