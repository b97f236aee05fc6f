/**
 * Where each list was scrolled to, keyed by the list's address (path and search): a phone
 * opens a record as a page stacked above its list, and back must land on the same row. A
 * module-level map outlives the list's unmounting and costs nothing to write on every scroll;
 * it is forgotten with the page (a reload starts at the top, as a fresh list should).
 */
const offsets = new Map<string, number>();
const MAX_REMEMBERED = 50;

export function rememberScroll(key: string, offset: number): void {
  offsets.delete(key);
  offsets.set(key, offset);
  if (offsets.size > MAX_REMEMBERED) offsets.delete(offsets.keys().next().value as string);
}

export function recalledScroll(key: string): number {
  return offsets.get(key) ?? 0;
}

/** Tests only. */
export function forgetScrolls(): void {
  offsets.clear();
}
