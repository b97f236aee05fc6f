import { describe, expect, it } from 'vitest';
import { drawingOrder, dropIndex, moved, positionChanges, reorder } from '../../../../src/features/cartography/management/order';

const layer = (id: string, position: number, name = id) => ({ id, position, name });

describe('the layers’ drawing order', () => {
  it('lists the top layer first, then by name when positions tie', () => {
    const order = drawingOrder([layer('zones', 0, 'Zones'), layer('equip', 1, 'Équipements'), layer('b', 1, 'Bornes')]);
    expect(order.map((l) => l.id)).toEqual(['b', 'equip', 'zones']);
  });

  it('moving a layer renumbers from the top and saves only the layers whose position changes', () => {
    const list = [layer('a', 2), layer('b', 1), layer('c', 0)];
    // c to the top: c 2, a 1, b 0.
    expect(reorder(list, 2, 0)).toEqual([
      { id: 'c', position: 2 },
      { id: 'a', position: 1 },
      { id: 'b', position: 0 },
    ]);
    // a and b swap: c keeps 0.
    expect(reorder(list, 0, 1)).toEqual([
      { id: 'b', position: 2 },
      { id: 'a', position: 1 },
    ]);
    expect(reorder(list, 1, 1)).toEqual([]);
  });

  it('compacts positions left with gaps or ties by earlier edits', () => {
    expect(positionChanges([layer('a', 40), layer('b', 7), layer('c', 7)])).toEqual([
      { id: 'a', position: 2 },
      { id: 'b', position: 1 },
      { id: 'c', position: 0 },
    ]);
    expect(positionChanges([layer('a', 1), layer('b', 0)])).toEqual([]);
  });

  it('ignores a move out of the list', () => {
    expect(moved(['a', 'b'], 0, 5)).toEqual(['a', 'b']);
    expect(reorder([layer('a', 1), layer('b', 0)], -1, 0)).toEqual([]);
  });

  it('drops a dragged row after the rows whose middle the pointer passed', () => {
    const rows = [0, 50, 100, 150].map((top) => ({ top, height: 50 }));
    // The first row dragged to 130 (past the middles of rows 1 and 2 at 75 and 125): third place.
    expect(dropIndex(rows, 130, 0)).toBe(2);
    // The last row dragged up to 60 (above the middles of rows 1 and 2): second place.
    expect(dropIndex(rows, 60, 3)).toBe(1);
    expect(dropIndex(rows, -40, 2)).toBe(0);
    expect(dropIndex(rows, 900, 0)).toBe(3);
  });
});
