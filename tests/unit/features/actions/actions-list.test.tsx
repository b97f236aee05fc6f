import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PendingWrite } from '../../../../src/lib/outbox';
import { renderApp } from '../../../../src/testing/render-app';
import { FIELD, MANAGER, OTHER, serveActions, summary, seedActionsSession } from './actions-testing';

// The writes this device still holds for the actions, as usePendingChanges gives them.
const outbox = vi.hoisted(() => ({ writes: [] as PendingWrite[] }));
vi.mock('../../../../src/lib/outbox', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../../src/lib/outbox')>()),
  enqueueWrite: vi.fn(),
  registerSender: vi.fn(),
  usePendingWrites: () => [],
  usePendingChanges: () => outbox.writes,
  usePendingAttachments: () => [],
}));

const FIRST_LOOK = { timeout: 15_000 };
const rowsOf = (name = 'My actions') => within(screen.getByRole('list', { name })).getAllByRole('link');

describe('the actions list', { timeout: 30_000 }, () => {
  it('shows a field user its own actions, overdue ones marked, with their status and priority, and no manager tools', async () => {
    const api = serveActions({ rights: FIELD, rows: [summary(1, { overdue: true, dueOn: '2026-11-01', priority: 'critical' }), summary(2, { status: 'inProgress' })] });
    seedActionsSession(FIELD);
    renderApp('/actionPlan/actions');
    expect(await screen.findByText('Action 001', {}, FIRST_LOOK)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'My actions' })).toBeInTheDocument();
    expect(screen.getByText('2 actions')).toBeInTheDocument();
    const [first, second] = rowsOf();
    expect(within(first!).getByText('Overdue')).toBeInTheDocument();
    expect(within(first!).getByText('Critical')).toBeInTheDocument();
    expect(within(first!).getByText('To do')).toBeInTheDocument();
    expect(within(second!).getByText('In progress')).toBeInTheDocument();
    expect(within(second!).queryByText('Overdue')).toBeNull();
    // "My actions": the server is asked for the caller's own.
    expect(api.listRequests[0]?.get('mine')).toBe('true');
    expect(screen.queryByText('Export (CSV)')).toBeNull();
    expect(screen.queryByRole('group', { name: 'Whose actions' })).toBeNull();
  });

  it('lets a manager see all of the district’s, and puts the filters and the sort in the address', async () => {
    const api = serveActions({ rights: MANAGER, rows: [summary(1), summary(2, { assignee: OTHER, status: 'done' })] });
    seedActionsSession(MANAGER);
    const { router } = renderApp('/actionPlan/actions');
    expect(await screen.findByText('Action 001', {}, FIRST_LOOK)).toBeInTheDocument();
    expect(screen.queryByText('Action 002')).toBeNull();
    expect(screen.getByText('Export (CSV)')).toBeInTheDocument();

    fireEvent.click(within(screen.getByRole('group', { name: 'Whose actions' })).getByText('All of the district'));
    await waitFor(() => expect(router.state.location.search).toEqual({ scope: 'all' }));
    expect(await screen.findByText('Action 002')).toBeInTheDocument();
    expect(api.listRequests.at(-1)?.get('mine')).toBeNull();

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'todo,inProgress' } });
    fireEvent.change(screen.getByLabelText('Priority'), { target: { value: 'high' } });
    fireEvent.change(screen.getByLabelText('Due'), { target: { value: 'overdue' } });
    fireEvent.change(screen.getByLabelText('Sort'), { target: { value: '-priority' } });
    await waitFor(() => expect(router.state.location.search).toEqual({ scope: 'all', status: 'todo,inProgress', priority: 'high', due: 'overdue', sort: '-priority' }));
    await waitFor(() => expect(api.listRequests.at(-1)?.get('sort')).toBe('-priority'));
    expect(Object.fromEntries(api.listRequests.at(-1)!)).toMatchObject({ status: 'todo,inProgress', priority: 'high', due: 'overdue', sort: '-priority' });
  });

  it('shows at once, marked waiting, an action closed on this device and not yet sent', async () => {
    const row = summary(1);
    outbox.writes = [
      { item: { kind: 'actions.status', recordId: row.id, state: 'queued', module: 'actions' }, payload: { status: 'done', at: '2026-11-20T10:00:00.000Z', note: 'Fait' } },
    ];
    serveActions({ rights: FIELD, rows: [row, summary(2)] });
    seedActionsSession(FIELD);
    renderApp('/actionPlan/actions');
    expect(await screen.findByText('Action 001', {}, FIRST_LOOK)).toBeInTheDocument();
    const first = rowsOf()[0]!;
    expect(within(first).getByText('Done')).toBeInTheDocument();
    expect(within(first).getByText('Waiting to be sent')).toBeInTheDocument();
    outbox.writes = [];
  });

  it('under Actions V3, the same list, its links staying in Actions V3', async () => {
    serveActions({ rights: ['actionsV3.read', 'notifications.access'] });
    seedActionsSession(['actionsV3.read', 'notifications.access']);
    renderApp('/actionsV3/actions');
    expect(await screen.findByText('Action 001', {}, FIRST_LOOK)).toBeInTheDocument();
    expect(rowsOf()[0]).toHaveAttribute('href', `/actionsV3/actions/${summary(1).id}`);
  });
});
