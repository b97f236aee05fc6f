/**
 * The stock's app rules that run on the device: a code finds its article (barcode, reference or
 * name), the pending movements and loans lay their signed quantities over the levels, the
 * address's parameters are kept only when valid, and the module's prefix opens the first view
 * the reader's rights allow.
 */
import { describe, expect, it } from 'vitest';
import type { StockArticle } from '../../../../common/modules/inventory/stock';
import { findArticle } from '../../../../src/features/inventory/stock/components/CountsView';
import { parseQuantity, pendingDeltas } from '../../../../src/features/inventory/stock/components/shared';
import { WRITES } from '../../../../src/features/inventory/stock/data';
import { firstStockView, validateStockSearch } from '../../../../src/features/inventory/stock/routes';

const article = (id: string, name: string, barcode = '', reference = ''): StockArticle => ({ id, name, barcode, reference, unit: 'u', categoryName: null, unitCostCents: null, total: 0, low: false });
const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';

describe('finding an article by what is typed or scanned', () => {
  const articles = [article('1', 'Gants nitrile T9', '3401234567890', 'GN-9'), article('2', 'Gants cuir'), article('3', 'Masques FFP2')];
  it('takes a barcode, a reference or a name exactly, whatever the case', () => {
    expect(findArticle(articles, '3401234567890')?.id).toBe('1');
    expect(findArticle(articles, 'gn-9')?.id).toBe('1');
    expect(findArticle(articles, ' masques ffp2 ')?.id).toBe('3');
  });
  it('takes a part of a name only when one article has it', () => {
    expect(findArticle(articles, 'ffp')?.id).toBe('3');
    expect(findArticle(articles, 'gants')).toBeNull();
    expect(findArticle(articles, '')).toBeNull();
  });
});

describe('pending writes over the levels', () => {
  it('signs each movement as it changes its area, a transfer in both areas, a loan out of its area', () => {
    const item = (kind: string, state: 'queued' | 'failed' = 'queued') => ({ kind, recordId: 'x', state });
    const deltas = pendingDeltas([
      { item: item(WRITES.movement), payload: { id: '1', kind: 'incoming', articleId: 'g', areaId: A, quantity: 5 } },
      { item: item(WRITES.movement), payload: { id: '2', kind: 'outgoing', articleId: 'g', areaId: A, quantity: 2 } },
      { item: item(WRITES.movement, 'failed'), payload: { id: '3', kind: 'transfer', articleId: 'g', areaId: A, toAreaId: B, quantity: 1 } },
      { item: item(WRITES.movement), payload: { id: '4', kind: 'adjustment', articleId: 'g', areaId: B, quantity: -0.5 } },
      { item: item(WRITES.loan), payload: { id: '5', articleId: 'g', areaId: B, quantity: 1, borrower: 'X', dueOn: '2030-01-01' } },
      { item: item(WRITES.countEntry), payload: { id: '6', articleId: 'g', delta: 3, startQuantity: null } },
    ]);
    expect(deltas.map((d) => [d.areaId, d.delta, d.failed])).toEqual([
      [A, 5, false],
      [A, -2, false],
      [A, -1, true],
      [B, 1, true],
      [B, -0.5, false],
      [B, -1, false],
    ]);
  });
  it('reads a quantity typed with a comma or a point, to 3 decimals', () => {
    expect(parseQuantity('2,5')).toBe(2.5);
    expect(parseQuantity('1.23456')).toBe(1.235);
    expect(parseQuantity('')).toBeNull();
    expect(parseQuantity('abc')).toBeNull();
  });
});

describe('the stock routes', () => {
  it('keeps only valid parameters', () => {
    expect(validateStockSearch({ area: A, article: 'nope', low: 'true', state: 'overdue', extra: 1 })).toEqual({ area: A, low: true, state: 'overdue' });
  });
  it('opens the first view the rights allow, in the menu order', () => {
    expect(firstStockView(['stockManagement.admin'])).toBe('/stock-management/recap-table');
    expect(firstStockView(['stockManagement.inventory_read', 'stockManagement.loanStuff_read'])).toBe('/stock-management/loan-stuff');
    expect(firstStockView(['sites.read'])).toBeNull();
  });
});
