/**
 * The toast host and the update prompt, loaded the first time they have something to show:
 * Ionic's toast (with its icons and overlay code) and button are not on the first screen's
 * path, which then loads less JavaScript (DESIGN.md "Budgets"). Once loaded they stay mounted,
 * so a toast's dismissal and a later update are handled as before. Toasts raised meanwhile
 * wait in lib/toast.ts's queue. The toast host's code is fetched once the first screen has
 * settled, so a toast raised later (an alert queued offline) shows at once, network or not.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { usePendingUpdate } from '../lib/sw-bridge';
import { useToasts } from '../lib/toast';

const loadToastHost = () => import('../components/ToastHost');
const LazyToastHost = lazy(() => loadToastHost().then((m) => ({ default: m.ToastHost })));
/** After first paint, before any toast: late enough not to compete with the first screen. */
const TOAST_HOST_PRELOAD_MS = 2000;
const LazyUpdatePrompt = lazy(() => import('../components/UpdatePrompt').then((m) => ({ default: m.UpdatePrompt })));

/** True from the first render where `wanted` is true. */
function useLatch(wanted: boolean): boolean {
  const [latched, setLatched] = useState(false);
  if (wanted && !latched) setLatched(true);
  return latched || wanted;
}

export function ToastHost() {
  const [preloaded, setPreloaded] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(
      () => void loadToastHost().then(() => setPreloaded(true), () => undefined),
      TOAST_HOST_PRELOAD_MS,
    );
    return () => window.clearTimeout(timer);
  }, []);
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
