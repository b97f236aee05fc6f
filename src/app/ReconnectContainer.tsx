/**
 * The reconnect dialog's place in the app: at the root, so it opens whatever the route is doing
 * (a page whose guard waits on a held request included). Idle tracking needs a session; the
 * idle time comes from the app configuration. After a reconnection by another account, the
 * previous user's cache goes and the new user lands on their default page.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { safeDefaultPage } from '../features/auth/api/get-default-page';
import { ReconnectHost } from '../features/auth/components/ReconnectHost';
import { useConfig } from '../features/shell/api/get-config';

export function ReconnectContainer() {
  const router = useRouter();
  const queryClient = useQueryClient();
  const config = useConfig();
  return (
    <ReconnectHost
      idleSeconds={config.data?.idleSeconds}
      onReconnected={({ sameUser, defaultPage }) => {
        // Same user: the held requests went out with the new token; the screen stays as it was.
        if (sameUser) return;
        queryClient.clear();
        void router.navigate({ href: safeDefaultPage(defaultPage), replace: true });
      }}
    />
  );
}
