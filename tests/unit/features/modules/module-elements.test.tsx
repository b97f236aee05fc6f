import { http, HttpResponse } from 'msw';
import { render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../../../../src/app/query-client';
import { ModuleElements } from '../../../../src/features/modules/components/ModuleElements';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearRequestCache } from '../../../../src/lib/api-client';
import { makeEnvelope } from '../../../../src/testing/fixtures';
import { api } from '../../../../src/testing/handlers';
import { renderApp } from '../../../../src/testing/render-app';
import { server } from '../../../../src/testing/server';
import { seedSession } from '../../../../src/testing/session';

// The first render loads the page chunks (cold transforms in the test runner).
const LOAD = { timeout: 10_000 };

/** The landing page's list of a module's functionalities, alone. */
const renderElements = (prefix: string) =>
  render(
    <QueryClientProvider client={createQueryClient({ retry: false })}>
      <ModuleElements prefix={prefix} />
    </QueryClientProvider>,
  );

// Files: a module with functionalities (it needs both rights). It has screens of its own now, so
// the landing page's part that lists them is rendered alone for its prefix.
const FILES_RIGHTS = ['sites.read', 'cartography.read', 'notifications.access', 'file-explorer.read', 'district.admin'];

beforeEach(() => {
  clearRequestCache();
  seedSession({ rights: FILES_RIGHTS });
});

describe('a module page lists its functionalities in the district', { timeout: 30_000 }, () => {
  it('shows each element of the module with what the server says about it', async () => {
    const asked: unknown[] = [];
    server.use(
      http.post(api('functionalities/getFunctionalityElements'), async ({ request }) => {
        asked.push(await request.json());
        return HttpResponse.json(
          makeEnvelope({
            feature: 'files',
            enabled: true,
            modulePosition: 1,
            elements: [
              { element: 'sitesTypes', position: 0, available: true },
              { element: 'siteFiles', position: 1, available: false },
            ],
          }),
        );
      }),
    );
    renderElements('files');
    const list = await screen.findByTestId('module-elements', {}, LOAD);
    expect(within(list).getByRole('heading', { name: 'Functionalities in this district' })).toBeInTheDocument();
    expect(await within(list).findByTestId('module-element-sitesTypes')).toHaveTextContent(/[^t] ?Available$/);
    expect(within(list).getByTestId('module-element-siteFiles')).toHaveTextContent(/Not available$/);
    expect(asked).toEqual([{ feature: 'files' }]);
  });

  it('says when the district lacks the module', async () => {
    server.use(
      http.post(api('functionalities/getFunctionalityElements'), () =>
        HttpResponse.json(
          makeEnvelope({ feature: 'files', enabled: false, modulePosition: null, elements: [{ element: 'sitesTypes', position: 0, available: false }] }),
        ),
      ),
    );
    renderElements('files');
    expect(await screen.findByText('This module is not enabled in your district.', {}, LOAD)).toBeInTheDocument();
    expect(screen.getByTestId('module-element-sitesTypes')).toHaveTextContent('Not available');
  });

  it('says when the functionalities cannot be loaded', async () => {
    server.use(http.post(api('functionalities/getFunctionalityElements'), () => HttpResponse.json({ message: 'internal_error' }, { status: 500 })));
    renderElements('files');
    expect(await screen.findByTestId('module-elements-error', {}, LOAD)).toHaveTextContent('The functionalities of this module could not be loaded.');
  });

  it('shows no functionalities section for a module without any', async () => {
    renderApp('/plan2d');
    expect(await screen.findByTestId('module-landing', {}, LOAD)).toBeInTheDocument();
    expect(screen.queryByTestId('module-elements')).toBeNull();
  });
});
