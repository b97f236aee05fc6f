/**
 * A finding reported from a panorama: the next declaration queued in the tab gets its marker at
 * the tapped direction, queued after it (so the outbox sends it second, offline too); a
 * declaration queued before the tap, of another site, or a tap older than its time limit, gets
 * nothing (lib/tap-report.ts, shared with the 2D plans).
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { OutboxItem } from '../../../../src/lib/outbox';

const outbox = vi.hoisted(() => ({ items: [] as Partial<OutboxItem>[], listener: null as null | (() => void) }));

vi.mock('../../../../src/lib/outbox/db', () => ({
  listItems: vi.fn(() => Promise.resolve(outbox.items)),
  getPayloadRecord: vi.fn((key: string) => Promise.resolve({ key, payload: { siteId: key.startsWith('other') ? 'other-site' : 's1', title: 'Fuite' } })),
  subscribeOutbox: vi.fn((listener: () => void) => {
    outbox.listener = listener;
    return () => {};
  }),
}));
vi.mock('../../../../src/lib/outbox', () => ({
  enqueueWrite: vi.fn((item: object) => Promise.resolve(item)),
  registerSender: vi.fn(),
  sendWrite: vi.fn(),
}));

const { enqueueWrite } = await import('../../../../src/lib/outbox');
const { rememberReport, watchReports } = await import('../../../../src/features/view360/report');

/** The outbox changed: the watcher looks, and its queued marker (if any) is written. */
async function outboxChanged(): Promise<void> {
  outbox.listener?.();
  await new Promise((resolve) => setTimeout(resolve, 0));
}

beforeEach(() => {
  localStorage.clear();
  outbox.items = [];
  vi.mocked(enqueueWrite).mockClear();
  watchReports();
});

describe('a finding reported from a panorama', () => {
  it('marks the declaration queued after the tap, at the tapped direction, once', async () => {
    outbox.items.push({ kind: 'declarations.create', recordId: 'before', createdAt: Date.now() - 1000, key: 'k0' });
    rememberReport({ siteId: 's1', stageId: 'st1', yaw: 1.2, pitch: -0.3 });
    await outboxChanged();
    expect(enqueueWrite).not.toHaveBeenCalled();

    outbox.items.push({ kind: 'declarations.create', recordId: 'elsewhere', createdAt: Date.now() + 1, key: 'other-k' });
    await outboxChanged();
    expect(enqueueWrite).not.toHaveBeenCalled();

    outbox.items = [{ kind: 'declarations.create', recordId: 'd1', createdAt: Date.now() + 1, key: 'k1' }];
    await outboxChanged();
    expect(enqueueWrite).toHaveBeenCalledTimes(1);
    expect(enqueueWrite).toHaveBeenCalledWith(
      expect.objectContaining({ kind: 'view360.marker.create', recordId: 's1', payload: expect.objectContaining({ stageId: 'st1', yaw: 1.2, pitch: -0.3, kind: 'declaration', recordId: 'd1' }) }),
    );
    // The tap is used: a second declaration gets no marker.
    outbox.items.push({ kind: 'declarations.create', recordId: 'd2', createdAt: Date.now() + 2, key: 'k2' });
    await outboxChanged();
    expect(enqueueWrite).toHaveBeenCalledTimes(1);
  });

  it('forgets a tap two hours old', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      rememberReport({ siteId: 's1', stageId: 'st1', yaw: 0, pitch: 0 });
      vi.setSystemTime(Date.now() + 2 * 60 * 60_000 + 1);
      outbox.items.push({ kind: 'declarations.create', recordId: 'late', createdAt: Date.now(), key: 'k3' });
      await outboxChanged();
      expect(enqueueWrite).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});
