/**
 * The Sharing bank on the device: a reader's acknowledgement made offline counts at once (the
 * resource leaves "to acknowledge", marked waiting), only for the version it was made for (a new
 * version asks again); and the library's address keeps what it understands.
 */
import { describe, expect, it } from 'vitest';
import { READ_WRITE } from '../../../../src/features/sharingBank/kinds';
import { pendingAcknowledgements, readingOf } from '../../../../src/features/sharingBank/components/readings';
import { validateLibrarySearch } from '../../../../src/features/sharingBank/search';

const ID = '0b5b3c3e-2f0d-4b4e-9a51-6d2f1e0c9a10';
const resource = (fields: { version: number; acknowledgedAt?: string | null; asked?: boolean; deletedAt?: string | null }) => ({
  id: ID,
  currentVersion: fields.version,
  deletedAt: fields.deletedAt ?? null,
  mine: { version: fields.version, openedAt: null, acknowledgedAt: fields.acknowledgedAt ?? null, asked: fields.asked ?? true },
});
const write = (version: number, acknowledged: boolean) => ({ item: { kind: READ_WRITE, recordId: ID, state: 'queued' as const }, payload: { version, acknowledged } });

describe('a reader’s acknowledgement on the device', () => {
  it('is to acknowledge until acknowledged; an acknowledgement waiting in the outbox counts at once, marked waiting', () => {
    expect(readingOf(resource({ version: 1 }), new Map())).toEqual({ acknowledged: false, waiting: false, toAcknowledge: true });
    expect(readingOf(resource({ version: 1 }), pendingAcknowledgements([write(1, true)]))).toEqual({ acknowledged: true, waiting: true, toAcknowledge: false });
    expect(readingOf(resource({ version: 1, acknowledgedAt: '2026-11-28T10:00:00.000Z' }), new Map())).toEqual({ acknowledged: true, waiting: false, toAcknowledge: false });
  });

  it('an opening is no acknowledgement, and one made for an older version does not answer a new one', () => {
    expect(readingOf(resource({ version: 1 }), pendingAcknowledgements([write(1, false)])).toAcknowledge).toBe(true);
    expect(readingOf(resource({ version: 2 }), pendingAcknowledgements([write(1, true)])).toAcknowledge).toBe(true);
  });

  it('is asked only of the audience, and never of a deleted resource', () => {
    expect(readingOf(resource({ version: 1, asked: false }), new Map()).toAcknowledge).toBe(false);
    expect(readingOf(resource({ version: 1, deletedAt: '2026-11-28T10:00:00.000Z' }), new Map()).toAcknowledge).toBe(false);
  });
});

describe('the library’s address', () => {
  it('keeps a search, a known kind, a tag, "to acknowledge" and deleted; drops what it does not know', () => {
    expect(validateLibrarySearch({ search: 'incendie', kind: 'procedure', tag: 'évacuation', todo: 'true', deleted: true })).toEqual({
      search: 'incendie',
      kind: 'procedure',
      tag: 'évacuation',
      todo: 'true',
      deleted: 'true',
    });
    expect(validateLibrarySearch({ search: '  ', kind: 'virus', todo: 'yes', other: 'x' })).toEqual({});
  });
});
