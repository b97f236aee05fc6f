import { describe, expect, it } from 'vitest';
import { dayOfMonth, formatDate, formatDateTime } from '../../../src/lib/dates';

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
});
