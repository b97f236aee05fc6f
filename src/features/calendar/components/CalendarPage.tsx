/**
 * /calendar: the person's dated work (GET /api/calendar: its actions by due day, its
 * inspections by due time) in a month or a week, each item opening its record; today marked,
 * overdue items marked (in words too), previous / next / today, dates in the language's
 * format (spec section 1). The view and the day shown are in the address (search.ts), so back
 * from an item returns to them. The week view is a list of days: the one that reads best at
 * 360 px and aloud. The socket's records:changed for an action reads the ranges again. Below:
 * the private iCal address (FeedPanel).
 */
import { chevronBackOutline, chevronForwardOutline } from 'ionicons/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ACTIONS_MODULE } from '../../../../common/modules/actions/names';
import type { CalendarItem } from '../../../../common/schemas/calendar';
import { IconButton } from '../../../components/IconButton';
import { useLinkNavigation } from '../../../hooks/use-link-navigation';
import { formatDate, formatLongDay, formatMonth, formatTime, formatWeekday } from '../../../lib/dates';
import { describeApiError } from '../../../lib/error-messages';
import { onRecordsChanged } from '../../../lib/socket';
import { useCalendar } from '../api/get-calendar';
import { calendarKeys } from '../api/keys';
import { dayKey, monthGrid, moveAnchor, parseDay, sameDay, viewRange, weekDays, type CalendarView } from '../month';
import { calendarHref } from '../search';
import { FeedPanel } from './FeedPanel';
import '../../../components/module/module.css';
import '../../../components/visually-hidden.css';
import './calendar.css';

/** Where an item leads (composed by the route: features do not import each other). */
export interface CalendarLinks {
  action: (id: string) => string;
  inspection: (id: string) => string;
}

interface CalendarPageProps {
  view?: CalendarView;
  /** The day whose month or week is shown (YYYY-MM-DD); today's by default. */
  day?: string;
  links: CalendarLinks;
  /** Today, injectable for tests. */
  today?: Date;
}


export function CalendarPage({ view = 'month', day, links, today = new Date() }: CalendarPageProps) {
  const { t, i18n } = useTranslation('calendar');
  const router = useRouter();
  const language = i18n.language;
  const anchor = (day === undefined ? null : parseDay(day)) ?? today;
  const range = viewRange(view, anchor);
  const calendar = useCalendar(range.from, range.to);
  const queryClient = useQueryClient();
  // An action moved, closed or reassigned (here or elsewhere): the ranges read are asked again.
  useEffect(() => onRecordsChanged(ACTIONS_MODULE, () => void queryClient.invalidateQueries({ queryKey: calendarKeys.items() })), [queryClient]);
  const byDay = new Map<string, CalendarItem[]>();
  for (const item of calendar.data?.items ?? []) byDay.set(item.date, [...(byDay.get(item.date) ?? []), item]);
  for (const items of byDay.values()) items.sort((a, b) => (a.at ?? '').localeCompare(b.at ?? '') || a.title.localeCompare(b.title));

  const go = (next: { view: CalendarView; day: Date }) => void router.navigate({ href: calendarHref({ view: next.view, day: dayKey(next.day) }) });
  const title =
    view === 'month'
      ? formatMonth(new Date(anchor.getFullYear(), anchor.getMonth(), 1), language)
      : t('week_of', { date: formatDate(weekDays(anchor)[0]!, language) });

  return (
    <div className="calendar-page ion-padding">
      <h1>{t('title')}</h1>
      <p data-testid="calendar-today">{t('today', { date: formatDate(today, language) })}</p>
      <div className="calendar-controls">
        <div role="group" aria-label={t('view')} className="calendar-views">
          {(['month', 'week'] as const).map((choice) => (
            <button key={choice} type="button" aria-pressed={view === choice} onClick={() => go({ view: choice, day: anchor })}>
              {t(`view_${choice}`)}
            </button>
          ))}
        </div>
        <button type="button" className="calendar-button" onClick={() => go({ view, day: today })}>
          {t('go_today')}
        </button>
      </div>
      <div className="calendar-header">
        <IconButton label={t(`previous_${view}`)} icon={chevronBackOutline} onClick={() => go({ view, day: moveAnchor(view, anchor, -1) })} />
        <h2 data-testid="calendar-month" aria-live="polite">
          {title}
        </h2>
        <IconButton label={t(`next_${view}`)} icon={chevronForwardOutline} onClick={() => go({ view, day: moveAnchor(view, anchor, 1) })} />
      </div>
      {calendar.isPending && (
        <p role="status" className="calendar-note">
          {t(calendar.fetchStatus === 'paused' ? 'offline' : 'loading')}
        </p>
      )}
      {calendar.isError && (
        <p role="alert" className="calendar-note">
          {calendar.data === undefined ? describeApiError(calendar.error) : t('stale')}{' '}
          <button type="button" className="calendar-button" onClick={() => void calendar.refetch()}>
            {t('retry')}
          </button>
        </p>
      )}
      {view === 'month' ? (
        <MonthGrid anchor={anchor} today={today} byDay={byDay} links={links} />
      ) : (
        <WeekList anchor={anchor} today={today} byDay={byDay} links={links} />
      )}
      <FeedPanel />
    </div>
  );
}

interface ViewProps {
  anchor: Date;
  today: Date;
  byDay: ReadonlyMap<string, CalendarItem[]>;
  links: CalendarLinks;
}

function MonthGrid({ anchor, today, byDay, links }: ViewProps) {
  const { i18n } = useTranslation('calendar');
  const weeks = monthGrid(anchor.getFullYear(), anchor.getMonth());
  return (
    <table className="calendar-grid" data-testid="calendar-grid">
      <thead>
        <tr>
          {weeks[0]?.map(({ date }) => (
            <th key={date.getDay()} scope="col" abbr={formatWeekday(date, i18n.language, 'long')}>
              {formatWeekday(date, i18n.language, 'short')}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={dayKey(week[0]!.date)}>
            {week.map(({ date, inMonth }) => {
              const isToday = sameDay(date, today);
              const items = byDay.get(dayKey(date)) ?? [];
              const className = [inMonth ? '' : 'calendar-outside', isToday ? 'calendar-today' : ''].filter(Boolean).join(' ');
              return (
                <td key={dayKey(date)} className={className || undefined} aria-current={isToday ? 'date' : undefined} data-day={dayKey(date)}>
                  <span className="calendar-day-number" title={formatDate(date, i18n.language)}>
                    {date.getDate()}
                  </span>
                  {items.length > 0 && (
                    <ul className="bare-list calendar-items">
                      {items.map((item) => (
                        <li key={`${item.kind}:${item.id}`}>
                          <ItemLink item={item} links={links} compact />
                        </li>
                      ))}
                    </ul>
                  )}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function WeekList({ anchor, today, byDay, links }: ViewProps) {
  const { t, i18n } = useTranslation('calendar');
  return (
    <ol className="calendar-week" data-testid="calendar-week">
      {weekDays(anchor).map((date) => {
        const items = byDay.get(dayKey(date)) ?? [];
        const isToday = sameDay(date, today);
        return (
          <li key={dayKey(date)} className={isToday ? 'calendar-week-today' : undefined} aria-current={isToday ? 'date' : undefined} data-day={dayKey(date)}>
            <h3>
              {formatLongDay(date, i18n.language)}
              {isToday && <span className="calendar-today-mark"> · {t('today_mark')}</span>}
            </h3>
            {items.length === 0 ? (
              <p className="calendar-nothing">{t('nothing')}</p>
            ) : (
              <ul className="bare-list calendar-week-items">
                {items.map((item) => (
                  <li key={`${item.kind}:${item.id}`}>
                    <ItemLink item={item} links={links} />
                  </li>
                ))}
              </ul>
            )}
          </li>
        );
      })}
    </ol>
  );
}

/**
 * One item, a link to its record. Its kind and "overdue" are in its text for assistive
 * technologies (hidden on screen in the month's small chips, which show them by colour).
 */
function ItemLink({ item, links, compact = false }: { item: CalendarItem; links: CalendarLinks; compact?: boolean }) {
  const { t, i18n } = useTranslation('calendar');
  const navigate = useLinkNavigation();
  // A module's event carries its own page (a contract's deadline).
  const href = item.path ?? (item.kind === 'action' ? links.action(item.id) : links.inspection(item.id));
  const className = ['calendar-item', `calendar-item-${item.kind}`, item.overdue ? 'calendar-item-overdue' : ''].filter(Boolean).join(' ');
  const status = t(`status.${item.kind}.${item.status}`, { defaultValue: item.status });
  const time = item.at === null ? null : formatTime(item.at, i18n.language);
  return (
    <a href={href} onClick={navigate(href)} className={className} data-kind={item.kind}>
      <span className={compact ? 'visually-hidden' : 'calendar-item-kind'}>{t(`kind.${item.kind}`)}</span>{' '}
      {!compact && time !== null && <span className="calendar-item-time">{time}</span>}
      {!compact && time !== null && ' '}
      <span className="calendar-item-title">{item.title}</span>
      {item.overdue && ' '}
      {item.overdue && <span className={compact ? 'visually-hidden' : 'calendar-item-overdue-mark'}>({t('overdue')})</span>}
      {!compact && (
        <span className="calendar-item-details">
          {[status, item.siteName].filter((part): part is string => part !== null && part !== '').join(' · ')}
        </span>
      )}
    </a>
  );
}
