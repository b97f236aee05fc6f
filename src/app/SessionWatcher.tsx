/**
 * Reacts to the end of the session, whatever ended it (logout, a token error, another tab):
 * the query cache goes and the user lands on /login.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { setCatalogueNavigate } from '../lib/catalogue-effects';
import { endSession, isAuthenticated, onSessionEnded } from '../lib/session';
import { LOCAL_KEYS } from '../lib/storage';

export function SessionWatcher() {
  const router = useRouter();
  const queryClient = useQueryClient();

  useEffect(
    () =>
      onSessionEnded(() => {
        // Leave the pages first: clearing the cache under mounted queries would refetch them
        // without a session.
        void (async () => {
          if (router.state.location.pathname !== '/login') await router.navigate({ to: '/login', replace: true });
          await queryClient.cancelQueries();
          queryClient.clear();
        })();
      }),
    [router, queryClient],
  );

  // The error catalogue's redirection (an error body's `redirection`) goes through the router.
  useEffect(() => setCatalogueNavigate((to) => void router.navigate({ href: to })), [router]);

  // Another tab logged out (the token is shared through localStorage).
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === LOCAL_KEYS.token && event.newValue === null && !isAuthenticated()) endSession('other-tab');
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  return null;
}
