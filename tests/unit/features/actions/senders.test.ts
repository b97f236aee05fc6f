import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { IDEMPOTENCY_HEADER } from '../../../../common/constants';
import { registerActionSenders } from '../../../../src/features/actions/senders';
import { ACTION_WRITE_KINDS } from '../../../../src/features/actions/writes';
import { registerSender, type OutboxItem, type SendContext } from '../../../../src/lib/outbox';
import { makeEnvelope } from '../../../../src/testing/fixtures';
import { api } from '../../../../src/testing/handlers';
import { server } from '../../../../src/testing/server';
import { ACTION, MANAGER, seedActionsSession } from './actions-testing';

vi.mock('../../../../src/lib/outbox', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../../src/lib/outbox')>()),
  registerSender: vi.fn(),
}));

const KEY = '7a5d3c1e-0000-4000-8000-000000000002';
const item = (kind: string, baseVersion: number | null, payload: unknown): [OutboxItem, SendContext] => [
  {
    seq: 1,
    key: KEY,
    idempotencyKey: KEY,
    kind,
    module: 'actions',
    recordId: ACTION.id,
    baseVersion,
    tenant: { clientDatabase: 'acme', districtId: 'd', userEmail: 'field@example.org' },
    createdAt: Date.parse('2026-11-24T03:00:00.000Z'),
    state: 'queued',
    attempts: 0,
    lastError: null,
    lastStatus: null,
    attachmentIds: [],
    uploaded: [],
    written: false,
    summary: null,
    result: null,
    conflict: null,
  },
  { payload, base: null, idempotencyKey: KEY },
];

function record() {
  const seen: { method: string; path: string; key: string | null; body: unknown }[] = [];
  server.use(
    http.all(api('actions*'), async ({ request }) => {
      const text = await request.text();
      seen.push({ method: request.method, path: new URL(request.url).pathname, key: request.headers.get(IDEMPOTENCY_HEADER), body: text === '' ? undefined : JSON.parse(text) });
      return HttpResponse.json(makeEnvelope(ACTION));
    }),
  );
  return seen;
}

registerActionSenders();
/** What was registered for each write kind (the plain writes' by their record kinds), captured once. */
const calls = [...vi.mocked(registerSender).mock.calls];
const send = (kind: string, baseVersion: number | null, payload: unknown) => calls.find(([name]) => name === kind)![1](...item(kind, baseVersion, payload));

describe('the actions’ senders', () => {
  it('register one sender per write kind; a move uploads its proof photos before it is sent', () => {
    expect(calls.map(([kind]) => kind).sort()).toEqual([...ACTION_WRITE_KINDS].sort());
    expect(calls.find(([kind]) => kind === 'actions.status')?.[2]).toMatchObject({ attachmentsFirst: true });
    expect(calls.find(([kind]) => kind === 'actions.update')?.[2]).toMatchObject({ onConflict: 'merge' });
  });

  it('send each write to its route with the item’s idempotency key; a move carries no version, an edit its base', async () => {
    seedActionsSession(MANAGER);
    const seen = record();
    const move = { status: 'done', note: 'Remplacé', at: '2026-11-20T10:00:00.000Z' };
    await send('actions.status', null, move);
    await send('actions.update', 2, { dueOn: '2026-12-01' });
    await send('actions.comment', null, { id: 'x', text: 'Vu', at: move.at });
    await send('actions.photo.add', null, { attachmentId: 'a', name: 'p.jpg' });
    expect(seen.map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      { method: 'POST', path: `/api/actions/${ACTION.id}/status`, body: move },
      { method: 'PATCH', path: `/api/actions/${ACTION.id}`, body: { baseVersion: 2, changes: { dueOn: '2026-12-01' } } },
      { method: 'POST', path: `/api/actions/${ACTION.id}/comments`, body: { id: 'x', text: 'Vu', at: move.at } },
    ]);
    expect(seen.every((request) => request.key === KEY)).toBe(true);
  });

  it('restore a deleted plan and a deleted template on their restore routes, with the version they were deleted at', async () => {
    seedActionsSession(MANAGER);
    const seen = record();
    await send('action_plans.restore', 3, null);
    await send('action_templates.restore', 4, null);
    expect(seen.map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      { method: 'POST', path: `/api/actions/plans/${ACTION.id}/restore`, body: { baseVersion: 3 } },
      { method: 'POST', path: `/api/actions/templates/${ACTION.id}/restore`, body: { baseVersion: 4 } },
    ]);
  });
});
