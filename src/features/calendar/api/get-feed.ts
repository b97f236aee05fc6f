/** GET /api/calendar/feed: whether the caller has a private iCal address, and since when (never the address itself). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CalendarFeed } from '../../../../common/schemas/calendar';
import { apiGet } from '../../../lib/api-client';
import { calendarKeys } from './keys';

export const feedQueryOptions = () =>
  queryOptions({
    queryKey: calendarKeys.feed(),
    queryFn: ({ signal }) => apiGet<CalendarFeed>('calendar/feed', { signal }),
    staleTime: 60_000,
  });

export const useFeed = () => useQuery(feedQueryOptions());
