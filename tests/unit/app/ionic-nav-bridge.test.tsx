import { IonItem, IonLabel, useIonRouter } from '@ionic/react';
import { screen, render, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { IonicNavBridge } from '../../../src/app/ionic/IonicNavBridge';

function PushButton() {
  const ionRouter = useIonRouter();
  return (
    <button type="button" onClick={() => ionRouter.push('/second')}>
      push
    </button>
  );
}

function renderWithBridge() {
  const root = createRootRoute({
    component: () => (
      <IonicNavBridge>
        <Outlet />
      </IonicNavBridge>
    ),
  });
  const first = createRoute({
    getParentRoute: () => root,
    path: '/first',
    component: () => (
      <>
        <h1>First</h1>
        <IonItem routerLink="/second">
          <IonLabel>Go to second</IonLabel>
        </IonItem>
        <PushButton />
      </>
    ),
  });
  const second = createRoute({ getParentRoute: () => root, path: '/second', component: () => <h1>Second</h1> });
  const router = createRouter({
    routeTree: root.addChildren([first, second]),
    history: createMemoryHistory({ initialEntries: ['/first'] }),
  });
  render(<RouterProvider router={router} />);
  return { router, user: userEvent.setup() };
}

describe('Ionic navigation through the router', () => {
  it('an Ionic routerLink changes the page through the router, without loading a document', async () => {
    const { router, user } = renderWithBridge();
    const before = window.location.href;
    await user.click(await screen.findByText('Go to second'));
    expect(await screen.findByRole('heading', { name: 'Second' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/second');
    expect(window.location.href).toBe(before);
  });

  it('useIonRouter().push goes through the router too', async () => {
    const { router, user } = renderWithBridge();
    await user.click(await screen.findByText('push'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/second'));
  });
});
