/**
 * The notifications module's route subtree (its manifest, common/modules/notifications.ts, says
 * `screens: true`): `/notifications` needs notifications.access and goes to its one view,
 * `/notifications/notificationsView`, whose page loads when it opens.
 */
import { createRoute, redirect, type AnyRoute } from '@tanstack/react-router';
import { lazyPage } from '../../lib/lazy-page';
import { requireModule } from '../../lib/route-guards';

export function moduleRoutes(parent: AnyRoute) {
  const notificationsRoute = createRoute({
    getParentRoute: () => parent,
    path: '/notifications',
    beforeLoad: ({ location }) => {
      requireModule('notifications');
      if (location.pathname.replace(/\/$/, '') === '/notifications') throw redirect({ href: '/notifications/notificationsView', replace: true });
    },
  });
  const viewRoute = createRoute({
    getParentRoute: () => notificationsRoute,
    path: '/notificationsView',
    component: lazyPage(() => import('./components/NotificationsPage'), 'NotificationsPage'),
  });
  return notificationsRoute.addChildren([viewRoute]);
}
