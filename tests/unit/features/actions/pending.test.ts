import { describe, expect, it } from 'vitest';
import { actionMatches, applyPending, inDuePeriod, listWrites } from '../../../../src/features/actions/pending';
import type { PendingWrite } from '../../../../src/lib/outbox';
import { ACTION, ME, summary } from './actions-testing';

const write = (kind: string, payload: unknown): PendingWrite => ({ item: { kind, recordId: ACTION.id, state: 'queued', module: 'actions' }, payload });

describe('actions written on the device, as the screens show them', () => {
  it('a close waiting to be sent: done, no longer overdue, with its note and who closed it', () => {
    const shown = applyPending(ACTION, [write('actions.status', { status: 'done', note: 'Remplacé', at: '2026-11-20T10:00:00.000Z' })], ME);
    expect(shown).toMatchObject({ status: 'done', overdue: false, closingNote: 'Remplacé', doneAt: '2026-11-20T10:00:00.000Z', doneBy: ME });
  });

  it('a move is laid over a list as the update it amounts to, so a row leaves an "open" filter it no longer matches', () => {
    const [update] = listWrites([write('actions.status', { status: 'done', at: '2026-11-20T10:00:00.000Z' })]);
    expect(update).toEqual({ item: expect.objectContaining({ kind: 'actions.update' }), payload: { status: 'done', overdue: false } });
    const open = actionMatches({ status: 'todo,inProgress' }, ME.id);
    expect(open(summary(1))).toBe(true);
    expect(open({ ...summary(1), status: 'done' })).toBe(false);
  });

  it('"My actions" holds the caller’s; the district view anyone’s', () => {
    const other = { ...summary(1), assignee: { id: '99999999-9999-4999-8999-999999999999', name: 'Claire' } };
    expect(actionMatches({}, ME.id)(other)).toBe(false);
    expect(actionMatches({ scope: 'all' }, ME.id)(other)).toBe(true);
  });

  it('due periods count from today, as the server does', () => {
    const row = (dueOn: string | null, status: 'todo' | 'done' = 'todo') => ({ dueOn, overdue: false, status });
    expect(inDuePeriod(row('2026-11-24'), 'overdue', '2026-11-25')).toBe(true);
    expect(inDuePeriod(row('2026-11-24', 'done'), 'overdue', '2026-11-25')).toBe(false);
    expect(inDuePeriod(row('2026-11-25'), 'today', '2026-11-25')).toBe(true);
    expect(inDuePeriod(row('2026-12-01'), 'week', '2026-11-25')).toBe(true);
    expect(inDuePeriod(row('2026-12-02'), 'week', '2026-11-25')).toBe(false);
    expect(inDuePeriod(row('2026-12-20'), 'month', '2026-11-25')).toBe(true);
    expect(inDuePeriod(row(null), 'none', '2026-11-25')).toBe(true);
  });
});
