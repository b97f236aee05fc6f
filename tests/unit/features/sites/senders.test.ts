import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { IDEMPOTENCY_HEADER } from '../../../../common/constants';
import { registerSiteSenders } from '../../../../src/features/sites/senders';
import { SITE_WRITE_KINDS } from '../../../../src/features/sites/writes';
import { registerSender, type OutboxItem, type SendContext } from '../../../../src/lib/outbox';
import { makeAccessToken, makeEnvelope } from '../../../../src/testing/fixtures';
import { api } from '../../../../src/testing/handlers';
import { server } from '../../../../src/testing/server';
import { seedSession } from '../../../../src/testing/session';
import { SITE } from './sites-testing';

vi.mock('../../../../src/lib/outbox', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../../src/lib/outbox')>()),
  enqueueWrite: vi.fn(),
  registerSender: vi.fn(),
  usePendingWrites: () => [],
  usePendingChanges: () => [],
}));

const KEY = '7a5d3c1e-0000-4000-8000-000000000001';
/** A queued item and what the drainer hands its sender: the stored payload and the item's key. */
const item = (kind: string, baseVersion: number | null, payload: unknown): [OutboxItem, SendContext] => [
  {
    seq: 1,
    key: KEY,
    idempotencyKey: KEY,
    kind,
    module: 'sites',
    recordId: SITE.id,
    baseVersion,
    tenant: { clientDatabase: 'acme', districtId: 'd', userEmail: 'admin@example.org' },
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
    http.all(api('sites*'), async ({ request }) => {
      const text = await request.text();
      seen.push({
        method: request.method,
        path: new URL(request.url).pathname,
        key: request.headers.get(IDEMPOTENCY_HEADER),
        body: text === '' ? undefined : JSON.parse(text),
      });
      return HttpResponse.json(makeEnvelope(SITE));
    }),
  );
  return seen;
}

/** The sender registered for `kind` (the sites' own writes are the record core's, the stages' this module's). */
function sender(kind: string): (...args: [OutboxItem, SendContext]) => Promise<unknown> {
  registerSiteSenders();
  const found = vi.mocked(registerSender).mock.calls.find(([registered]) => registered === kind);
  if (found === undefined) throw new Error(`no sender for ${kind}`);
  return (...args) => found[1](...args);
}

describe('the Sites senders', () => {
  it('register one sender per write kind', () => {
    registerSiteSenders();
    expect(vi.mocked(registerSender).mock.calls.map(([kind]) => kind).sort()).toEqual([...SITE_WRITE_KINDS].sort());
  });

  it('send an update with its changes, the version it is based on and its idempotency key', async () => {
    seedSession({ rights: ['sites.admin'] });
    const seen = record();
    await sender('sites.update')(...item('sites.update', 4, { ownerName: 'SCI' }));
    expect(seen).toEqual([
      { method: 'PATCH', path: `/api/sites/${SITE.id}`, key: '7a5d3c1e-0000-4000-8000-000000000001', body: { baseVersion: 4, changes: { ownerName: 'SCI' } } },
    ]);
  });

  it('send deletes, stage writes and orders to their routes', async () => {
    seedSession({ rights: ['sites.admin'] });
    const seen = record();
    const stageId = SITE.stages[0]!.id;
    await sender('sites.delete')(...item('sites.delete', 3, null));
    await sender('sites.stage.update')(...item('sites.stage.update', 3, { stageId, changes: { name: 'Quai' } }));
    await sender('sites.stage.delete')(...item('sites.stage.delete', 3, { stageId }));
    await sender('sites.stage.order')(...item('sites.stage.order', 3, { kind: 'threeD', ids: [stageId] }));
    expect(seen.map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      { method: 'DELETE', path: `/api/sites/${SITE.id}`, body: { baseVersion: 3 } },
      { method: 'PATCH', path: `/api/sites/${SITE.id}/stages/${stageId}`, body: { name: 'Quai' } },
      { method: 'DELETE', path: `/api/sites/${SITE.id}/stages/${stageId}`, body: undefined },
      { method: 'PUT', path: `/api/sites/${SITE.id}/stages/order`, body: { kind: 'threeD', ids: [stageId] } },
    ]);
    expect(seen.every((request) => request.key === '7a5d3c1e-0000-4000-8000-000000000001')).toBe(true);
  });

  it('do not replay a site write to the district the session moved to: it fails with tenant_changed, sent once', async () => {
    seedSession({ rights: ['sites.admin'] });
    const seen = { writes: 0, refreshes: 0 };
    server.use(
      http.post(api('auth/refresh'), () => {
        seen.refreshes += 1;
        return HttpResponse.json(makeEnvelope({ token: makeAccessToken({ did: 'district-new' }), expiresAt: new Date(Date.now() + 900_000).toISOString() }));
      }),
      http.patch(api('sites/:id'), () => {
        seen.writes += 1;
        return HttpResponse.json({ message: 'session.tenant_changed' }, { status: 401 });
      }),
    );
    const failure = await sender('sites.update')(...item('sites.update', 4, { ownerName: 'SCI' })).catch((error: unknown) => error);
    expect(failure).toMatchObject({ status: 401, body: { message: 'session.tenant_changed' } });
    expect(seen).toEqual({ writes: 1, refreshes: 0 });
  });
});
