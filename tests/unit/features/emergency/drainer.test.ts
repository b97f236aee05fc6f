import { http, HttpResponse, delay } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EmergencyPayload } from '../../../../common/api-types';
import { pendingAlertCount } from '../../../../src/features/emergency';
import {
  PAYLOAD_MISSING,
  SEND_CONCURRENCY,
  currentTenant,
  resetOutboxDrainer,
  triggerOutboxDrain,
} from '../../../../src/features/emergency/outbox/drainer';
import { queueAlert, retryAlert } from '../../../../src/features/emergency/outbox/queue';
import { OUTBOX_DB, addAlert, getAlert, listAlerts } from '../../../../src/features/emergency/outbox/alerts';
import { getToken } from '../../../../src/lib/storage';
import { DEMO_DISTRICT, DEMO_USER, makeAccessToken, makeEnvelope } from '../../../../src/testing/fixtures';
import { api } from '../../../../src/testing/handlers';
import { server } from '../../../../src/testing/server';
import { seedSession } from '../../../../src/testing/session';
import { freshIndexedDb, installLockManager, makePayload } from './outbox-testing';

interface SendCall {
  key: string | null;
  recipients: string[];
  authorization: string | null;
}

/** The send route: records each call, answers with `answer(callIndex)` (default 200). */
function sendRoute(answer: (call: number) => Response | Promise<Response> = () => ok()) {
  const calls: SendCall[] = [];
  server.use(
    http.post(api('emergency/sendInformations'), async ({ request }) => {
      const body = (await request.json()) as EmergencyPayload;
      calls.push({
        key: request.headers.get('Idempotency-Key'),
        recipients: body.recipients,
        authorization: request.headers.get('Authorization'),
      });
      return answer(calls.length - 1);
    }),
  );
  return calls;
}

/** Alerts of the session's tenant written straight to the outbox: queueAlert would start a drain. */
async function queueQuietly(count: number) {
  const tenant = currentTenant();
  if (tenant === null) throw new Error('no session');
  const alerts = [];
  for (let i = 0; i < count; i += 1) {
    alerts.push(await addAlert({ key: crypto.randomUUID(), payload: makePayload(`r${i}@example.org`), ...tenant, createdAt: Date.now() }));
  }
  return alerts;
}

const ok = (shareId = 'share-1') =>
  HttpResponse.json(makeEnvelope({ shareIds: [shareId], recipients: ['x@example.org'], serverTime: '2026-11-22T10:00:00.000Z' }));
const fail = (status: number, message: string) => HttpResponse.json({ message }, { status });

describe('the emergency outbox drainer', () => {
  beforeEach(async () => {
    await freshIndexedDb();
    seedSession();
  });
  afterEach(() => resetOutboxDrainer());

  it('sends queued alerts in creation order, each with its own key and the current token, and keeps them as sent', async () => {
    const calls = sendRoute();
    const first = await queueAlert(makePayload('one@example.org'));
    const second = await queueAlert(makePayload('two@example.org'));
    await triggerOutboxDrain();
    expect(calls.map((c) => c.recipients[0])).toEqual(['one@example.org', 'two@example.org']);
    expect(calls.map((c) => c.key)).toEqual([first.key, second.key]);
    expect(calls[0]?.authorization).toBe(`Bearer ${getToken()}`);
    expect(await getAlert(first.key)).toMatchObject({ state: 'sent', serverTime: '2026-11-22T10:00:00.000Z', shareIds: ['share-1'] });
    expect(await pendingAlertCount()).toBe(0);
  });

  it('never stores the token in the outbox', async () => {
    sendRoute(() => HttpResponse.error());
    await queueAlert(makePayload());
    await triggerOutboxDrain();
    const token = getToken() ?? '';
    expect(JSON.stringify(await listAlerts())).not.toContain(token.split('.')[1]);
  });

  it('keeps an alert after a network error and retries it with the same key, later alerts waiting behind it', async () => {
    let online = false;
    const calls = sendRoute(() => (online ? ok() : HttpResponse.error()));
    const first = await queueAlert(makePayload('one@example.org'));
    const second = await queueAlert(makePayload('two@example.org'));
    await triggerOutboxDrain();
    // Every attempt so far was the first alert's: the second never overtook it.
    expect(calls.length).toBeGreaterThan(0);
    expect(new Set(calls.map((c) => c.key))).toEqual(new Set([first.key]));
    expect(await getAlert(first.key)).toMatchObject({ state: 'queued', lastStatus: 0 });
    expect(await pendingAlertCount()).toBe(2);

    online = true;
    const before = calls.length;
    await triggerOutboxDrain();
    expect(calls.slice(before).map((c) => c.key)).toEqual([first.key, second.key]);
    expect(await pendingAlertCount()).toBe(0);
  });

  it.each([
    [408, 'request.timeout'],
    [409, 'emergency.in_flight'],
    [429, 'too_many_requests'],
    [500, 'internal_error'],
    [503, 'unavailable'],
  ])('keeps the alert queued for a retry after a %i', async (status, message) => {
    sendRoute(() => fail(status, message));
    const alert = await queueAlert(makePayload());
    await triggerOutboxDrain();
    expect(await getAlert(alert.key)).toMatchObject({ state: 'queued', lastStatus: status, lastError: message });
  });

  it.each([
    [400, 'emergency.invalid_image'],
    [422, 'emergency.idempotency_mismatch'],
  ])('marks the alert failed with the reason after a %i, and goes on with the next one', async (status, message) => {
    const calls = sendRoute((i) => (i === 0 ? fail(status, message) : ok()));
    const bad = await queueAlert(makePayload('bad@example.org'));
    const good = await queueAlert(makePayload('good@example.org'));
    await triggerOutboxDrain();
    expect(await getAlert(bad.key)).toMatchObject({ state: 'failed', lastError: message, lastStatus: status });
    expect(await getAlert(good.key)).toMatchObject({ state: 'sent' });
    expect(calls).toHaveLength(2);
    // Still counted until the user retries or discards it.
    expect(await pendingAlertCount()).toBe(1);

    await retryAlert(bad.key);
    await triggerOutboxDrain();
    expect(calls.map((c) => c.key)).toEqual([bad.key, good.key, bad.key]);
    expect(await getAlert(bad.key)).toMatchObject({ state: 'sent' });
  });

  it('keeps the alert after a 401 and sends it once the user is logged in again', async () => {
    const calls = sendRoute((i) => (i === 0 ? fail(401, 'token_expired') : ok()));
    const alert = await queueAlert(makePayload());
    await triggerOutboxDrain();
    expect(await getAlert(alert.key)).toMatchObject({ state: 'queued', lastStatus: 401 });
    // The 401 logged the user out: nothing is sent without a session.
    expect(getToken()).toBeNull();
    await triggerOutboxDrain();
    expect(calls).toHaveLength(1);

    seedSession();
    await triggerOutboxDrain();
    expect(calls.map((c) => c.key)).toEqual([alert.key, alert.key]);
    expect(await getAlert(alert.key)).toMatchObject({ state: 'sent' });
  });

  it("holds an alert of another district or client until the session is that alert's again", async () => {
    const calls = sendRoute();
    const created = { payload: makePayload(), userEmail: DEMO_USER.email, createdAt: Date.now() };
    await addAlert({ ...created, key: 'other-district', clientDatabase: DEMO_DISTRICT.client.database, districtId: 'district-other' });
    await addAlert({ ...created, key: 'other-client', clientDatabase: 'client_other', districtId: DEMO_DISTRICT._id });
    await triggerOutboxDrain();
    expect(calls).toHaveLength(0);
    expect(await pendingAlertCount()).toBe(2);

    seedSession({ token: makeAccessToken({ did: 'district-other' }) });
    await triggerOutboxDrain();
    expect(calls.map((c) => c.key)).toEqual(['other-district']);
    seedSession({ token: makeAccessToken({ db: 'client_other' }) });
    await triggerOutboxDrain();
    expect(calls.map((c) => c.key)).toEqual(['other-district', 'other-client']);
  });

  it('sends an alert left "sending" by a closed tab again, with the same key', async () => {
    const calls = sendRoute();
    const alert = await queueAlert(makePayload());
    const { updateAlert } = await import('../../../../src/features/emergency/outbox/alerts');
    await updateAlert(alert.key, { state: 'sending' });
    await triggerOutboxDrain();
    expect(calls.map((c) => c.key)).toEqual([alert.key]);
  });

  it('sends a long queue a few at a time once the first alert went through, each alert once', async () => {
    let inFlight = 0;
    const widths: number[] = [];
    const calls = sendRoute(async () => {
      inFlight += 1;
      widths.push(inFlight);
      await delay(20);
      inFlight -= 1;
      return ok();
    });
    const alerts = await queueQuietly(10);
    await triggerOutboxDrain();
    // The first send goes alone; then never more than SEND_CONCURRENCY at once.
    expect(widths[0]).toBe(1);
    expect(Math.max(...widths)).toBeGreaterThan(1);
    expect(Math.max(...widths)).toBeLessThanOrEqual(SEND_CONCURRENCY);
    // Started in creation order, every alert exactly once.
    expect(calls.map((c) => c.key)).toEqual(alerts.map((a) => a.key));
    expect(await pendingAlertCount()).toBe(0);
  });

  it('starts nothing new after a retryable answer in the pipeline, and resumes from the oldest waiting alert', async () => {
    let unavailable = false;
    const calls = sendRoute(async (i) => {
      // The first send goes through and opens the window; the third answers 503.
      if (i === 2) unavailable = true;
      await delay(10);
      return unavailable ? fail(503, 'unavailable') : ok();
    });
    await queueQuietly(12);
    await triggerOutboxDrain();
    // Nothing beyond the window that was in flight when the 503 came.
    expect(calls.length).toBeLessThanOrEqual(2 + SEND_CONCURRENCY);
    const waiting = (await listAlerts()).filter((a) => a.state !== 'sent');
    expect(waiting.length).toBeGreaterThanOrEqual(12 - 2 - SEND_CONCURRENCY);

    unavailable = false;
    const before = calls.length;
    resetOutboxDrainer();
    await triggerOutboxDrain();
    // The retry starts with the oldest alert still waiting, and each alert ends sent once.
    expect(calls[before]?.key).toBe(waiting[0]?.key);
    expect(await pendingAlertCount()).toBe(0);
    const sentKeys = calls.slice(before).map((c) => c.key);
    expect(new Set(sentKeys).size).toBe(sentKeys.length);
  });

  it('marks an alert whose payload cannot be read back as failed, without sending it', async () => {
    const calls = sendRoute();
    const [alert] = await queueQuietly(1);
    // A damaged database: the alert record without its payload record.
    await new Promise<void>((resolve, reject) => {
      const request = indexedDB.open(OUTBOX_DB.name);
      request.onsuccess = () => {
        const tx = request.result.transaction(OUTBOX_DB.stores.payloads, 'readwrite');
        tx.objectStore(OUTBOX_DB.stores.payloads).delete(alert?.key ?? '');
        tx.oncomplete = () => {
          request.result.close();
          resolve();
        };
        tx.onerror = () => reject(tx.error ?? new Error('transaction failed'));
      };
    });
    await triggerOutboxDrain();
    expect(calls).toHaveLength(0);
    expect(await getAlert(alert?.key ?? '')).toMatchObject({ state: 'failed', lastError: PAYLOAD_MISSING });
  });

  it('sends an alert once when two tabs drain at the same time (Web Lock)', async () => {
    const locks = installLockManager();
    try {
      const calls = sendRoute(async () => {
        await delay(30);
        return ok();
      });
      await queueAlert(makePayload());
      // A second tab: its own modules, the same IndexedDB, the same lock manager.
      vi.resetModules();
      const tab2 = await import('../../../../src/features/emergency/outbox/drainer');
      const tab2Db = await import('../../../../src/features/emergency/outbox/alerts');
      await Promise.all([triggerOutboxDrain(), tab2.triggerOutboxDrain()]);
      expect(calls).toHaveLength(1);
      expect((await listAlerts()).map((a) => a.state)).toEqual(['sent']);
      tab2.resetOutboxDrainer();
      await tab2Db.closeOutboxDb();
    } finally {
      locks.uninstall();
    }
  });
});
