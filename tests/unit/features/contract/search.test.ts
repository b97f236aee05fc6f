/** The contract list's address (search.ts) and the sheet's notice highlight (components/status.ts). */
import { describe, expect, it } from 'vitest';
import { noticeSoon } from '../../../../src/features/contract/components/status';
import { validateContractSearch } from '../../../../src/features/contract/search';

describe('validateContractSearch', () => {
  it('keeps what the list query accepts and drops the rest', () => {
    const id = '0b7c4f2e-1d3a-4c5b-9e8f-112233445566';
    expect(
      validateContractSearch({ search: 'extincteurs', supplier: id, site: 'nope', type: 'maintenance', status: 'active,toRenew,bogus', noticeWithin: 30, deleted: 'true', other: 'x' }),
    ).toEqual({ search: 'extincteurs', supplier: id, type: 'maintenance', status: 'active,toRenew', noticeWithin: '30', deleted: 'true' });
    expect(validateContractSearch({ type: 'rental', status: 'bogus', noticeWithin: '-3', search: '   ' })).toEqual({});
  });
});

describe('noticeSoon', () => {
  it('highlights a notice deadline within 30 days (or past) of a contract still running', () => {
    expect(noticeSoon('2026-06-30', 'active', '2026-06-01')).toBe(true);
    expect(noticeSoon('2026-07-02', 'active', '2026-06-01')).toBe(false);
    expect(noticeSoon('2026-05-30', 'toRenew', '2026-06-01')).toBe(true);
    expect(noticeSoon('2026-06-10', 'terminated', '2026-06-01')).toBe(false);
    expect(noticeSoon(null, 'active', '2026-06-01')).toBe(false);
  });
});
