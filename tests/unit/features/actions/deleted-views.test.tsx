/**
 * The managers' deleted views of the actions, the plans and the templates: a filter kept in the
 * address (`deleted=true`), the rows marked deleted, Restore on the record's page through the
 * outbox; readers without the manage right do not see the filter.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ActionTemplate, PlanSummary } from '../../../../common/modules/actions/schemas';
import type { Page } from '../../../../common/schemas/platform';
import { enqueueWrite } from '../../../../src/lib/outbox';
import { makeEnvelope } from '../../../../src/testing/fixtures';
import { api } from '../../../../src/testing/handlers';
import { renderApp } from '../../../../src/testing/render-app';
import { server } from '../../../../src/testing/server';
import { FIELD, MANAGER, PLAN, PLAN_ID, PLANS, serveActions, summary, seedActionsSession, TEMPLATE } from './actions-testing';

vi.mock('../../../../src/lib/outbox', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../../src/lib/outbox')>()),
  enqueueWrite: vi.fn((item: object) => Promise.resolve({ ...item, key: 'k', state: 'queued' })),
  registerSender: vi.fn(),
  usePendingWrites: () => [],
  usePendingChanges: () => [],
  usePendingAttachments: () => [],
}));

const FIRST_LOOK = { timeout: 15_000 };
const DELETED_AT = '2026-11-10T08:00:00.000Z';
const MANAGE_ALL = [...MANAGER, 'actionsV3.admin'];

beforeEach(() => vi.mocked(enqueueWrite).mockClear());

/** Serves the plans and the templates lists, the deleted ones when asked, recording what was asked. */
function serveLists(rights: string[]) {
  const asked = { plans: [] as URLSearchParams[], templates: [] as URLSearchParams[] };
  const deletedPlan: PlanSummary = { ...PLANS[0]!, name: 'Plan 2025 (abandonné)', deletedAt: DELETED_AT, version: 3 };
  const deletedTemplate: ActionTemplate = { ...TEMPLATE, name: 'Ancien modèle', deletedAt: DELETED_AT, version: 4 };
  const envelope = <T,>(data: T) => HttpResponse.json(makeEnvelope(data, { rights }));
  server.use(
    http.get(api('actions/plans'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      asked.plans.push(params);
      const items = params.get('deleted') === 'true' ? [deletedPlan] : PLANS;
      return envelope({ items, nextCursor: null, total: items.length } satisfies Page<PlanSummary>);
    }),
    http.get(api('actions/templates'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      asked.templates.push(params);
      const items = params.get('deleted') === 'true' ? [deletedTemplate] : [TEMPLATE];
      return envelope({ items, nextCursor: null, total: items.length } satisfies Page<ActionTemplate>);
    }),
  );
  return asked;
}

describe('the deleted actions', { timeout: 30_000 }, () => {
  it('a manager picks them in the filters: the address keeps it, the district’s deleted ones are asked, each row marked', async () => {
    const api = serveActions({ rights: MANAGER, rows: [summary(1), summary(2, { deletedAt: DELETED_AT })] });
    seedActionsSession(MANAGER);
    const { router } = renderApp('/actionPlan/actions');
    expect(await screen.findByText('Action 001', {}, FIRST_LOOK)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'true' } });
    await waitFor(() => expect(router.state.location.search).toEqual({ deleted: true, scope: 'all' }));
    await waitFor(() => expect(api.listRequests.at(-1)?.get('deleted')).toBe('true'));
    expect(api.listRequests.at(-1)?.get('mine')).toBeNull();
    const list = await screen.findByRole('list', { name: 'Deleted actions' });
    const row = within(list).getByText('Action 002').closest('a')!;
    expect(within(row).getByText('Deleted')).toBeInTheDocument();
  });

  it('a field user has no such filter', async () => {
    serveActions({ rights: FIELD });
    seedActionsSession(FIELD);
    renderApp('/actionPlan/actions');
    expect(await screen.findByText('Action 001', {}, FIRST_LOOK)).toBeInTheDocument();
    expect(screen.queryByLabelText('Show')).toBeNull();
  });
});

describe('the deleted plans', { timeout: 30_000 }, () => {
  it('a plan manager lists them from the address, marked deleted', async () => {
    serveActions({ rights: MANAGER });
    const asked = serveLists(MANAGER);
    seedActionsSession(MANAGER);
    const { router } = renderApp('/actionPlan/actionPlanView');
    expect(await screen.findByText('Audit sécurité 2026', {}, FIRST_LOOK)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'true' } });
    await waitFor(() => expect(router.state.location.search).toEqual({ deleted: true }));
    const list = await screen.findByRole('list', { name: 'Deleted plans' });
    expect(within(list).getByText('Plan 2025 (abandonné)')).toBeInTheDocument();
    expect(within(list).getByText('Deleted')).toBeInTheDocument();
    expect(asked.plans.at(-1)?.get('deleted')).toBe('true');
  });

  it('a deleted plan’s page offers Restore, queued in the outbox with the version it was deleted at', async () => {
    serveActions({ rights: MANAGER });
    server.use(http.get(api(`actions/plans/${PLAN_ID}`), () => HttpResponse.json(makeEnvelope({ ...PLAN, deletedAt: DELETED_AT, version: 3 }, { rights: MANAGER }))));
    seedActionsSession(MANAGER);
    renderApp(`/actionPlan/actionPlanView/${PLAN_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Audit sécurité 2026' }, FIRST_LOOK)).toBeInTheDocument();
    expect(screen.getByText('Deleted')).toBeInTheDocument();
    expect(screen.queryByText('Edit')).toBeNull();
    expect(screen.queryByText('New action in this plan')).toBeNull();
    fireEvent.click(screen.getByText('Restore'));
    await waitFor(() => expect(enqueueWrite).toHaveBeenCalledTimes(1));
    expect(vi.mocked(enqueueWrite).mock.calls[0]![0]).toMatchObject({ kind: 'action_plans.restore', module: 'action_plans', recordId: PLAN_ID, baseVersion: 3 });
  });

  it('a plans reader has no such filter, and the address alone does not show the deleted ones', async () => {
    serveActions({ rights: FIELD });
    const asked = serveLists(FIELD);
    seedActionsSession(FIELD);
    renderApp('/actionPlan/actionPlanView?deleted=true');
    expect(await screen.findByText('Audit sécurité 2026', {}, FIRST_LOOK)).toBeInTheDocument();
    expect(screen.queryByLabelText('Show')).toBeNull();
    expect(asked.plans.every((params) => params.get('deleted') === null)).toBe(true);
  });
});

describe('the deleted templates', { timeout: 30_000 }, () => {
  it('a template manager lists them, and restores one from its page', async () => {
    serveActions({ rights: MANAGE_ALL });
    const asked = serveLists(MANAGE_ALL);
    server.use(http.get(api(`actions/templates/${TEMPLATE.id}`), () => HttpResponse.json(makeEnvelope({ ...TEMPLATE, deletedAt: DELETED_AT, version: 4 }, { rights: MANAGE_ALL }))));
    seedActionsSession(MANAGE_ALL);
    const { router } = renderApp('/actionsV3/templates');
    expect(await screen.findByText('Extincteur', {}, FIRST_LOOK)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'true' } });
    await waitFor(() => expect(router.state.location.search).toEqual({ deleted: true }));
    const list = await screen.findByRole('list', { name: 'Deleted templates' });
    expect(within(list).getByText('Ancien modèle')).toBeInTheDocument();
    expect(asked.templates.at(-1)?.get('deleted')).toBe('true');
    fireEvent.click(within(list).getByText('Ancien modèle'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/actionsV3/templates/${TEMPLATE.id}`));
    fireEvent.click(await screen.findByText('Restore'));
    await waitFor(() => expect(enqueueWrite).toHaveBeenCalledTimes(1));
    expect(vi.mocked(enqueueWrite).mock.calls[0]![0]).toMatchObject({ kind: 'action_templates.restore', module: 'action_templates', recordId: TEMPLATE.id, baseVersion: 4 });
  });
});
