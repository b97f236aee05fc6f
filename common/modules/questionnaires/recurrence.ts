/**
 * A schedule's due dates, one implementation for both sides: the server's scheduler makes the
 * occurrences with it and the planners' form previews the next ones with it. Weeks are 7 days
 * of 24 hours; months and years move in UTC and clamp to the month's last day (a monthly one on
 * the 31st falls on 28 February, then 31 March: each is counted from the first, not the last).
 */
import type { Recurrence } from './schemas';

const DAY_MS = 86_400_000;

/** The `k`th occurrence from `first` (k = 0 is `first`); months and years clamp to the month's last day. */
export function occurrence(first: Date, recurrence: Recurrence, interval: number, k: number): Date {
  if (recurrence === 'once' || k === 0) return new Date(first);
  if (recurrence === 'weekly') return new Date(first.getTime() + k * interval * 7 * DAY_MS);
  const months = k * interval * (recurrence === 'yearly' ? 12 : 1);
  const date = new Date(first);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + months);
  const last = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, last));
  return date;
}

export interface RecurrencePattern {
  firstDueAt: Date;
  recurrence: Recurrence;
  interval: number;
  until: Date | null;
}

/** Occurrences looked at at most when searching for the ones after a time (years of weekly ones). */
const SEARCH_MAX = 100_000;

/**
 * The next `count` occurrences at or after `from` (strictly after when `strict`), up to `until`
 * included: a single one is its first due time only.
 */
export function occurrencesFrom(pattern: RecurrencePattern, from: Date, count: number, strict = false): Date[] {
  const out: Date[] = [];
  const end = pattern.until?.getTime() ?? Number.POSITIVE_INFINITY;
  const last = pattern.recurrence === 'once' ? 1 : SEARCH_MAX;
  for (let k = 0; k < last && out.length < count; k++) {
    const next = occurrence(pattern.firstDueAt, pattern.recurrence, pattern.interval, k);
    if (next.getTime() > end) break;
    if (strict ? next.getTime() > from.getTime() : next.getTime() >= from.getTime()) out.push(next);
  }
  return out;
}
