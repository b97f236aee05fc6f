// The offline reads' refresh and the outbox: when the connection comes back, the writes kept on
// the device are sent before the declared lists are read again.
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BACKGROUND_READ_HEADER } from '../../../common/constants';
import { createQueryClient } from '../../../src/app/query-client';
import { apiGet, withSignal } from '../../../src/lib/api-client';
import { offlineSyncTiming, startOfflineDataSync, type OfflineDeclaration } from '../../../src/lib/offline-reads';
import { listItems } from '../../../src/lib/outbox/db';
import { resetOutboxDrainer } from '../../../src/lib/outbox/drainer';
import { enqueueWrite } from '../../../src/lib/outbox/enqueue';
import { registerSender } from '../../../src/lib/outbox/registry';
import { makeEnvelope } from '../../../src/testing/fixtures';
import { api } from '../../../src/testing/handlers';
import { server } from '../../../src/testing/server';
import { seedSession } from '../../../src/testing/session';
import { freshIndexedDb } from '../features/emergency/outbox-testing';

/** A sender of `things.update` that notes each write in `order` and answers once released. */
function heldWrites(): { order: string[]; release: () => void } {
  const order: string[] = [];
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  registerSender('things.update', async (item) => {
    order.push(`write ${item.recordId}`);
    await held;
    return {};
  });
  return { order, release };
}

describe('the offline reads on reconnecting', () => {
  beforeEach(async () => {
    await freshIndexedDb();
    seedSession();
    // The first run's idle moment at once.
    vi.stubGlobal('requestIdleCallback', (task: () => void) => setTimeout(task, 0));
    vi.stubGlobal('cancelIdleCallback', (id: number) => clearTimeout(id));
  });
  afterEach(() => {
    resetOutboxDrainer();
    vi.unstubAllGlobals();
  });

  it('starts its first run only once the first screen has settled after the page’s load', async () => {
    const reads: string[] = [];
    const declaration: OfflineDeclaration = {
      module: 'things',
      persist: [['things']],
      lists: () => [{ queryKey: ['things', 'list'], queryFn: () => (reads.push('read'), []) }],
    };
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    offlineSyncTiming.firstRunSettleMs = 4000;
    const stop = startOfflineDataSync(createQueryClient({ retry: false }), () => [declaration]);
    try {
      // (The browser's idle moment comes at once here: beforeEach.)
      await vi.advanceTimersByTimeAsync(3900);
      expect(reads).toEqual([]);
      await vi.advanceTimersByTimeAsync(200);
      vi.useRealTimers();
      await vi.waitFor(() => expect(reads).toEqual(['read']), { timeout: 5000 });
    } finally {
      stop();
      offlineSyncTiming.firstRunSettleMs = 0;
      vi.useRealTimers();
    }
  });

  it('marks its reads as the app’s own, for the server to count apart; a screen’s read of the same record is not', async () => {
    const marked: Record<string, string | null> = {};
    server.use(
      http.get(api('things'), ({ request }) => {
        marked.list = request.headers.get(BACKGROUND_READ_HEADER);
        return HttpResponse.json(makeEnvelope([{ id: 't1' }]));
      }),
      http.get(api('things/:id'), ({ request }) => {
        marked[request.headers.get('x-reader') ?? 'sync'] = request.headers.get(BACKGROUND_READ_HEADER);
        return HttpResponse.json(makeEnvelope({ id: 't1' }));
      }),
    );
    const record = (id: string) => ({ queryKey: ['things', 'detail', id], queryFn: ({ signal }: { signal: AbortSignal }) => apiGet(`things/${id}`, withSignal(signal)) });
    const declaration: OfflineDeclaration = {
      module: 'things',
      persist: [['things']],
      lists: () => [{ queryKey: ['things', 'list'], queryFn: ({ signal }) => apiGet<{ id: string }[]>('things', withSignal(signal)) }],
      records: ([list]) => (list as { id: string }[]).map(({ id }) => record(id)),
    };
    const stop = startOfflineDataSync(createQueryClient({ retry: false }), () => [declaration]);
    try {
      await vi.waitFor(() => expect(marked).toEqual({ list: '1', sync: '1' }), { timeout: 5000 });
      await apiGet('things/t1', { headers: { 'x-reader': 'screen' } });
      expect(marked.screen).toBeNull();
    } finally {
      stop();
    }
  });

  it('reads the declared lists again only once the queued writes are sent', async () => {
    const { order, release } = heldWrites();
    const declaration: OfflineDeclaration = {
      module: 'things',
      persist: [['things']],
      lists: () => [{ queryKey: ['things', 'list'], queryFn: () => (order.push('read'), []) }],
    };
    const queryClient = createQueryClient({ retry: false });
    const stop = startOfflineDataSync(queryClient, () => [declaration]);
    try {
      await vi.waitFor(() => expect(order).toEqual(['read']), { timeout: 5000 });
      // Edits made offline; the network comes back while the first is being sent.
      await enqueueWrite({ kind: 'things.update', module: 'things', recordId: 'r1', baseVersion: 1, payload: { name: 'a' } });
      await enqueueWrite({ kind: 'things.update', module: 'things', recordId: 'r2', baseVersion: 1, payload: { name: 'b' } });
      await vi.waitFor(() => expect(order).toContain('write r1'), { timeout: 5000 });
      window.dispatchEvent(new Event('online'));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(order.filter((step) => step === 'read')).toHaveLength(1);
      release();
      await vi.waitFor(() => expect(order.filter((step) => step === 'read')).toHaveLength(2), { timeout: 5000 });
      expect(order.slice(1)).toEqual(['write r1', 'write r2', 'read']);
      expect(await listItems()).toEqual([]);
    } finally {
      stop();
    }
  });

  it('a run under way lets a drain go first between two of its reads', async () => {
    const { order, release } = heldWrites();
    let answerFirst = () => {};
    const firstAnswered = new Promise<void>((resolve) => (answerFirst = resolve));
    const declaration: OfflineDeclaration = {
      module: 'things',
      persist: [['things']],
      lists: () => [{ queryKey: ['things', 'list'], queryFn: () => ['a', 'b', 'c'] }],
      records: ([ids]) =>
        (ids as string[]).map((id) => ({
          queryKey: ['things', 'sheet', id],
          queryFn: async () => {
            order.push(`read ${id}`);
            if (id !== 'c') await firstAnswered;
            return { id };
          },
        })),
    };
    const queryClient = createQueryClient({ retry: false });
    const stop = startOfflineDataSync(queryClient, () => [declaration]);
    try {
      // Two reads under way (two at a time) when a write is queued and its drain starts.
      await vi.waitFor(() => expect(order).toEqual(['read a', 'read b']), { timeout: 5000 });
      await enqueueWrite({ kind: 'things.update', module: 'things', recordId: 'r1', baseVersion: 1, payload: { name: 'a' } });
      await vi.waitFor(() => expect(order).toContain('write r1'), { timeout: 5000 });
      answerFirst();
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(order).not.toContain('read c');
      release();
      await vi.waitFor(() => expect(order).toContain('read c'), { timeout: 5000 });
      expect(order.indexOf('write r1')).toBeLessThan(order.indexOf('read c'));
    } finally {
      stop();
    }
  });
});
