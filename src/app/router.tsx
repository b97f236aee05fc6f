/**
 * The route tree (code-based). Each page is its own chunk: the route here holds only what
 * must run before rendering (guards, redirects, prefetch); the component comes from
 * ./routes/<name>.lazy.tsx. The login page never pulls the shell or the dashboard.
 *
 * Routing rules (spec section 2): /home → /login; / → the default page when authenticated,
 * else /login; /login when authenticated → the default page; the pathless `_authenticated`
 * layout guards every page of the shell; an unknown address → the default page or /login.
 */
import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  redirect,
  type RouterHistory,
} from '@tanstack/react-router';
import { DEFAULT_PAGE } from '../../common/constants';
import { resolveDefaultPage } from '../features/auth/api/get-default-page';
import { districtQueryOptions } from '../features/auth/api/get-district';
import { restoreSession } from '../features/auth/restore-session';
import { isAuthenticated } from '../lib/session';
import { RootLayout } from './RootLayout';
import { RouteError } from './RouteError';

export interface RouterContext {
  queryClient: QueryClient;
  /** Resolves once the session has been restored from storage (once per app start). */
  sessionReady: () => Promise<void>;
}

const LOGIN_PATH = '/login';

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

/** Pathless layout: the shell, for authenticated users only. */
const authenticatedRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: '_authenticated',
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

const unknownRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '$',
  beforeLoad: async ({ location }) => {
    // Issue 3: raise the 404 toast here (common errors.page_not_found, titled errors.title).
    const target = await landingPage();
    // A default page the app does not know (a module not built yet) would loop back here.
    const known = target.split(/[?#]/)[0] !== location.pathname;
    throw redirect({ href: known ? target : DEFAULT_PAGE, replace: true });
  },
});

export const routeTree = rootRoute.addChildren([
  indexRoute,
  homeRoute,
  loginRoute,
  authenticatedRoute.addChildren([dashboardRoute]),
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
