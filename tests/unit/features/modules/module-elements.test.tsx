import { http, HttpResponse } from 'msw';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearRequestCache } from '../../../../src/lib/api-client';
import { makeEnvelope } from '../../../../src/testing/fixtures';
import { api } from '../../../../src/testing/handlers';
import { renderApp } from '../../../../src/testing/render-app';
import { server } from '../../../../src/testing/server';
import { seedSession } from '../../../../src/testing/session';

// The first render loads the page chunks (cold transforms in the test runner).
const LOAD = { timeout: 10_000 };

beforeEach(() => {
  clearRequestCache();
  seedSession();
});

describe('a module page lists its functionalities in the district', { timeout: 30_000 }, () => {
  it('shows each element of the module with what the server says about it', async () => {
    const asked: unknown[] = [];
    server.use(
      http.post(api('functionalities/getFunctionalityElements'), async ({ request }) => {
        asked.push(await request.json());
        return HttpResponse.json(
          makeEnvelope({
            feature: 'cartography',
            enabled: true,
            modulePosition: 1,
            elements: [
              { element: 'map', position: 0, available: true },
              { element: 'interestPoints', position: 1, available: true },
              { element: 'incidents', position: 2, available: false },
            ],
          }),
        );
      }),
    );
    // Sites has its own screens; cartography still shows the landing page.
    renderApp('/cartography');
    const list = await screen.findByTestId('module-elements', {}, LOAD);
    expect(within(list).getByRole('heading', { name: 'Functionalities in this district' })).toBeInTheDocument();
    expect(await within(list).findByTestId('module-element-map')).toHaveTextContent('MapAvailable');
    expect(within(list).getByTestId('module-element-incidents')).toHaveTextContent('IncidentsNot available');
    expect(asked).toEqual([{ feature: 'cartography' }]);
  });

  it('says when the district lacks the module', async () => {
    server.use(
      http.post(api('functionalities/getFunctionalityElements'), () =>
        HttpResponse.json(
          makeEnvelope({ feature: 'cartography', enabled: false, modulePosition: null, elements: [{ element: 'map', position: 0, available: false }] }),
        ),
      ),
    );
    renderApp('/cartography');
    expect(await screen.findByText('This module is not enabled in your district.', {}, LOAD)).toBeInTheDocument();
    expect(screen.getByTestId('module-element-map')).toHaveTextContent('Not available');
  });

  it('says when the functionalities cannot be loaded', async () => {
    server.use(http.post(api('functionalities/getFunctionalityElements'), () => HttpResponse.json({ message: 'internal_error' }, { status: 500 })));
    renderApp('/cartography');
    expect(await screen.findByTestId('module-elements-error', {}, LOAD)).toHaveTextContent('The functionalities of this module could not be loaded.');
  });

  it('shows no functionalities section for a module without any', async () => {
    renderApp('/plan2d');
    expect(await screen.findByTestId('module-landing', {}, LOAD)).toBeInTheDocument();
    expect(screen.queryByTestId('module-elements')).toBeNull();
  });
});
