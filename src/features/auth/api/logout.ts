/** POST /api/auth/logout: revokes the server session and clears the refresh cookie. */
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { endSession } from '../../../lib/session';

// Logout must not hang on a dead network: the local logout happens anyway.
const LOGOUT_TIMEOUT_MS = 3000;

export function logoutRequest(): Promise<null> {
  return apiPost<null>('auth/logout', undefined, { timeout: LOGOUT_TIMEOUT_MS });
}

/** The server call may fail (offline, expired session): the local logout still happens. */
export async function logout(): Promise<void> {
  try {
    await logoutRequest();
  } catch {
    // Ignored on purpose: the user asked to leave.
  }
  endSession('logout');
}

export function useLogoutMutation() {
  return useMutation({ mutationKey: ['auth', 'logout'], mutationFn: logout });
}
