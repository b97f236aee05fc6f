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
