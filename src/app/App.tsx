/**
 * The providers: the read cache (restored and saved by main.tsx, app/query-client.ts
 * persistQueryCache, before this mounts), then the router (which renders RootLayout and the
 * pages).
 */
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import type { AppRouter } from './router';

interface AppProps {
  router: AppRouter;
  queryClient: QueryClient;
}

export function App({ router, queryClient }: AppProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
