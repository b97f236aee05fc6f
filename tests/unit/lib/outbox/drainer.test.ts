// The one outbox of every write: a module's sender, the conflict path (merge or the user's
// choice), attachments after the record write, the order of one record's writes, and the
// upgrade that keeps the emergency alerts of the previous version.
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OUTBOX_DB } from '../../../../src/lib/idb';
import { getItem, listItems, onDelivered } from '../../../../src/lib/outbox/db';
import { resetOutboxDrainer, triggerOutboxDrain } from '../../../../src/lib/outbox/drainer';
import { enqueueWrite, resolveConflict, retryWrite } from '../../../../src/lib/outbox/enqueue';
import { sendWrite } from '../../../../src/lib/outbox/http';
import { registerSender } from '../../../../src/lib/outbox/registry';
import type { OutboxItem } from '../../../../src/lib/outbox/types';
import { makeEnvelope } from '../../../../src/testing/fixtures';
import { api } from '../../../../src/testing/handlers';
import { server } from '../../../../src/testing/server';
import { seedSession } from '../../../../src/testing/session';
import { freshIndexedDb } from '../../features/emergency/outbox-testing';

const uploads = vi.hoisted(() => ({ calls: [] as string[], fail: new Set<string>() }));
vi.mock('../../../../src/lib/uploads', () => ({
  uploadAttachment: (req: { attachmentId: string; recordId: string }) => {
    uploads.calls.push(`upload ${req.attachmentId}`);
    return uploads.fail.has(req.attachmentId) ? Promise.reject(new Error('network')) : Promise.resolve();
  },
}));

interface Call {
  method: string;
  id: string;
  key: string | null;
  body: unknown;
}

const RECORD = { id: 'r1', version: 1, name: 'Dépôt', address: '1 rue A', gps: null };

/** The things API: answers each call with `answer(call)`, 200 with the record by default. */
function thingsRoute(answer: (call: Call, index: number) => Response = () => HttpResponse.json(makeEnvelope(RECORD))) {
  const calls: Call[] = [];
  server.use(
    http.all(api('things/:id'), async ({ request, params }) => {
      const call = {
        method: request.method,
        id: String(params.id),
        key: request.headers.get('Idempotency-Key'),
        body: request.method === 'DELETE' ? null : await request.json(),
      };
      calls.push(call);
      uploads.calls.push(`${request.method} ${call.id}`);
      return answer(call, calls.length - 1);
    }),
  );
  return calls;
}

const conflict = (current: object) => HttpResponse.json({ message: 'record.version_conflict', current }, { status: 409 });

const update = (changes: object, extra: Partial<Parameters<typeof enqueueWrite>[0]> = {}) =>
  enqueueWrite({ kind: 'things.update', module: 'things', recordId: 'r1', baseVersion: 1, payload: changes, base: RECORD, ...extra });

describe('the outbox of every write', () => {
  beforeEach(async () => {
    await freshIndexedDb();
    seedSession();
    uploads.calls.length = 0;
    uploads.fail.clear();
    registerSender('things.update', (item, { payload, idempotencyKey }) =>
      sendWrite('patch', `things/${item.recordId}`, { baseVersion: item.baseVersion, changes: payload }, idempotencyKey).then(() => ({})),
    );
    registerSender('things.create', (item, { payload, idempotencyKey }) => sendWrite('post', `things/${item.recordId}`, payload, idempotencyKey).then(() => ({})));
  });
  afterEach(() => resetOutboxDrainer());

  it('sends a write through its kind’s sender with its Idempotency-Key, then forgets it', async () => {
    const calls = thingsRoute();
    const item = await update({ name: 'Dépôt nord' });
    await triggerOutboxDrain();
    expect(calls).toEqual([{ method: 'PATCH', id: 'r1', key: item.key, body: { baseVersion: 1, changes: { name: 'Dépôt nord' } } }]);
    expect(await listItems()).toEqual([]);
  });

  it('tells the module of each write delivered, and nothing for a write that failed', async () => {
    const delivered: string[] = [];
    const stop = onDelivered((module) => delivered.push(module));
    thingsRoute((call) => (call.body !== null && JSON.stringify(call.body).includes('refused') ? HttpResponse.json({ message: 'validation.invalid_request' }, { status: 400 }) : HttpResponse.json(makeEnvelope(RECORD))));
    await update({ name: 'Dépôt nord' });
    await triggerOutboxDrain();
    expect(delivered).toEqual(['things']);
    await enqueueWrite({ kind: 'things.update', module: 'things', recordId: 'r2', baseVersion: 1, payload: { name: 'refused' } });
    await triggerOutboxDrain();
    expect(delivered).toEqual(['things']);
    stop();
  });

  it('leaves a write whose kind has no sender in this tab queued, untouched', async () => {
    const calls = thingsRoute();
    const item = await enqueueWrite({ kind: 'elsewhere.update', module: 'elsewhere', recordId: 'x', baseVersion: 1, payload: {} });
    await triggerOutboxDrain();
    expect(calls).toHaveLength(0);
    expect(await getItem(item.key)).toMatchObject({ state: 'queued', attempts: 0 });
  });

  it('merges a change of another field silently: re-sent on the server’s version, both edits kept', async () => {
    const theirs = { ...RECORD, version: 2, address: '2 rue B' };
    const calls = thingsRoute((_call, i) => (i === 0 ? conflict(theirs) : HttpResponse.json(makeEnvelope({ ...theirs, version: 3 }))));
    const item = await update({ name: 'Dépôt nord', address: '1 rue A' });
    await triggerOutboxDrain();
    expect(calls).toHaveLength(2);
    // Only the user's own change goes again, on version 2, as a new request.
    expect(calls[1]?.body).toEqual({ baseVersion: 2, changes: { name: 'Dépôt nord' } });
    expect(calls[1]?.key).not.toBe(item.key);
    expect(await listItems()).toEqual([]);
  });

  it('keeps a write whose field changed on both sides in conflict, then sends the user’s choice', async () => {
    const theirs = { ...RECORD, version: 4, name: 'Dépôt sud', address: '9 rue C' };
    const calls = thingsRoute((_call, i) => (i === 0 ? conflict(theirs) : HttpResponse.json(makeEnvelope({ ...theirs, version: 5 }))));
    const item = await update({ name: 'Dépôt nord', gps: { lat: 45, lng: 4 } });
    await triggerOutboxDrain();
    expect(calls).toHaveLength(1);
    const waiting = await getItem(item.key);
    expect(waiting).toMatchObject({
      state: 'conflict',
      lastError: 'record.version_conflict',
      conflict: { fields: [{ field: 'name', base: 'Dépôt', mine: 'Dépôt nord', theirs: 'Dépôt sud' }], merged: { gps: { lat: 45, lng: 4 } } },
    });
    // Nothing is sent again until the user chooses.
    await triggerOutboxDrain();
    expect(calls).toHaveLength(1);

    await resolveConflict(item.key, { name: 'mine' });
    await triggerOutboxDrain();
    expect(calls[1]?.body).toEqual({ baseVersion: 4, changes: { gps: { lat: 45, lng: 4 }, name: 'Dépôt nord' } });
    expect(await listItems()).toEqual([]);
  });

  it('ends a conflict where the user keeps every server value without sending anything', async () => {
    const theirs = { ...RECORD, version: 4, name: 'Dépôt sud' };
    const calls = thingsRoute(() => conflict(theirs));
    const item = await update({ name: 'Dépôt nord' });
    await triggerOutboxDrain();
    await resolveConflict(item.key, { name: 'theirs' });
    await triggerOutboxDrain();
    expect(calls).toHaveLength(1);
    expect(await listItems()).toEqual([]);
  });

  it('writes the record first, then uploads its attachments one at a time, and resumes with the missing one only', async () => {
    thingsRoute();
    const blob = (text: string) => new Blob([text], { type: 'image/jpeg' });
    uploads.fail.add('a2');
    const item = await enqueueWrite({
      kind: 'things.create',
      module: 'things',
      recordId: 'r9',
      baseVersion: null,
      payload: { id: 'r9', name: 'Chai' },
      attachments: [
        { attachmentId: 'a1', blob: blob('one'), name: 'one.jpg', type: 'image/jpeg' },
        { attachmentId: 'a2', blob: blob('two'), name: 'two.jpg', type: 'image/jpeg' },
      ],
    });
    await triggerOutboxDrain();
    // (The enqueue's own drain and this one may each have tried the second photo.)
    expect(uploads.calls.slice(0, 3)).toEqual(['POST r9', 'upload a1', 'upload a2']);
    expect(await getItem(item.key)).toMatchObject({ state: 'queued', written: true, uploaded: ['a1'] });

    uploads.fail.clear();
    resetOutboxDrainer();
    await triggerOutboxDrain();
    // The record is not written twice, the first photo not uploaded twice.
    expect(uploads.calls.filter((c) => c !== 'upload a2')).toEqual(['POST r9', 'upload a1']);
    expect(uploads.calls.at(-1)).toBe('upload a2');
    expect(await listItems()).toEqual([]);
  });

  it('uploads the attachments first for a kind that names them in its record (a declaration), then writes the record once', async () => {
    thingsRoute();
    registerSender('things.report', (item, { payload, idempotencyKey }) => sendWrite('post', `things/${item.recordId}`, payload, idempotencyKey).then(() => ({})), {
      attachmentsFirst: true,
    });
    const blob = (text: string) => new Blob([text], { type: 'image/jpeg' });
    uploads.fail.add('p2');
    const attachments = [
      { attachmentId: 'p1', blob: blob('one'), name: 'one.jpg', type: 'image/jpeg' },
      { attachmentId: 'p2', blob: blob('two'), name: 'two.jpg', type: 'image/jpeg' },
    ];
    const item = await enqueueWrite({ kind: 'things.report', module: 'things', recordId: 'r8', baseVersion: null, payload: { id: 'r8', photos: ['p1', 'p2'] }, attachments });
    await triggerOutboxDrain();
    // The second photo failed: the record is not written yet, the first photo is remembered.
    expect(uploads.calls.filter((c) => c.startsWith('POST'))).toEqual([]);
    expect(await getItem(item.key)).toMatchObject({ state: 'queued', written: false, uploaded: ['p1'] });

    uploads.fail.clear();
    resetOutboxDrainer();
    await triggerOutboxDrain();
    expect(uploads.calls.filter((c) => c !== 'upload p2')).toEqual(['upload p1', 'POST r8']);
    expect(uploads.calls.at(-1)).toBe('POST r8');
    expect(await listItems()).toEqual([]);
  });

  it('sends one record’s writes in order: a later write waits while an earlier one failed', async () => {
    const calls = thingsRoute((call) =>
      (call.body as { changes: { name: string } }).changes.name === 'bad' ? HttpResponse.json({ message: 'sites.invalid' }, { status: 422 }) : HttpResponse.json(makeEnvelope(RECORD)),
    );
    const first = await update({ name: 'bad' });
    const second = await update({ name: 'good' });
    const other = await update({ name: 'other' }, { recordId: 'r2' });
    await triggerOutboxDrain();
    expect(calls.map((c) => c.id)).toEqual(['r1', 'r2']);
    expect(await getItem(first.key)).toMatchObject({ state: 'failed', lastError: 'sites.invalid', lastStatus: 422 });
    expect(await getItem(second.key)).toMatchObject({ state: 'queued', attempts: 0 });
    expect(await getItem(other.key)).toBeUndefined();

    server.use(http.patch(api('things/:id'), () => HttpResponse.json(makeEnvelope(RECORD))));
    await retryWrite(first.key);
    await triggerOutboxDrain();
    expect(await listItems()).toEqual([]);
  });

  it('keeps the emergency alerts queued by the previous version, in their order, as items of the new one', async () => {
    const alert = (key: string, seq: number) => ({
      seq,
      key,
      recipients: [`${key}@example.org`],
      clientDatabase: 'client_a',
      districtId: 'd1',
      userEmail: 'op@example.org',
      createdAt: seq,
      state: 'queued',
      attempts: 1,
      lastError: 'communication_error',
      lastStatus: 0,
      serverTime: null,
      shareIds: [],
    });
    await new Promise<void>((resolve, reject) => {
      const request = indexedDB.open(OUTBOX_DB.name, 2);
      request.onupgradeneeded = () => {
        const alerts = request.result.createObjectStore('alerts', { keyPath: 'seq', autoIncrement: true });
        alerts.createIndex('byKey', 'key', { unique: true });
        const payloads = request.result.createObjectStore('payloads', { keyPath: 'key' });
        for (const [key, seq] of [['b', 7], ['a', 9]] as const) {
          alerts.add(alert(key, seq));
          payloads.add({ key, payload: { recipients: [`${key}@example.org`] } });
        }
      };
      request.onsuccess = () => {
        request.result.close();
        resolve();
      };
      request.onerror = () => reject(request.error ?? new Error('open failed'));
    });
    const items: OutboxItem[] = await listItems();
    expect(items.map((i) => [i.seq, i.key, i.kind, i.state, i.attempts])).toEqual([
      [7, 'b', 'emergency.send', 'queued', 1],
      [9, 'a', 'emergency.send', 'queued', 1],
    ]);
    expect(items[0]).toMatchObject({ tenant: { clientDatabase: 'client_a', districtId: 'd1', userEmail: 'op@example.org' }, summary: { recipients: ['b@example.org'] } });
  });
});
