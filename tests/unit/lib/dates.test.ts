import { describe, expect, it } from 'vitest';
import { dayOfMonth, formatDate, formatDateTime, formatDay, formatLongDay, formatMonth, formatTime, formatWeekday } from '../../../src/lib/dates';
import { formatCoordinate, formatNumber, formatPosition } from '../../../src/lib/numbers';

const CHRISTMAS = '2024-12-25T14:05:00Z';

describe('dates', () => {
  it('writes day/month/year in French', () => {
    expect(formatDate(CHRISTMAS, 'fr', 'UTC')).toBe('25/12/2024');
    expect(formatDate(new Date(Date.UTC(2024, 0, 5)), 'fr-FR', 'UTC')).toBe('05/01/2024');
  });

  it('writes month/day/year in any other language', () => {
    expect(formatDate(CHRISTMAS, 'en', 'UTC')).toBe('12/25/2024');
    expect(formatDate(new Date(Date.UTC(2024, 0, 5)), 'de', 'UTC')).toBe('01/05/2024');
  });

  it('adds the time in the language’s style', () => {
    expect(formatDateTime(CHRISTMAS, 'fr', 'UTC')).toBe('25/12/2024 14:05');
    expect(formatDateTime(CHRISTMAS, 'en', 'UTC')).toMatch(/^12\/25\/2024 2:05\sPM$/);
  });

  it('writes a date and a time of the device’s time zone as Intl does, without it, at every hour', () => {
    const spaces = (text: string) => text.replace(/\s/g, ' ');
    for (const language of ['fr', 'en']) {
      const locale = language === 'fr' ? 'fr-FR' : 'en-US';
      for (let hour = 0; hour < 24; hour += 1) {
        const date = new Date(2024, 0, 5, hour, hour === 12 ? 0 : 7);
        expect(formatDate(date, language)).toBe(new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric' }).format(date));
        expect(spaces(formatTime(date, language))).toBe(spaces(new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' }).format(date)));
      }
    }
    expect(formatDateTime(new Date(2024, 11, 25, 0, 5), 'en')).toBe('12/25/2024 12:05 AM');
    expect(formatDateTime(new Date(2024, 0, 5, 9, 5), 'fr')).toBe('05/01/2024 9:05');
  });

  it('gives nothing for an invalid date', () => {
    expect(formatDate('not a date', 'fr')).toBe('');
  });

  it('gives the day of the month', () => {
    expect(dayOfMonth(new Date(CHRISTMAS), 'UTC')).toBe('25');
  });

  it('gives the day of the month in the device time zone when none is named', () => {
    const lateOnTheFirst = new Date(2024, 2, 1, 23, 59);
    expect(dayOfMonth(lateOnTheFirst)).toBe('1');
    expect(dayOfMonth(new Date(2024, 11, 31, 0, 1))).toBe('31');
  });

  it('writes a day sent as YYYY-MM-DD (a due day) in the same order as the dates, without moving it across midnight', () => {
    expect(formatDay('2026-12-05', 'fr')).toBe('05/12/2026');
    expect(formatDay('2026-12-05', 'en')).toBe('12/05/2026');
    expect(formatDay('2026-12-05', 'fr', { short: true })).toBe('05/12');
  });

  it('writes a time alone in the language’s style', () => {
    expect(formatTime(CHRISTMAS, 'fr', 'UTC')).toBe('14:05');
    expect(formatTime(CHRISTMAS, 'en', 'UTC')).toMatch(/^2:05\sPM$/);
  });

  it('names a calendar’s month, weekdays and days in words in the language', () => {
    const saturday = new Date(2026, 10, 28, 12);
    expect(formatMonth(saturday, 'fr')).toBe('novembre 2026');
    expect(formatMonth(saturday, 'en')).toBe('November 2026');
    expect(formatWeekday(saturday, 'fr', 'long')).toBe('samedi');
    expect(formatWeekday(saturday, 'en', 'short')).toBe('Sat');
    expect(formatLongDay(saturday, 'fr')).toBe('samedi 28 novembre');
    expect(formatLongDay(saturday, 'en')).toBe('Saturday, November 28');
  });
});

describe('numbers', () => {
  it('uses a decimal comma in French and a dot otherwise', () => {
    expect(formatNumber(12.5, 'fr')).toBe('12,5');
    expect(formatNumber(12.5, 'en')).toBe('12.5');
    expect(formatCoordinate(45.76404312, 'fr')).toBe('45,764043');
  });

  it('writes a position latitude first, separated so that the French decimal comma stays readable', () => {
    expect(formatPosition({ lat: 45.764043, lng: 4.835659 }, 'fr')).toBe('45,764043\u202f; 4,835659');
    expect(formatPosition({ lat: 45.764043, lng: 4.835659 }, 'en')).toBe('45.764043, 4.835659');
  });
});
