import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ChangeClientDialog } from '../../../../src/features/tenancy/components/ChangeClientDialog';
import { getSessionDistrictId, getToken, isResetPending } from '../../../../src/lib/storage';
import { makeAccessToken, makeEnvelope } from '../../../../src/testing/fixtures';
import { api } from '../../../../src/testing/handlers';
import { server } from '../../../../src/testing/server';
import { seedSession } from '../../../../src/testing/session';
import { renderDialog } from './harness';

const NANTES = { _id: '7d1c2f9e-3b6a-4c1d-9e8f-0a1b2c3d4e5f', name: 'Nantes' };
const RENNES = { _id: '8e2d3a0f-4c7b-4d2e-8f9a-1b2c3d4e5f60', name: 'Rennes' };
const CLIENTS = [
  { name: 'Acme Industrie', database: { name: 'acme' } },
  { name: 'Bellevue Santé', database: { name: 'bellevue' } },
];

/** The server of an operator member of both clients; records what the dialog sends. */
function serveOperator() {
  const sent: unknown[] = [];
  const newToken = makeAccessToken({ db: 'bellevue', did: NANTES._id });
  server.use(
    http.get(api('admin/availableClients'), () => HttpResponse.json(makeEnvelope(CLIENTS))),
    http.get(api('admin/districtNames'), ({ request }) =>
      new URL(request.url).searchParams.get('database') === 'bellevue'
        ? HttpResponse.json(makeEnvelope([NANTES, RENNES]))
        : HttpResponse.json({ message: 'admin.client_not_found' }, { status: 404 }),
    ),
    http.post(api('admin/changeClient'), async ({ request }) => {
      sent.push(await request.json());
      return HttpResponse.json(makeEnvelope({ client: { name: 'Bellevue Santé', database: 'bellevue' }, district: NANTES }));
    }),
    http.post(api('auth/refresh'), () => HttpResponse.json(makeEnvelope({ token: newToken, expiresAt: new Date(Date.now() + 900_000).toISOString() }))),
  );
  return { sent, newToken };
}

const currentStep = () => document.querySelector('[aria-current="step"]')?.textContent;

async function walkToConfirmation(user: ReturnType<typeof renderDialog>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Bellevue Santé' }));
  await user.click(await screen.findByRole('button', { name: 'Nantes' }));
  await screen.findByText('Your session will move to this client and district.');
}

describe('the change-client dialog', () => {
  it('walks client, district, confirmation and moves the session', async () => {
    const stale = seedSession();
    const { sent, newToken } = serveOperator();
    const { user, queryClient, results } = renderDialog(ChangeClientDialog);
    queryClient.setQueryData(['sites', 'list'], ['a site of Acme Lyon']);

    expect(await screen.findByRole('heading', { name: 'Change client' })).toBeInTheDocument();
    const clientList = await screen.findByRole('list', { name: 'Client' });
    expect(within(clientList).getAllByRole('button').map((button) => button.textContent)).toEqual(['Acme Industrie', 'Bellevue Santé']);
    expect(currentStep()).toContain('Client');

    await user.click(screen.getByRole('button', { name: 'Bellevue Santé' }));
    const districtList = await screen.findByRole('list', { name: 'District' });
    expect(within(districtList).getAllByRole('button').map((button) => button.textContent)).toEqual(['Nantes', 'Rennes']);
    expect(currentStep()).toContain('District');

    await user.click(screen.getByRole('button', { name: 'Nantes' }));
    expect(currentStep()).toContain('Confirmation');
    expect(screen.getByText('Bellevue Santé')).toBeInTheDocument();
    expect(screen.getByText('Nantes')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.click(screen.getByText('Confirm'));

    await waitFor(() => expect(results).toEqual([true]));
    expect(sent).toEqual([{ database: 'bellevue', district: NANTES._id }]);
    expect(getToken()).toBe(newToken);
    expect(getToken()).not.toBe(stale);
    expect(getSessionDistrictId()).toBe(NANTES._id);
    expect(isResetPending()).toBe(true);
    expect(queryClient.getQueryData(['sites', 'list'])).toBeUndefined();
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Change client' })).not.toBeInTheDocument());
  });

  it('Back on the confirmation returns to the district step', async () => {
    seedSession();
    serveOperator();
    const { user } = renderDialog(ChangeClientDialog);
    await walkToConfirmation(user);
    await user.click(screen.getByText('Back'));
    expect(await screen.findByRole('list', { name: 'District' })).toBeInTheDocument();
    expect(currentStep()).toContain('District');
  });

  it('from the simple district management page it goes to the full one', async () => {
    seedSession();
    serveOperator();
    const { user, pathname, results } = renderDialog(ChangeClientDialog, '/admin/simpleDistrictManagement');
    await walkToConfirmation(user);
    await user.click(screen.getByText('Confirm'));
    await waitFor(() => expect(results).toEqual([true]));
    expect(pathname()).toBe('/admin/districtManagement');
  });

  it('from the full district management page it goes to the simple one', async () => {
    seedSession();
    serveOperator();
    const { user, pathname, results } = renderDialog(ChangeClientDialog, '/admin/districtManagement');
    await walkToConfirmation(user);
    await user.click(screen.getByText('Confirm'));
    await waitFor(() => expect(results).toEqual([true]));
    expect(pathname()).toBe('/admin/simpleDistrictManagement');
  });

  it('elsewhere it stays on the page', async () => {
    seedSession();
    serveOperator();
    const { user, pathname, results } = renderDialog(ChangeClientDialog, '/dashboard');
    await walkToConfirmation(user);
    await user.click(screen.getByText('Confirm'));
    await waitFor(() => expect(results).toEqual([true]));
    expect(pathname()).toBe('/dashboard');
  });

  it('a failed district load keeps step 1 with the message', async () => {
    seedSession();
    serveOperator();
    const { user, results } = renderDialog(ChangeClientDialog);
    await user.click(await screen.findByRole('button', { name: 'Acme Industrie' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This client does not exist or is not available to you.');
    expect(currentStep()).toContain('Client');
    expect(results).toEqual([]);
  });

  it('a failed list load shows the message', async () => {
    seedSession();
    server.use(http.get(api('admin/availableClients'), () => HttpResponse.json({ message: 'internal_error' }, { status: 500 })));
    renderDialog(ChangeClientDialog);
    expect(await screen.findByRole('alert')).toHaveTextContent('An unexpected error occurred. Please try again later.');
  });

  it('a failed change stays on the confirmation, keeps the old session and does not close', async () => {
    const stale = seedSession();
    serveOperator();
    let refreshes = 0;
    server.use(
      http.post(api('admin/changeClient'), () => HttpResponse.json({ message: 'admin.district_not_found' }, { status: 404 })),
      http.post(api('auth/refresh'), () => {
        refreshes += 1;
        return HttpResponse.json({ message: 'token_invalid' }, { status: 401 });
      }),
    );
    const { user, results, pathname } = renderDialog(ChangeClientDialog, '/admin/districtManagement');
    await walkToConfirmation(user);
    await user.click(screen.getByText('Confirm'));

    expect(await screen.findByRole('alert')).toHaveTextContent('This district does not exist or is not available to you.');
    expect(currentStep()).toContain('Confirmation');
    expect(results).toEqual([]);
    expect(refreshes).toBe(0);
    expect(getToken()).toBe(stale);
    expect(isResetPending()).toBe(false);
    expect(pathname()).toBe('/admin/districtManagement');
  });
});
