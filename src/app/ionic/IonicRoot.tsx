/**
 * Around every page built from Ionic components (the shell and its pages, the public viewer):
 * the navigation bridge to TanStack Router, and the upgrade of the app's root element to
 * Ionic's ion-app. Loaded with those pages' chunks, so the entry and the login page carry no
 * Ionic code.
 *
 * The `<ion-app>` element itself is rendered once, by RootLayout, for the app's whole life:
 * Ionic appends toasts created by controllers (useIonToast) to it, and a toast shown as the
 * shell gives way to the login page (a logout's warning) must stay on screen. Until this
 * module loads it is a plain element laid out by Ionic's structure CSS (`.ion-page`).
 */
import './setup';
import { defineCustomElement as defineIonApp } from '@ionic/core/components/ion-app.js';
import type { ReactNode } from 'react';
import { IonicNavBridge } from './IonicNavBridge';

defineIonApp();

export function IonicRoot({ children }: { children: ReactNode }) {
  return <IonicNavBridge>{children}</IonicNavBridge>;
}
