/**
 * Ionic without @ionic/react-router: Ionic's default navigation context sets
 * window.location.pathname, so every routerLink would reload the page. This provider routes
 * Ionic's navigate / goBack / changeTab / resetTab (and useIonRouter) to TanStack's
 * router.navigate, with routeInfo from the current location.
 *
 * hasIonicRouter() stays false: pages are plain `.ion-page` elements without Ionic's stack
 * manager. IonBackButton therefore falls back to a full load of its defaultHref; use a
 * button calling router.history.back() instead.
 */
import {
  IonRouterContext,
  NavContext,
  type IonRouterContextState,
  type NavContextState,
  type RouteInfo,
} from '@ionic/react';
import { useRouter, useRouterState } from '@tanstack/react-router';
import { useMemo, type ReactNode } from 'react';

export function IonicNavBridge({ children }: { children: ReactNode }) {
  const router = useRouter();
  const location = useRouterState({ select: (state) => state.location });

  const routeInfo = useMemo<RouteInfo>(
    () => ({ id: location.href, pathname: location.pathname, search: location.searchStr }),
    [location.href, location.pathname, location.searchStr],
  );

  const navContext = useMemo<NavContextState>(() => {
    const go = (href: string, replace = false) => void router.navigate({ href, replace });
    return {
      getIonRoute: () => undefined,
      getStackManager: () => undefined,
      goBack: (route) => {
        if (typeof route === 'string') go(route);
        else if (route !== undefined) go(route.pathname + route.search);
        else router.history.back();
      },
      navigate: (path, _direction, action) => go(path, action === 'replace'),
      hasIonicRouter: () => false,
      routeInfo,
      setCurrentTab: () => undefined,
      changeTab: (_tab, path) => go(path),
      resetTab: (_tab, path) => go(path),
    };
  }, [router, routeInfo]);

  const ionRouter = useMemo<IonRouterContextState>(
    () => ({
      routeInfo,
      push: (pathname, _direction, action) => void router.navigate({ href: pathname, replace: action === 'replace' }),
      back: () => router.history.back(),
      navigateRoot: (pathname) => void router.navigate({ href: pathname, replace: true }),
      canGoBack: () => router.history.canGoBack(),
      nativeBack: () => router.history.back(),
    }),
    [router, routeInfo],
  );

  return (
    <NavContext.Provider value={navContext}>
      <IonRouterContext.Provider value={ionRouter}>{children}</IonRouterContext.Provider>
    </NavContext.Provider>
  );
}
