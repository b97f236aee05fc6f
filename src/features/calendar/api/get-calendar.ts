/**
 * GET /api/calendar?from=&to=: the caller's dated work in the range (its actions by due date,
 * its inspections by due time; common/schemas/calendar.ts). Kept in the offline copy: the
 * months and weeks a field user looked at stay readable without network.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CalendarPage } from '../../../../common/schemas/calendar';
import { apiGet } from '../../../lib/api-client';
import { calendarKeys } from './keys';

export function getCalendarRequest(from: string, to: string, signal?: AbortSignal): Promise<CalendarPage> {
  return apiGet<CalendarPage>('calendar', { searchParams: { from, to }, ...(signal === undefined ? {} : { signal }) });
}

export const calendarQueryOptions = (from: string, to: string) =>
  queryOptions({
    queryKey: calendarKeys.range(from, to),
    queryFn: ({ signal }) => getCalendarRequest(from, to, signal),
    staleTime: 30_000,
    meta: { offline: true },
  });

export const useCalendar = (from: string, to: string) => useQuery(calendarQueryOptions(from, to));
