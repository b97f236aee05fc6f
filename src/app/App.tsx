/**
 * The providers: the read cache (persisted when a persister is given: the app, not the unit
 * tests; app/query-client.ts), then the router (which renders RootLayout and the pages).
 */
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { PersistQueryClientProvider, type Persister } from '@tanstack/react-query-persist-client';
import { RouterProvider } from '@tanstack/react-router';
import { PERSISTED_CACHE_BUSTER, PERSISTED_CACHE_MAX_AGE_MS } from './query-client';
import type { AppRouter } from './router';

interface AppProps {
  router: AppRouter;
  queryClient: QueryClient;
  persister?: Persister;
}

export function App({ router, queryClient, persister }: AppProps) {
  const routerView = <RouterProvider router={router} />;
  if (persister === undefined) return <QueryClientProvider client={queryClient}>{routerView}</QueryClientProvider>;
  return (
    <PersistQueryClientProvider
      client={queryClient}
      persistOptions={{ persister, maxAge: PERSISTED_CACHE_MAX_AGE_MS, buster: PERSISTED_CACHE_BUSTER }}
    >
      {routerView}
    </PersistQueryClientProvider>
  );
}
