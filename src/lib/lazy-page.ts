/**
 * A route's page loaded with its own chunk: TanStack Router's lazyRouteComponent, except when
 * the chunk cannot be fetched because the device is offline.
 *
 * lazyRouteComponent answers a chunk that failed to load with one reload of the page: right
 * after an app update (the old version's chunks are gone from the server), wrong offline. A
 * phone whose service worker has not finished its first install (the first minutes after a
 * first login, on a weak network) holds only the chunks it has opened; reloading it offline
 * leaves the app for the browser's own "no internet" page, and what the user was doing with it.
 * Here such a failure becomes a PageOfflineError instead: the route's error screen
 * (app/RouteError.tsx) says the screen needs the network once, and opens it when the
 * connection is back. With a service worker in control, or a server that answers, the chunk
 * is really missing (an update) and the reload stays: the worker or the server serves the new
 * version's files.
 */
import { lazyRouteComponent, type AsyncRouteComponent } from '@tanstack/react-router';
import { observedFetch, reportRequest } from './connectivity';

/** The page's chunk could not be fetched: the device is offline and holds no copy of it. */
export class PageOfflineError extends Error {
  constructor(options?: ErrorOptions) {
    super('page_offline', options);
    this.name = 'PageOfflineError';
  }
}

/**
 * Whether the server answers at all (any status): a failed chunk then is not the network's
 * doing. Told to the connection state either way, so the banner and the error screen follow.
 */
async function serverAnswers(): Promise<boolean> {
  if (!navigator.onLine) {
    reportRequest({ durationMs: 0 });
    return false;
  }
  try {
    await observedFetch('/', { method: 'HEAD', cache: 'no-store' });
    return true;
  } catch {
    return false;
  }
}

/** Rethrows a chunk's load failure, as a PageOfflineError when the device is offline without a copy of it. */
export async function explainLoadFailure(error: unknown): Promise<never> {
  const controlled = 'serviceWorker' in navigator && navigator.serviceWorker.controller !== null;
  if (!controlled && !(await serverAnswers())) throw new PageOfflineError({ cause: error });
  throw error;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as lazyRouteComponent's own signature: any page's props
export function lazyPage<T extends Record<string, any>, K extends keyof T = 'default'>(
  importer: () => Promise<T>,
  exportName?: K,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- lazyRouteComponent's own return type
): T[K] extends (props: infer P) => any ? AsyncRouteComponent<P> : never {
  return lazyRouteComponent(() => importer().catch(explainLoadFailure), exportName);
}

/**
 * A route's loader whose first read needs code kept out of the entry (a module's record kinds,
 * lib/record-kind.ts): `start` runs once `load` has brought that code, a small chunk fetched
 * beside the page's own. The loader does not wait for it, and a chunk that cannot be fetched
 * leaves the read to the page's query, which makes it when the page opens.
 */
export function prefetchWith<M>(load: () => Promise<M>, start: (loaded: M) => unknown): void {
  load().then(start, () => undefined);
}
