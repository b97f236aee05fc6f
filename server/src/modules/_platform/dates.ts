/**
 * The district's calendar: Vigie's dates (an action's due day, "today", the dashboard's weeks)
 * are days in one time zone, the district's (Europe/Paris: the product serves French sites; the
 * prints write their times in it too). Plain functions over `YYYY-MM-DD` strings, so a test
 * passes the clock it wants.
 */

/** The time zone of the districts' days and of the times the prints and e-mails write. */
export const DISTRICT_TIME_ZONE = 'Europe/Paris';

const DAY_MS = 86_400_000;
const isoDay = new Intl.DateTimeFormat('en-CA', { timeZone: DISTRICT_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The day it is at `now` in the district (YYYY-MM-DD). */
export const districtToday = (now: Date = new Date()): string => isoDay.format(now);

/** Whether a YYYY-MM-DD text names a real day (2026-02-30 does not). */
export function isRealDay(day: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return false;
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))).toISOString().slice(0, 10) === day;
}

/** `day` moved by `days` (negative: back), YYYY-MM-DD. */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Days from `from` to `to` (both YYYY-MM-DD; negative when `to` is before). */
export function daysBetween(from: string, to: string): number {
  const utc = (day: string) => {
    const [y, m, d] = day.split('-').map(Number) as [number, number, number];
    return Date.UTC(y, m - 1, d);
  };
  return Math.round((utc(to) - utc(from)) / DAY_MS);
}

/** The Monday starting the week of `day` (YYYY-MM-DD). */
export function mondayOf(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const weekday = (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}

/** A day as its readers write it: 24/12/2026 in French, 12/24/2026 in English (spec's date orders). */
export function dayText(day: string): { fr: string; en: string } {
  const [y, m, d] = day.split('-');
  return { fr: `${d}/${m}/${y}`, en: `${m}/${d}/${y}` };
}

/** A time as its readers write it, in the district's time zone. */
export function dateTimeText(at: Date): { fr: string; en: string } {
  const format = (locale: string) =>
    new Intl.DateTimeFormat(locale, { timeZone: DISTRICT_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }).format(at);
  return { fr: format('fr-FR'), en: format('en-GB') };
}

/** The instant the district's day `day` starts (its midnight, whatever the daylight saving time). */
export function startOfDistrictDay(day: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const utcMidnight = Date.UTC(y, m - 1, d);
  // The zone's offset at a time: its wall clock read back as if it were UTC, minus the time.
  const offsetAt = (time: number) => {
    const parts = Object.fromEntries(wallClock.formatToParts(new Date(time)).map((p) => [p.type, p.value]));
    return Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour) % 24, Number(parts.minute), Number(parts.second)) - time;
  };
  const guess = utcMidnight - offsetAt(utcMidnight);
  return new Date(utcMidnight - offsetAt(guess));
}
const wallClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: DISTRICT_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** Whether `day` (YYYY-MM-DD) is a day of the calendar (not 2026-02-30). */
export const isCalendarDay = (day: string): boolean => /^\d{4}-\d{2}-\d{2}$/.test(day) && addDays(day, 0) === day;
