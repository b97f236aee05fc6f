import { IonApp } from '@ionic/react';
import { onlineManager, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EmergencySite } from '../../../../common/api-types';
import { createQueryClient } from '../../../../src/app/query-client';
import { EmergencyDialog } from '../../../../src/features/emergency/components/EmergencyDialog';
import { resetOutboxDrainer } from '../../../../src/features/emergency/outbox/drainer';
import { getAlertPayload, listAlerts } from '../../../../src/features/emergency/outbox/alerts';
import { getToasts } from '../../../../src/lib/toast';
import { makeEnvelope } from '../../../../src/testing/fixtures';
import { all360StagesQueryOptions } from '../../../../src/features/emergency/api/get-all-360-stages';
import { siteStagesQueryOptions } from '../../../../src/features/emergency/api/get-site-stages';
import { emergencySitesQueryOptions } from '../../../../src/features/emergency/api/get-sites';
import { api } from '../../../../src/testing/handlers';
import { server } from '../../../../src/testing/server';
import { seedSession } from '../../../../src/testing/session';
import { freshIndexedDb } from './outbox-testing';

const SITES: EmergencySite[] = [
  { _id: 'site-a', name: 'Atelier Nord', description: '', address: { fullAddress: '1 rue A, Lyon' }, gps: null, owner: { name: 'Acme' } },
  { _id: 'site-b', name: 'Dépôt Sud', description: '', address: { fullAddress: '' }, gps: null, owner: { name: 'Acme' } },
];
const PNG = 'data:image/png;base64,iVBORw0KGgo=';

/** Stages whose attachment URL the dialog fetched (it must not: the server has those images). */
const attachmentFetches: string[] = [];

function emergencyRoutes() {
  const sends: unknown[] = [];
  server.use(
    http.get(api('emergency/sites'), () => HttpResponse.json(makeEnvelope(SITES))),
    http.get(api('emergency/getSiteStages/site-b'), () => HttpResponse.json(makeEnvelope([]))),
    http.get(api('emergency/getAll360Stages/site-b'), () => HttpResponse.json(makeEnvelope([]))),
    http.get(api('emergency/getSiteStages/site-a'), () => HttpResponse.json(makeEnvelope([{ name: 'Maquette' }]))),
    http.get(api('emergency/getAll360Stages/site-a'), () =>
      HttpResponse.json(
        makeEnvelope([
          { name: 'Entrée', imageUrl: '/api/files/viewer/d1/site-a/Entr%C3%A9e' },
          { name: 'Cour', imageUrl: '/api/files/viewer/d1/site-a/Cour' },
          { name: 'Toit', imageUrl: null },
          // A panorama uploaded through Sites: the server adds it to the share itself.
          { name: 'Parvis', imageUrl: '/api/attachments/0b7f3c1e-4d2a-4c8e-9f10-2a3b4c5d6e7f' },
        ]),
      ),
    ),
    http.get(api('attachments/0b7f3c1e-4d2a-4c8e-9f10-2a3b4c5d6e7f'), () => {
      attachmentFetches.push('Parvis');
      return HttpResponse.error();
    }),
    http.get(api('files/viewer/d1/site-a/Entr%C3%A9e'), () => HttpResponse.json(makeEnvelope(PNG))),
    // This image never comes: it must go as null, for the server to fill.
    http.get(api('files/viewer/d1/site-a/Cour'), () => HttpResponse.error()),
    // The drainer wakes after Confirm; the test is about the dialog, so the network is down.
    http.post(api('emergency/sendInformations'), async ({ request }) => {
      sends.push(await request.json());
      return HttpResponse.error();
    }),
  );
  return sends;
}

function renderDialog(queryClient: QueryClient = createQueryClient({ retry: false })) {
  const onDismiss = vi.fn();
  const rootRoute = createRootRoute({
    component: () => (
      <IonApp>
        <EmergencyDialog isOpen onDismiss={onDismiss} />
      </IonApp>
    ),
  });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { onDismiss, user: userEvent.setup() };
}

const button = (name: string) => screen.getByText(name).closest('ion-button') as HTMLIonButtonElement;
const recipientInput = (n: number) => screen.getByLabelText(`Recipient e-mail ${n}`);

async function toRecipients(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('radio', { name: /Atelier Nord/ }));
  await user.click(button('Next'));
  return recipientInput(1);
}

// Ionic components in jsdom are slow on a shared two-core machine: room for the whole flow.
describe('the emergency dialog', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    await freshIndexedDb();
    seedSession();
  });
  afterEach(() => resetOutboxDrainer());

  it('keeps Next disabled on step 1 until a site is chosen', async () => {
    emergencyRoutes();
    const { user } = renderDialog();
    await screen.findByRole('radio', { name: /Atelier Nord/ });
    await waitFor(() => expect(button('Next')).toHaveAttribute('disabled'));
    await user.click(screen.getByRole('radio', { name: /Dépôt Sud/ }));
    await waitFor(() => expect(button('Next')).not.toHaveAttribute('disabled'));
  });

  it('requires every recipient and a valid address like the server, rows added and removed except the first', async () => {
    emergencyRoutes();
    const { user } = renderDialog();
    const first = await toRecipients(user);
    // The first row has no remove button.
    expect(screen.queryByLabelText('Remove recipient 1')).not.toBeInTheDocument();
    // Ionic reflects the button's disabled property to its attribute at its next render: waited for.
    await waitFor(() => expect(button('Next')).toHaveAttribute('disabled'));

    await user.type(first, 'a,b@example.org');
    await user.tab();
    expect(await screen.findByText(/Enter a valid e-mail address/)).toBeInTheDocument();
    await waitFor(() => expect(button('Next')).toHaveAttribute('disabled'));

    await user.clear(first);
    await user.type(first, '  secours@example.org ');
    await waitFor(() => expect(button('Next')).not.toHaveAttribute('disabled'));

    await user.click(button('Add a recipient'));
    const second = recipientInput(2);
    await waitFor(() => expect(button('Next')).toHaveAttribute('disabled'));
    await user.click(second);
    await user.tab();
    expect(await screen.findByText("Enter the recipient's e-mail address.")).toBeInTheDocument();

    await user.click(screen.getByLabelText('Remove recipient 2'));
    expect(screen.queryByLabelText('Recipient e-mail 2')).not.toBeInTheDocument();
    await waitFor(() => expect(button('Next')).not.toHaveAttribute('disabled'));
  });

  it('Back keeps what was entered', async () => {
    emergencyRoutes();
    const { user } = renderDialog();
    await user.type(await toRecipients(user), 'secours@example.org');
    await user.click(button('Back'));
    expect(screen.getByRole('radio', { name: /Atelier Nord/ })).toBeChecked();
    await user.click(button('Next'));
    expect(recipientInput(1)).toHaveValue('secours@example.org');
  });

  it('confirms with the site and the trimmed list, queues the spec payload on the device and closes with true', async () => {
    const sends = emergencyRoutes();
    const { user, onDismiss } = renderDialog();
    await user.type(await toRecipients(user), ' secours@example.org ');
    await user.click(button('Add a recipient'));
    await user.type(recipientInput(2), 'mairie@example.org');
    await user.click(button('Next'));

    expect(screen.getByText(/will be shared for one day/)).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Recipients' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['secours@example.org', 'mairie@example.org']);
    expect(screen.getByText('Atelier Nord')).toBeInTheDocument();

    await user.click(button('Confirm'));
    await waitFor(() => expect(onDismiss).toHaveBeenCalledWith(true));
    expect(getToasts().map((t) => t.message)).toContain('Alert saved on this device: it will be sent as soon as the network allows.');

    const [alert] = await listAlerts();
    expect(alert?.state === 'queued' || alert?.state === 'sending').toBe(true);
    expect(alert?.key).toMatch(/^[0-9a-f-]{36}$/);
    const payload = await getAlertPayload(alert?.key ?? '');
    expect(alert?.recipients).toEqual(['secours@example.org', 'mairie@example.org']);
    expect(payload).toEqual({
      sites: [
        {
          _id: 'site-a',
          informations: {
            threeD: [{ name: 'Maquette' }],
            threeSixty: [
              { name: 'Entrée', image: PNG },
              { name: 'Cour', image: null },
              { name: 'Toit', image: null },
              { name: 'Parvis', image: null },
            ],
          },
          files: [],
          fields: {
            allFields: false,
            general: ['name', 'description', 'address.fullAddress', 'gps', 'owner.name'],
            clientFields: [],
            districtFields: [],
            siteFields: [],
            siteTypeFields: [],
          },
        },
      ],
      delay: { days: 1, hours: 0, minutes: 0 },
      recipients: ['secours@example.org', 'mairie@example.org'],
      emergency: false,
      description: '',
    });
    // What the drainer sent (if it ran already) is that same payload.
    for (const sent of sends) expect(sent).toEqual(payload);
    // The uploaded panorama was never downloaded to be sent back over the alert's network.
    expect(attachmentFetches).toEqual([]);
  });

  describe('offline', () => {
    afterEach(() => onlineManager.setOnline(true));

    it('without the site list on the device says so instead of spinning, and loads it when the connection is back', async () => {
      emergencyRoutes();
      onlineManager.setOnline(false);
      renderDialog();
      const notice = await screen.findByText(/The site list is not on this device yet and there is no connection to the server\./);
      expect(notice).toHaveAttribute('role', 'status');
      expect(screen.queryByText('Loading the sites…')).not.toBeInTheDocument();
      onlineManager.setOnline(true);
      expect(await screen.findByRole('radio', { name: /Atelier Nord/ })).toBeInTheDocument();
      expect(screen.queryByText(/The site list is not on this device yet/)).not.toBeInTheDocument();
    });

    it('works from the lists kept on the device: the alert is queued with the site’s stages and its images left to the server', async () => {
      emergencyRoutes();
      // What the shell fetched in the online session (offline-data.ts), restored at an offline start.
      const queryClient = createQueryClient({ retry: false });
      queryClient.setQueryData(emergencySitesQueryOptions().queryKey, SITES);
      queryClient.setQueryData(siteStagesQueryOptions('site-a').queryKey, [{ name: 'Maquette' }]);
      queryClient.setQueryData(all360StagesQueryOptions('site-a').queryKey, [
        { name: 'Entrée', imageUrl: '/api/files/viewer/d1/site-a/Entr%C3%A9e' },
        { name: 'Toit', imageUrl: null },
      ]);
      await queryClient.invalidateQueries({ refetchType: 'none' });
      onlineManager.setOnline(false);
      const { user, onDismiss } = renderDialog(queryClient);
      await user.type(await toRecipients(user), 'secours@example.org');
      await user.click(button('Next'));
      await user.click(button('Confirm'));
      await waitFor(() => expect(onDismiss).toHaveBeenCalledWith(true));
      const [alert] = await listAlerts();
      const payload = (await getAlertPayload(alert?.key ?? '')) as { sites: { informations: unknown }[] };
      expect(payload.sites[0]?.informations).toEqual({
        threeD: [{ name: 'Maquette' }],
        threeSixty: [
          { name: 'Entrée', image: null },
          { name: 'Toit', image: null },
        ],
      });
    });
  });
});
