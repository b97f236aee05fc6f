import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { districtQueryOptions } from '../../../../src/features/auth/api/get-district';
import { DEMO_DISTRICT, makeEnvelope } from '../../../../src/testing/fixtures';
import { api } from '../../../../src/testing/handlers';
import { renderApp } from '../../../../src/testing/render-app';
import { server } from '../../../../src/testing/server';
import { seedSession } from '../../../../src/testing/session';

const LOAD = { timeout: 5000 };

describe('the menu follows the rights of the last response', () => {
  it('shows a new entry when an envelope brings a new right, without a reload', async () => {
    seedSession();
    const { queryClient } = renderApp('/dashboard');
    const menu = await screen.findByRole('navigation', { name: 'Main menu' }, LOAD);
    await waitFor(() => expect(within(menu).getByText('Sites')).toBeInTheDocument());
    expect(within(menu).queryByText('Data-sharing area')).not.toBeInTheDocument();

    server.use(
      http.get(api('auth/district'), () =>
        HttpResponse.json(makeEnvelope(DEMO_DISTRICT, { rights: ['sites.read', 'dsa.dsaManagement_read'] })),
      ),
    );
    await queryClient.fetchQuery({ ...districtQueryOptions(), staleTime: 0 });
    expect(await within(menu).findByText('Data-sharing area')).toBeInTheDocument();
    expect(within(menu).queryByText('Cartography')).not.toBeInTheDocument();
  });
});
