/**
 * /calendar: a month view with today marked, dates in the language's format (spec section 1:
 * day/month/year in French, month/day/year otherwise). The spec gives the calendar no events,
 * so it shows none.
 */
import { IonButton, IonIcon } from '@ionic/react';
import { chevronBackOutline, chevronForwardOutline } from 'ionicons/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/dates';
import { monthGrid, sameDay } from '../month';
import './calendar.css';

export function CalendarPage({ today = new Date() }: { today?: Date }) {
  const { t, i18n } = useTranslation();
  const [shown, setShown] = useState({ year: today.getFullYear(), month: today.getMonth() });
  const weeks = monthGrid(shown.year, shown.month);
  const locale = i18n.language.startsWith('fr') ? 'fr-FR' : 'en-US';
  const monthTitle = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' }).format(new Date(shown.year, shown.month, 1));
  const weekdays = weeks[0]?.map(({ date }) => new Intl.DateTimeFormat(locale, { weekday: 'short' }).format(date)) ?? [];
  const move = (delta: number) => {
    const next = new Date(shown.year, shown.month + delta, 1);
    setShown({ year: next.getFullYear(), month: next.getMonth() });
  };

  return (
    <div className="calendar-page ion-padding">
      <h1>{t('calendar_page.title')}</h1>
      <p data-testid="calendar-today">{t('calendar_page.today', { date: formatDate(today, i18n.language) })}</p>
      <div className="calendar-header">
        <IonButton fill="clear" aria-label={t('calendar_page.previous')} onClick={() => move(-1)}>
          <IonIcon slot="icon-only" icon={chevronBackOutline} aria-hidden="true" />
        </IonButton>
        <h2 data-testid="calendar-month">{monthTitle}</h2>
        <IonButton fill="clear" aria-label={t('calendar_page.next')} onClick={() => move(1)}>
          <IonIcon slot="icon-only" icon={chevronForwardOutline} aria-hidden="true" />
        </IonButton>
      </div>
      <table className="calendar-grid">
        <thead>
          <tr>
            {weekdays.map((day) => (
              <th key={day} scope="col">
                {day}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]?.date.toISOString()}>
              {week.map(({ date, inMonth }) => {
                const isToday = sameDay(date, today);
                return (
                  <td
                    key={date.toISOString()}
                    className={`${inMonth ? '' : 'calendar-outside'} ${isToday ? 'calendar-today' : ''}`.trim() || undefined}
                    aria-current={isToday ? 'date' : undefined}
                    title={formatDate(date, i18n.language)}
                  >
                    {date.getDate()}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
