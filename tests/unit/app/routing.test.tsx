import { http, HttpResponse } from 'msw';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryHistory } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { App } from '../../../src/app/App';
import { createQueryClient } from '../../../src/app/query-client';
import { createAppRouter } from '../../../src/app/router';
import { getClientIp } from '../../../src/lib/session';
import { getToasts } from '../../../src/lib/toast';
import { getSessionDistrictId, getSessionEmail, getTempId, getToken } from '../../../src/lib/storage';
import { DEMO_DISTRICT, DEMO_USER, makeAccessToken, makeEnvelope } from '../../../src/testing/fixtures';
import { api } from '../../../src/testing/handlers';
import { renderApp } from '../../../src/testing/render-app';
import { server } from '../../../src/testing/server';
import { seedSession } from '../../../src/testing/session';

// The first render loads the page chunks (cold transforms in the test runner).
const LOAD = { timeout: 5000 };
const loginHeading = () => screen.findByRole('heading', { name: 'Sign in' }, LOAD);
const dashboardHeading = () => screen.findByRole('heading', { name: 'Dashboard', level: 1 }, LOAD);

describe('routing rules', () => {
  it('sends an anonymous visitor of / to the login page', async () => {
    const app = renderApp('/');
    expect(await loginHeading()).toBeInTheDocument();
    expect(app.pathname()).toBe('/login');
  });

  it('sends an authenticated user of / to their default page', async () => {
    seedSession();
    server.use(http.get(api('auth/defaultPage'), () => HttpResponse.json(makeEnvelope({ defaultPage: '/dashboard' }))));
    const app = renderApp('/');
    expect(await dashboardHeading()).toBeInTheDocument();
    expect(app.pathname()).toBe('/dashboard');
  });

  it('falls back to /dashboard when the default page cannot be fetched', async () => {
    seedSession();
    server.use(http.get(api('auth/defaultPage'), () => HttpResponse.error()));
    const app = renderApp('/');
    expect(await dashboardHeading()).toBeInTheDocument();
    expect(app.pathname()).toBe('/dashboard');
  });

  it('redirects /home to the login page', async () => {
    const app = renderApp('/home');
    expect(await loginHeading()).toBeInTheDocument();
    expect(app.pathname()).toBe('/login');
  });

  it('sends an authenticated user away from /login to the default page', async () => {
    seedSession();
    const app = renderApp('/login');
    expect(await dashboardHeading()).toBeInTheDocument();
    expect(app.pathname()).toBe('/dashboard');
  });

  it('guards the authenticated pages: no session, login page', async () => {
    const app = renderApp('/dashboard');
    expect(await loginHeading()).toBeInTheDocument();
    expect(app.pathname()).toBe('/login');
  });

  it('sends an unknown address to the default page, or to login without a session', async () => {
    const anonymous = renderApp('/no/such/page');
    expect(await loginHeading()).toBeInTheDocument();
    expect(anonymous.pathname()).toBe('/login');
    anonymous.unmount();

    seedSession();
    const authenticated = renderApp('/no/such/page');
    expect(await dashboardHeading()).toBeInTheDocument();
    expect(authenticated.pathname()).toBe('/dashboard');
  });
});

describe('session restore in a new tab', () => {
  it('keeps the user logged in from the stored token and refills the tab keys from its claims', async () => {
    seedSession({ storeOnlyToken: true });
    const app = renderApp('/dashboard');
    expect(await dashboardHeading()).toBeInTheDocument();
    expect(app.pathname()).toBe('/dashboard');
    expect(getSessionEmail()).toBe(DEMO_USER.email);
    expect(getSessionDistrictId()).toBe(DEMO_DISTRICT._id);
    expect(getTempId()).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('asks for the client IP, kept for the X-Client-IP header of later requests', async () => {
    seedSession({ storeOnlyToken: true });
    renderApp('/dashboard');
    expect(await dashboardHeading()).toBeInTheDocument();
    await waitFor(() => expect(getClientIp()).toBe('203.0.113.7'));
  });

  it('refreshes an expired token once and stays logged in', async () => {
    const expired = seedSession({ storeOnlyToken: true, token: makeAccessToken({ expiresInSeconds: -60 }) });
    let refreshCalls = 0;
    server.use(
      http.post(api('auth/refresh'), () => {
        refreshCalls += 1;
        return HttpResponse.json(makeEnvelope({ token: makeAccessToken(), expiresAt: new Date().toISOString() }));
      }),
    );
    renderApp('/dashboard');
    expect(await dashboardHeading()).toBeInTheDocument();
    expect(refreshCalls).toBe(1);
    expect(getToken()).not.toBe(expired);
  });

  it('logs out locally and shows the login page when the refresh is refused', async () => {
    seedSession({ storeOnlyToken: true, token: makeAccessToken({ expiresInSeconds: -60 }) });
    server.use(http.post(api('auth/refresh'), () => HttpResponse.json({ message: 'token_invalid' }, { status: 401 })));
    const app = renderApp('/dashboard');
    expect(await loginHeading()).toBeInTheDocument();
    expect(app.pathname()).toBe('/login');
    await waitFor(() => expect(getToken()).toBeNull());
    expect(localStorage.getItem('rights')).toBeNull();
    expect(getSessionEmail()).toBeNull();
  });
});

describe('a session ended by the requests of the start', () => {
  it('before the app mounts (main.tsx resolves the route first): the login page with the reason', async () => {
    seedSession();
    server.use(http.get(api('auth/district'), () => HttpResponse.json({ message: 'auth.account_disabled', logout: true }, { status: 403 })));
    // As main.tsx starts the app: the address's route and its loaders first, then React.
    const queryClient = createQueryClient({ retry: false });
    const router = createAppRouter({ queryClient, history: createMemoryHistory({ initialEntries: ['/dashboard'] }) });
    await router.load();
    await waitFor(() => expect(getToken()).toBeNull());

    render(<App router={router} queryClient={queryClient} />);
    expect(await loginHeading()).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(getToasts().map((toast) => toast.message)).toEqual(['This account is disabled. Contact your administrator.']);
  });
});
