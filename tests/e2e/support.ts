/** What every browser test does the same way: log in through the form, find an open dialog, cut and restore the network. */
import type { BrowserContext, Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../../server/src/seed/demo-data';

/** Fills and submits the login form (English labels); the caller checks where it lands. */
export async function submitLogin(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/**
 * The open dialog's content. Ionic puts role=dialog inside ion-modal's shadow root and slots
 * the content into it, so the content is not a DOM descendant of the role element.
 */
export const openDialog = (page: Page) => page.locator('ion-modal.show-modal');

/**
 * The device loses its network: the browser reports offline and every request fails as it
 * would without a connection (the socket and the service worker's fetches too).
 */
export async function cutNetwork(context: BrowserContext): Promise<void> {
  await context.setOffline(true);
  await context.route('**/*', (route) => route.abort('internetdisconnected'));
}

/** The network is back: requests go through again and the browser reports online. */
export async function restoreNetwork(context: BrowserContext): Promise<void> {
  await context.unrouteAll({ behavior: 'wait' });
  await context.setOffline(false);
}

/** What the read cache keeps in IndexedDB (vigie-cache, lib/idb) for offline reading: its queries' JSON, one a line. */
export function offlineCacheText(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const open = indexedDB.open('vigie-cache');
        open.onerror = () => resolve('');
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('queries')) return resolve('');
          const all = db.transaction('queries').objectStore('queries').getAll();
          all.onsuccess = () => resolve((all.result as { json?: string }[]).map((record) => record.json ?? '').join('\n'));
          all.onerror = () => resolve('');
        };
      }),
  );
}

/** How many records a store of vigie-outbox (lib/idb) holds. */
export function storeCount(page: Page, store: 'items' | 'drafts'): Promise<number> {
  return page.evaluate(
    (name) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('vigie-outbox');
        open.onerror = () => reject(new Error('vigie-outbox unreadable'));
        open.onsuccess = () => {
          const count = open.result.transaction(name).objectStore(name).count();
          count.onsuccess = () => resolve(count.result);
          count.onerror = () => reject(new Error('vigie-outbox unreadable'));
        };
      }),
    store,
  );
}

/** How many writes the outbox holds: what is still to be sent. */
export const outboxSize = (page: Page) => storeCount(page, 'items');
