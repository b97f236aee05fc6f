/** "Offline on this device" on the profile page: what is kept, what waits, the quota, persistence. */
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createOfflinePersister, OFFLINE_CACHE_BUSTER } from '../../../../src/app/query-client';
import { OfflineStorage } from '../../../../src/features/profile/components/OfflineStorage';
import { i18n } from '../../../../src/lib/i18n';
import { registerOfflineData } from '../../../../src/lib/offline-reads';
import { resetOutboxDrainer } from '../../../../src/lib/outbox/drainer';
import { enqueueWrite } from '../../../../src/lib/outbox/enqueue';
import { resetOutboxReader } from '../../../../src/lib/outbox/hooks';
import { seedSession } from '../../../../src/testing/session';
import { freshIndexedDb } from '../emergency/outbox-testing';

function stubStorage({ persisted, grant }: { persisted: boolean; grant: boolean }) {
  const persist = vi.fn().mockResolvedValue(grant);
  Object.defineProperty(navigator, 'storage', {
    configurable: true,
    value: {
      estimate: () => Promise.resolve({ usage: 2_500_000, quota: 1_000_000_000 }),
      persisted: () => Promise.resolve(persisted),
      persist,
    },
  });
  return persist;
}

async function saveOffline() {
  const queryClient = new QueryClient();
  queryClient.setQueryData(['sites', 'list', { sort: 'name' }], { items: [{ id: 'a' }, { id: 'b' }, { id: 'c' }], nextCursor: null });
  queryClient.setQueryData(['sites', 'detail', 'a'], { id: 'a', name: 'Atelier' });
  queryClient.setQueryData(['emergency', 'sites'], [{ _id: 'a' }]);
  await createOfflinePersister().persistClient({ timestamp: Date.now(), buster: OFFLINE_CACHE_BUSTER, clientState: dehydrate(queryClient) });
  await new Promise((resolve) => setTimeout(resolve, 1100));
}

describe('the offline part of the profile page', () => {
  let unregister: () => void;
  beforeEach(async () => {
    await freshIndexedDb();
    resetOutboxReader();
    seedSession();
    unregister = registerOfflineData({ module: 'sites', persist: [['sites']], lists: () => [] });
  });
  afterEach(() => {
    unregister();
    resetOutboxDrainer();
    resetOutboxReader();
    Reflect.deleteProperty(navigator, 'storage');
  });

  it('shows per module the queries, records and size kept, the writes waiting, and the storage used', async () => {
    stubStorage({ persisted: true, grant: true });
    await saveOffline();
    await enqueueWrite({ kind: 'sites.update', module: 'sites', recordId: 'a', baseVersion: 1, payload: { name: 'x' } });
    render(<OfflineStorage />);
    const row = (await screen.findByRole('rowheader', { name: 'Sites' })).closest('tr') as HTMLElement;
    const cells = within(row).getAllByRole('cell').map((c) => c.textContent);
    expect(cells.slice(0, 2)).toEqual(['2', '4']);
    expect(cells[2]).toMatch(/\d+(\.\d)? (B|byte|kB)/);
    expect(screen.getByRole('rowheader', { name: 'Emergency' })).toBeInTheDocument();
    expect(await screen.findByText('1 record waiting to be sent')).toBeInTheDocument();
    expect(await screen.findByText('Storage used: 2.5 MB of 1 GB')).toBeInTheDocument();
    expect(await screen.findByText(/^Persistent storage/)).toBeInTheDocument();
    expect(screen.queryByText('Ask for persistent storage')).not.toBeInTheDocument();
  });

  it('asks the browser for persistent storage, and says so when it refuses', async () => {
    const persist = stubStorage({ persisted: false, grant: false });
    render(<OfflineStorage />);
    expect(await screen.findByText('Nothing is kept offline yet.')).toBeInTheDocument();
    expect(await screen.findByText(/^Storage not persistent/)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByText('Ask for persistent storage'));
    expect(persist).toHaveBeenCalledOnce();
    expect(await screen.findByText(/The browser refused/)).toBeInTheDocument();
  });

  it('speaks French', async () => {
    stubStorage({ persisted: false, grant: true });
    await i18n.changeLanguage('fr');
    try {
      render(<OfflineStorage />);
      expect(await screen.findByRole('heading', { name: 'Hors ligne sur cet appareil' })).toBeInTheDocument();
      const persist = await screen.findByText('Demander un stockage persistant');
      await userEvent.setup().click(persist);
      await waitFor(() => expect(screen.getByText(/^Stockage persistant/)).toBeInTheDocument());
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
