/**
 * The areas' edit screen's rules, as the server applies them: no move under itself or one of its
 * sub-areas (at any depth), no delete while the area holds stock (this device's pending
 * movements included) or has sub-areas.
 */
import { describe, expect, it } from 'vitest';
import { deleteBlocker, descendantsOf, parentMakesCycle } from '../../../../src/features/inventory/stock/areas';

// Magasin > Étagère A > Bac 1; Magasin > Étagère B; Local EPI.
const tree = [
  { id: 'magasin', parentId: null },
  { id: 'etagere-a', parentId: 'magasin' },
  { id: 'bac-1', parentId: 'etagere-a' },
  { id: 'etagere-b', parentId: 'magasin' },
  { id: 'local-epi', parentId: null },
];

describe('an area’s parent', () => {
  it('finds the sub-areas at any depth', () => {
    expect([...descendantsOf(tree, 'magasin')].sort()).toEqual(['bac-1', 'etagere-a', 'etagere-b']);
    expect(descendantsOf(tree, 'bac-1').size).toBe(0);
  });

  it('refuses the area itself and its sub-areas as a parent, accepts any other or none', () => {
    expect(parentMakesCycle(tree, 'magasin', 'magasin')).toBe(true);
    expect(parentMakesCycle(tree, 'magasin', 'bac-1')).toBe(true);
    expect(parentMakesCycle(tree, 'etagere-a', 'etagere-b')).toBe(false);
    expect(parentMakesCycle(tree, 'etagere-a', 'local-epi')).toBe(false);
    expect(parentMakesCycle(tree, 'etagere-a', null)).toBe(false);
  });
});

describe('deleting an area', () => {
  it('is refused while it holds stock, or has sub-areas; allowed when empty', () => {
    expect(deleteBlocker(tree, 'bac-1', [0, 3])).toBe('stock');
    expect(deleteBlocker(tree, 'bac-1', [-0.5])).toBe('stock');
    expect(deleteBlocker(tree, 'etagere-a', [])).toBe('children');
    expect(deleteBlocker(tree, 'bac-1', [0, 0])).toBeNull();
  });
});
