// What stays on the device is told: the shell's count of writes waiting to be sent, and the
// disconnect dialog's warning with the number of alerts and of other writes.
import { IonApp } from '@ionic/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../../src/app/query-client';
import { DisconnectDialog } from '../../../../src/features/auth/components/DisconnectDialog';
import { PendingWritesLink } from '../../../../src/features/shell/components/PendingWritesLink';
import { resetOutboxDrainer } from '../../../../src/lib/outbox/drainer';
import { enqueueWrite } from '../../../../src/lib/outbox/enqueue';
import { resetOutboxReader } from '../../../../src/lib/outbox/hooks';
import { seedSession } from '../../../../src/testing/session';
import { freshIndexedDb } from '../../features/emergency/outbox-testing';

function renderIn(node: React.ReactNode) {
  const rootRoute = createRootRoute({ component: () => <IonApp>{node}</IonApp> });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) });
  render(
    <QueryClientProvider client={createQueryClient({ retry: false })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

// Writes of a kind no sender handles in this test: they stay queued.
const write = (recordId: string) => enqueueWrite({ kind: 'things.update', module: 'things', recordId, baseVersion: 1, payload: { name: recordId } });

describe('the writes that wait, told to the user', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    await freshIndexedDb();
    resetOutboxReader();
    seedSession();
  });
  afterEach(() => {
    resetOutboxDrainer();
    resetOutboxReader();
  });

  it('the shell shows how many writes wait, leading to the outbox page', async () => {
    await write('a');
    await write('b');
    renderIn(<PendingWritesLink />);
    const link = await screen.findByRole('link', { name: '2 records waiting to be sent' }, { timeout: 5000 });
    expect(link).toHaveAttribute('href', '/emergency/outbox');
    expect(screen.getByTestId('pending-writes-badge')).toHaveTextContent('2');
  });

  it('the shell shows nothing while nothing waits', async () => {
    renderIn(<PendingWritesLink />);
    // Its reader starts at the first idle moment; give it that moment.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('the disconnect dialog says how many alerts and how many other writes stay on the device', async () => {
    await write('a');
    await write('b');
    await write('c');
    // One of the three is an alert (counted by the emergency feature).
    renderIn(<DisconnectDialog isOpen onDismiss={() => undefined} countPendingAlerts={() => Promise.resolve(1)} />);
    expect(await screen.findByText(/^1 emergency alert has not been sent yet/)).toBeInTheDocument();
    expect(await screen.findByText(/^2 records saved on this device have not been sent yet/)).toBeInTheDocument();
  });
});
