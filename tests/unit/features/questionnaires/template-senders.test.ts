import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { registerSender, type OutboxItem, type SendContext } from '../../../../src/lib/outbox';
import { inspections, schedules, templates, TEMPLATES_MODULE } from '../../../../src/features/questionnaires/kinds';
import { makeEnvelope } from '../../../../src/testing/fixtures';
import { api } from '../../../../src/testing/handlers';
import { server } from '../../../../src/testing/server';
import { seedSession } from '../../../../src/testing/session';

// The real sendWrite; only the registry is watched.
vi.mock('../../../../src/lib/outbox', async (original) => ({ ...(await original<typeof import('../../../../src/lib/outbox')>()), registerSender: vi.fn() }));

/** The outbox names a device may hold from before the templates moved onto the record core. */
const TEMPLATE_WRITE_KINDS = ['questionnaires.template.create', 'questionnaires.template.update', 'questionnaires.template.delete', 'questionnaires.template.restore'];
/** The sender registered for `kind` (the registry is watched). */
const sender = (kind: string) => vi.mocked(registerSender).mock.calls.find(([name]) => name === kind)![1];

const KEY = '7a5d3c1e-0000-4000-8000-000000000002';
const TEMPLATE_ID = '0b0c0d0e-0000-4000-8000-000000000009';
const item = (kind: string, baseVersion: number | null, payload: unknown): [OutboxItem, SendContext] => [
  {
    seq: 1,
    key: KEY,
    idempotencyKey: KEY,
    kind,
    module: TEMPLATES_MODULE,
    recordId: TEMPLATE_ID,
    baseVersion,
    tenant: { clientDatabase: 'acme', districtId: 'd', userEmail: 'admin@example.org' },
    createdAt: Date.parse('2026-11-25T09:00:00.000Z'),
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

describe('the template senders', () => {
  it('register one sender per kind: a revision merges on a stale base, a delete or restore is sent again on the current one, a create fails', () => {
    templates.registerSenders();
    const calls = vi.mocked(registerSender).mock.calls;
    expect(calls.map(([kind]) => kind).sort()).toEqual([...TEMPLATE_WRITE_KINDS].sort());
    expect(Object.fromEntries(calls.map(([kind, , options]) => [kind, options?.onConflict]))).toEqual({
      'questionnaires.template.create': 'fail',
      'questionnaires.template.update': 'merge',
      'questionnaires.template.delete': 'rebase',
      'questionnaires.template.restore': 'rebase',
    });
  });

  it('send each write to its route with its base version and its idempotency key', async () => {
    templates.registerSenders();
    seedSession({ rights: ['questionnaryV2.questionnaryManagement_admin'] });
    const seen: { method: string; path: string; key: string | null; body: unknown }[] = [];
    server.use(
      http.all(api('questionnaires/templates*'), async ({ request }) => {
        const text = await request.text();
        seen.push({ method: request.method, path: new URL(request.url).pathname, key: request.headers.get('Idempotency-Key'), body: text === '' ? undefined : JSON.parse(text) });
        return HttpResponse.json(makeEnvelope({ id: TEMPLATE_ID, version: 2 }));
      }),
    );
    const create = { id: TEMPLATE_ID, family: 'questionnary', name: 'T', description: '', passMark: null, sections: [] };
    await sender('questionnaires.template.create')(...item('questionnaires.template.create', null, create));
    await sender('questionnaires.template.update')(...item('questionnaires.template.update', 4, { name: 'T2' }));
    await sender('questionnaires.template.delete')(...item('questionnaires.template.delete', 5, null));
    await sender('questionnaires.template.restore')(...item('questionnaires.template.restore', 6, null));
    expect(seen).toEqual([
      { method: 'POST', path: '/api/questionnaires/templates', key: KEY, body: create },
      { method: 'PATCH', path: `/api/questionnaires/templates/${TEMPLATE_ID}`, key: KEY, body: { baseVersion: 4, changes: { name: 'T2' } } },
      { method: 'DELETE', path: `/api/questionnaires/templates/${TEMPLATE_ID}`, key: KEY, body: { baseVersion: 5 } },
      { method: 'POST', path: `/api/questionnaires/templates/${TEMPLATE_ID}/restore`, key: KEY, body: { baseVersion: 6 } },
    ]);
  });
});

describe('the other kinds of the module', () => {
  it('keep the outbox names and modules their writes had before, so a write a device queued then still sends', () => {
    expect([schedules.spec.module, schedules.writeKinds.create, schedules.writeKinds.update, schedules.writeKinds.delete, schedules.writeKinds.restore]).toEqual([
      'inspection_schedules',
      'questionnaires.schedule.create',
      'questionnaires.schedule.update',
      'questionnaires.schedule.delete',
      'questionnaires.schedule.restore',
    ]);
    expect([inspections.spec.module, inspections.writeKinds.create]).toEqual(['questionnaires', 'questionnaires.inspection.create']);
    expect(templates.spec.module).toBe('questionnaire_templates');
  });
});
