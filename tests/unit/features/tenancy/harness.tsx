/** Renders one tenancy dialog, open, inside a router and a query cache, as the shell would host it. */
import { IonApp } from '@ionic/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { useState, type ComponentType } from 'react';
import { createQueryClient } from '../../../../src/app/query-client';

type DialogComponent = ComponentType<{ isOpen: boolean; onDismiss: (changed: boolean) => void }>;

export function renderDialog(Dialog: DialogComponent, url = '/dashboard') {
  const results: boolean[] = [];
  function Host() {
    const [isOpen, setOpen] = useState(true);
    return (
      <Dialog
        isOpen={isOpen}
        onDismiss={(changed) => {
          results.push(changed);
          setOpen(false);
        }}
      />
    );
  }
  const rootRoute = createRootRoute({
    component: () => (
      <IonApp>
        <Outlet />
        <Host />
      </IonApp>
    ),
  });
  const page = (path: string) => createRoute({ getParentRoute: () => rootRoute, path, component: () => <p>page {path}</p> });
  const routeTree = rootRoute.addChildren([
    page('/dashboard'),
    page('/admin/districtManagement'),
    page('/admin/simpleDistrictManagement'),
  ]);
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: [url] }) });
  const queryClient = createQueryClient({ retry: false });
  const user = userEvent.setup();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, user, router, queryClient, results, pathname: () => router.state.location.pathname };
}
