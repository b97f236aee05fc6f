// The field-by-field merge of an update the server refused with a version conflict.
import { describe, expect, it } from 'vitest';
import { merge, resolve, sameValue } from '../../../../src/lib/outbox/merge';

const base = { name: 'Dépôt', address: '1 rue A', gps: { lat: 45.1, lng: 4.8 }, ownerName: 'Acme', siteTypeId: null };

describe('the outbox merge (base, mine, theirs)', () => {
  it('merges changes of different fields silently, re-sent on the server’s version', () => {
    const theirs = { ...base, address: '2 rue B', version: 5 };
    expect(merge(base, { name: 'Dépôt nord' }, theirs)).toEqual({ ok: true, changes: { name: 'Dépôt nord' }, baseVersion: 5 });
  });

  it('reports a field both sides changed to different values, with the three values', () => {
    const theirs = { ...base, name: 'Dépôt sud', version: 3 };
    const result = merge(base, { name: 'Dépôt nord', ownerName: 'Beta' }, theirs);
    expect(result).toEqual({
      ok: false,
      conflicts: [{ field: 'name', base: 'Dépôt', mine: 'Dépôt nord', theirs: 'Dépôt sud' }],
      changes: { ownerName: 'Beta' },
      baseVersion: 3,
    });
  });

  it('sees no conflict when both sides made the same change, and nothing left to send', () => {
    const theirs = { ...base, name: 'Dépôt nord', version: 4 };
    expect(merge(base, { name: 'Dépôt nord' }, theirs)).toEqual({ ok: true, changes: {}, baseVersion: 4 });
  });

  it('compares a position as a whole: one coordinate moved on each side is a conflict', () => {
    const theirs = { ...base, gps: { lat: 45.2, lng: 4.8 }, version: 2 };
    const result = merge(base, { gps: { lat: 45.1, lng: 4.9 } }, theirs);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.conflicts.map((c) => c.field)).toEqual(['gps']);
    // The same position written with its keys in another order is the same value.
    expect(merge(base, { gps: { lng: 4.9, lat: 45.2 } }, { ...base, gps: { lat: 45.2, lng: 4.9 }, version: 2 })).toMatchObject({ ok: true, changes: {} });
  });

  it('treats null as a value: cleared on one side and changed on the other conflicts, cleared on both does not', () => {
    const theirs = { ...base, gps: null, version: 2 };
    expect(merge(base, { gps: { lat: 1, lng: 2 } }, theirs)).toMatchObject({ ok: false, conflicts: [{ field: 'gps', mine: { lat: 1, lng: 2 }, theirs: null }] });
    expect(merge(base, { gps: null }, theirs)).toEqual({ ok: true, changes: {}, baseVersion: 2 });
    // A value set where the base had null, the server untouched: sent.
    expect(merge(base, { siteTypeId: 't1' }, { ...base, name: 'x', version: 2 })).toEqual({ ok: true, changes: { siteTypeId: 't1' }, baseVersion: 2 });
  });

  it('lets the server’s value stand for a field the user sent unchanged (a form sends every field)', () => {
    const theirs = { ...base, name: 'Dépôt sud', version: 6 };
    expect(merge(base, { name: 'Dépôt', ownerName: 'Beta' }, theirs)).toEqual({ ok: true, changes: { ownerName: 'Beta' }, baseVersion: 6 });
  });

  it('without a base, never overwrites a value that differs on the server', () => {
    expect(merge(undefined, { name: 'A', ownerName: 'Acme' }, { ...base, name: 'B', version: 2 })).toMatchObject({
      ok: false,
      conflicts: [{ field: 'name', mine: 'A', theirs: 'B' }],
    });
  });

  it('builds the change set from the user’s choices', () => {
    const conflicts = [
      { field: 'name', base: 'a', mine: 'b', theirs: 'c' },
      { field: 'address', base: 'x', mine: 'y', theirs: 'z' },
    ];
    expect(resolve({ ownerName: 'Beta' }, conflicts, { name: 'mine', address: 'theirs' })).toEqual({ ownerName: 'Beta', name: 'b' });
    expect(resolve({}, conflicts, { name: 'theirs', address: 'theirs' })).toEqual({});
  });

  it('compares arrays in order and nested objects by value', () => {
    expect(sameValue([1, { a: [2] }], [1, { a: [2] }])).toBe(true);
    expect(sameValue([1, 2], [2, 1])).toBe(false);
    expect(sameValue({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(sameValue(null, undefined)).toBe(true);
    expect(sameValue(0, null)).toBe(false);
  });
});
