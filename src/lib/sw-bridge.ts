/**
 * The page's only link to the service worker (sw/sw.ts): registration in production builds
 * and the update prompt. workbox-window is loaded on demand so it stays out of the entry chunk.
 */

/** Called when a new version is installed and waiting; `apply` activates it and reloads. */
export type UpdateReadyListener = (apply: () => void) => void;

export const SW_URL = '/sw.js';
export const SKIP_WAITING_MESSAGE = { type: 'SKIP_WAITING' } as const;

export async function registerServiceWorker(onUpdateReady: UpdateReadyListener): Promise<void> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const { Workbox } = await import('workbox-window');
  const workbox = new Workbox(SW_URL, { scope: '/' });
  workbox.addEventListener('waiting', () => {
    onUpdateReady(() => {
      workbox.addEventListener('controlling', () => window.location.reload());
      workbox.messageSkipWaiting();
    });
  });
  await workbox.register();
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
  const registration = (await navigator.serviceWorker.getRegistration()) as SyncCapableRegistration | undefined;
  await registration?.sync?.register(OUTBOX_SYNC_TAG).catch(() => undefined);
}
