/**
 * The Declarations writes on the app's record core keep the outbox names and the sending rules
 * they had before (a write a device queued with the previous version still sends): a report
 * uploads its pictures first, an edit merges on a conflict, a status step, a deletion or a
 * restore is sent again on the current version; an edit queues only the changed fields.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Declaration } from '../../../../common/modules/declarations/schemas';
import { enqueueWrite, registerSender } from '../../../../src/lib/outbox';
import { registerDeclarationSenders } from '../../../../src/features/declarations/senders';
import { declarations, queueDeclarationUpdate, templates } from '../../../../src/features/declarations/writes';

vi.mock('../../../../src/lib/outbox', () => ({
  enqueueWrite: vi.fn((item: object) => Promise.resolve(item)),
  registerSender: vi.fn(),
  sendWrite: vi.fn(),
  changedFields: (record: Record<string, unknown>, next: Record<string, unknown>) => {
    const changes: Record<string, unknown> = {};
    const base: Record<string, unknown> = {};
    for (const field of Object.keys(next)) {
      if (JSON.stringify(record[field] ?? null) === JSON.stringify(next[field] ?? null)) continue;
      changes[field] = next[field];
      base[field] = record[field];
    }
    return { changes, base };
  },
}));

beforeEach(() => vi.mocked(enqueueWrite).mockClear());

describe('the Declarations writes', () => {
  it('keep the outbox names of the previous version', () => {
    expect(declarations.writeKinds).toMatchObject({ create: 'declarations.create', update: 'declarations.update', delete: 'declarations.delete', restore: 'declarations.restore' });
    expect(templates.writeKinds).toMatchObject({
      create: 'declarations.template.create',
      update: 'declarations.template.update',
      delete: 'declarations.template.delete',
      restore: 'declarations.template.restore',
    });
  });

  it('register a sender for each of them with its rule on a conflict', () => {
    registerDeclarationSenders();
    const options = new Map(vi.mocked(registerSender).mock.calls.map(([kind, , opts]) => [kind, opts]));
    expect(options.get('declarations.create')).toEqual({ onConflict: 'fail', attachmentsFirst: true });
    expect(options.get('declarations.update')).toEqual({ onConflict: 'merge' });
    expect(options.get('declarations.template.update')).toEqual({ onConflict: 'merge' });
    for (const kind of ['declarations.status', 'declarations.delete', 'declarations.restore', 'declarations.template.delete', 'declarations.template.restore']) {
      expect(options.get(kind)).toEqual({ onConflict: 'rebase' });
    }
    expect(options.get('declarations.comment')).toEqual({ onConflict: 'fail' });
    expect(options.get('declarations.template.create')).toEqual({ onConflict: 'fail' });
  });

  it('queue an edit with only its changed fields and the values it started from', async () => {
    const record = { id: 'd1', version: 4, title: 'Fuite', cause: '', assigneeId: null, severity: 'low' } as unknown as Declaration & { assigneeId: string | null };
    expect(await queueDeclarationUpdate(record, { title: 'Fuite', severity: 'low' })).toBe(false);
    expect(await queueDeclarationUpdate(record, { title: 'Fuite d’eau', cause: '' })).toBe(true);
    expect(enqueueWrite).toHaveBeenCalledTimes(1);
    expect(enqueueWrite).toHaveBeenCalledWith({ kind: 'declarations.update', module: 'declarations', recordId: 'd1', baseVersion: 4, payload: { title: 'Fuite d’eau' }, base: { title: 'Fuite' } });
  });
});
