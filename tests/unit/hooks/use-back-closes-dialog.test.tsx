import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createBrowserHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useBackClosesDialog } from '../../../src/hooks/use-back-closes-dialog';

// The phone's drawer closing as the dialog it offers opens ("Change district"): two dialogs of
// the hook, one closing (its back() is asynchronous in a browser) as the next one opens.
function DrawerAndDialog() {
  const [drawer, setDrawer] = useState(true);
  const [dialog, setDialog] = useState(false);
  useBackClosesDialog(drawer, () => setDrawer(false));
  useBackClosesDialog(dialog, () => setDialog(false));
  return (
    <>
      <p>drawer {drawer ? 'open' : 'closed'}</p>
      <p>dialog {dialog ? 'open' : 'closed'}</p>
      <button onClick={() => setDrawer(false)}>close the drawer</button>
      <button onClick={() => setDialog(true)}>open the dialog</button>
    </>
  );
}

function renderWithBrowserHistory() {
  window.history.replaceState(null, '', '/dashboard');
  const router = createRouter({ routeTree: createRootRoute({ component: DrawerAndDialog }), history: createBrowserHistory() });
  render(<RouterProvider router={router} />);
  return router;
}

describe('useBackClosesDialog', () => {
  it('a dialog opened while the previous one is closing stays open, and back then closes it on the same page', async () => {
    const router = renderWithBrowserHistory();
    expect(await screen.findByText('drawer open')).toBeInTheDocument();
    const dialogMarker = () => (window.history.state as Record<string, unknown> | null)?.vigieDialog;
    await waitFor(() => expect(dialogMarker()).toBeDefined());
    const drawerMarker = dialogMarker();
    const before = window.history.length;

    // Two commits in a row, before the browser has carried out the drawer's back().
    // (act flushes a synchronous callback's work before it returns; its thenable is not needed.)
    void act(() => fireEvent.click(screen.getByText('close the drawer')));
    void act(() => fireEvent.click(screen.getByText('open the dialog')));

    // The dialog's own entry is on top once the drawer's back() has landed.
    await waitFor(() => expect(dialogMarker()).not.toBe(drawerMarker));
    expect(dialogMarker()).toBeDefined();
    expect(screen.getByText('drawer closed')).toBeInTheDocument();
    expect(screen.getByText('dialog open')).toBeInTheDocument();
    // The drawer's entry was taken off before the dialog's went on: one dialog entry, not two.
    expect(window.history.length).toBe(before);

    act(() => router.history.back());
    expect(await screen.findByText('dialog closed')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
