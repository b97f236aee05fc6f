/** PUT /api/users/:id/rights { rights } (district.admin). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestEnvelope } from '../../../lib/api-client';
import { usersQueryOptions, type UserEntry } from './get-users';

export async function updateUserRightsRequest({ id, rights }: { id: string; rights: string[] }): Promise<UserEntry> {
  return (await requestEnvelope<UserEntry>('put', `users/${encodeURIComponent(id)}/rights`, { json: { rights } })).data;
}

export function useUpdateUserRightsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserRightsRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryOptions().queryKey }),
  });
}
