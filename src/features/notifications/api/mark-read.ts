/** POST /api/notifications/:id/read: mark one notification read. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { NOTIFICATION_KEYS } from './keys';

export function markReadRequest(id: string): Promise<{ _id: string }> {
  return apiPost<{ _id: string }>(`notifications/${encodeURIComponent(id)}/read`);
}

export function useMarkReadMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markReadRequest,
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATION_KEYS.root }),
  });
}
