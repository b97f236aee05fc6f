import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { today } from '../../../../src/features/actions/pending';
import { enqueueWrite } from '../../../../src/lib/outbox';
import { getToasts } from '../../../../src/lib/toast';
import { makeEnvelope } from '../../../../src/testing/fixtures';
import { api } from '../../../../src/testing/handlers';
import { renderApp } from '../../../../src/testing/render-app';
import { server } from '../../../../src/testing/server';
import { ACTION, FIELD, MANAGER, ME, OTHER, PLAN_ID, serveActions, SITE_ID, SITES, TEMPLATE, seedActionsSession } from './actions-testing';

vi.mock('../../../../src/lib/outbox', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../../src/lib/outbox')>()),
  enqueueWrite: vi.fn((item: object) => Promise.resolve({ ...item, key: 'k', state: 'queued' })),
  registerSender: vi.fn(),
  usePendingWrites: () => [],
  usePendingChanges: () => [],
  usePendingAttachments: () => [],
}));

const FIRST_LOOK = { timeout: 15_000 };
const INSPECTION_ID = '33333333-0000-4000-8000-000000000001';
/** The parts of a submitted inspection the form reads (its site, its failed items). */
const INSPECTION = {
  id: INSPECTION_ID,
  siteId: SITE_ID,
  siteName: 'Entrepôt de Vénissieux',
  status: 'submitted',
  // The inspector: the one a corrective action goes to unless its draft names another.
  assignee: ME,
  failedItems: [
    { sectionKey: 'securite', questionKey: 'extincteurs', label: 'Extincteurs vérifiés ?', note: 'Deux périmés', action: { title: 'Remplacer les extincteurs', dueOn: '2026-12-15', assigneeId: null } },
  ],
};

beforeEach(() => vi.mocked(enqueueWrite).mockClear());

const save = () => fireEvent.click(screen.getByText('Save'));

/**
 * The end of a Save as the user sees it: the write queued once, then the saved toast. The test
 * waits for the toast: a save still under way when the file's last test ends would finish after
 * the page is gone.
 */
async function savedOnce() {
  await waitFor(() => expect(enqueueWrite).toHaveBeenCalledTimes(1));
  await waitFor(() => expect(getToasts().some((toast) => toast.kind === 'success')).toBe(true));
}

describe('a new action', { timeout: 30_000 }, () => {
  it('made by a field user from an inspection’s failed item: its action draft and the inspection’s site, assigned to itself', async () => {
    serveActions({ rights: FIELD });
    server.use(http.get(api(`questionnaires/inspections/${INSPECTION_ID}`), () => HttpResponse.json(makeEnvelope(INSPECTION, { rights: FIELD }))));
    seedActionsSession(FIELD);
    const { router } = renderApp(`/actionPlan/actions/new?source=inspection:${INSPECTION_ID}:extincteurs`);
    await waitFor(() => expect(screen.getByLabelText('Title')).toHaveValue('Remplacer les extincteurs'), FIRST_LOOK);
    expect(screen.getByLabelText('Site')).toHaveValue(SITE_ID);
    expect(screen.getByLabelText('Due on')).toHaveValue('2026-12-15');
    expect(screen.getByText('This action will be assigned to you.')).toBeInTheDocument();
    save();
    await savedOnce();
    const write = vi.mocked(enqueueWrite).mock.calls[0]![0];
    expect(write).toMatchObject({
      kind: 'actions.create',
      module: 'actions',
      baseVersion: null,
      payload: {
        title: 'Remplacer les extincteurs',
        siteId: SITE_ID,
        dueOn: '2026-12-15',
        assigneeId: ME.id,
        source: { kind: 'inspection', id: INSPECTION_ID, questionKey: 'extincteurs' },
      },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/actionPlan/actions/${write.recordId}`));
  });

  it('made by a manager from an inspection’s failed item whose draft names no one: assigned to the inspector', async () => {
    serveActions({ rights: MANAGER });
    server.use(http.get(api(`questionnaires/inspections/${INSPECTION_ID}`), () => HttpResponse.json(makeEnvelope({ ...INSPECTION, assignee: OTHER }, { rights: MANAGER }))));
    seedActionsSession(MANAGER);
    renderApp(`/actionPlan/actions/new?source=inspection:${INSPECTION_ID}:extincteurs`);
    await waitFor(() => expect(screen.getByLabelText('Title')).toHaveValue('Remplacer les extincteurs'), FIRST_LOOK);
    await waitFor(() => expect(screen.getByLabelText('Assignee')).toHaveValue(OTHER.id));
    save();
    await savedOnce();
    expect(vi.mocked(enqueueWrite).mock.calls[0]![0]).toMatchObject({ kind: 'actions.create', payload: { assigneeId: OTHER.id } });
  });

  it('offers a field user without the sites right the district’s sites (the module’s own choices), searched', async () => {
    const actions = serveActions({ rights: FIELD });
    seedActionsSession(FIELD);
    renderApp('/actionPlan/actions/new');
    const site = await screen.findByLabelText('Site', {}, FIRST_LOOK);
    await waitFor(() => expect(within(site).getByRole('option', { name: 'Dépôt de Bron' })).toBeInTheDocument());
    fireEvent.input(screen.getByLabelText('Title'), { target: { value: 'Réparer le portail' } });
    fireEvent.change(site, { target: { value: SITES[1]!.id } });
    fireEvent.change(screen.getByLabelText('Search: Site'), { target: { value: 'bron' } });
    await waitFor(() => expect(actions.siteRequests.at(-1)?.get('search')).toBe('bron'));
    save();
    await savedOnce();
    expect(vi.mocked(enqueueWrite).mock.calls[0]![0]).toMatchObject({ kind: 'actions.create', payload: { title: 'Réparer le portail', siteId: SITES[1]!.id } });
  });

  it('made by a manager from a template: its title, priority, proof and due day from its delay', async () => {
    serveActions({ rights: MANAGER });
    seedActionsSession(MANAGER);
    renderApp(`/actionsV3/actions/new?template=${TEMPLATE.id}&plan=${PLAN_ID}`);
    await waitFor(() => expect(screen.getByLabelText('Title')).toHaveValue('Vérifier l’extincteur'), FIRST_LOOK);
    const due = new Date();
    due.setDate(due.getDate() + 7);
    expect(screen.getByLabelText('Due on')).toHaveValue(today(due));
    expect(screen.getByLabelText('Priority')).toHaveValue('high');
    expect(screen.getByLabelText('A photo')).toBeChecked();
    await waitFor(() => expect(screen.getByLabelText('Action plan')).toHaveValue(PLAN_ID));
    fireEvent.change(screen.getByLabelText('Assignee'), { target: { value: ME.id } });
    save();
    await savedOnce();
    expect(vi.mocked(enqueueWrite).mock.calls[0]![0]).toMatchObject({
      kind: 'actions.create',
      payload: { templateId: TEMPLATE.id, planId: PLAN_ID, assigneeId: ME.id, priority: 'high', proof: { photo: true, note: false } },
    });
  });

  it('chosen from a template in the form, prefilled from the kept list of templates even when the template cannot be read', async () => {
    serveActions({ rights: MANAGER });
    server.use(http.get(api(`actions/templates/${TEMPLATE.id}`), () => HttpResponse.error()));
    seedActionsSession(MANAGER);
    const { router } = renderApp('/actionPlan/actions/new');
    const picker = await screen.findByLabelText('Start from a template', {}, FIRST_LOOK);
    await waitFor(() => expect(within(picker).getByRole('option', { name: 'Extincteur' })).toBeInTheDocument());
    fireEvent.change(picker, { target: { value: TEMPLATE.id } });
    await waitFor(() => expect(router.state.location.search).toEqual({ template: TEMPLATE.id }));
    await waitFor(() => expect(screen.getByLabelText('Title')).toHaveValue('Vérifier l’extincteur'));
    expect(screen.getByText('From the template Extincteur')).toBeInTheDocument();
  });

  it('refuses an action without a title, saying so, and queues nothing', async () => {
    serveActions({ rights: MANAGER });
    seedActionsSession(MANAGER);
    renderApp('/actionPlan/actions/new');
    expect(await screen.findByLabelText('Title', {}, FIRST_LOOK)).toBeInTheDocument();
    save();
    expect(await screen.findByText('This field is required.')).toHaveAttribute('role', 'alert');
    expect(screen.getByText('Not saved: 1 field needs attention (marked below its label).')).toHaveAttribute('role', 'alert');
    expect(enqueueWrite).not.toHaveBeenCalled();
  });
});

describe('the plans', { timeout: 30_000 }, () => {
  it('shows each plan’s progress: done of total as a bar, and the overdue count', async () => {
    serveActions({ rights: FIELD });
    seedActionsSession(FIELD);
    renderApp('/actionPlan/actionPlanView');
    const plans = await screen.findByRole('list', { name: 'Action plans' }, FIRST_LOOK);
    const bar = within(plans).getByRole('progressbar', { name: 'Progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '25');
    expect(within(plans).getByText(/1 of 4 done/)).toBeInTheDocument();
    expect(within(plans).getByText(/2 overdue/)).toBeInTheDocument();
    // A field user does not make plans.
    expect(screen.queryByText('New plan')).toBeNull();
  });

  it('shows a plan’s page with its actions', async () => {
    serveActions({ rights: MANAGER });
    seedActionsSession(MANAGER);
    renderApp(`/actionPlan/actionPlanView/${PLAN_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Audit sécurité 2026' }, FIRST_LOOK)).toBeInTheDocument();
    expect(await screen.findByText('Action 001')).toBeInTheDocument();
    expect(screen.getByText('New action in this plan')).toBeInTheDocument();
  });
});

describe('the action templates', { timeout: 30_000 }, () => {
  it('lets a template manager build one, queued through the outbox', async () => {
    serveActions({ rights: MANAGER });
    seedActionsSession(MANAGER);
    const { router } = renderApp('/actionsV3/templates');
    expect(await screen.findByText('Extincteur', {}, FIRST_LOOK)).toBeInTheDocument();
    fireEvent.click(screen.getByText('New template'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/actionsV3/templates/new'));
    fireEvent.input(await screen.findByLabelText('Template name'), { target: { value: 'Éclairage' } });
    fireEvent.input(screen.getByLabelText('Title'), { target: { value: 'Remplacer l’éclairage de secours' } });
    fireEvent.input(screen.getByLabelText('Days to the due date'), { target: { value: '14' } });
    fireEvent.click(screen.getByLabelText('A closing note'));
    save();
    await savedOnce();
    expect(vi.mocked(enqueueWrite).mock.calls[0]![0]).toMatchObject({
      kind: 'action_templates.create',
      module: 'action_templates',
      payload: { name: 'Éclairage', title: 'Remplacer l’éclairage de secours', dueInDays: 14, proof: { photo: false, note: true }, priority: 'normal' },
    });
  });
});

describe('a manager’s edit', { timeout: 30_000 }, () => {
  it('queues only the fields changed, with the values it started from and the version seen', async () => {
    serveActions({ rights: MANAGER });
    seedActionsSession(MANAGER);
    const { router } = renderApp(`/actionPlan/actions/${ACTION.id}/edit`);
    await waitFor(() => expect(screen.getByLabelText('Title')).toHaveValue(ACTION.title), FIRST_LOOK);
    fireEvent.change(screen.getByLabelText('Due on'), { target: { value: '2026-12-01' } });
    fireEvent.change(screen.getByLabelText('Priority'), { target: { value: 'critical' } });
    save();
    await savedOnce();
    expect(vi.mocked(enqueueWrite).mock.calls[0]![0]).toEqual({
      kind: 'actions.update',
      module: 'actions',
      recordId: ACTION.id,
      baseVersion: ACTION.version,
      payload: { dueOn: '2026-12-01', priority: 'critical' },
      base: { dueOn: ACTION.dueOn, priority: ACTION.priority },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/actionPlan/actions/${ACTION.id}`));
  });
});
