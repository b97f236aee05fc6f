// The outbox page's list of writes and the conflict dialog: a write in conflict is listed
// with its mark, the dialog shows each field with both values, and the choice is sent.
import { IonApp } from '@ionic/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../../src/app/query-client';
import { WritesList } from '../../../../src/features/emergency/outbox/WritesList';
import { listItems } from '../../../../src/lib/outbox/db';
import { resetOutboxDrainer, triggerOutboxDrain } from '../../../../src/lib/outbox/drainer';
import { enqueueWrite } from '../../../../src/lib/outbox/enqueue';
import { resetOutboxReader } from '../../../../src/lib/outbox/hooks';
import { sendWrite } from '../../../../src/lib/outbox/http';
import { registerSender } from '../../../../src/lib/outbox/registry';
import { makeAccessToken, makeEnvelope } from '../../../../src/testing/fixtures';
import { api } from '../../../../src/testing/handlers';
import { server } from '../../../../src/testing/server';
import { seedSession } from '../../../../src/testing/session';
import { freshIndexedDb } from '../../features/emergency/outbox-testing';

const BASE = { id: 'r1', version: 1, name: 'Dépôt', address: '1 rue A', gps: { lat: 45, lng: 4 } };
const THEIRS = { ...BASE, version: 2, name: 'Dépôt sud', gps: null };

function renderList() {
  const rootRoute = createRootRoute({
    component: () => (
      <IonApp>
        <WritesList />
      </IonApp>
    ),
  });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) });
  render(
    <QueryClientProvider client={createQueryClient({ retry: false })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('the writes waiting on the outbox page', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    await freshIndexedDb();
    resetOutboxReader();
    seedSession();
    registerSender('things.update', (item, { payload, idempotencyKey }) =>
      sendWrite('patch', `things/${item.recordId}`, { baseVersion: item.baseVersion, changes: payload }, idempotencyKey).then(() => ({})),
    );
  });
  afterEach(() => {
    resetOutboxDrainer();
    resetOutboxReader();
  });

  it('lists a conflict, shows both values of each field, and sends the user’s choice', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.patch(api('things/r1'), async ({ request }) => {
        bodies.push(await request.json());
        return bodies.length === 1
          ? HttpResponse.json({ message: 'record.version_conflict', current: THEIRS }, { status: 409 })
          : HttpResponse.json(makeEnvelope({ ...THEIRS, version: 3 }));
      }),
    );
    await enqueueWrite({ kind: 'things.update', module: 'things', recordId: 'r1', baseVersion: 1, base: BASE, payload: { name: 'Dépôt nord', gps: { lat: 46, lng: 5 } } });
    await triggerOutboxDrain();
    const user = renderList();

    const row = (await screen.findByText('things.update · r1')).closest('li') as HTMLElement;
    expect(within(row).getByText('Conflict to resolve')).toBeInTheDocument();
    await user.click(within(row).getByText('Choose the values'));

    const name = await screen.findByRole('group', { name: 'name' });
    expect(within(name).getByRole('radio', { name: /Your value:\s*Dépôt nord/ })).toBeChecked();
    expect(within(name).getByRole('radio', { name: /Server's value:\s*Dépôt sud/ })).not.toBeChecked();
    const gps = screen.getByRole('group', { name: 'gps' });
    expect(within(gps).getByRole('radio', { name: /Your value:\s*46, 5/ })).toBeInTheDocument();
    expect(within(gps).getByRole('radio', { name: /Server's value:\s*\(empty\)/ })).toBeInTheDocument();

    await user.click(within(name).getByRole('radio', { name: /Server's value/ }));
    await user.click(screen.getByText('Send'));
    await waitFor(async () => expect(await listItems()).toEqual([]));
    expect(bodies[1]).toEqual({ baseVersion: 2, changes: { gps: { lat: 46, lng: 5 } } });
    await waitFor(() => expect(screen.queryByText('things.update · r1')).not.toBeInTheDocument());
  });

  it('says which writes wait for another district', async () => {
    server.use(http.patch(api('things/r1'), () => HttpResponse.error()));
    seedSession({ token: makeAccessToken({ did: 'district-other' }) });
    await enqueueWrite({ kind: 'things.update', module: 'things', recordId: 'r1', baseVersion: 1, payload: { name: 'x' } });
    seedSession();
    renderList();
    const row = (await screen.findByText('things.update · r1')).closest('li') as HTMLElement;
    expect(within(row).getByText('Waiting for you to log in to this district')).toBeInTheDocument();
    expect(within(row).getByText('Waiting to be sent')).toBeInTheDocument();
  });
});
