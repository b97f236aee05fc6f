/** A count's screen shows the expected quantities to managers always, to counters only when the count is not blind. */
import { describe, expect, it } from 'vitest';
import { expectedShown } from '../../../../src/features/inventory/stock/components/CountsView';

describe('the expected quantities on a count’s screen', () => {
  it('are hidden from counters in a blind count, shown to managers and in an open count', () => {
    expect(expectedShown({ blind: true }, false)).toBe(false);
    expect(expectedShown({ blind: true }, true)).toBe(true);
    expect(expectedShown({ blind: false }, false)).toBe(true);
  });
});
