/**
 * Around every page: the session watcher, the maintenance gate, the reconnect dialog, toasts,
 * the update prompt, inside the app's one `<ion-app>` element. No Ionic code here: the element
 * is upgraded by ionic/IonicRoot, which the pages built from Ionic components load, so the
 * entry and the login page load none.
 */
import { Outlet } from '@tanstack/react-router';
import { createElement } from 'react';
// Loaded on first use: neither is on the first screen's path.
import { ToastHost, UpdatePrompt } from './LazyHosts';
import { MaintenanceGate } from './MaintenanceGate';
import { ReconnectContainer } from './ReconnectContainer';
import { SessionWatcher } from './SessionWatcher';

export function RootLayout() {
  // `ion-page` is the class ion-app gives itself: the same layout before and after the upgrade.
  return createElement(
    'ion-app',
    { className: 'ion-page' },
    <SessionWatcher />,
    <MaintenanceGate>
      <Outlet />
    </MaintenanceGate>,
    <ReconnectContainer />,
    <ToastHost />,
    <UpdatePrompt />,
  );
}
