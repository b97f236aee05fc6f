// Records written offline shown at once: pending writes laid over the server's data.
import { describe, expect, it } from 'vitest';
import { withPending, withPendingRecord, type PendingWrite } from '../../../../src/lib/outbox/overlay';
import type { OutboxState } from '../../../../src/lib/outbox/types';

const write = (kind: string, recordId: string, payload: unknown, state: OutboxState = 'queued'): PendingWrite => ({ item: { kind, recordId, state }, payload });
const LIST = [
  { id: 'a', name: 'Atelier', address: '1 rue A' },
  { id: 'b', name: 'Bureau', address: '2 rue B' },
];

describe('the pending overlay', () => {
  it('shows a record created offline first, updated ones with their new values, deleted ones marked', () => {
    const shown = withPending(LIST, [
      write('sites.create', 'c', { id: 'c', name: 'Chai', address: '' }),
      write('sites.update', 'a', { name: 'Atelier nord' }),
      write('sites.delete', 'b', { baseVersion: 3 }),
    ]);
    expect(shown.map((r) => [r.id, r.name, r.pending?.created ?? false, r.pending?.deleted ?? false])).toEqual([
      ['c', 'Chai', true, false],
      ['a', 'Atelier nord', false, false],
      ['b', 'Bureau', false, true],
    ]);
    expect(shown[1]).toMatchObject({ address: '1 rue A', pending: { count: 1, conflict: false } });
  });

  it('leaves records without pending writes as they are, and applies one record’s writes in order', () => {
    const shown = withPending(LIST, [write('sites.update', 'a', { name: 'X' }), write('sites.update', 'a', { name: 'Y' }, 'conflict')]);
    expect(shown[0]).toMatchObject({ name: 'Y', pending: { count: 2, conflict: true } });
    expect(shown[1]).toBe(LIST[1]);
  });

  it('stops showing a created record twice once the server’s list holds it', () => {
    const shown = withPending(LIST, [write('sites.create', 'a', { id: 'a', name: 'Atelier' })]);
    expect(shown.map((r) => r.id)).toEqual(['a', 'b']);
    expect(shown[0]?.pending?.created).toBe(false);
  });

  it('overlays one record, even one the server does not have yet', () => {
    expect(withPendingRecord(LIST[0], [write('sites.update', 'a', { address: '3 rue C' }), write('sites.update', 'b', { name: 'no' })])).toMatchObject({
      id: 'a',
      name: 'Atelier',
      address: '3 rue C',
      pending: { count: 1 },
    });
    expect(withPendingRecord(undefined, [write('sites.create', 'n', { id: 'n', name: 'Neuf' })])).toMatchObject({ id: 'n', name: 'Neuf', pending: { created: true } });
    // A restore undoes the deleted mark; other kinds only mark the record as waiting.
    expect(withPendingRecord(LIST[1], [write('sites.delete', 'b', {}), write('sites.restore', 'b', {}), write('sites.stage.create', 'b', { name: 'Toit' })])).toMatchObject({
      name: 'Bureau',
      pending: { deleted: false, count: 3 },
    });
  });
});
