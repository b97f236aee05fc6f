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
 * The modules' routes follow their manifests (common/modules): a module with screens of its
 * own registers its subtree from src/features/<id>/routes.tsx (`moduleRoutes(parent)`, listed in
 * SCREEN_MODULE_ROUTES); every other module's prefix shows the landing page through one
 * placeholder route.
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
import { useEffect, type ComponentType } from 'react';
import { DEFAULT_PAGE } from '../../common/constants';
import { resolveDefaultPage } from '../features/auth/api/get-default-page';
import { districtQueryOptions } from '../features/auth/api/get-district';
import { restoreSession } from '../features/auth/restore-session';
import { moduleRoutes as actionPlansRoutes } from '../features/actionPlans/routes';
import { moduleRoutes as actionsV3Routes } from '../features/actionsV3/routes';
import { moduleRoutes as cartographyRoutes } from '../features/cartography/routes';
import { moduleRoutes as cartographyManagementRoutes } from '../features/cartographyManagement/routes';
import { validateCalendarSearch } from '../features/calendar/search';
import { moduleRoutes as declarationsRoutes } from '../features/declarations/routes';
import { moduleRoutes as questionnairesRoutes } from '../features/questionnaryV2/routes';
import { findModule, LANDING_MODULES } from '../features/modules/modules';
import { moduleRoutes as notificationsRoutes } from '../features/notifications/routes';
import { moduleRoutes as sitesRoutes } from '../features/sites/routes';
import { moduleRoutes as supplierRoutes } from '../features/supplier/routes';
import { moduleRoutes as contactV2Routes } from '../features/contactV2/routes';
import { i18n } from '../lib/i18n';
import { requireFeatures, showNotFound } from '../lib/route-guards';
import { isAuthenticated } from '../lib/session';
import { LOGIN_PATH } from './paths';
import { mapLinks } from './map-links';
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

/** Pathless layout: the shell, for authenticated users only. */
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

/**
 * Each module's page is a file of its own (routes/modules/<prefix>.lazy.tsx), so each prefix
 * loads its own chunk on demand; today they all show the shared landing page.
 */
export const MODULE_PAGES = import.meta.glob<{ default: ComponentType }>('./routes/modules/*.lazy.tsx');
export const modulePagePath = (prefix: string) => `./routes/modules/${prefix}.lazy.tsx`;

const MODULE_PREFIXES: ReadonlySet<string> = new Set(LANDING_MODULES.map((module) => module.prefix));

async function loadModulePage(prefix: string): Promise<ComponentType> {
  const load = MODULE_PAGES[modulePagePath(prefix)];
  if (load === undefined) throw new Error(`no page file for module ${prefix}`);
  return (await load()).default;
}

/**
 * The prefixes of the modules without screens of their own (modules/modules.ts), their
 * sub-views below them: one placeholder route for all. Its `$module` matches such a prefix only (params.parse answers false otherwise), so any other
 * address still falls through to the 404 route, logged in or not. One route instead of one per
 * prefix: building the router is a step of the start, and it costs per route.
 */
const moduleRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/$module/$',
  params: { parse: (raw) => (MODULE_PREFIXES.has(raw.module) && raw.module !== 'site' ? raw : false) },
  beforeLoad: async ({ location }) => {
    const found = findModule(location.pathname);
    const below = location.pathname.split('/').slice(2).join('/').replace(/\/$/, '');
    if (found === null || (below !== '' && found.view === undefined)) {
      showNotFound();
      throw redirect({ href: await landingPage(), replace: true });
    }
    requireFeatures(found.view?.features ?? found.module.features);
  },
  // The prefix's page code, loaded with the route (as a lazy route's would be): the page
  // renders at once, without a suspended first render.
  loader: ({ params }) => loadModulePage(params.module),
  component: function ModulePage() {
    const Page = moduleRoute.useLoaderData();
    return <Page />;
  },
});

/**
 * The route subtrees of the modules whose manifest says `screens: true`, one per module, from
 * src/features/<id>/routes.tsx (route definitions only: their pages load with their routes).
 * Imported by name rather than globbed so the route tree keeps its types (typed paths and
 * params); the manifests' test checks this table against the manifests.
 */
export const SCREEN_MODULE_ROUTES = {
  notifications: notificationsRoutes(authenticatedRoute),
  sites: sitesRoutes(authenticatedRoute),
  declarations: declarationsRoutes(authenticatedRoute),
  questionnaryV2: questionnairesRoutes(authenticatedRoute),
  actionPlans: actionPlansRoutes(authenticatedRoute),
  actionsV3: actionsV3Routes(authenticatedRoute),
  cartography: cartographyRoutes(authenticatedRoute, mapLinks),
  cartographyManagement: cartographyManagementRoutes(authenticatedRoute, mapLinks),
  supplier: supplierRoutes(authenticatedRoute),
  contactV2: contactV2Routes(authenticatedRoute),
};

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

export const routeTree = rootRoute.addChildren([
  indexRoute,
  homeRoute,
  loginRoute,
  externalLoginRoute,
  ssoRoute,
  resetPasswordRoute,
  viewerThirdPartyRoute,
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
    moduleRoute,
    SCREEN_MODULE_ROUTES.notifications,
    SCREEN_MODULE_ROUTES.sites,
    SCREEN_MODULE_ROUTES.declarations,
    SCREEN_MODULE_ROUTES.questionnaryV2,
    SCREEN_MODULE_ROUTES.actionPlans,
    SCREEN_MODULE_ROUTES.actionsV3,
    SCREEN_MODULE_ROUTES.cartography,
    SCREEN_MODULE_ROUTES.cartographyManagement,
    SCREEN_MODULE_ROUTES.supplier,
    SCREEN_MODULE_ROUTES.contactV2,
  ]),
  unknownRoute,
]);

export function createAppRouter({ queryClient, history }: { queryClient: QueryClient; history?: RouterHistory }) {
  let restored: Promise<void> | undefined;
  return createRouter({
    routeTree,
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
