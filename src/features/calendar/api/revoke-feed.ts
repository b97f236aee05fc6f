/** DELETE /api/calendar/feed: the private iCal address stops working (a calendar application reading it gets 404). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeed } from '../../../../common/schemas/calendar';
import { requestEnvelope } from '../../../lib/api-client';
import { calendarKeys } from './keys';

export const revokeFeedRequest = async (): Promise<void> => {
  await requestEnvelope<unknown>('delete', 'calendar/feed');
};

export function useRevokeFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeFeedRequest,
    onSuccess: () => queryClient.setQueryData<CalendarFeed>(calendarKeys.feed(), { active: false, createdAt: null, url: null }),
  });
}
