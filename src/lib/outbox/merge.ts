/**
 * The field-by-field merge of an update the server refused with a version conflict (409
 * record.version_conflict with the record as it is now). Pure: no I/O, so its rules are
 * tested alone. For each field of the user's change set (mine):
 *
 * - mine equals theirs: both sides made the same change, nothing to send for it;
 * - mine equals base: the user did not change it (a form sends every field), theirs stands;
 * - theirs equals base: only the user changed it, it is sent;
 * - otherwise both changed it to different values: a conflict, the user chooses.
 *
 * Fields only the other side changed are not in the change set, so the server keeps them. A
 * field is compared as a whole (gps {lat, lng} is one value: a position half moved is no
 * position), by value (key order does not matter), null being a value of its own.
 */
import type { ConflictField } from './types';

export type Fields = Record<string, unknown>;

export type MergeResult =
  /** Re-send `changes` (possibly empty: then nothing is left to send) on `baseVersion`. */
  | { ok: true; changes: Fields; baseVersion: number | null }
  /** The user must choose; `changes` holds what merged without a conflict. */
  | { ok: false; conflicts: ConflictField[]; changes: Fields; baseVersion: number | null };

const isPlainObject = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);

/** Equality by value: arrays in order, objects whatever their key order; undefined is null. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if ((a === undefined || a === null) && (b === undefined || b === null)) return true;
  if (a instanceof Date || b instanceof Date) {
    return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
  }
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => sameValue(item, b[i]));
  }
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const key of keys) if (!sameValue(a[key], b[key])) return false;
    return true;
  }
  return false;
}

/**
 * Merges `mine` (the fields the user sent) with `theirs` (the record now), against `base`
 * (the record as the user started editing; undefined when unknown: then every field the two
 * sides hold differently is a conflict, never silently overwritten).
 */
export function merge(base: Fields | null | undefined, mine: Fields, theirs: Fields & { version?: unknown }): MergeResult {
  const changes: Fields = {};
  const conflicts: ConflictField[] = [];
  const known = isPlainObject(base);
  for (const [field, value] of Object.entries(mine)) {
    const theirValue = theirs[field];
    if (sameValue(value, theirValue)) continue;
    if (known && sameValue(value, base[field])) continue;
    if (known && sameValue(theirValue, base[field])) {
      changes[field] = value;
      continue;
    }
    conflicts.push({ field, base: known ? base[field] : undefined, mine: value, theirs: theirValue });
  }
  const baseVersion = typeof theirs.version === 'number' ? theirs.version : null;
  return conflicts.length === 0 ? { ok: true, changes, baseVersion } : { ok: false, conflicts, changes, baseVersion };
}

export type Choice = 'mine' | 'theirs';

/** The change set to send once the user chose a side for every conflicting field. */
export function resolve(merged: Fields, conflicts: readonly ConflictField[], choices: Readonly<Record<string, Choice>>): Fields {
  const changes = { ...merged };
  for (const conflict of conflicts) {
    if ((choices[conflict.field] ?? 'mine') === 'mine') changes[conflict.field] = conflict.mine;
  }
  return changes;
}
