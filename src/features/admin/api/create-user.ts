/**
 * POST /api/users { email, password, rights } (district.admin). An e-mail that already has an
 * account elsewhere is added to the district instead: 2xx with envelope message
 * `user_duplicated`, which spec section 8 shows as a persistent error toast (the HTTP channel
 * shows it, like every envelope message).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestEnvelope } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';
import { showToast } from '../../../lib/toast';
import { usersQueryOptions, type UserEntry } from './get-users';

export interface CreateUserPayload {
  email: string;
  password: string;
  rights: string[];
}

export const USER_DUPLICATED = 'user_duplicated';

export async function createUserRequest(payload: CreateUserPayload): Promise<{ user: UserEntry; duplicated: boolean }> {
  const envelope = await requestEnvelope<UserEntry>('post', 'users', { json: payload });
  return { user: envelope.data, duplicated: envelope.message === USER_DUPLICATED };
}

export function useCreateUserMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUserRequest,
    onSuccess: async ({ duplicated }) => {
      // user_duplicated is the envelope's message: the HTTP channel already showed it as the
      // catalogue's persistent error toast (lib/error-catalogue.ts).
      if (!duplicated) showToast({ message: i18n.t('administration.user_created'), kind: 'success' });
      await queryClient.invalidateQueries({ queryKey: usersQueryOptions().queryKey });
    },
  });
}
