/** POST /api/notifications/readAll: mark every notification of the session read. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { NOTIFICATION_KEYS } from './keys';

export function markAllReadRequest(): Promise<{ marked: number }> {
  return apiPost<{ marked: number }>('notifications/readAll');
}

export function useMarkAllReadMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllReadRequest,
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATION_KEYS.root }),
  });
}
