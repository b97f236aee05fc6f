import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEMO_DISTRICT, makeEnvelope } from '../../../../src/testing/fixtures';
import { api } from '../../../../src/testing/handlers';
import { renderApp } from '../../../../src/testing/render-app';
import { server } from '../../../../src/testing/server';
import { seedSession } from '../../../../src/testing/session';

// The first render loads the page chunks (cold transforms in the test runner).
const LOAD = { timeout: 5000 };

describe('the dashboard', () => {
  it('shows the district, its client, the district modules and the unread notifications', async () => {
    seedSession();
    server.use(
      http.get(api('auth/district'), () =>
        HttpResponse.json(
          makeEnvelope(DEMO_DISTRICT, {
            districtModules: [{ name: 'sites' }, { name: 'cartography' }, { name: 'brandNewModule' }],
            unreadNotificationsNumber: 5,
          }),
        ),
      ),
    );
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 }, LOAD)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('dashboard-district')).toHaveTextContent(DEMO_DISTRICT.name));
    expect(screen.getByTestId('dashboard-client')).toHaveTextContent(DEMO_DISTRICT.client.name);
    expect(await screen.findByText('brandNewModule')).toBeInTheDocument();
    const modules = screen.getByTestId('dashboard-modules');
    expect(within(modules).getByText('Sites')).toBeInTheDocument();
    expect(within(modules).getByText('Cartography')).toBeInTheDocument();
    expect(screen.getByTestId('dashboard-unread')).toHaveTextContent('5');
  });

  it('says when the district cannot be loaded', async () => {
    seedSession();
    server.use(http.get(api('auth/district'), () => HttpResponse.json({ message: 'internal_error' }, { status: 500 })));
    renderApp('/dashboard');
    await waitFor(() => expect(screen.getByTestId('dashboard-district')).toHaveTextContent('Unavailable'), LOAD);
  });

  it('says when the district has no module', async () => {
    seedSession();
    server.use(http.get(api('auth/district'), () => HttpResponse.json(makeEnvelope(DEMO_DISTRICT, { districtModules: [] }))));
    renderApp('/dashboard');
    expect(await screen.findByText('No module is enabled for this district.', {}, LOAD)).toBeInTheDocument();
  });
});
