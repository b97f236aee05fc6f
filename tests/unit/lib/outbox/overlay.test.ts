// Records written offline shown at once: pending writes laid over the server's data.
import { describe, expect, it } from 'vitest';
import { withPending, withPendingList, withPendingRecord, type PendingWrite } from '../../../../src/lib/outbox/overlay';
import { matchesSearch } from '../../../../src/lib/text-fold';
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

describe('a list with its pending writes (withPendingList)', () => {
  type Row = { id: string; name: string; kind: string; deletedAt: string | null };
  const row = (id: string, name: string, kind = 'office', deletedAt: string | null = null): Row => ({ id, name, kind, deletedAt });
  const SERVER = [row('a', 'Atelier'), row('b', 'Bureau'), row('c', 'Chai', 'cellar')];
  // A search folded like the server's, and one filter.
  const view = (search: string, kind?: string, deletedView = false) => ({
    matches: (r: Row) => matchesSearch(search, [r.name]) && (kind === undefined || r.kind === kind),
    deletedView,
  });

  it('shows records created here first, newest first, and counts them', () => {
    const { rows, total } = withPendingList(SERVER, 30, [write('sites.create', 'n1', row('n1', 'Première')), write('sites.create', 'n2', row('n2', 'Seconde'))], view(''));
    expect(rows.map((r) => r.id)).toEqual(['n2', 'n1', 'a', 'b', 'c']);
    expect(rows[0]?.pending).toMatchObject({ created: true, count: 1 });
    expect(total).toBe(32);
  });

  it('shows a created record only when it matches the search (accents and case folded) and the filters', () => {
    const writes = [write('sites.create', 'n', row('n', 'Entrepôt Évêché', 'warehouse'))];
    expect(withPendingList(SERVER, 3, writes, view('ENTREPOT evec')).rows.map((r) => r.id)).toEqual(['n', 'a', 'b', 'c']);
    expect(withPendingList(SERVER, 3, writes, view('entrepôt', 'warehouse')).total).toBe(4);
    expect(withPendingList(SERVER, 3, writes, view('bureau')).rows.map((r) => r.id)).toEqual(['a', 'b', 'c']);
    expect(withPendingList(SERVER, 3, writes, view('entrepot', 'office'))).toMatchObject({ total: 3 });
  });

  it('never shows a created record in the deleted view, nor one deleted before it was sent', () => {
    expect(withPendingList([], 0, [write('sites.create', 'n', row('n', 'Neuf'))], view('', undefined, true))).toEqual({ rows: [], total: 0 });
    const deleted = [write('sites.create', 'n', row('n', 'Neuf')), write('sites.delete', 'n', null)];
    expect(withPendingList([], 0, deleted, view(''))).toEqual({ rows: [], total: 0 });
  });

  it('overlays updates, and takes out a record an update moves out of the search', () => {
    const renamed = withPendingList(SERVER, 3, [write('sites.update', 'a', { name: 'Atelier nord' })], view(''));
    expect(renamed.rows[0]).toMatchObject({ id: 'a', name: 'Atelier nord', pending: { count: 1, created: false } });
    expect(renamed.total).toBe(3);
    const out = withPendingList(SERVER, 3, [write('sites.update', 'a', { name: 'Garage' })], view('atel'));
    expect(out.rows.map((r) => r.id)).toEqual(['b', 'c']);
    expect(out.total).toBe(2);
  });

  it('takes a record deleted here out of the active view, and one restored here out of the deleted view', () => {
    const active = withPendingList(SERVER, 3, [write('sites.delete', 'b', null)], view(''));
    expect(active).toMatchObject({ total: 2 });
    expect(active.rows.map((r) => r.id)).toEqual(['a', 'c']);
    // Deleted then restored before either was sent: it stays.
    expect(withPendingList(SERVER, 3, [write('sites.delete', 'b', null), write('sites.restore', 'b', null)], view('')).total).toBe(3);

    const trash = [row('d', 'Dépôt', 'office', '2026-11-01T00:00:00.000Z'), row('e', 'Écurie', 'office', '2026-11-01T00:00:00.000Z')];
    const restored = withPendingList(trash, 2, [write('sites.restore', 'd', null), write('sites.stage.create', 'e', { name: 'Toit' })], view('', undefined, true));
    expect(restored.rows.map((r) => [r.id, r.pending?.count])).toEqual([['e', 1]]);
    expect(restored.total).toBe(1);
  });

  it('keeps the server’s order, marks parts written here, and ignores what was sent', () => {
    const { rows, total } = withPendingList(
      SERVER,
      3,
      [write('sites.stage.create', 'c', { id: 's', name: 'Toit' }), write('sites.create', 'x', row('x', 'Parti'), 'sent'), write('sites.update', 'b', { name: 'Zz' }, 'conflict')],
      view(''),
    );
    expect(rows.map((r) => [r.id, r.name, r.pending?.conflict ?? null])).toEqual([
      ['a', 'Atelier', null],
      ['b', 'Zz', true],
      ['c', 'Chai', false],
    ]);
    // A stage's create is a write of its site, not a new record.
    expect(rows[2]?.pending?.created).toBe(false);
    expect(total).toBe(3);
  });

  it('makes created rows whole with the module’s completion', () => {
    const { rows } = withPendingList(SERVER, 3, [write('sites.create', 'n', { id: 'n', name: 'Neuf' })], {
      ...view(''),
      complete: (r) => ({ ...r, kind: r.kind ?? 'none', deletedAt: r.deletedAt ?? null }),
    });
    expect(rows[0]).toMatchObject({ id: 'n', name: 'Neuf', kind: 'none', deletedAt: null });
  });

  it('takes another module’s kind on a record (an attachment deleted) as a mark, never as the record’s delete', () => {
    const fileDeleted: PendingWrite = { item: { kind: 'attachments.delete', module: 'sites', recordId: 'b', state: 'queued' }, payload: { attachmentId: 'f', name: 'x.jpg' } };
    const { rows, total } = withPendingList(SERVER, 3, [fileDeleted], view(''));
    expect(total).toBe(3);
    expect(rows[1]).toMatchObject({ id: 'b', pending: { count: 1, deleted: false } });
  });
});
