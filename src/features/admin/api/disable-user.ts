/** POST /api/users/:id/disable (district.admin): the account's sessions and sockets end. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { usersQueryOptions, type UserEntry } from './get-users';

export function disableUserRequest(id: string): Promise<UserEntry> {
  return apiPost<UserEntry>(`users/${encodeURIComponent(id)}/disable`);
}

export function useDisableUserMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableUserRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryOptions().queryKey }),
  });
}
