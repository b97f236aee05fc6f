/**
 * The managers' list filters ride in the address: what a manager set survives a reload or a
 * shared link (the address read back gives the same filters), nonsense in the address is
 * dropped rather than sent, and the API (list and CSV) receives the same filters in its terms.
 */
import { describe, expect, it } from 'vitest';
import { activeFilters, manageHref, manageQueryParams, validateManageSearch, type ManageSearch } from '../../../../src/features/questionnaires/manage-search';

const TEMPLATE = '7d7f5a0e-3d6b-4c43-9a55-0a4f4f0c1d11';
const SITE = '1b2c3d4e-5f60-4711-8899-aabbccddeeff';
const PERSON = '0a0b0c0d-0e0f-4a1b-8c2d-3e4f5a6b7c8d';

/** The address as the router hands it over: each value JSON-read when it can be (50 → a number). */
function readBack(href: string): Record<string, unknown> {
  const params = new URL(href, 'https://vigie.test').searchParams;
  return Object.fromEntries(
    [...params.entries()].map(([key, value]) => {
      try {
        return [key, JSON.parse(value) as unknown];
      } catch {
        return [key, value];
      }
    }),
  );
}

describe('the filters in the address', () => {
  const filters: ManageSearch = { status: 'submitted', template: TEMPLATE, site: SITE, assignee: PERSON, from: '2026-01-01', to: '2026-06-30', minPercent: 0, maxPercent: 79, sort: '-percent', search: 'chantier' };

  it('a filtered view read back from its address is the same view (reload, shared link)', () => {
    const href = manageHref(filters);
    expect(href.startsWith('/questionnary-v2/manage?')).toBe(true);
    expect(validateManageSearch(readBack(href))).toEqual(filters);
  });

  it('no filter: the bare list address', () => {
    expect(manageHref({})).toBe('/questionnary-v2/manage');
  });

  it('drops what the server would refuse instead of sending it', () => {
    expect(
      validateManageSearch({ status: 'lost', template: 'not-an-id', from: 'yesterday', to: '2026-02-30x', minPercent: 150, maxPercent: -1, sort: 'name', family: 'other', search: '   ' }),
    ).toEqual({});
    expect(validateManageSearch({ status: 'overdue', family: 'securesphere', minPercent: '60' })).toEqual({ status: 'overdue', family: 'securesphere', minPercent: 60 });
  });

  it('counts the filters set (the search and the sort apart)', () => {
    expect(activeFilters(filters)).toBe(8);
    expect(activeFilters({ search: 'x', sort: 'dueAt' })).toBe(0);
  });
});

describe('the API query of the list and its CSV', () => {
  it('"overdue" is the contract’s overdue flag; the other statuses are statuses', () => {
    const overdue = manageQueryParams({ status: 'overdue' });
    expect(overdue.get('overdue')).toBe('true');
    expect(overdue.has('status')).toBe(false);
    expect(manageQueryParams({ status: 'submitted' }).get('status')).toBe('submitted');
  });

  it('a period of days covers both days whole, in the device’s time zone', () => {
    const params = manageQueryParams({ from: '2026-03-01', to: '2026-03-31' });
    expect(params.get('from')).toBe(new Date(2026, 2, 1).toISOString());
    expect(params.get('to')).toBe(new Date(2026, 3, 1).toISOString());
  });

  it('sends the score range, the ids and the sort (due date first by default)', () => {
    const params = manageQueryParams({ template: TEMPLATE, minPercent: 0, maxPercent: 79 });
    expect(Object.fromEntries(params)).toEqual({ template: TEMPLATE, minPercent: '0', maxPercent: '79', sort: 'dueAt' });
  });
});
