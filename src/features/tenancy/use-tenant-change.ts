/**
 * The confirm step of both tenancy dialogs (spec section 4): send the change, then refresh the
 * session token, reload the district, set `reset`, apply the admin-route rule and forget the
 * old tenant's cache. Any failure rejects the mutation and the dialog stays open on its step;
 * a failed change leaves the server session where it was (the server moves it only on success).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { clearRequestCache, refreshAccessToken } from '../../lib/api-client';
import { clearQueryCache, setResetPending } from '../../lib/storage';
import { adminRouteAfterChange } from './admin-route-rule';
import type { ChangeResult } from './api/change-client';

/**
 * `closeWithTrue` runs before the navigation: the dialog's history entry (use-back-closes-dialog)
 * is then replaced by the target, and the hook's "history moved" callback finds the dialog
 * already closed with true instead of reporting a dismissal.
 */
export function useTenantChange<TInput>(send: (input: TInput) => Promise<ChangeResult>, closeWithTrue: () => void) {
  const queryClient = useQueryClient();
  const router = useRouter();
  return useMutation({
    mutationFn: async (input: TInput) => {
      const result = await send(input);
      // The answer's envelope already carries the new rights; the token still names the old
      // tenant until it is refreshed (and would get 401 session.tenant_changed).
      await refreshAccessToken();
      setResetPending(true);
      // Every cached answer belongs to the old tenant. Resetting empties them all and refetches
      // the ones on screen, the user's district (toolbar) first of all: that is the reload.
      // The request cache's keys name the district already; clearing it frees the old answers.
      clearRequestCache();
      await queryClient.cancelQueries();
      await queryClient.resetQueries();
      // ...and the copy saved for offline starts (app/query-client.ts).
      clearQueryCache();
      return result;
    },
    onSuccess: () => {
      closeWithTrue();
      const target = adminRouteAfterChange(router.state.location.pathname);
      if (target !== null) void router.navigate({ href: target, replace: true });
    },
  });
}
