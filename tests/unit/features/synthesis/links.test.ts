import { describe, expect, it } from 'vitest';
import { cellHref, setListLinks } from '../../../../src/features/synthesis/links';

setListLinks({
  declarations: '/declarations',
  actions: '/action-plans/actions',
  manageInspections: '/questionnaires/manage',
  equipmentList: '/inventory-v2/equipment',
  contracts: '/contract',
  stockArticles: '/stock-management/article',
  equipment: (id) => `/inventory-v2/equipment/${id}`,
});

describe("a table cell's address", () => {
  it('opens a list with the cell’s search, the stock’s article view included', () => {
    expect(cellHref('stockArticles', { article: 'a1' })).toBe('/stock-management/article?article=a1');
    expect(cellHref('stockArticles', { low: 'true' })).toBe('/stock-management/article?low=true');
    expect(cellHref('declarations', { severity: 'high', from: '2026-01-01' })).toBe('/declarations?severity=high&from=2026-01-01');
  });

  it('opens the sheet of the one item a checks cell counts, and nothing for a cell without exactly that item', () => {
    expect(cellHref('equipmentSheet', { equipment: 'e 1' })).toBe('/inventory-v2/equipment/e 1');
    expect(cellHref('equipmentSheet', {})).toBeNull();
    expect(cellHref('equipmentSheet', { equipment: '' })).toBeNull();
    expect(cellHref('equipmentSheet', { equipment: 'e1', result: 'fail' })).toBeNull();
    expect(cellHref('equipmentSheet', null)).toBeNull();
    expect(cellHref('unknownList', { a: 'b' })).toBeNull();
  });
});

describe('a dashboard card dragged to another place', () => {
  it('takes that place, the cards between shifting by one, and a drop outside the list changes nothing', async () => {
    const { moved } = await import('../../../../src/features/synthesis/components/card-drag');
    expect(moved(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moved(['a', 'b', 'c', 'd'], 3, 1)).toEqual(['a', 'd', 'b', 'c']);
    expect(moved(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
    expect(moved(['a', 'b'], 0, 5)).toEqual(['a', 'b']);
  });
});
