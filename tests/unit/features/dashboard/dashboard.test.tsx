/** The dashboard, each person's home, as a user sees it from what GET /api/dashboard answers. */
import { onlineManager } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DashboardData } from '../../../../common/schemas/dashboard';
import type { ActionSummary } from '../../../../common/modules/actions/schemas';
import { resetOutboxDrainer } from '../../../../src/lib/outbox/drainer';
import { enqueueWrite } from '../../../../src/lib/outbox/enqueue';
import { resetOutboxReader } from '../../../../src/lib/outbox/hooks';
import { closeSocket, openSocket } from '../../../../src/lib/socket';
import { DEMO_DISTRICT, makeEnvelope } from '../../../../src/testing/fixtures';
import { api } from '../../../../src/testing/handlers';
import { renderApp } from '../../../../src/testing/render-app';
import { server } from '../../../../src/testing/server';
import { seedSession } from '../../../../src/testing/session';
import { emitServerEvent } from '../../fake-socket-io';
import { freshIndexedDb } from '../emergency/outbox-testing';

vi.mock('socket.io-client', () => import('../../fake-socket-io'));

// The first render loads the page chunks (cold transforms in the test runner).
const LOAD = { timeout: 5000 };

const NOBODY: DashboardData = { myActions: null, myInspections: null, recentDeclarations: null, districtActions: null, cards: [] };

const action = (id: string, title: string, rest: Partial<ActionSummary> = {}): ActionSummary => ({
  id,
  title,
  status: 'todo',
  priority: 'normal',
  dueOn: '2026-11-20',
  overdue: false,
  siteId: null,
  siteName: null,
  assignee: null,
  planId: null,
  planName: null,
  source: null,
  proof: { photo: false, note: false },
  photoCount: 0,
  commentCount: 0,
  version: 1,
  updatedAt: '2026-11-01T08:00:00.000Z',
  deletedAt: null,
  ...rest,
});

const A1 = '0b7e3f2a-1c2d-4e5f-8a9b-000000000001';
const A2 = '0b7e3f2a-1c2d-4e5f-8a9b-000000000002';
const I1 = '0b7e3f2a-1c2d-4e5f-8a9b-000000000011';
const D1 = '0b7e3f2a-1c2d-4e5f-8a9b-000000000021';

const FIELD_USER: DashboardData = {
  cards: [],
  myActions: {
    items: [
      action(A1, 'Replace the torn safety net', { overdue: true, dueOn: '2026-11-02', siteName: 'Lyon Part-Dieu', status: 'inProgress' }),
      action(A2, 'Check the fire extinguishers', { dueOn: '2026-12-01' }),
    ],
    open: 7,
    overdue: 1,
  },
  myInspections: {
    items: [{ id: I1, templateName: 'Scaffold inspection', siteName: 'Villeurbanne', status: 'todo', dueAt: '2026-11-30T09:00:00.000Z', overdue: false }],
    due: 3,
  },
  recentDeclarations: { items: [{ id: D1, title: 'Water leak in hall B', status: 'new', siteName: null, createdAt: '2026-11-24T10:00:00.000Z' }] },
  districtActions: null,
};

function serveDashboard(...answers: DashboardData[]) {
  let calls = 0;
  server.use(
    http.get(api('dashboard'), () => {
      const answer = answers[Math.min(calls, answers.length - 1)]!;
      calls += 1;
      return HttpResponse.json(makeEnvelope(answer));
    }),
  );
  return () => calls;
}

async function openDashboard() {
  const app = renderApp('/dashboard');
  expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 }, LOAD)).toBeInTheDocument();
  return app;
}

describe('the dashboard', () => {
  afterEach(() => {
    closeSocket();
  });

  it('keeps the district, its client, the district modules with screens and the unread notifications in a compact form', async () => {
    seedSession();
    // Every envelope carries the district's modules and the unread count: the answers agree.
    // brandNewModule has no manifest (a module of a later release): it is not listed.
    const session = { districtModules: [{ name: 'sites' }, { name: 'files' }, { name: 'cartography' }, { name: 'brandNewModule' }], unreadNotificationsNumber: 5 };
    server.use(
      http.get(api('auth/district'), () => HttpResponse.json(makeEnvelope(DEMO_DISTRICT, session))),
      http.get(api('dashboard'), () => HttpResponse.json(makeEnvelope(NOBODY, session))),
    );
    await openDashboard();
    await waitFor(() => expect(screen.getByTestId('dashboard-district')).toHaveTextContent(DEMO_DISTRICT.name));
    expect(screen.getByTestId('dashboard-client')).toHaveTextContent(DEMO_DISTRICT.client.name);
    const modules = await screen.findByRole('list', { name: 'District modules:' });
    await waitFor(() => expect(within(modules).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Sites', 'Files', 'Cartography']));
    expect(screen.getByTestId('dashboard-unread')).toHaveTextContent('5');
  });

  it('says when the district cannot be loaded', async () => {
    seedSession();
    server.use(http.get(api('auth/district'), () => HttpResponse.json({ message: 'internal_error' }, { status: 500 })));
    renderApp('/dashboard');
    await waitFor(() => expect(screen.getByTestId('dashboard-district')).toHaveTextContent('Unavailable'), LOAD);
  });

  it('says the district has no module when none of its modules is one the app shows', async () => {
    seedSession();
    const session = { districtModules: [{ name: 'brandNewModule' }] };
    server.use(
      http.get(api('auth/district'), () => HttpResponse.json(makeEnvelope(DEMO_DISTRICT, session))),
      http.get(api('dashboard'), () => HttpResponse.json(makeEnvelope(NOBODY, session))),
    );
    renderApp('/dashboard');
    expect(await screen.findByText('No module is enabled for this district.', {}, LOAD)).toBeInTheDocument();
  });

  it('says when the district has no module', async () => {
    seedSession();
    server.use(
      http.get(api('auth/district'), () => HttpResponse.json(makeEnvelope(DEMO_DISTRICT, { districtModules: [] }))),
      http.get(api('dashboard'), () => HttpResponse.json(makeEnvelope(NOBODY, { districtModules: [] }))),
      // Every envelope of this district says so (the terms' status, asked after login, too).
      http.get(api('tc/status'), () => HttpResponse.json(makeEnvelope({ current: null, acceptedVersion: null, acceptedAt: null, mustAccept: false }, { districtModules: [] }))),
    );
    renderApp('/dashboard');
    expect(await screen.findByText('No module is enabled for this district.', {}, LOAD)).toBeInTheDocument();
  });

  it('shows a field user its actions (overdue marked), its inspections due and the recent declarations, each opening its record', async () => {
    seedSession();
    serveDashboard(FIELD_USER);
    await openDashboard();

    const actions = await screen.findByRole('region', { name: 'My actions' });
    expect(within(actions).getByText('7 open, 1 overdue')).toBeInTheDocument();
    const rows = within(actions).getAllByRole('link').filter((link) => link.getAttribute('href')?.startsWith('/actionPlan/actions/'));
    expect(rows.map((row) => row.textContent)).toEqual([
      'Replace the torn safety netOverdue In progress · Due 11/02/2026 · Lyon Part-Dieu',
      'Check the fire extinguishersTo do · Due 12/01/2026',
    ]);
    expect(rows[0]).toHaveAttribute('href', `/actionPlan/actions/${A1}`);
    expect(within(actions).getByRole('link', { name: 'All my actions' })).toHaveAttribute('href', '/actionPlan/actions?mine=true');

    const inspections = screen.getByRole('region', { name: 'My inspections due' });
    expect(within(inspections).getByText('3 inspections due')).toBeInTheDocument();
    expect(within(inspections).getByRole('link', { name: /Scaffold inspection/ })).toHaveAttribute('href', `/questionnary-v2/inspections/${I1}`);

    const declarations = screen.getByRole('region', { name: 'Recent declarations' });
    expect(within(declarations).getByRole('link', { name: /Water leak in hall B.*New · Reported 11\/24\/2026/ })).toHaveAttribute('href', `/declarations/${D1}`);

    // A field user is no manager: no district counts, no chart.
    expect(screen.queryByRole('region', { name: "The district's actions" })).not.toBeInTheDocument();
  });

  it("shows a module's card: its title from the module's namespace, its count, its rows marked by tone and day, and its list", async () => {
    seedSession();
    const E1 = '0b7e3f2a-1c2d-4e5f-8a9b-000000000031';
    serveDashboard({
      ...NOBODY,
      cards: [
        {
          id: 'inventory.sample',
          namespace: 'inventoryV2',
          title: 'title',
          count: 12,
          tone: 'danger',
          path: '/inventory-v2/equipment?check=overdue',
          items: [{ id: E1, label: 'Extincteur hall A', detail: 'Mairie', day: '2026-11-02', tone: 'danger', path: `/inventory-v2/equipment/${E1}` }],
        },
        // The modules' cards so far have their titles in `common`: the home loads no module's file.
        { id: 'inventory.lowStock', namespace: 'common', title: 'dashboard.cards.lowStock', count: 0, tone: 'neutral', path: '/stock-management/article?low=true', items: [] },
      ],
    });
    await openDashboard();
    expect(await screen.findByRole('region', { name: 'Low stock' })).toHaveTextContent('Nothing to report.');
    const card = await screen.findByRole('region', { name: 'Inventory' });
    expect(within(card).getByText('12 items')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: /Extincteur hall A.*Overdue Mairie · 11\/02\/2026/ })).toHaveAttribute('href', `/inventory-v2/equipment/${E1}`);
    expect(within(card).getByRole('link', { name: 'See all' })).toHaveAttribute('href', '/inventory-v2/equipment?check=overdue');
  });

  it('shows only the parts the server answers, and says when a part is empty', async () => {
    seedSession();
    serveDashboard({ ...NOBODY, myActions: { items: [], open: 0, overdue: 0 } });
    await openDashboard();
    expect(await screen.findByText('No open action.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'My inspections due' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Recent declarations' })).not.toBeInTheDocument();
  });

  it("shows a manager the district's open and overdue counts and the weeks' chart with its figures as text", async () => {
    seedSession();
    serveDashboard({
      ...NOBODY,
      districtActions: {
        open: 42,
        overdue: 6,
        weeks: [
          { week: '2026-11-09', opened: 5, closed: 2 },
          { week: '2026-11-16', opened: 3, closed: 8 },
        ],
      },
    });
    await openDashboard();
    const district = await screen.findByRole('region', { name: "The district's actions" });
    expect(within(district).getByTestId('dashboard-district-open')).toHaveTextContent('42');
    expect(within(district).getByTestId('dashboard-district-overdue')).toHaveTextContent('6');
    // The drawing is not read aloud; its text equivalent, a table named by the caption, is.
    expect(within(district).getByRole('figure', { name: 'Actions opened and closed by week' })).toBeInTheDocument();
    expect(within(district).getByTestId('dashboard-chart-drawing')).toHaveAttribute('aria-hidden', 'true');
    const table = within(district).getByRole('table', { name: 'Actions opened and closed by week' });
    const lines = within(table)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(lines).toEqual([
      ['Week of', 'Opened', 'Closed'],
      ['11/09/2026', '5', '2'],
      ['11/16/2026', '3', '8'],
    ]);
  });

  it('shows placeholders until the data comes, then says when it cannot be loaded, and tries again', async () => {
    seedSession();
    let fail = true;
    server.use(
      http.get(api('dashboard'), () =>
        fail ? HttpResponse.json({ message: 'internal_error' }, { status: 500 }) : HttpResponse.json(makeEnvelope(FIELD_USER)),
      ),
    );
    const { user } = renderApp('/dashboard');
    expect(await screen.findByTestId('dashboard-loading', {}, LOAD)).toBeInTheDocument();
    expect(await screen.findByText('Your work could not be loaded.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'My actions' })).toBeInTheDocument();
  });

  it('offline, keeps showing the last answer and says it may not be up to date; with none yet, says it waits for the network', async () => {
    seedSession();
    serveDashboard(FIELD_USER);
    const { queryClient, unmount } = await openDashboard();
    expect(await screen.findByText('7 open, 1 overdue')).toBeInTheDocument();
    onlineManager.setOnline(false);
    try {
      await queryClient.invalidateQueries({ queryKey: ['dashboard'] });
      expect(await screen.findByTestId('dashboard-as-of')).toHaveTextContent(/^Not up to date: as loaded on /);
      expect(screen.getByText('7 open, 1 overdue')).toBeInTheDocument();
      unmount();
      await openDashboard();
      expect(await screen.findByText('You are offline: your work will show when the connection is back.')).toBeInTheDocument();
    } finally {
      onlineManager.setOnline(true);
    }
  });

  it("asks again when the server says one of the actions changed (the socket's records:changed)", async () => {
    seedSession();
    const calls = serveDashboard(FIELD_USER, {
      ...FIELD_USER,
      myActions: { items: [action(A2, 'Check the fire extinguishers')], open: 6, overdue: 0 },
    });
    await openDashboard();
    expect(await screen.findByText('7 open, 1 overdue')).toBeInTheDocument();
    await openSocket();
    const before = calls();
    emitServerEvent('records:changed', { module: 'actions', id: A1, version: 3 });
    expect(await screen.findByText('6 open, 0 overdue')).toBeInTheDocument();
    expect(calls()).toBe(before + 1);
    expect(screen.queryByText('Replace the torn safety net')).not.toBeInTheDocument();
  });

  describe('what waits on this device', () => {
    afterEach(() => {
      resetOutboxDrainer();
      resetOutboxReader();
    });

    it('shows the writes waiting to be sent, by module, leading to the outbox', async () => {
      await freshIndexedDb();
      resetOutboxReader();
      seedSession();
      // Writes of a kind no sender handles in this test: they stay queued.
      for (const id of ['a', 'b']) await enqueueWrite({ kind: 'test.update', module: 'declarations', recordId: id, baseVersion: 1, payload: { name: id } });
      await openDashboard();
      const pending = await screen.findByRole('region', { name: 'Waiting to be sent from this device' });
      expect(within(pending).getByText('2 records waiting to be sent')).toBeInTheDocument();
      expect(within(pending).getByText('Declarations')).toBeInTheDocument();
      expect(within(pending).getByText('2 waiting')).toBeInTheDocument();
      expect(within(pending).getByRole('link', { name: 'Open the outbox' })).toHaveAttribute('href', '/emergency/outbox');
    });
  });
});
