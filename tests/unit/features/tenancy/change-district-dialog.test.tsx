import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ChangeDistrictDialog } from '../../../../src/features/tenancy/components/ChangeDistrictDialog';
import { getSessionDistrictId, getToken, isResetPending } from '../../../../src/lib/storage';
import { DEMO_DISTRICT, makeAccessToken, makeEnvelope } from '../../../../src/testing/fixtures';
import { api } from '../../../../src/testing/handlers';
import { server } from '../../../../src/testing/server';
import { seedSession } from '../../../../src/testing/session';
import { renderDialog } from './harness';

const LYON = { _id: DEMO_DISTRICT._id, name: DEMO_DISTRICT.name };
const MARSEILLE = { _id: '9f3e4b1a-5d8c-4e3f-9a0b-2c3d4e5f6071', name: 'Marseille' };

function serveDistricts() {
  const sent: unknown[] = [];
  const newToken = makeAccessToken({ did: MARSEILLE._id });
  server.use(
    http.get(api('admin/availableDistricts'), () => HttpResponse.json(makeEnvelope([LYON, MARSEILLE]))),
    http.post(api('admin/changeDistrict'), async ({ request }) => {
      sent.push(await request.json());
      return HttpResponse.json(makeEnvelope({ client: DEMO_DISTRICT.client, district: MARSEILLE }));
    }),
    http.post(api('auth/refresh'), () => HttpResponse.json(makeEnvelope({ token: newToken, expiresAt: new Date(Date.now() + 900_000).toISOString() }))),
  );
  return { sent, newToken };
}

const currentStep = () => document.querySelector('[aria-current="step"]')?.textContent;

describe('the change-district dialog', () => {
  it('picks a district, confirms, and moves the session', async () => {
    seedSession();
    const { sent, newToken } = serveDistricts();
    const { user, queryClient, results } = renderDialog(ChangeDistrictDialog);
    queryClient.setQueryData(['sites', 'list'], ['a site of Lyon']);

    expect(await screen.findByRole('heading', { name: 'Change district' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'District' });
    expect(within(list).getAllByRole('button').map((button) => button.textContent)).toEqual([LYON.name, 'Marseille']);
    expect(screen.queryByText('Confirm')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Marseille' }));
    expect(currentStep()).toContain('Confirmation');
    expect(screen.getByText('Your session will move to this district.')).toBeInTheDocument();
    expect(screen.getByText('Marseille')).toBeInTheDocument();

    await user.click(screen.getByText('Confirm'));
    await waitFor(() => expect(results).toEqual([true]));
    expect(sent).toEqual([{ district: MARSEILLE._id }]);
    expect(getToken()).toBe(newToken);
    expect(getSessionDistrictId()).toBe(MARSEILLE._id);
    expect(isResetPending()).toBe(true);
    expect(queryClient.getQueryData(['sites', 'list'])).toBeUndefined();
  });

  it('applies the admin-route rule, and browser back returns to the page of before', async () => {
    seedSession();
    serveDistricts();
    const { user, pathname, results, router } = renderDialog(ChangeDistrictDialog, '/admin/simpleDistrictManagement');
    await user.click(await screen.findByRole('button', { name: 'Marseille' }));
    await user.click(screen.getByText('Confirm'));
    await waitFor(() => expect(results).toEqual([true]));
    expect(pathname()).toBe('/admin/districtManagement');
    router.history.back();
    await waitFor(() => expect(pathname()).toBe('/admin/simpleDistrictManagement'));
  });

  it('Back returns to the list; Cancel closes with false and sends nothing', async () => {
    seedSession();
    const { sent } = serveDistricts();
    const { user, results } = renderDialog(ChangeDistrictDialog);
    await user.click(await screen.findByRole('button', { name: 'Marseille' }));
    await user.click(screen.getByText('Back'));
    expect(await screen.findByRole('list', { name: 'District' })).toBeInTheDocument();
    await user.click(screen.getByText('Cancel'));
    await waitFor(() => expect(results).toEqual([false]));
    expect(sent).toEqual([]);
    expect(isResetPending()).toBe(false);
  });

  it('a failed list load shows the catalogue message', async () => {
    seedSession();
    server.use(
      http.get(api('admin/availableDistricts'), () =>
        HttpResponse.json({ message: 'auth.missing_rights', requiredPermissions: ['opteamum'] }, { status: 403 }),
      ),
    );
    renderDialog(ChangeDistrictDialog);
    expect(await screen.findByRole('alert')).toHaveTextContent('You do not have the rights needed for this action.');
    expect(screen.queryByRole('list', { name: 'District' })).not.toBeInTheDocument();
  });

  it('a failed change keeps the confirmation open and the session where it was', async () => {
    const stale = seedSession();
    serveDistricts();
    server.use(http.post(api('admin/changeDistrict'), () => HttpResponse.json({ message: 'admin.district_not_found' }, { status: 404 })));
    const { user, results } = renderDialog(ChangeDistrictDialog);
    await user.click(await screen.findByRole('button', { name: 'Marseille' }));
    await user.click(screen.getByText('Confirm'));
    expect(await screen.findByRole('alert')).toHaveTextContent('This district does not exist or is not available to you.');
    expect(currentStep()).toContain('Confirmation');
    expect(results).toEqual([]);
    expect(getToken()).toBe(stale);
    expect(isResetPending()).toBe(false);
  });
});
