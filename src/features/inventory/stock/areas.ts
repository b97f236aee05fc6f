/**
 * The areas' edit rules on the device, as the server decides them (stock/repository.ts): an area
 * cannot move under itself or one of its sub-areas, and cannot be deleted while it holds stock
 * or has sub-areas. The edit screen says so before anything is queued.
 */
import type { StockArea } from '../../../../common/modules/inventory/stock';

/** The ids of an area's sub-areas, at any depth (the tree as the device holds it). */
export function descendantsOf(list: readonly Pick<StockArea, 'id' | 'parentId'>[], id: string): Set<string> {
  const children = new Map<string, string[]>();
  for (const area of list) {
    if (area.parentId === null) continue;
    const group = children.get(area.parentId);
    if (group === undefined) children.set(area.parentId, [area.id]);
    else group.push(area.id);
  }
  const found = new Set<string>();
  const stack = [...(children.get(id) ?? [])];
  while (stack.length > 0) {
    const next = stack.pop()!;
    if (found.has(next)) continue;
    found.add(next);
    stack.push(...(children.get(next) ?? []));
  }
  return found;
}

/** Whether `parentId` would put the area under itself (the server's `parent_cycle`). */
export const parentMakesCycle = (list: readonly Pick<StockArea, 'id' | 'parentId'>[], id: string, parentId: string | null): boolean =>
  parentId !== null && (parentId === id || descendantsOf(list, id).has(parentId));

/** Why the area cannot be deleted (the server's `area_in_use`), or null: stock held (pending movements included) or sub-areas. */
export function deleteBlocker(list: readonly Pick<StockArea, 'id' | 'parentId'>[], id: string, quantities: readonly number[]): 'stock' | 'children' | null {
  if (quantities.some((q) => q !== 0)) return 'stock';
  if (list.some((a) => a.parentId === id)) return 'children';
  return null;
}
