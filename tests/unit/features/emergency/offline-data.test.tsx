// The emergency dialog's data kept on the device: the site list and every
// site's stage lists are fetched at the first idle moment of an online session, asked again when
// the connection comes back and for a new tenant, one run at a time, and a run stops when the
// tenant changes under it.
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EmergencySite } from '../../../../common/api-types';
import { createQueryClient } from '../../../../src/app/query-client';
import { all360StagesQueryOptions } from '../../../../src/features/emergency/api/get-all-360-stages';
import { siteStagesQueryOptions } from '../../../../src/features/emergency/api/get-site-stages';
import { emergencySitesQueryOptions } from '../../../../src/features/emergency/api/get-sites';
import {
  EMERGENCY_OFFLINE_SITES_MAX,
  fetchEmergencySitesFirst,
  refreshEmergencyData,
  startEmergencyDataSync,
  useEmergencyOfflineData,
} from '../../../../src/features/emergency/offline-data';
import { beginTemporaryLogout, completeReconnection } from '../../../../src/lib/reconnection';
import { makeAccessToken, makeEnvelope } from '../../../../src/testing/fixtures';
import { api } from '../../../../src/testing/handlers';
import { server } from '../../../../src/testing/server';
import { seedSession } from '../../../../src/testing/session';

const site = (id: string, name: string): EmergencySite => ({
  _id: id,
  name,
  description: '',
  address: { fullAddress: '' },
  gps: null,
  owner: { name: 'Acme' },
});

/** Counts the requests by path; the site list answers `sites()` at the time of the request. */
function emergencyServer(sites: () => EmergencySite[]) {
  const hits = new Map<string, number>();
  const hit = (path: string) => hits.set(path, (hits.get(path) ?? 0) + 1);
  server.use(
    http.get(api('emergency/sites'), () => {
      hit('sites');
      return HttpResponse.json(makeEnvelope(sites()));
    }),
    http.get(api('emergency/getSiteStages/:siteId'), ({ params }) => {
      hit(`3d/${String(params.siteId)}`);
      return HttpResponse.json(makeEnvelope([{ name: `Maquette ${String(params.siteId)}` }]));
    }),
    http.get(api('emergency/getAll360Stages/:siteId'), ({ params }) => {
      hit(`360/${String(params.siteId)}`);
      return HttpResponse.json(makeEnvelope([{ name: 'Entrée', imageUrl: null }]));
    }),
  );
  return { count: (path: string) => hits.get(path) ?? 0, total: () => [...hits.values()].reduce((a, b) => a + b, 0) };
}

/** requestIdleCallback under the test's control: the idle moment comes when the test says. */
function controlledIdle() {
  const tasks = new Map<number, () => void>();
  let nextId = 1;
  vi.stubGlobal('requestIdleCallback', (task: () => void) => {
    const id = nextId;
    nextId += 1;
    tasks.set(id, task);
    return id;
  });
  vi.stubGlobal('cancelIdleCallback', (id: number) => tasks.delete(id));
  return {
    pending: () => tasks.size,
    runAll: () => {
      const due = [...tasks.values()];
      tasks.clear();
      for (const task of due) task();
    },
  };
}

const cached = (queryClient: QueryClient) => ({
  sites: queryClient.getQueryData(emergencySitesQueryOptions().queryKey),
  threeD: (id: string) => queryClient.getQueryData(siteStagesQueryOptions(id).queryKey),
  threeSixty: (id: string) => queryClient.getQueryData(all360StagesQueryOptions(id).queryKey),
});

describe('the emergency data kept for offline use', { timeout: 20_000 }, () => {
  let queryClient: QueryClient;
  beforeEach(() => {
    seedSession();
    queryClient = createQueryClient({ retry: false, persisted: true });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    queryClient.clear();
  });

  it('puts the site list and every site’s 3D and 360 stage lists in the read cache', async () => {
    const requests = emergencyServer(() => [site('a', 'Atelier'), site('b', 'Dépôt')]);
    await refreshEmergencyData(queryClient);
    const data = cached(queryClient);
    expect(data.sites).toEqual([site('a', 'Atelier'), site('b', 'Dépôt')]);
    expect(data.threeD('a')).toEqual([{ name: 'Maquette a' }]);
    expect(data.threeD('b')).toEqual([{ name: 'Maquette b' }]);
    expect(data.threeSixty('a')).toEqual([{ name: 'Entrée', imageUrl: null }]);
    expect(data.threeSixty('b')).toEqual([{ name: 'Entrée', imageUrl: null }]);
    // No image bytes: the server fills the images an offline alert sends as null.
    expect(requests.total()).toBe(5);
  });

  it('keeps the stage lists of the first sites only in a very large district', async () => {
    const many = Array.from({ length: EMERGENCY_OFFLINE_SITES_MAX + 5 }, (_, i) => site(`s${String(i).padStart(4, '0')}`, `Site ${i}`));
    const requests = emergencyServer(() => many);
    await refreshEmergencyData(queryClient);
    const data = cached(queryClient);
    expect(data.sites).toHaveLength(many.length);
    expect(data.threeD(many[EMERGENCY_OFFLINE_SITES_MAX - 1]!._id)).toBeDefined();
    expect(data.threeD(many[EMERGENCY_OFFLINE_SITES_MAX]!._id)).toBeUndefined();
    expect(requests.total()).toBe(1 + 2 * EMERGENCY_OFFLINE_SITES_MAX);
  });

  it('calls during a run share it; a later refresh asks the site list again but not fresh stage lists', async () => {
    let list = [site('a', 'Atelier')];
    const requests = emergencyServer(() => list);
    await Promise.all([refreshEmergencyData(queryClient), refreshEmergencyData(queryClient), refreshEmergencyData(queryClient)]);
    expect(requests.count('sites')).toBe(1);
    expect(requests.count('3d/a')).toBe(1);

    list = [site('a', 'Atelier'), site('c', 'Chai')];
    await refreshEmergencyData(queryClient);
    expect(requests.count('sites')).toBe(2);
    expect(cached(queryClient).sites).toEqual(list);
    // The new site's lists are fetched; the first site's, fetched moments ago, are not.
    expect(requests.count('3d/c')).toBe(1);
    expect(requests.count('360/c')).toBe(1);
    expect(requests.count('3d/a')).toBe(1);
    expect(requests.count('360/a')).toBe(1);
  });

  it('asks the site list alone first thing, without waiting for an idle moment, and not again while it is held', async () => {
    const idle = controlledIdle();
    const requests = emergencyServer(() => [site('a', 'Atelier')]);
    await fetchEmergencySitesFirst(queryClient);
    expect(cached(queryClient).sites).toEqual([site('a', 'Atelier')]);
    expect(requests.total()).toBe(1);
    expect(idle.pending()).toBe(0);
    await fetchEmergencySitesFirst(queryClient);
    expect(requests.count('sites')).toBe(1);
    // Without an answer it never rejects.
    queryClient.clear();
    server.use(http.get(api('emergency/sites'), () => HttpResponse.error()));
    await expect(fetchEmergencySitesFirst(queryClient)).resolves.toBeUndefined();
  });

  it('keeps what it had when the server cannot be reached, and never rejects', async () => {
    emergencyServer(() => [site('a', 'Atelier')]);
    await refreshEmergencyData(queryClient);
    server.use(http.get(api('emergency/sites'), () => HttpResponse.error()));
    await expect(refreshEmergencyData(queryClient)).resolves.toBeUndefined();
    expect(cached(queryClient).sites).toEqual([site('a', 'Atelier')]);
    expect(cached(queryClient).threeD('a')).toEqual([{ name: 'Maquette a' }]);
  });

  it('stops fetching stage lists when the session’s district changes under the run', async () => {
    const sites = Array.from({ length: 6 }, (_, i) => site(`s${i}`, `Site ${i}`));
    const requests = emergencyServer(() => sites);
    // The first stage list's answer comes after the change of district.
    server.use(
      http.get(api('emergency/getSiteStages/s0'), () => {
        seedSession({ token: makeAccessToken({ did: 'another-district' }) });
        return HttpResponse.json(makeEnvelope([]));
      }),
    );
    await refreshEmergencyData(queryClient);
    // At most the lists already started (two at a time) went out, not the other ten.
    expect(requests.total()).toBeLessThanOrEqual(3);
  });

  it('waits for the first idle moment, then refreshes when the connection or the session comes back', async () => {
    const idle = controlledIdle();
    const requests = emergencyServer(() => [site('a', 'Atelier')]);
    const stop = startEmergencyDataSync(queryClient);
    try {
      // Before the idle moment nothing goes, even if the browser says it is back online.
      window.dispatchEvent(new Event('online'));
      expect(queryClient.isFetching()).toBe(0);
      expect(idle.pending()).toBe(1);

      idle.runAll();
      await waitFor(() => expect(cached(queryClient).threeSixty('a')).toBeDefined());
      expect(requests.count('sites')).toBe(1);

      window.dispatchEvent(new Event('online'));
      await waitFor(() => expect(requests.count('sites')).toBe(2));

      // A temporary logout, then the user reconnects in the dialog.
      beginTemporaryLogout('server');
      completeReconnection();
      await waitFor(() => expect(requests.count('sites')).toBe(3));
    } finally {
      stop();
    }
    // Stopped (the shell unmounted, another tenant): the connection's return asks nothing.
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    window.dispatchEvent(new Event('online'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(queryClient.isFetching()).toBe(0);
    expect(requests.count('sites')).toBe(3);
  });

  it('the shell’s hook starts over for another tenant and does nothing without the right', async () => {
    const idle = controlledIdle();
    const requests = emergencyServer(() => [site('a', 'Atelier')]);
    function Probe({ enabled, tenant }: { enabled: boolean; tenant: string | undefined }) {
      useEmergencyOfflineData(enabled, tenant);
      return null;
    }
    const view = render(
      <QueryClientProvider client={queryClient}>
        <Probe enabled={false} tenant="me|acme|lyon" />
      </QueryClientProvider>,
    );
    expect(idle.pending()).toBe(0);

    // The district is not known yet: nothing either.
    view.rerender(
      <QueryClientProvider client={queryClient}>
        <Probe enabled tenant={undefined} />
      </QueryClientProvider>,
    );
    expect(idle.pending()).toBe(0);

    view.rerender(
      <QueryClientProvider client={queryClient}>
        <Probe enabled tenant="me|acme|lyon" />
      </QueryClientProvider>,
    );
    idle.runAll();
    await waitFor(() => expect(requests.count('360/a')).toBe(1));

    // A change of district empties the cache (use-tenant-change) and names a new tenant.
    queryClient.clear();
    view.rerender(
      <QueryClientProvider client={queryClient}>
        <Probe enabled tenant="me|acme|marseille" />
      </QueryClientProvider>,
    );
    expect(idle.pending()).toBe(1);
    idle.runAll();
    await waitFor(() => expect(requests.count('360/a')).toBe(2));
    expect(requests.count('sites')).toBe(2);
    view.unmount();
  });
});
