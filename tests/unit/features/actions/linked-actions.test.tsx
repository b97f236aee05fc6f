import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { Declaration } from '../../../../common/modules/declarations/schemas';
import { makeEnvelope } from '../../../../src/testing/fixtures';
import { api } from '../../../../src/testing/handlers';
import { renderApp } from '../../../../src/testing/render-app';
import { server } from '../../../../src/testing/server';
import { DECLARATION_ID, OTHER, seedActionsSession, serveActions, summary } from './actions-testing';

vi.mock('../../../../src/lib/outbox', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../../src/lib/outbox')>()),
  enqueueWrite: vi.fn(),
  registerSender: vi.fn(),
  usePendingWrites: () => [],
  usePendingChanges: () => [],
  usePendingAttachments: () => [],
}));

const RIGHTS = ['declarations.read', 'actions-plans-actions.read', 'notifications.access'];
const DECLARATION: Declaration = {
  id: DECLARATION_ID,
  districtId: 'cccccccc-0000-4000-8000-000000000001',
  version: 1,
  createdAt: '2026-11-01T08:00:00.000Z',
  createdBy: OTHER,
  updatedAt: '2026-11-01T08:00:00.000Z',
  updatedBy: OTHER,
  deletedAt: null,
  siteId: null,
  position: null,
  occurredAt: '2026-11-01T07:30:00.000Z',
  severity: 'high',
  title: 'Extincteur périmé',
  description: 'Quai 3',
  values: {},
  photos: [],
  templateId: '12121212-0000-4000-8000-000000000001',
  templateVersion: 1,
  template: { name: 'Danger', icon: 'warning', fields: [] },
  capturedAt: '2026-11-01T07:31:00.000Z',
  siteName: null,
  status: 'new',
  assignee: null,
  cause: '',
  measures: '',
  lockedAt: null,
  comments: [],
  attachments: [],
  actionIds: [],
};

describe('the actions of a declaration, on its sheet', { timeout: 30_000 }, () => {
  it('lists the actions made from it with their status, and makes one prefilled from it', async () => {
    const linked = summary(7, { title: 'Remplacer l’extincteur', status: 'inProgress', source: { kind: 'declaration', id: DECLARATION_ID, questionKey: null, label: DECLARATION.title } });
    const api_ = serveActions({ rights: RIGHTS, rows: [linked] });
    server.use(
      http.get(api(`declarations/${DECLARATION_ID}`), () => HttpResponse.json(makeEnvelope(DECLARATION, { rights: RIGHTS }))),
      http.get(api(`declarations/${DECLARATION_ID}/history`), () => HttpResponse.json(makeEnvelope([], { rights: RIGHTS }))),
      // The Declarations module's offline copy (at the first idle moment) asks these too.
      http.get(api('declarations/sites'), () => HttpResponse.json(makeEnvelope([], { rights: RIGHTS }))),
      http.get(api('declarations/templates'), () => HttpResponse.json(makeEnvelope([], { rights: RIGHTS }))),
      http.get(api('declarations'), () => HttpResponse.json(makeEnvelope({ items: [], nextCursor: null, total: 0 }, { rights: RIGHTS }))),
    );
    seedActionsSession(RIGHTS);
    const { router } = renderApp(`/declarations/${DECLARATION_ID}`);
    const part = await screen.findByRole('region', { name: 'Actions' }, { timeout: 15_000 });
    const row = await within(part).findByRole('link', { name: /Remplacer l’extincteur/ });
    expect(within(row).getByText('In progress')).toBeInTheDocument();
    expect(api_.listRequests.some((params) => params.get('sourceId') === DECLARATION_ID)).toBe(true);
    fireEvent.click(within(part).getByText('Create an action'));
    await waitFor(() => expect(router.state.location.href).toBe(`/actionPlan/actions/new?source=declaration%3A${DECLARATION_ID}`));
  });
});
