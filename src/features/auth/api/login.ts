/** POST /api/auth/login: password login; a success starts the session. */
import { useMutation } from '@tanstack/react-query';
import type { LoginBody, SessionData } from '../../../../common/api-types';
import { tellAccountLanguage } from '../../../lib/account-language';
import { apiPost } from '../../../lib/api-client';
import { startSession } from '../../../lib/session';

export function loginRequest(body: LoginBody): Promise<SessionData> {
  return apiPost<SessionData>('auth/login', body);
}

export interface Credentials {
  email: string;
  password: string;
}

export function useLoginMutation({ reconnect = false }: { reconnect?: boolean } = {}) {
  return useMutation({
    mutationKey: ['auth', 'login'],
    mutationFn: async ({ email, password }: Credentials) => {
      const session = await loginRequest({ email: email.trim(), password, reconnect });
      startSession(session, { sso: false });
      void tellAccountLanguage();
      return session;
    },
  });
}
