/**
 * POST /api/calendar/feed: a new private iCal address (the old one stops working). The answer
 * carries the address this once: it is shown from the mutation's result, and the feed's query
 * keeps only that one exists (never the address: it is not saved on the device).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeed } from '../../../../common/schemas/calendar';
import { apiPost } from '../../../lib/api-client';
import { calendarKeys } from './keys';

export const createFeedRequest = (): Promise<CalendarFeed> => apiPost<CalendarFeed>('calendar/feed');

export function useCreateFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFeedRequest,
    onSuccess: (feed) => queryClient.setQueryData<CalendarFeed>(calendarKeys.feed(), { ...feed, url: null }),
  });
}
