/**
 * Around every page: the session watcher, the maintenance gate, the reconnect dialog, toasts,
 * the update prompt. No Ionic here: the pages built from Ionic components bring their own
 * root (ionic/IonicRoot), so the entry and the login page load no Ionic code.
 */
import { Outlet } from '@tanstack/react-router';
// Loaded on first use: neither is on the first screen's path.
import { ToastHost, UpdatePrompt } from './LazyHosts';
import { MaintenanceGate } from './MaintenanceGate';
import { ReconnectContainer } from './ReconnectContainer';
import { SessionWatcher } from './SessionWatcher';

export function RootLayout() {
  return (
    <>
      <SessionWatcher />
      <MaintenanceGate>
        <Outlet />
      </MaintenanceGate>
      <ReconnectContainer />
      <ToastHost />
      <UpdatePrompt />
    </>
  );
}
