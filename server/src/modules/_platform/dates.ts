/**
 * The district's calendar: Vigie's dates (an action's due day, "today", the dashboard's weeks)
 * are days in one time zone, the district's (Europe/Paris: the product serves French sites; the
 * prints write their times in it too). Plain functions over `YYYY-MM-DD` strings, so a test
 * passes the clock it wants.
 */

/** The time zone of the districts' days and of the times the prints and e-mails write. */
export const PRINT_TIME_ZONE = 'Europe/Paris';

const DAY_MS = 86_400_000;
const isoDay = new Intl.DateTimeFormat('en-CA', { timeZone: PRINT_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The day it is at `now` in the district (YYYY-MM-DD). */
export const districtToday = (now: Date = new Date()): string => isoDay.format(now);

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
    new Intl.DateTimeFormat(locale, { timeZone: PRINT_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }).format(at);
  return { fr: format('fr-FR'), en: format('en-GB') };
}
