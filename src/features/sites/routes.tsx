/**
 * Placeholder of the Sites route subtree (the manifest mechanism's side of it: the Sites
 * screens replace this file). The router registers a module with `screens: true` from
 * src/features/<id>/routes.tsx, calling `moduleRoutes(parent)` with the authenticated layout:
 * `/site` guarded by the module's rights, `/site/view/infoV2` showing the landing page until
 * the list exists. Route definitions only: the page's code loads when the route opens.
 */
import { createRoute, lazyRouteComponent, redirect, type AnyRoute } from '@tanstack/react-router';
import { requireModule } from '../../lib/route-guards';

export function moduleRoutes(parent: AnyRoute) {
  const siteRoute = createRoute({
    getParentRoute: () => parent,
    path: '/site',
    beforeLoad: ({ location }) => {
      requireModule('sites');
      if (location.pathname.replace(/\/$/, '') === '/site') throw redirect({ href: '/site/view/infoV2', replace: true });
    },
  });
  const listRoute = createRoute({
    getParentRoute: () => siteRoute,
    path: '/view/infoV2',
    component: lazyRouteComponent(() => import('../../app/routes/module.lazy'), 'ModuleRoute'),
  });
  return siteRoute.addChildren([listRoute]);
}
