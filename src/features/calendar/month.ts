/** The month grid of the calendar page, as plain data (weeks start on Monday). */

export interface MonthCell {
  date: Date;
  inMonth: boolean;
}

/** Weeks (rows of 7 days, Monday first) covering the month of `year`/`month` (0-based). */
export function monthGrid(year: number, month: number): MonthCell[][] {
  const first = new Date(year, month, 1);
  const offset = (first.getDay() + 6) % 7; // Monday = 0
  const start = new Date(year, month, 1 - offset);
  const weeks: MonthCell[][] = [];
  for (let cursor = new Date(start); ; ) {
    const week: MonthCell[] = [];
    for (let d = 0; d < 7; d += 1) {
      week.push({ date: new Date(cursor), inMonth: cursor.getMonth() === month });
      cursor.setDate(cursor.getDate() + 1);
    }
    weeks.push(week);
    if (cursor.getMonth() !== month) break;
  }
  return weeks;
}

export const sameDay = (a: Date, b: Date): boolean =>
  a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/** A day as the API writes it (YYYY-MM-DD), from the device's local date. */
export function dayKey(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The local date of a YYYY-MM-DD day; null for anything else (an address typed by hand). */
export function parseDay(day: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (match === null) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return dayKey(date) === day ? date : null;
}

export const addDays = (date: Date, days: number): Date => new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);

/** The seven days (Monday first) of the week holding `date`. */
export function weekDays(date: Date): Date[] {
  const monday = addDays(date, -((date.getDay() + 6) % 7));
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
}

export type CalendarView = 'month' | 'week';

/** The days a view shows around `anchor`: the month's whole weeks, or the week. */
export function viewRange(view: CalendarView, anchor: Date): { from: string; to: string } {
  if (view === 'week') {
    const days = weekDays(anchor);
    return { from: dayKey(days[0]!), to: dayKey(days[6]!) };
  }
  const weeks = monthGrid(anchor.getFullYear(), anchor.getMonth());
  return { from: dayKey(weeks[0]![0]!.date), to: dayKey(weeks[weeks.length - 1]![6]!.date) };
}

/** The anchor of the previous (-1) or next (+1) month or week. */
export function moveAnchor(view: CalendarView, anchor: Date, delta: number): Date {
  return view === 'week' ? addDays(anchor, 7 * delta) : new Date(anchor.getFullYear(), anchor.getMonth() + delta, 1);
}
