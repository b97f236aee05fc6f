import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CalendarPage } from '../../../../src/features/calendar/components/CalendarPage';
import { monthGrid } from '../../../../src/features/calendar/month';
import { i18n } from '../../../../src/lib/i18n';

describe('the month grid', () => {
  it('covers the month in whole weeks starting on Monday', () => {
    // November 2026 starts on a Sunday and ends on a Monday.
    const weeks = monthGrid(2026, 10);
    expect(weeks).toHaveLength(6);
    expect(weeks[0]?.[0]?.date.getDate()).toBe(26); // Monday 26 October
    expect(weeks[0]?.[6]).toMatchObject({ inMonth: true });
    expect(weeks.flat().filter((cell) => cell.inMonth)).toHaveLength(30);
  });
});

describe('the calendar page', () => {
  it('marks today and writes dates in the language format', async () => {
    const today = new Date(2026, 10, 22);
    const { unmount } = render(<CalendarPage today={today} />);
    expect(screen.getByTestId('calendar-today')).toHaveTextContent('Today: 11/22/2026');
    expect(screen.getByTestId('calendar-month')).toHaveTextContent('November 2026');
    const marked = document.querySelector('[aria-current="date"]');
    expect(marked).toHaveTextContent('22');
    expect(marked).toHaveAttribute('title', '11/22/2026');
    unmount();

    await i18n.changeLanguage('fr');
    try {
      render(<CalendarPage today={today} />);
      expect(screen.getByTestId('calendar-today')).toHaveTextContent('22/11/2026');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
