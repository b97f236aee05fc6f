/** What every browser test does the same way: log in through the form or the API, find an open dialog, cut and restore the network. */
import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../../server/src/seed/demo-data';

/** Fills and submits the login form (English labels); the caller checks where it lands. */
export async function submitLogin(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** A demo user's session token, logged in through the API (for the test's own calls). */
export async function tokenOf(request: APIRequestContext, email: string, password = DEMO_PASSWORD): Promise<string> {
  const login = await request.post('/api/auth/login', { data: { email, password } });
  expect(login.ok()).toBe(true);
  return ((await login.json()) as { data: { token: string } }).data.token;
}

/**
 * Serves the app's configuration with a short idle time-out (the spec's 900 s is configurable),
 * so the session expires during a test. A configuration request still in flight when its page
 * navigates, its test ends or a test cuts the network has no answer to change (its response is
 * disposed): it fails, as it would have, instead of an error surfacing in a test.
 */
export async function shortIdleTimeout(target: Page | BrowserContext, idleSeconds: number): Promise<void> {
  await target.route('**/api/config', async (route) => {
    try {
      const response = await route.fetch();
      const body = (await response.json()) as { data: { idleSeconds: number } };
      body.data.idleSeconds = idleSeconds;
      await route.fulfill({ response, json: body });
    } catch {
      await route.abort().catch(() => undefined);
    }
  });
}

/**
 * The open dialog's content. Ionic puts role=dialog inside ion-modal's shadow root and slots
 * the content into it, so the content is not a DOM descendant of the role element.
 */
export const openDialog = (page: Page) => page.locator('ion-modal.show-modal');

/**
 * The app is installed on the device: its service worker controls the page, so every screen's
 * code and translations are kept (it controls once its install has stored them all).
 */
export async function appInstalled(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
}

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

/**
 * Reads one store of the app's IndexedDB database `name` in the page, never creating it (a
 * database the app has not made yet reads as empty: opening it at version 1 would block the
 * app's own opening at its version) and closing the connection after (an open one would block
 * the app's next upgrade).
 */
function readStore<T>(page: Page, name: 'vigie-cache' | 'vigie-outbox', store: string, read: 'all' | 'count'): Promise<T | null> {
  return page.evaluate(
    ({ name, store, read }) =>
      new Promise<T | null>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = () => resolve(null);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains(store)) {
            db.close();
            return resolve(null);
          }
          const objects = db.transaction(store).objectStore(store);
          const request: IDBRequest = read === 'all' ? objects.getAll() : objects.count();
          request.onsuccess = () => {
            db.close();
            resolve(request.result as T);
          };
          request.onerror = () => {
            db.close();
            reject(new Error(`${name} unreadable`));
          };
        };
      }),
    { name, store, read },
  );
}

/** The read cache's IndexedDB copy (vigie-cache, lib/idb) as text: what is saved for offline reads. */
export async function offlineCacheText(page: Page): Promise<string> {
  const records = await readStore<{ json?: string }[]>(page, 'vigie-cache', 'queries', 'all');
  return (records ?? []).map((record) => record.json ?? '').join('\n');
}

/**
 * The data the read cache's IndexedDB copy holds for the query `key` (its hash is the key as
 * JSON, as TanStack Query makes it for a key of strings), or undefined while none is saved.
 */
export async function offlineCopyOf<T>(page: Page, key: readonly string[]): Promise<T | undefined> {
  const records = await readStore<{ hash: string; json: string }[]>(page, 'vigie-cache', 'queries', 'all');
  const record = (records ?? []).find((saved) => saved.hash === JSON.stringify(key));
  return record === undefined ? undefined : (JSON.parse(record.json) as { state: { data: T } }).state.data;
}

/** How many records a store of vigie-outbox (lib/idb) holds. */
export async function storeCount(page: Page, store: 'items' | 'drafts'): Promise<number> {
  return (await readStore<number>(page, 'vigie-outbox', store, 'count')) ?? 0;
}

/** How many writes the outbox holds: what is still to be sent. */
export const outboxSize = (page: Page) => storeCount(page, 'items');
