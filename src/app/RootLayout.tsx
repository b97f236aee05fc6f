/**
 * Around every page: Ionic's app element, the navigation bridge, the session watcher, the
 * maintenance gate, the reconnect dialog, toasts, the update prompt.
 */
import { IonApp } from '@ionic/react';
import { Outlet } from '@tanstack/react-router';
import { IonicNavBridge } from './IonicNavBridge';
// Loaded on first use: neither is on the first screen's path.
import { ToastHost, UpdatePrompt } from './LazyHosts';
import { MaintenanceGate } from './MaintenanceGate';
import { ReconnectContainer } from './ReconnectContainer';
import { SessionWatcher } from './SessionWatcher';

export function RootLayout() {
  return (
    <IonApp>
      <IonicNavBridge>
        <SessionWatcher />
        <MaintenanceGate>
          <Outlet />
        </MaintenanceGate>
        <ReconnectContainer />
        <ToastHost />
        <UpdatePrompt />
      </IonicNavBridge>
    </IonApp>
  );
}
