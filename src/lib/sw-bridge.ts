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
