/**
 * The share links' routes below /third-party (../routes.tsx): the links a sharer made, each
 * link's items, state and access log.
 */
import { createRoute, type AnyRoute } from '@tanstack/react-router';

export function linksChildren(prefix: AnyRoute) {
  return [createRoute({ getParentRoute: () => prefix, path: '/' })] as const;
}
