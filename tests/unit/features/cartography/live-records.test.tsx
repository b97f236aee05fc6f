/**
 * Cartography management's pages kept current (live-records.ts): the server's records:changed
 * and this device's deliveries read again what a page shows, with the socket and the outbox's
 * delivery channel replaced by fakes the test fires.
 */
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cartographyKeys } from '../../../../src/features/cartography/api/keys';
import { areaKeys, managementKeys } from '../../../../src/features/cartography/management/api/keys';
import { AREA_PAGES_LIVE, useLiveRecords, type LiveKind } from '../../../../src/features/cartography/management/live-records';

const fake = vi.hoisted(() => ({
  changed: new Map<string, Set<() => void>>(),
  delivered: new Set<(module: string) => void>(),
}));

vi.mock('../../../../src/lib/socket', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  onRecordsChanged: (module: string, handler: () => void) => {
    const handlers = fake.changed.get(module) ?? new Set();
    fake.changed.set(module, handlers.add(handler));
    return () => handlers.delete(handler);
  },
}));
vi.mock('../../../../src/lib/outbox', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  onDelivered: (listener: (module: string) => void) => {
    fake.delivered.add(listener);
    return () => fake.delivered.delete(listener);
  },
}));

const serverChanged = (module: string) => act(() => fake.changed.get(module)?.forEach((handler) => handler()));
const delivered = (module: string) => act(() => fake.delivered.forEach((listener) => listener(module)));

/** A page showing the points' list, the areas' list and the map's features, kept current for `kinds`; counts each read. */
function renderPage(kinds: readonly LiveKind[]) {
  const reads = { points: 0, areas: 0, features: 0 };
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const view = renderHook(
    () => {
      useLiveRecords(kinds);
      useQuery({ queryKey: managementKeys.pointList({}), queryFn: () => ++reads.points });
      useQuery({ queryKey: areaKeys.list({}), queryFn: () => ++reads.areas });
      useQuery({ queryKey: cartographyKeys.features(), queryFn: () => ++reads.features });
    },
    { wrapper },
  );
  return { reads, view };
}

afterEach(() => {
  fake.changed.clear();
  fake.delivered.clear();
});

describe('a management page kept current', () => {
  it('an area changed on the server reads again the areas and the map on the areas pages, not the points', async () => {
    const { reads } = renderPage(AREA_PAGES_LIVE);
    await waitFor(() => expect(reads).toEqual({ points: 1, areas: 1, features: 1 }));
    serverChanged('map_areas');
    await waitFor(() => expect(reads).toEqual({ points: 1, areas: 2, features: 2 }));
    // An incident (a declaration) changed: the map's features only.
    serverChanged('declarations');
    await waitFor(() => expect(reads.features).toBe(3));
    expect(reads).toEqual({ points: 1, areas: 2, features: 3 });
    // A point changed elsewhere or sent from here: not what these pages show (the next incident's read is the only one).
    serverChanged('points_of_interest');
    delivered('points_of_interest');
    serverChanged('declarations');
    await waitFor(() => expect(reads.features).toBe(4));
    expect(reads).toEqual({ points: 1, areas: 2, features: 4 });
  });

  it('a point delivered from this device, or a category changed on the server, reads the points again on their pages', async () => {
    const points = renderPage(['points']);
    await waitFor(() => expect(points.reads.points).toBe(1));
    delivered('points_of_interest');
    await waitFor(() => expect(points.reads).toMatchObject({ points: 2, features: 2 }));
    points.view.unmount();

    const categories = renderPage(['categories']);
    await waitFor(() => expect(categories.reads.points).toBe(1));
    serverChanged('poi_categories');
    await waitFor(() => expect(categories.reads).toMatchObject({ points: 2, features: 2, areas: 1 }));
  });

  it('a page left no longer listens', async () => {
    const { reads, view } = renderPage(['layers']);
    await waitFor(() => expect(reads.areas).toBe(1));
    view.unmount();
    expect(fake.changed.get('map_layers')?.size ?? 0).toBe(0);
    expect(fake.delivered.size).toBe(0);
  });
});
