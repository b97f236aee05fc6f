/**
 * Around every page built from Ionic components (the shell and its pages, the public pages):
 * Ionic's app element and the navigation bridge to TanStack Router. Loaded with those pages'
 * chunks, so the entry and the login page carry no Ionic code.
 */
import './setup';
import { IonApp } from '@ionic/react';
import type { ReactNode } from 'react';
import { IonicNavBridge } from './IonicNavBridge';

export function IonicRoot({ children }: { children: ReactNode }) {
  return (
    <IonApp>
      <IonicNavBridge>{children}</IonicNavBridge>
    </IonApp>
  );
}
