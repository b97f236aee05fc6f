// An attachment's deletion through the outbox: queued under its record, sent once registered
// as DELETE /api/attachments/:id with the item's Idempotency-Key.
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { ATTACHMENT_DELETE_KIND, pendingAttachmentDeletes, queueDeleteAttachment, registerAttachmentSenders } from '../../../src/lib/attachment-writes';
import { enqueueWrite, registerSender } from '../../../src/lib/outbox';
import { makeEnvelope } from '../../../src/testing/fixtures';
import { api } from '../../../src/testing/handlers';
import { server } from '../../../src/testing/server';
import { seedSession } from '../../../src/testing/session';

vi.mock('../../../src/lib/outbox', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/lib/outbox')>()),
  enqueueWrite: vi.fn(),
  registerSender: vi.fn(),
}));

const SITE_ID = 'bbbbbbbb-0000-4000-8000-000000000001';
const FILE = { id: 'f0000000-0000-4000-8000-000000000001', name: 'Façade.jpg' };
const KEY = '7a5d3c1e-0000-4000-8000-000000000009';

describe('deleting an attachment', () => {
  it('is queued under its record, with what the sheet shows while it waits', async () => {
    await queueDeleteAttachment('sites', SITE_ID, FILE);
    expect(enqueueWrite).toHaveBeenCalledWith({ kind: 'attachments.delete', module: 'sites', recordId: SITE_ID, baseVersion: null, payload: { attachmentId: FILE.id, name: FILE.name } });
  });

  it('is sent once registered, with the item’s idempotency key', async () => {
    registerAttachmentSenders();
    registerAttachmentSenders();
    expect(vi.mocked(registerSender).mock.calls.map(([kind]) => kind)).toEqual([ATTACHMENT_DELETE_KIND]);
    const send = vi.mocked(registerSender).mock.calls[0]![1];
    seedSession({ rights: ['sites.admin'] });
    const seen: { method: string; path: string; key: string | null }[] = [];
    server.use(
      http.delete(api('attachments/:id'), ({ request }) => {
        seen.push({ method: request.method, path: new URL(request.url).pathname, key: request.headers.get('idempotency-key') });
        return HttpResponse.json(makeEnvelope({ id: FILE.id }));
      }),
    );
    await send({ kind: ATTACHMENT_DELETE_KIND, recordId: SITE_ID } as never, { payload: { attachmentId: FILE.id, name: FILE.name }, base: null, idempotencyKey: KEY });
    expect(seen).toEqual([{ method: 'DELETE', path: `/api/attachments/${FILE.id}`, key: KEY }]);
  });

  it('lists the deletions among a record’s pending writes, not what was sent', () => {
    const payload = { attachmentId: FILE.id, name: FILE.name };
    expect(
      pendingAttachmentDeletes([
        { item: { kind: 'attachments.delete', recordId: SITE_ID, state: 'queued' }, payload },
        { item: { kind: 'attachments.delete', recordId: SITE_ID, state: 'sent' }, payload: { attachmentId: 'other', name: 'x' } },
        { item: { kind: 'sites.update', recordId: SITE_ID, state: 'queued' }, payload: { name: 'X' } },
      ]),
    ).toEqual([payload]);
  });
});
