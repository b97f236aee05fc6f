/**
 * The districts' time zone. The server does not know a reader's zone and every district is in
 * France, so a district's day (an action due "today", overdue from the day after) and the times
 * printed on its documents are Paris time. One constant, should districts ever carry their own.
 */
export const DISTRICT_TIME_ZONE = 'Europe/Paris';

/** The calendar day (YYYY-MM-DD) it is at `at` in the district's time zone. */
export function districtDay(at: Date = new Date()): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone: DISTRICT_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** A YYYY-MM-DD day moved by `days` (calendar arithmetic, no time zone involved). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Whether a YYYY-MM-DD text names a real day (2026-02-30 does not). */
export function isRealDay(day: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === day;
}
