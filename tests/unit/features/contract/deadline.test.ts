/** The contract term rule (common/modules/contract/deadline.ts): notice deadline, tacit renewal, months kept within the month. */
import { describe, expect, it } from 'vitest';
import { addDaysTo, addMonths, contractTerm, daysFrom } from '../../../../common/modules/contract/deadline';
import { canMove, fillClauses } from '../../../../common/modules/contract/schemas';

describe('contractTerm', () => {
  it('has no term for an open-ended contract', () => {
    expect(contractTerm({ endOn: null, tacitRenewal: true, renewalMonths: 12, noticeDays: 30 }, '2026-05-01')).toBeNull();
  });

  it('puts the notice deadline at the end date minus the notice period', () => {
    expect(contractTerm({ endOn: '2026-12-31', tacitRenewal: false, renewalMonths: null, noticeDays: 90 }, '2026-05-01')).toEqual({ endOn: '2026-12-31', noticeOn: '2026-10-02', renewals: 0 });
    expect(contractTerm({ endOn: '2026-03-01', tacitRenewal: false, renewalMonths: null, noticeDays: 1 }, '2026-01-01')?.noticeOn).toBe('2026-02-28');
  });

  it('keeps the written end of a contract past its end without tacit renewal', () => {
    expect(contractTerm({ endOn: '2025-06-30', tacitRenewal: false, renewalMonths: 12, noticeDays: 30 }, '2026-05-01')).toEqual({ endOn: '2025-06-30', noticeOn: '2025-05-31', renewals: 0 });
  });

  it('rolls a tacitly renewed contract past its end by whole renewal periods, to the first end on or after the day', () => {
    const contract = { endOn: '2024-06-30', tacitRenewal: true, renewalMonths: 12, noticeDays: 60 };
    expect(contractTerm(contract, '2024-06-30')).toEqual({ endOn: '2024-06-30', noticeOn: '2024-05-01', renewals: 0 });
    expect(contractTerm(contract, '2024-07-01')).toEqual({ endOn: '2025-06-30', noticeOn: '2025-05-01', renewals: 1 });
    expect(contractTerm(contract, '2026-05-01')).toEqual({ endOn: '2026-06-30', noticeOn: '2026-05-01', renewals: 2 });
    expect(contractTerm({ ...contract, renewalMonths: 6 }, '2026-07-01')).toEqual({ endOn: '2026-12-30', noticeOn: '2026-10-31', renewals: 5 });
  });

  it('counts renewals from the written end, so a month end stays a month end when it can', () => {
    const contract = { endOn: '2026-01-31', tacitRenewal: true, renewalMonths: 1, noticeDays: 0 };
    expect(contractTerm(contract, '2026-02-01')?.endOn).toBe('2026-02-28');
    expect(contractTerm(contract, '2026-03-01')?.endOn).toBe('2026-03-31');
  });
});

describe('day arithmetic', () => {
  it('adds months within the month, days across months and years', () => {
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2025-11-15', 3)).toBe('2026-02-15');
    expect(addDaysTo('2026-12-31', 1)).toBe('2027-01-01');
    expect(daysFrom('2026-03-01', '2026-02-01')).toBe(-28);
  });
});

describe('status moves and clauses', () => {
  it('allows a manager the moves of the rule only', () => {
    expect(canMove('draft', 'active')).toBe(true);
    expect(canMove('active', 'draft')).toBe(false);
    expect(canMove('terminated', 'active')).toBe(false);
    expect(canMove('expired', 'active')).toBe(true);
  });

  it('fills {{key}} placeholders, leaving unknown ones as written', () => {
    expect(fillClauses('{{ a }} et {{b}} et {{c}}', (k) => ({ a: '1', b: '2' })[k])).toBe('1 et 2 et {{c}}');
  });
});
