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
import { AUTHENTICATED_ROUTE_ID, LOGIN_PATH } from './paths';

export function SessionWatcher() {
  const router = useRouter();
  const queryClient = useQueryClient();

  useEffect(() => {
    const leave = () => {
      // Leave the pages first: clearing the cache under mounted queries would refetch them
      // without a session.
      void (async () => {
        if (router.state.location.pathname !== LOGIN_PATH) await router.navigate({ to: LOGIN_PATH, replace: true });
        await queryClient.cancelQueries();
        queryClient.clear();
      })();
    };
    const stop = onSessionEnded(leave);
    // The session may have ended before the app mounted: main.tsx resolves the address's route
    // first, and an answer to its requests (the district: account disabled) can end it then.
    if (!isAuthenticated() && router.state.matches.some((match) => match.routeId === AUTHENTICATED_ROUTE_ID)) leave();
    return stop;
  }, [router, queryClient]);

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
