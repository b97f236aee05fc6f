/**
 * A part of a screen that is not in its first frame (a menu built at its first opening, a
 * button shown after scrolling): its code leaves the screen's chunks, so the start downloads
 * and evaluates less, and `preload()` fetches it ahead, at an idle moment (lib/when-idle.ts).
 *
 * Unlike React.lazy, a preloaded part renders at once, without suspending (React would show the
 * fallback and hold the reveal for some 300 ms). Before its code is there, the part suspends
 * (wrap it in <Suspense>); if the code cannot be loaded (offline before the service worker holds
 * it), the part renders nothing until `preload()` is called again (its opener does, at each
 * opening).
 */
import { createElement, use, type ComponentType, type ReactElement } from 'react';

export interface LazyPart<P extends object> {
  (props: P): ReactElement | null;
  /** Fetch and evaluate the part's code; never rejects. */
  preload: () => Promise<void>;
}

export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>): LazyPart<P> {
  let component: ComponentType<P> | undefined;
  let attempt: Promise<void> | undefined;
  let failed = false;
  const preload = () => {
    if (attempt === undefined || failed) {
      failed = false;
      const next = load().then(
        (loaded) => {
          component = loaded;
        },
        () => {
          failed = true;
        },
      );
      // Settled, it carries the fields React's use() reads to return at once, without suspending.
      void next.then(() => Object.assign(next, { status: 'fulfilled', value: undefined }));
      attempt = next;
    }
    return attempt;
  };
  const Part = (props: P) => {
    // Every render reads the same attempt (React wants the same use() calls after a suspension):
    // settled, it reads at once; failed, the part is empty until preload() tries again.
    use(attempt ?? preload());
    return component === undefined ? null : createElement(component, props);
  };
  Part.preload = preload;
  return Part;
}
