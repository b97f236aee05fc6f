/**
 * Installing the app to the home screen. Chromium browsers fire `beforeinstallprompt` when the
 * app is installable: it is kept here (from the first moment, main.tsx) so a button can show
 * the browser's own prompt later. Safari (iOS) and Firefox never fire it: the profile page
 * explains how to install from the browser's menu instead.
 */
import { useSyncExternalStore } from 'react';

/** The non-standard event Chromium fires (not in TypeScript's DOM types). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export type InstallState =
  /** Running as the installed app (standalone), or just installed. */
  | 'installed'
  /** The browser offers its install prompt: show the button. */
  | 'available'
  /** iPhone / iPad Safari: Share, then "Add to Home Screen". */
  | 'ios'
  /** Any other browser: its menu may offer "Install" or "Add to Home screen". */
  | 'manual';

let deferred: BeforeInstallPromptEvent | null = null;
let installed = false;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

function isStandalone(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || window.matchMedia('(display-mode: standalone)').matches;
}

export function isIos(userAgent: string = navigator.userAgent, maxTouchPoints: number = navigator.maxTouchPoints): boolean {
  // iPadOS presents itself as a Mac; a touch screen tells them apart.
  return /iPad|iPhone|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
}

export function getInstallState(): InstallState {
  if (installed || isStandalone()) return 'installed';
  if (deferred !== null) return 'available';
  return isIos() ? 'ios' : 'manual';
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useInstallState(): InstallState {
  return useSyncExternalStore(subscribe, getInstallState);
}

/** Listens for the browser's offer and for the installation; call once at start. */
export function watchInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep the browser's mini-infobar away: the app offers the install where it explains it.
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    notify();
  });
  window.addEventListener('appinstalled', () => {
    installed = true;
    deferred = null;
    notify();
  });
}

/** Shows the browser's install prompt; the event can be used once, whatever the answer. */
export async function promptInstall(): Promise<void> {
  const event = deferred;
  if (event === null) return;
  deferred = null;
  await event.prompt();
  const { outcome } = await event.userChoice;
  if (outcome === 'accepted') installed = true;
  notify();
}

/** Tests only. */
export function resetInstallState(): void {
  deferred = null;
  installed = false;
  listeners.clear();
}
