import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useSyncExternalStore } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeEnvelope } from '../../../../src/testing/fixtures';
import { api } from '../../../../src/testing/handlers';
import { server } from '../../../../src/testing/server';
import { SEARCH_MAX } from '../../../../common/schemas/platform';
import { SEARCH_LIMIT, validateSiteSearch } from '../../../../src/features/sites/search';
import { renderApp } from '../../../../src/testing/render-app';
import { seedSession } from '../../../../src/testing/session';
import type { PendingWrite } from '../../../../src/lib/outbox';
import type { SiteSummary } from '../../../../common/modules/sites/schemas';
import { MANAGER, READER, serveSites, summary, TYPE_WAREHOUSE } from './sites-testing';

// The writes this device still holds for Sites, as usePendingChanges gives them, and the
// outbox's items (what a list asks to tell a delivered write from one still waiting).
const outbox = vi.hoisted(() => {
  const watchers = new Set<() => void>();
  const state = {
    writes: [] as PendingWrite[],
    items: [] as { recordId: string; state: string }[],
    subscribe: (watcher: () => void) => {
      watchers.add(watcher);
      return () => watchers.delete(watcher);
    },
    /** The outbox changed: these writes wait now, and the items hold those of them not delivered. */
    set(writes: PendingWrite[]) {
      state.writes = writes;
      state.items = writes.map((write) => ({ recordId: write.item.recordId, state: write.item.state }));
      for (const watcher of watchers) watcher();
    },
  };
  return state;
});
vi.mock('../../../../src/lib/outbox', () => ({
  enqueueWrite: vi.fn(),
  registerSender: vi.fn(),
  usePendingWrites: () => [],
  usePendingChanges: () => useSyncExternalStore(outbox.subscribe, () => outbox.writes),
  useServerMayHave: () => true,
  usePendingAttachments: () => [],
}));
vi.mock('../../../../src/lib/outbox/hooks', async (original) => ({
  ...(await original<typeof import('../../../../src/lib/outbox/hooks')>()),
  useOutboxItemsIf: () => useSyncExternalStore(outbox.subscribe, () => outbox.items),
}));

const FIRST_LOOK = { timeout: 15_000 };

const rowsOf = () => within(screen.getByRole('list', { name: 'Sites' })).getAllByRole('link');

describe('the site list', { timeout: 30_000 }, () => {
  it('renders the rows of the first page, virtualised, with the filtered count', async () => {
    const api = serveSites({ rights: READER, total: 130, pageSize: 100 });
    seedSession({ rights: READER });
    renderApp('/site/view/infoV2');
    expect(await screen.findByText('Site 001', {}, FIRST_LOOK)).toBeInTheDocument();
    expect(screen.getByText('130 sites')).toBeInTheDocument();
    expect(screen.getAllByText('1 rue de la République, 69002 Lyon')).toHaveLength(1);
    // Virtualised: a screenful and some overscan, not 100 rows.
    expect(rowsOf().length).toBeLessThan(30);
    expect(api.listRequests[0]?.get('cursor')).toBeNull();
  });

  it('puts the search and the filters in the address, and a reload shows the same list', async () => {
    const api = serveSites({ rights: READER, total: 12 });
    seedSession({ rights: READER });
    const { router, unmount } = renderApp('/site/view/infoV2');
    expect(await screen.findByText('Site 001', {}, FIRST_LOOK)).toBeInTheDocument();

    fireEvent.input(screen.getByLabelText('Search by name, address or owner'), { target: { value: 'Site 011' } });
    await waitFor(() => expect(router.state.location.search).toMatchObject({ search: 'Site 011' }));
    expect(await screen.findByText('1 site')).toBeInTheDocument();
    expect(rowsOf().map((row) => row.textContent)).toEqual([expect.stringContaining('Site 011')]);

    fireEvent.change(screen.getByLabelText('Site type'), { target: { value: TYPE_WAREHOUSE.id } });
    fireEvent.change(screen.getByLabelText('GPS position'), { target: { value: 'true' } });
    fireEvent.change(screen.getByLabelText('Sort'), { target: { value: '-updatedAt' } });
    await waitFor(() =>
      expect(router.state.location.search).toEqual({ search: 'Site 011', siteType: TYPE_WAREHOUSE.id, hasGps: 'true', sort: '-updatedAt' }),
    );
    await waitFor(() => expect(api.listRequests.at(-1)?.get('sort')).toBe('-updatedAt'));
    const last = api.listRequests.at(-1)!;
    expect(Object.fromEntries(last)).toMatchObject({ search: 'Site 011', siteType: TYPE_WAREHOUSE.id, hasGps: 'true', sort: '-updatedAt' });
    const href = router.state.location.href;
    unmount();

    // The same address opened afresh: the same choices, shown and asked for.
    const count = api.listRequests.length;
    renderApp(href);
    expect(await screen.findByText('Site 011', {}, FIRST_LOOK)).toBeInTheDocument();
    expect(screen.getByLabelText('Site type')).toHaveValue(TYPE_WAREHOUSE.id);
    expect(screen.getByLabelText('GPS position')).toHaveValue('true');
    expect(screen.getByLabelText('Sort')).toHaveValue('-updatedAt');
    expect(Object.fromEntries(api.listRequests[count]!)).toMatchObject({ search: 'Site 011', siteType: TYPE_WAREHOUSE.id, hasGps: 'true' });
  });

  it('clears the search with the box’s own button, which only shows once something is typed', async () => {
    serveSites({ rights: READER, total: 12 });
    seedSession({ rights: READER });
    const { router } = renderApp('/site/view/infoV2?search=Site%20011');
    expect(await screen.findByText('1 site', {}, FIRST_LOOK)).toBeInTheDocument();
    const box = screen.getByRole('searchbox', { name: 'Search by name, address or owner' });
    expect(box).toHaveValue('Site 011');

    fireEvent.click(screen.getByRole('button', { name: 'Clear the search' }));
    expect(box).toHaveValue('');
    expect(box).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Clear the search' })).not.toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).not.toHaveProperty('search'));
    expect(await screen.findByText('12 sites')).toBeInTheDocument();
  });

  it('drops search params the contract would refuse', () => {
    expect(validateSiteSearch({ sort: 'owner', siteType: 'not-a-uuid', hasGps: 'maybe', deleted: 'false', search: '  ' })).toEqual({});
    expect(validateSiteSearch({ hasGps: true, deleted: true, search: 42 })).toEqual({ hasGps: 'true', deleted: 'true', search: '42' });
    expect(SEARCH_LIMIT).toBe(SEARCH_MAX);
  });

  it('asks the server again when the list is pulled down, and ends the pull with the answer', async () => {
    const api = serveSites({ rights: READER, total: 12 });
    seedSession({ rights: READER });
    renderApp('/site/view/infoV2');
    expect(await screen.findByText('Site 001', {}, FIRST_LOOK)).toBeInTheDocument();
    // The refresher is built once the list is on screen (a chunk of its own).
    const refresher = await waitFor(() => {
      const element = document.querySelector('ion-refresher');
      expect(element).not.toBeNull();
      return element!;
    });
    const asked = api.listRequests.length;
    const complete = vi.fn();
    act(() => void refresher.dispatchEvent(new CustomEvent('ionRefresh', { detail: { complete } })));
    await waitFor(() => expect(complete).toHaveBeenCalledOnce());
    expect(api.listRequests.length).toBe(asked + 1);
  });

  it('shows no manage action to a reader, and them to a manager', async () => {
    serveSites({ rights: READER });
    seedSession({ rights: READER });
    const reader = renderApp('/site/view/infoV2');
    expect(await screen.findByText('Site 001', {}, FIRST_LOOK)).toBeInTheDocument();
    expect(screen.queryByText('New site')).toBeNull();
    expect(screen.queryByText('Site types')).toBeNull();
    expect(screen.queryByLabelText('Sites shown')).toBeNull();
    reader.unmount();

    serveSites({ rights: MANAGER });
    seedSession({ rights: MANAGER });
    renderApp('/site/view/infoV2');
    expect(await screen.findByText('Site 001', {}, FIRST_LOOK)).toBeInTheDocument();
    expect(screen.getByText('New site')).toBeInTheDocument();
    expect(screen.getByText('Site types')).toBeInTheDocument();
    expect(screen.getByLabelText('Sites shown')).toBeInTheDocument();
  });

  it('sends a reader away from the create page', async () => {
    serveSites({ rights: READER });
    seedSession({ rights: READER });
    const { pathname } = renderApp('/site/new');
    await waitFor(() => expect(pathname()).toBe('/site/view/infoV2'), FIRST_LOOK);
  });

  it('shows the sites written offline at once, marked as waiting, with the count', async () => {
    const created = 'ffffffff-0000-4000-8000-000000000001';
    outbox.set([
      pending('sites.create', created, { id: created, name: 'Entrepôt Vénissieux', address: '3 rue Neuve', siteTypeId: TYPE_WAREHOUSE.id }),
      pending('sites.update', summary(2).id, { name: 'Site 002 rénové' }),
      pending('sites.delete', summary(3).id, null),
      // A site type's write names the type, never a site of the list.
      pending('sites.type.create', 'ffffffff-0000-4000-8000-000000000002', { id: 'ffffffff-0000-4000-8000-000000000002', name: 'Chai' }),
    ]);
    try {
      serveSites({ rights: MANAGER, total: 3 });
      seedSession({ rights: MANAGER });
      const { router } = renderApp('/site/view/infoV2');
      expect(await screen.findByText('Entrepôt Vénissieux', {}, FIRST_LOOK)).toBeInTheDocument();
      // Created first, the update shown, the deleted one gone: 3 + 1 - 1.
      expect(rowsOf().map((row) => row.querySelector('strong')?.textContent)).toEqual(['Entrepôt Vénissieux', 'Site 001', 'Site 002 rénové']);
      expect(screen.getByText('3 sites')).toBeInTheDocument();
      expect(within(rowsOf()[0]!).getByText('Waiting to be sent')).toBeInTheDocument();
      expect(within(rowsOf()[0]!).getByText(TYPE_WAREHOUSE.name)).toBeInTheDocument();
      expect(within(rowsOf()[1]!).queryByText('Waiting to be sent')).toBeNull();
      expect(within(rowsOf()[2]!).getByText('Waiting to be sent')).toBeInTheDocument();

      // Found by a search typed without its accents; another search leaves it out.
      fireEvent.input(screen.getByLabelText('Search by name, address or owner'), { target: { value: 'ENTREPOT venis' } });
      await waitFor(() => expect(router.state.location.search).toMatchObject({ search: 'ENTREPOT venis' }));
      await waitFor(() => expect(rowsOf()[0]).toHaveTextContent('Entrepôt Vénissieux'));
      fireEvent.input(screen.getByLabelText('Search by name, address or owner'), { target: { value: 'Site 001' } });
      await waitFor(() => expect(screen.queryByText('Entrepôt Vénissieux')).toBeNull());
    } finally {
      outbox.set([]);
    }
  });

  describe('with a site created on this device', () => {
    afterEach(() => outbox.set([]));

    /** The list opened with `site` created here and waiting; the site shown. */
    async function listWithCreatedSite(site: { id: string; name: string }) {
      outbox.set([pending('sites.create', site.id, { address: '1 allée Fontenay', siteTypeId: null, ...site })]);
      serveSites({ rights: MANAGER, total: 2 });
      seedSession({ rights: MANAGER });
      const { router } = renderApp('/site/view/infoV2');
      expect(await screen.findByText(site.name, {}, FIRST_LOOK)).toBeInTheDocument();
      expect(within(rowsOf()[0]!).getByText('Waiting to be sent')).toBeInTheDocument();
      return router;
    }

    it('keeps it listed once delivered, without its mark, until the list is read again', async () => {
      const site = { id: 'ffffffff-0000-4000-8000-000000000003', name: 'Dépôt Saint-Priest' };
      await listWithCreatedSite(site);

      // Delivered: the list is read again, and until the server answers the row stays as last seen.
      const answer = holdListRequests();
      act(() => outbox.set([]));
      await waitFor(() => expect(within(rowsOf()[0]!).queryByText('Waiting to be sent')).toBeNull());
      expect(rowsOf()[0]).toHaveTextContent(site.name);
      expect(screen.getByText('3 sites')).toBeInTheDocument();
      await answer([summary(1), summary(2), { ...summary(3), id: site.id, name: site.name }]);
      await waitFor(() => expect(screen.getAllByText(site.name)).toHaveLength(1));
      expect(screen.getByText('3 sites')).toBeInTheDocument();
    });

    it('never shows it as sent when it leaves the list while its writes still wait', async () => {
      const site = { id: 'ffffffff-0000-4000-8000-000000000004', name: 'Chantier Gerland' };
      await listWithCreatedSite(site);

      // Deleted on this device before it was sent: both writes wait, and the site leaves the list.
      holdListRequests();
      act(() => outbox.set([pending('sites.create', site.id, site), pending('sites.delete', site.id, null)]));
      await waitFor(() => expect(screen.queryByText(site.name)).toBeNull());
      expect(screen.getByText('2 sites')).toBeInTheDocument();
    });

    it('keeps it in view, marked as waiting, while a new search is read', async () => {
      const site = { id: 'ffffffff-0000-4000-8000-000000000005', name: 'Atelier Gerland' };
      const router = await listWithCreatedSite(site);

      const answer = holdListRequests();
      fireEvent.input(screen.getByLabelText('Search by name, address or owner'), { target: { value: 'gerland' } });
      await waitFor(() => expect(router.state.location.search).toMatchObject({ search: 'gerland' }));
      expect(await screen.findByLabelText('Loading')).toBeInTheDocument();
      expect(rowsOf()).toHaveLength(1);
      expect(within(rowsOf()[0]!).getByText('Waiting to be sent')).toBeInTheDocument();
      await answer([]);
      await waitFor(() => expect(screen.getByText('1 site')).toBeInTheDocument());
      expect(within(rowsOf()[0]!).getByText('Waiting to be sent')).toBeInTheDocument();
    });
  });
});

function pending(kind: string, recordId: string, payload: unknown): PendingWrite {
  return { item: { kind, recordId, state: 'queued' }, payload };
}

/**
 * From now on the server answers the site list only when told to: with `items`, once each
 * request held so far. Returns that answer.
 */
function holdListRequests(): (items: SiteSummary[]) => Promise<void> {
  const waiting: ((items: SiteSummary[]) => void)[] = [];
  server.use(
    http.get(api('sites'), () =>
      new Promise<Response>((resolve) => {
        waiting.push((items) => resolve(HttpResponse.json(makeEnvelope({ items, nextCursor: null, total: items.length }, { rights: MANAGER }))));
      }),
    ),
  );
  return async (items) => {
    await waitFor(() => expect(waiting.length).toBeGreaterThan(0));
    for (const answer of waiting.splice(0)) answer(items);
  };
}
