/** The periodic check's due date and state (common/modules/inventory/catalog.ts), shared by the server and the app. */
import { describe, expect, it } from 'vitest';
import { addMonthsTo, checkResult, checkState, nextCheckOn } from '../../../../common/modules/inventory/catalog';

describe('nextCheckOn', () => {
  const item = { lastCheckOn: null, commissionedOn: null, createdOn: '2026-01-10', periodMonths: null, categoryPeriodMonths: 12 };

  it('counts from the last check, else the commissioning, else the creation', () => {
    expect(nextCheckOn({ ...item, lastCheckOn: '2026-03-05', commissionedOn: '2025-01-01' })).toBe('2027-03-05');
    expect(nextCheckOn({ ...item, commissionedOn: '2025-06-30' })).toBe('2026-06-30');
    expect(nextCheckOn(item)).toBe('2027-01-10');
  });

  it('takes the item’s own period before its category’s, and none without a period', () => {
    expect(nextCheckOn({ ...item, periodMonths: 6 })).toBe('2026-07-10');
    expect(nextCheckOn({ ...item, categoryPeriodMonths: null })).toBeNull();
  });

  it('keeps the last day of a shorter month', () => {
    expect(addMonthsTo('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonthsTo('2027-12-31', 2)).toBe('2028-02-29');
    expect(addMonthsTo('2026-03-15', -3)).toBe('2025-12-15');
  });
});

describe('checkState', () => {
  it('is overdue before today, due within 30 days, ok after, none when retired or without a check', () => {
    expect(checkState('2026-05-09', '2026-05-10', 'inService')).toBe('overdue');
    expect(checkState('2026-05-10', '2026-05-10', 'outOfOrder')).toBe('due');
    expect(checkState('2026-06-09', '2026-05-10', 'inService')).toBe('due');
    expect(checkState('2026-06-10', '2026-05-10', 'inService')).toBe('ok');
    expect(checkState('2026-01-01', '2026-05-10', 'retired')).toBe('none');
    expect(checkState(null, '2026-05-10', 'inService')).toBe('none');
  });

  it('a check fails when any item is not ok', () => {
    expect(checkResult([{ ok: true }, { ok: false }])).toBe('fail');
    expect(checkResult([{ ok: true }])).toBe('pass');
    expect(checkResult([])).toBe('pass');
  });
});
