/**
 * The toast host and the update prompt, loaded the first time they have something to show:
 * Ionic's toast (with its icons and overlay code) and button are not on the first screen's
 * path, which then loads less JavaScript (DESIGN.md "Budgets"). Once loaded they stay mounted,
 * so a toast's dismissal and a later update are handled as before. Toasts raised meanwhile
 * wait in lib/toast.ts's queue. In the shell (not on the login page, which stays free of Ionic
 * code), the toast host's code is fetched and mounted at the first idle moment, so a toast
 * raised later (an alert queued offline) shows at once, network or not.
 */
import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { useLatch } from '../hooks/use-latch';
import { usePendingUpdate } from '../lib/sw-bridge';
import { whenIdle } from '../lib/when-idle';
import { useToasts } from '../lib/toast';

const loadToastHost = () => import('../components/ToastHost');
/**
 * The host's code, fetched again once the connection is back if it could not be fetched (offline
 * before it was cached): a toast waits in the queue meanwhile, and the page never falls into its
 * error screen for a background part.
 */
const loadToastHostWhenOnline = (): ReturnType<typeof loadToastHost> =>
  loadToastHost().catch(
    () =>
      new Promise((resolve) => {
        window.addEventListener('online', () => resolve(loadToastHostWhenOnline()), { once: true });
      }),
  );
const LazyToastHost = lazy(() => loadToastHostWhenOnline().then((m) => ({ default: m.ToastHost })));
/**
 * At the first idle moment after start (at the latest this long after): the first screen has
 * painted, and a toast raised soon after (an alert confirmed right away) finds the host mounted.
 * Mounting it at the toast instead would cost React's Suspense reveal delay (about 300 ms).
 */
const TOAST_HOST_PRELOAD_MAX_MS = 1000;
const LazyUpdatePrompt = lazy(() => import('../components/UpdatePrompt').then((m) => ({ default: m.UpdatePrompt })));

let toastHostPreloaded = false;
const preloadListeners = new Set<() => void>();

/** The shell's hook: fetch and mount the toast host at the first idle moment. */
export function usePreloadedToastHost(): void {
  useEffect(
    () =>
      whenIdle(() => {
        void loadToastHost().then(() => {
          toastHostPreloaded = true;
          for (const listener of preloadListeners) listener();
        }, () => undefined);
      }, TOAST_HOST_PRELOAD_MAX_MS),
    [],
  );
}

const subscribePreload = (listener: () => void) => {
  preloadListeners.add(listener);
  return () => preloadListeners.delete(listener);
};

export function ToastHost() {
  const preloaded = useSyncExternalStore(subscribePreload, () => toastHostPreloaded);
  const needed = useLatch(useToasts().length > 0 || preloaded);
  return needed ? (
    <Suspense fallback={null}>
      <LazyToastHost />
    </Suspense>
  ) : null;
}

export function UpdatePrompt() {
  const needed = useLatch(usePendingUpdate() !== null);
  return needed ? (
    <Suspense fallback={null}>
      <LazyUpdatePrompt />
    </Suspense>
  ) : null;
}
