/**
 * What an update sends (MODULES.md "Writes, offline first"): only the fields the user changed,
 * and the values they started from, the merge's base when the server moved on meanwhile.
 */
import { sameValue } from './merge';

/** The fields of `next` that differ from `record`, and the values the user started from. */
export function changedFields<F extends object>(record: F, next: Partial<F>): { changes: Partial<F>; base: Partial<F> } {
  const changes: Partial<F> = {};
  const base: Partial<F> = {};
  for (const field of Object.keys(next) as (keyof F)[]) {
    if (sameValue(record[field], next[field])) continue;
    changes[field] = next[field];
    base[field] = record[field];
  }
  return { changes, base };
}
