/** The labels page reads the equipment list's filters from its address (from the list's "Print labels"). */
import { describe, expect, it } from 'vitest';
import { listFiltersOf } from '../../../../src/features/inventory/audit/components/labels-page';

describe('the labels page’s list filters', () => {
  it('keeps the list’s filters, reads a number-looking search back as text, drops the rest', () => {
    expect(listFiltersOf({ site: '00000000-0000-4000-8000-00000000000a', status: 'inService', check: 'due', search: 1234, format: 'L7160', deleted: 'true', room: 'Hall' })).toEqual({
      site: '00000000-0000-4000-8000-00000000000a',
      status: 'inService',
      check: 'due',
      search: '1234',
    });
    expect(listFiltersOf({ ids: 'a,b', search: '  ' })).toEqual({});
  });
});
