import { http, HttpResponse } from 'msw';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BACK_TO_TOP_THRESHOLD_PX } from '../../../../common/constants';
import { getToasts } from '../../../../src/lib/toast';
import { getRights, getSessionEmail, getSsoCookie, getTempId, getToken } from '../../../../src/lib/storage';
import { DEMO_DISTRICT, makeEnvelope } from '../../../../src/testing/fixtures';
import { api } from '../../../../src/testing/handlers';
import { renderApp } from '../../../../src/testing/render-app';
import { server } from '../../../../src/testing/server';
import { seedSession } from '../../../../src/testing/session';

async function openDashboard() {
  seedSession();
  const app = renderApp('/dashboard');
  // The first render loads the page chunks (cold transforms in the test runner).
  await screen.findByRole('heading', { name: 'Dashboard', level: 1 }, { timeout: 5000 });
  return app;
}

const disconnectButton = () => screen.findByRole('button', { name: 'Disconnect' });
const dialogTitle = () => screen.queryByRole('heading', { name: 'Leave Vigie?' });

describe('the shell', () => {
  it('shows the product name and the district name in the toolbar', async () => {
    await openDashboard();
    expect(screen.getByTestId('toolbar-product')).toHaveTextContent('Vigie');
    await waitFor(() => expect(screen.getByTestId('toolbar-district')).toHaveTextContent(DEMO_DISTRICT.name));
  });

  it('is absent from the login page', async () => {
    renderApp('/login');
    await screen.findByLabelText('Email');
    expect(screen.queryByTestId('toolbar-product')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  // On a phone (jsdom's width) the drawer comes after the first paint, its entries at idle.
  it('has a side menu with the dashboard and a way out', async () => {
    await openDashboard();
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(await within(menu).findByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(within(menu).getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  });

  it('marks the menu entry of the current page', async () => {
    await openDashboard();
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(await within(menu).findByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  });

  it('a menu entry goes to its page inside the app', async () => {
    const { user, pathname } = await openDashboard();
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    await user.click(await within(menu).findByRole('link', { name: 'Notifications' }));
    await waitFor(() => expect(pathname()).toBe('/notifications/notificationsView'));
    expect(within(menu).getByRole('link', { name: 'Notifications' })).toHaveAttribute('aria-current', 'page');
    expect(within(menu).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  });

  // jsdom's width is a phone's: the tab bar is there, after the first paint.
  it('the tab bar marks the current section and goes to another inside the app', async () => {
    const { user, pathname } = await openDashboard();
    const tabs = await screen.findByRole('navigation', { name: 'Main sections' });
    expect(within(tabs).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    await user.click(within(tabs).getByRole('link', { name: 'Profile' }));
    await waitFor(() => expect(pathname()).toBe('/me/meInfos'));
    expect(within(tabs).getByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page');
    expect(within(tabs).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  });

  it('a ctrl-click on a toolbar link is left to the browser (a new tab), the page stays', async () => {
    const { pathname } = await openDashboard();
    const calendar = await screen.findByRole('link', { name: /– Calendar$/ });
    expect(calendar).toHaveAttribute('href', '/calendar');
    // fireEvent returns false when a handler prevented the browser's default action.
    expect(fireEvent.click(calendar, { ctrlKey: true })).toBe(true);
    expect(pathname()).toBe('/dashboard');
    expect(fireEvent.click(calendar)).toBe(false);
    await waitFor(() => expect(pathname()).toBe('/calendar'));
  });
});

describe('back to top (spec section 4)', () => {
  it('appears past the threshold of scroll, scrolls the page to the top, and goes back near the top', async () => {
    const { user } = await openDashboard();
    const content = document.querySelector('ion-content') as HTMLIonContentElement;
    const scrollToTop = vi.fn(() => Promise.resolve());
    content.scrollToTop = scrollToTop;
    const scrollTo = (scrollTop: number) => fireEvent(content, new CustomEvent('ionScroll', { detail: { scrollTop } }));
    // jsdom has no shadow DOM button inside ion-fab-button: found by its label.
    scrollTo(BACK_TO_TOP_THRESHOLD_PX);
    expect(screen.queryByLabelText('Back to top')).not.toBeInTheDocument();
    scrollTo(BACK_TO_TOP_THRESHOLD_PX + 1);
    await user.click(await screen.findByLabelText('Back to top'));
    expect(scrollToTop).toHaveBeenCalledWith(300);
    scrollTo(0);
    await waitFor(() => expect(screen.queryByLabelText('Back to top')).not.toBeInTheDocument());
  });
});

describe('disconnecting', () => {
  it('asks for confirmation; Logout tells the server, clears the session and shows the login page', async () => {
    let logoutCalls = 0;
    let logoutAuthorization: string | null = null;
    server.use(
      http.post(api('auth/logout'), ({ request }) => {
        logoutCalls += 1;
        logoutAuthorization = request.headers.get('authorization');
        return HttpResponse.json(makeEnvelope(null, { rights: [], districtModules: [] }));
      }),
    );
    const { user, pathname, queryClient } = await openDashboard();
    await waitFor(() => expect(queryClient.getQueryData(['auth', 'district'])).toBeDefined());

    await user.click(await disconnectButton());
    expect(await screen.findByRole('heading', { name: 'Leave Vigie?' })).toBeInTheDocument();
    expect(screen.getByText('Do you really want to disconnect? You will need to log in again.')).toBeInTheDocument();
    await user.click(screen.getByText('Logout'));

    expect(await screen.findByLabelText('Email')).toBeInTheDocument();
    expect(pathname()).toBe('/login');
    expect(logoutCalls).toBe(1);
    expect(logoutAuthorization).toMatch(/^Bearer /);
    expect(getToken()).toBeNull();
    expect(getSessionEmail()).toBeNull();
    expect(getTempId()).toBeNull();
    expect(getRights()).toEqual([]);
    expect(getSsoCookie()).toBeNull();
    expect(queryClient.getQueryData(['auth', 'district'])).toBeUndefined();
  });

  it('logs out locally even when the server cannot be reached', async () => {
    server.use(http.post(api('auth/logout'), () => HttpResponse.error()));
    const { user, pathname } = await openDashboard();
    await user.click(await disconnectButton());
    await user.click(await screen.findByText('Logout'));
    expect(await screen.findByLabelText('Email')).toBeInTheDocument();
    expect(pathname()).toBe('/login');
    expect(getToken()).toBeNull();
  });

  it('with an already expired session, logs out without a session-expired warning', async () => {
    server.use(http.post(api('auth/logout'), () => HttpResponse.json({ message: 'token_expired', logout: true }, { status: 401 })));
    const { user, pathname } = await openDashboard();
    await user.click(await disconnectButton());
    await user.click(await screen.findByText('Logout'));
    expect(await screen.findByLabelText('Email')).toBeInTheDocument();
    expect(pathname()).toBe('/login');
    expect(getToasts()).toEqual([]);
  });

  it('Cancel keeps the session and the page', async () => {
    const { user, pathname } = await openDashboard();
    await user.click(await disconnectButton());
    await screen.findByRole('heading', { name: 'Leave Vigie?' });
    await user.click(screen.getByText('Cancel'));
    await waitFor(() => expect(dialogTitle()).not.toBeInTheDocument());
    expect(pathname()).toBe('/dashboard');
    expect(getToken()).not.toBeNull();
    expect(screen.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
  });

  it('the side menu entry opens the same confirmation', async () => {
    const { user } = await openDashboard();
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    await user.click(await within(menu).findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Leave Vigie?' })).toBeInTheDocument();
  });

  it('browser back closes the dialog and stays on the page', async () => {
    const { user, router, pathname } = await openDashboard();
    await user.click(await disconnectButton());
    await screen.findByRole('heading', { name: 'Leave Vigie?' });
    router.history.back();
    await waitFor(() => expect(dialogTitle()).not.toBeInTheDocument());
    expect(pathname()).toBe('/dashboard');
    expect(getToken()).not.toBeNull();
  });

  it('closing with Cancel takes the dialog back out of the history', async () => {
    const { user, router } = await openDashboard();
    const before = router.history.length;
    await user.click(await disconnectButton());
    await screen.findByRole('heading', { name: 'Leave Vigie?' });
    expect(router.history.length).toBe(before + 1);
    await user.click(screen.getByText('Cancel'));
    await waitFor(() => expect(dialogTitle()).not.toBeInTheDocument());
    await waitFor(() => expect(router.history.location.state).not.toHaveProperty('vigieDialog'));
  });
});
