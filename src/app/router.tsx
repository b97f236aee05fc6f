/**
 * The route tree (code-based). Each page is loaded on demand: the route here holds only what
 * must run before rendering (guards, redirects, prefetch); the component comes from
 * ./routes/<name>.lazy.tsx. The login page never pulls the shell or the dashboard.
 *
 * Routing rules (spec section 2): /home → /login; / → the default page when authenticated,
 * else /login; /login when authenticated → the default page; sso and resetPassword are kept
 * (a failed resetPassword navigation goes to the dashboard or login); the pathless
 * `_authenticated` layout guards every page of the shell; a module route needs one of its
 * rights (spec section 6), else the requiredPermissions error toast (spec section 8) and the
 * dashboard; an unknown address → the 404 error toast, then the default page or /login.
 *
 * The modules' routes follow their manifests (common/modules): each module has its subtree from
 * its family's descriptor (src/features/<folder>/module.ts, listed once in ./modules.ts),
 * joined into the route table by appRouteTree below.
 */
import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  redirect,
  useNavigate,
  type RouterHistory,
} from '@tanstack/react-router';
import { useEffect } from 'react';
import { DEFAULT_PAGE } from '../../common/constants';
import { resolveDefaultPage } from '../features/auth/api/get-default-page';
import { districtQueryOptions } from '../features/auth/api/get-district';
import { restoreSession } from '../features/auth/restore-session';
import { validateCalendarSearch } from '../features/calendar/search';
import { i18n } from '../lib/i18n';
import { requireFeatures, showNotFound } from '../lib/route-guards';
import { isAuthenticated } from '../lib/session';
import { screenModuleRoutes } from './modules';
import { LOGIN_PATH } from './paths';
import { RootLayout } from './RootLayout';
import { RouteError } from './RouteError';

export interface RouterContext {
  queryClient: QueryClient;
  /** Resolves once the session has been restored from storage (once per app start). */
  sessionReady: () => Promise<void>;
}

async function landingPage(): Promise<string> {
  return isAuthenticated() ? resolveDefaultPage() : LOGIN_PATH;
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  beforeLoad: ({ context }) => context.sessionReady(),
  component: RootLayout,
});

const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: async () => {
    throw redirect({ href: await landingPage(), replace: true });
  },
});

const homeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/home',
  beforeLoad: () => {
    throw redirect({ to: LOGIN_PATH, replace: true });
  },
});

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: LOGIN_PATH,
  beforeLoad: async () => {
    if (isAuthenticated()) throw redirect({ href: await resolveDefaultPage(), replace: true });
  },
}).lazy(() => import('./routes/login.lazy').then((m) => m.Route));

/** The external users' login: the same form, no shell (spec section 2 hides it there). */
const externalLoginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/external-login',
  beforeLoad: async () => {
    if (isAuthenticated()) throw redirect({ href: await resolveDefaultPage(), replace: true });
  },
}).lazy(() => import('./routes/external-login.lazy').then((m) => m.Route));

/** Kept path (spec section 2): where the SSO callback lands; public, outside the shell. */
const ssoRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/sso',
}).lazy(() => import('./routes/sso.lazy').then((m) => m.Route));

/** "If a resetPassword navigation fails, go to dashboard when authenticated, else login." */
function ResetPasswordFallback() {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate({ to: isAuthenticated() ? DEFAULT_PAGE : LOGIN_PATH, replace: true });
  }, [navigate]);
  return null;
}

const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/resetPassword',
  errorComponent: ResetPasswordFallback,
}).lazy(() => import('./routes/public-notice.lazy').then((m) => m.resetPasswordRoute));

const viewerThirdPartyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/viewerThirdParty/$token',
}).lazy(() => import('./routes/viewer-third-party.lazy').then((m) => m.Route));

/** An upload-only link's public page (the data-sharing area's part), no shell and no login. */
const dsaDropRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/dsaDrop/$token',
}).lazy(() => import('./routes/dsa-drop.lazy').then((m) => m.Route));

/** The terms of use and privacy notice, readable before signing in (linked from the login page). */
const termsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/terms',
  loader: () => i18n.loadNamespaces(['tc']),
}).lazy(() => import('./routes/terms.lazy').then((m) => m.Route));

/**
 * Pathless layout: the shell, for authenticated users only. The modules' starts (./modules.ts)
 * run after its first screen (lib/module-starts.ts).
 */
const authenticatedRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: '_authenticated', // AUTHENTICATED_ROUTE_ID (paths.ts) names its matches
  beforeLoad: () => {
    if (!isAuthenticated()) throw redirect({ to: LOGIN_PATH, replace: true });
  },
  loader: ({ context }) => {
    // The toolbar shows the district name; start fetching it with the layout's chunk.
    void context.queryClient.prefetchQuery(districtQueryOptions());
  },
}).lazy(() => import('./routes/authenticated.lazy').then((m) => m.Route));

const dashboardRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/dashboard',
}).lazy(() => import('./routes/dashboard.lazy').then((m) => m.Route));

const meRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/me',
  beforeLoad: ({ location }) => {
    if (location.pathname.replace(/\/$/, '') === '/me') throw redirect({ to: '/me/meInfos', replace: true });
  },
});

const meInfosRoute = createRoute({
  getParentRoute: () => meRoute,
  path: '/meInfos',
}).lazy(() => import('./routes/profile.lazy').then((m) => m.Route));

const calendarRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/calendar',
  validateSearch: validateCalendarSearch,
  loader: () => i18n.loadNamespaces(['calendar']),
}).lazy(() => import('./routes/calendar.lazy').then((m) => m.Route));

const helpRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/help',
}).lazy(() => import('./routes/help.lazy').then((m) => m.Route));

const emergencyOutboxRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/emergency/outbox',
  beforeLoad: () => requireFeatures(['emergency']),
}).lazy(() => import('./routes/emergency-outbox.lazy').then((m) => m.Route));

const adminDistrictManagementRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/admin/districtManagement',
  beforeLoad: () => requireFeatures(['admin']),
}).lazy(() => import('./routes/admin-district-management.lazy').then((m) => m.Route));

const adminSimpleDistrictManagementRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/admin/simpleDistrictManagement',
  beforeLoad: () => requireFeatures(['admin']),
}).lazy(() => import('./routes/admin-simple-district-management.lazy').then((m) => m.Route));

const adminUserManagementRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/admin/userManagement',
  beforeLoad: () => requireFeatures(['admin']),
}).lazy(() => import('./routes/admin-user-management.lazy').then((m) => m.Route));

const operatorClientManagementRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/opteamum/clientManagement',
  beforeLoad: () => requireFeatures(['operatorAdmin']),
}).lazy(() => import('./routes/opteamum-client-management.lazy').then((m) => m.Route));

/** The admin and opteamum prefixes by themselves: their menu entry's page (spec section 2). */
const adminIndexRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/admin',
  beforeLoad: () => {
    requireFeatures(['admin']);
    throw redirect({ to: '/admin/userManagement', replace: true });
  },
});

const operatorIndexRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/opteamum',
  beforeLoad: () => {
    requireFeatures(['operatorAdmin']);
    throw redirect({ to: '/opteamum/clientManagement', replace: true });
  },
});

const unknownRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '$',
  beforeLoad: async ({ location }) => {
    showNotFound();
    const target = await landingPage();
    // A default page the app does not know would loop back here.
    const known = target.split(/[?#]/)[0] !== location.pathname;
    throw redirect({ href: known ? target : DEFAULT_PAGE, replace: true });
  },
});

/**
 * The route table, built on first use rather than when this file is evaluated: with the
 * modules' subtrees it is a few hundred routes, about 10 ms of a phone's main thread that
 * lengthened the entry's evaluation, the start's first task after the first paint. The shell's
 * start builds it in a task of its own (main.tsx).
 * `screens`: the route subtrees of the modules whose manifest says `screens: true`, by manifest
 * id, from the descriptors of ./modules.ts (route definitions only: their pages load with their
 * routes). Typed per module, so the route tree keeps its typed paths and params; the manifests'
 * test checks this table against the manifests.
 */
function buildRouteTree() {
  const screens = screenModuleRoutes(authenticatedRoute);
  const tree = rootRoute.addChildren([
    indexRoute,
    homeRoute,
    loginRoute,
    externalLoginRoute,
    ssoRoute,
    resetPasswordRoute,
    viewerThirdPartyRoute,
    dsaDropRoute,
    termsRoute,
    authenticatedRoute.addChildren([
      dashboardRoute,
      meRoute.addChildren([meInfosRoute]),
      calendarRoute,
      helpRoute,
      emergencyOutboxRoute,
      adminDistrictManagementRoute,
      adminSimpleDistrictManagementRoute,
      adminUserManagementRoute,
      operatorClientManagementRoute,
      adminIndexRoute,
      operatorIndexRoute,
      ...Object.values(screens),
    ]),
    unknownRoute,
  ]);
  return { screens, tree };
}

let builtRouteTree: ReturnType<typeof buildRouteTree> | undefined;

export const appRouteTree = () => (builtRouteTree ??= buildRouteTree());

export function createAppRouter({ queryClient, history }: { queryClient: QueryClient; history?: RouterHistory }) {
  let restored: Promise<void> | undefined;
  return createRouter({
    routeTree: appRouteTree().tree,
    history,
    context: { queryClient, sessionReady: () => (restored ??= restoreSession()) },
    defaultErrorComponent: RouteError,
    scrollRestoration: false,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
