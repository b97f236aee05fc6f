/**
 * The page's only link to the service worker (sw/sw.ts): registration in production builds,
 * update checks and the update prompt, and the request to keep the map's library. workbox-window is loaded on demand so it stays out of
 * the entry chunk.
 *
 * Update flow: the browser checks for a new sw.js when the worker registers (each start); this
 * module also asks every UPDATE_CHECK_INTERVAL_MS and whenever the page becomes visible again
 * (an installed app resumed from the background). A new version installs in the background
 * and WAITS: nothing reloads until the user chooses "Reload" in the prompt, so a half-filled
 * form is never lost behind the user's back; queued emergency alerts live in IndexedDB and
 * survive the reload either way.
 */
import { useSyncExternalStore } from 'react';
import { KEEP_MAP_CODE_MESSAGE } from './map-code-config';

export const SW_URL = '/sw.js';
export const SKIP_WAITING_MESSAGE = { type: 'SKIP_WAITING' } as const;
/** How often a long-open page asks whether a new version was deployed. */
export const UPDATE_CHECK_INTERVAL_MS = 30 * 60_000;
/** Showing the page again checks for an update at most this often. */
export const VISIBLE_CHECK_MIN_GAP_MS = 60_000;

// --- the prompt's state ----------------------------------------------------------------------

/** Activates the new version and reloads; null while there is nothing to update. */
type ApplyUpdate = () => void;

let pendingUpdate: ApplyUpdate | null = null;
const updateListeners = new Set<() => void>();

/** Called by the registration (or tests) when a new version is ready to take over. */
export function announceUpdate(apply: ApplyUpdate): void {
  pendingUpdate = apply;
  for (const listener of updateListeners) listener();
}

export const getPendingUpdate = (): ApplyUpdate | null => pendingUpdate;

export function subscribeUpdate(listener: () => void): () => void {
  updateListeners.add(listener);
  return () => updateListeners.delete(listener);
}

/** The apply function of a waiting update, or null (components/UpdatePrompt.tsx). */
export function usePendingUpdate(): ApplyUpdate | null {
  return useSyncExternalStore(subscribeUpdate, getPendingUpdate);
}

/** Tests only. */
export function resetUpdateState(): void {
  pendingUpdate = null;
  updateListeners.clear();
}

// --- registration ----------------------------------------------------------------------------

export async function registerServiceWorker(): Promise<void> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const { Workbox } = await import('workbox-window');
  const workbox = new Workbox(SW_URL, { scope: '/' });
  let applying = false;
  const reload = () => window.location.reload();

  const apply = () => {
    applying = true;
    void navigator.serviceWorker.getRegistration().then((registration) => {
      if (registration?.waiting == null) {
        // Another tab already activated it: this page only needs to load the new files.
        reload();
        return;
      }
      workbox.addEventListener('controlling', reload);
      workbox.messageSkipWaiting();
    });
  };

  // Also fires at start when a version was already waiting (the prompt was ignored last time).
  workbox.addEventListener('waiting', () => announceUpdate(apply));
  // Another tab chose "Reload": the new worker now serves this page too, whose code is old.
  // Keep the prompt (never reload under the user's input) so it can load the new version.
  workbox.addEventListener('controlling', (event) => {
    if (!applying && event.isUpdate === true) announceUpdate(apply);
  });
  await workbox.register();

  const check = () => void workbox.update().catch(() => undefined);
  setInterval(check, UPDATE_CHECK_INTERVAL_MS);
  let lastCheck = Date.now();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible' || Date.now() - lastCheck < VISIBLE_CHECK_MIN_GAP_MS) return;
    lastCheck = Date.now();
    check();
  });
}

/** Background Sync tag of the emergency outbox; sw/sw.ts answers it with an 'outbox-sync' message. */
export const OUTBOX_SYNC_TAG = 'vigie-outbox';

interface SyncCapableRegistration extends ServiceWorkerRegistration {
  sync?: { register(tag: string): Promise<void> };
}

/**
 * Asks the browser to wake the service worker when the connection is back, so queued alerts
 * are sent even if the page is in the background. Where Background Sync is missing (Firefox,
 * Safari) the page's own triggers (online, visibility, timer) do the work.
 */
export async function requestOutboxSync(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const registration: SyncCapableRegistration | undefined = await navigator.serviceWorker.getRegistration();
  await registration?.sync?.register(OUTBOX_SYNC_TAG).catch(() => undefined);
}

// --- the map's library -------------------------------------------------------------------------

let mapCodeAsked = false;

/**
 * Asks the worker to keep the map's library on the device (sw/sw.ts), once per page: called
 * when the library is loaded, maybe past the worker (a first visit, before the worker was
 * active). Waits for an active worker; nothing without one (development, tests).
 */
export function keepMapCode(): void {
  if (mapCodeAsked || !import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  mapCodeAsked = true;
  void navigator.serviceWorker.ready.then((registration) => registration.active?.postMessage(KEEP_MAP_CODE_MESSAGE));
}
