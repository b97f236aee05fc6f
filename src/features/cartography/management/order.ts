/**
 * The layers' drawing order as plain data (tested directly): the management list shows the
 * district's layers as the map draws them, the top one first (highest `position` first, then
 * by name, as the reader's layers panel lists them); moving one to another place renumbers
 * the list from the top (n − 1 down to 0) and answers only the layers whose position changed,
 * each one outbox write.
 */
import type { Layer } from '../../../../common/modules/cartography/schemas';

type Ordered = Pick<Layer, 'id' | 'position' | 'name'>;

/** The layers in drawing order, the top one first. */
export function drawingOrder<T extends Ordered>(layers: readonly T[]): T[] {
  return [...layers].sort((a, b) => b.position - a.position || a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}

export interface PositionChange {
  id: string;
  position: number;
}

/** The list once the layer at `from` is moved to `to` (indices in drawing order). */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  if (from < 0 || from >= list.length || to < 0 || to >= list.length || from === to) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

/** The positions to save for `ordered` (drawing order, top first): the top one n − 1, the bottom one 0; only those that change. */
export function positionChanges(ordered: readonly Pick<Layer, 'id' | 'position'>[]): PositionChange[] {
  const count = ordered.length;
  return ordered.flatMap((layer, index) => (layer.position === count - 1 - index ? [] : [{ id: layer.id, position: count - 1 - index }]));
}

/** Moving the layer at `from` to `to`: the position changes to save. */
export function reorder(ordered: readonly Pick<Layer, 'id' | 'position'>[], from: number, to: number): PositionChange[] {
  if (from === to) return [];
  return positionChanges(moved(ordered, from, to));
}

/**
 * Where the row dragged from `from` lands: after every other row whose middle the pointer is
 * below (rows' top edges and heights and the pointer's `y` in the same coordinates).
 */
export function dropIndex(rows: readonly { top: number; height: number }[], y: number, from: number): number {
  return rows.filter((row, index) => index !== from && row.top + row.height / 2 < y).length;
}
