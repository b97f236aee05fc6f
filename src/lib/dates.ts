/**
 * Dates as the spec wants them: day/month/year in French, month/day/year otherwise.
 * Pure (Intl); the language is passed in, usually i18n.language.
 */

/** The locale of a language's formats: fr-FR for French, en-US otherwise. */
export function localeFor(language: string): string {
  return language.toLowerCase().startsWith('fr') ? 'fr-FR' : 'en-US';
}

/**
 * One formatter per locale and options: building one loads the locale's data (milliseconds on
 * a phone), and a list of notifications formats two dates per row.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let found = formatters.get(key);
  if (found === undefined) {
    found = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, found);
  }
  return found;
}

function toDate(value: Date | string | number): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const twoDigits = (n: number): string => String(n).padStart(2, '0');

/*
 * In the device's own time zone (no `timeZone`: most of the app's dates) the date and the time
 * are written off the Date, in the very text Chromium's Intl writes (tests/unit/lib/dates.test.ts
 * compares them hour by hour): building the first Intl.DateTimeFormat loads the locale's data,
 * about 20 ms of main thread, which made the dashboard's first render one of the start's longest
 * tasks. Another time zone needs Intl.
 */

/** 25/12/2024 (fr), 12/25/2024 (en). Empty for an invalid date. */
export function formatDate(value: Date | string | number, language: string, timeZone?: string): string {
  const date = toDate(value);
  if (date === null) return '';
  if (timeZone === undefined) {
    const [day, month] = [twoDigits(date.getDate()), twoDigits(date.getMonth() + 1)];
    return `${localeFor(language) === 'fr-FR' ? `${day}/${month}` : `${month}/${day}`}/${date.getFullYear()}`;
  }
  return formatter(localeFor(language), { day: '2-digit', month: '2-digit', year: 'numeric', timeZone }).format(date);
}

/** 25/12/2024 14:05 (fr), 12/25/2024 2:05 PM (en). Empty for an invalid date. */
export function formatDateTime(value: Date | string | number, language: string, timeZone?: string): string {
  const date = toDate(value);
  if (date === null) return '';
  return `${formatDate(date, language, timeZone)} ${formatTime(date, language, timeZone)}`;
}

/**
 * Day of the month, for the toolbar's calendar icon. In the device's own time zone it is read
 * off the date: the toolbar is on every signed-in first screen, and building the first
 * Intl.DateTimeFormat there cost about 40 ms of the main thread on a desktop, four times that
 * at a phone's speed (bench trace of the dashboard's first visit).
 */
export function dayOfMonth(value: Date, timeZone?: string): string {
  if (timeZone === undefined) return String(value.getDate());
  return formatter('en-US', { day: 'numeric', timeZone }).format(value);
}

/**
 * A day written as the API writes it (YYYY-MM-DD: an action's due date, a calendar day) in the
 * language's format: 25/12/2024 (fr), 12/25/2024 (en); `short` leaves the year out (25/12,
 * 12/25). Read off the text, without Intl or a time zone: the day is the district's already
 * (a Date would move it across midnight), and the dashboard's rows format many of them.
 * The text as it is when it is not such a day.
 */
export function formatDay(day: string, language: string, { short = false }: { short?: boolean } = {}): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (match === null) return day;
  const [, year, month, date] = match;
  const dayMonth = localeFor(language) === 'fr-FR' ? `${date}/${month}` : `${month}/${date}`;
  return short ? dayMonth : `${dayMonth}/${year}`;
}

/** 14:05 (fr), 2:05 PM (en). Empty for an invalid date. */
export function formatTime(value: Date | string | number, language: string, timeZone?: string): string {
  const date = toDate(value);
  if (date === null) return '';
  if (timeZone === undefined) {
    const [hours, minutes] = [date.getHours(), twoDigits(date.getMinutes())];
    if (localeFor(language) === 'fr-FR') return `${hours}:${minutes}`;
    return `${hours % 12 === 0 ? 12 : hours % 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
  }
  return formatter(localeFor(language), { hour: 'numeric', minute: '2-digit', timeZone }).format(date);
}

/** The month and its year, for a calendar's title: novembre 2026 (fr), November 2026 (en). */
export function formatMonth(value: Date, language: string): string {
  return formatter(localeFor(language), { month: 'long', year: 'numeric' }).format(value);
}

/** A day's weekday, for a calendar's columns: sam. / samedi (fr), Sat / Saturday (en). */
export function formatWeekday(value: Date, language: string, width: 'short' | 'long'): string {
  return formatter(localeFor(language), { weekday: width }).format(value);
}

/** A day in words, for a calendar's week: samedi 28 novembre (fr), Saturday, November 28 (en). */
export function formatLongDay(value: Date, language: string): string {
  return formatter(localeFor(language), { weekday: 'long', day: 'numeric', month: 'long' }).format(value);
}
