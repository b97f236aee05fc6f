/**
 * The calendar's address (/calendar?view=week&day=2026-11-23): the view and the day it shows,
 * so back from an item returns to the same month or week. Validated by the route; anything
 * else is dropped (the month of today).
 */
import { parseDay, type CalendarView } from './month';

export interface CalendarSearch {
  view?: CalendarView;
  day?: string;
}

export function validateCalendarSearch(search: Record<string, unknown>): CalendarSearch {
  const out: CalendarSearch = {};
  if (search.view === 'week' || search.view === 'month') out.view = search.view;
  if (typeof search.day === 'string' && parseDay(search.day) !== null) out.day = search.day;
  return out;
}

export const CALENDAR_PATH = '/calendar';

/** The calendar's address for a view and a day (the defaults left out: the month of today). */
export function calendarHref({ view, day }: CalendarSearch): string {
  const params = new URLSearchParams();
  if (view !== undefined && view !== 'month') params.set('view', view);
  if (day !== undefined) params.set('day', day);
  const query = params.toString();
  return query === '' ? CALENDAR_PATH : `${CALENDAR_PATH}?${query}`;
}
