/** Around every page: Ionic's app element, the navigation bridge, the session watcher, toasts. */
import { IonApp } from '@ionic/react';
import { Outlet } from '@tanstack/react-router';
import { ToastHost } from '../components/ToastHost';
import { IonicNavBridge } from './IonicNavBridge';
import { SessionWatcher } from './SessionWatcher';

export function RootLayout() {
  return (
    <IonApp>
      <IonicNavBridge>
        <SessionWatcher />
        <Outlet />
        <ToastHost />
      </IonicNavBridge>
    </IonApp>
  );
}
