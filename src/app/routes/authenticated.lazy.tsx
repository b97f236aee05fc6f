/**
 * The authenticated layout: the shell around every page, and the dialogs the shell opens.
 * Features meet here: the shell (features/shell) and the session dialogs (features/auth).
 */
import { createLazyRoute, Outlet, useRouterState } from '@tanstack/react-router';
import { useState } from 'react';
import { useDistrict } from '../../features/auth/api/get-district';
import { DisconnectDialog } from '../../features/auth/components/DisconnectDialog';
import { Shell } from '../../features/shell/components/Shell';
import { shouldShowShell } from '../../features/shell/shell-visibility';
import { getSessionEmail } from '../../lib/storage';

function AuthenticatedLayout() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const district = useDistrict();
  const [disconnectOpen, setDisconnectOpen] = useState(false);

  if (!shouldShowShell(pathname, getSessionEmail())) return <Outlet />;

  return (
    <>
      <Shell districtName={district.data?.name} onDisconnect={() => setDisconnectOpen(true)}>
        <Outlet />
      </Shell>
      <DisconnectDialog isOpen={disconnectOpen} onDismiss={() => setDisconnectOpen(false)} />
    </>
  );
}

export const Route = createLazyRoute('/_authenticated')({ component: AuthenticatedLayout });
