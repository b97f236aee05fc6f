/**
 * The public pages' light entry (common/public-pages.ts) in a staff member's installed app: with
 * the app's service worker in control, opening a share link's address gets the public page
 * (public.html: none of the app's stylesheet or shell), online, and offline from the worker's
 * precache, where the viewer says the share could not be loaded and offers to try again; back
 * online, "Try again" shows the share. The terms open from the same entry. axe finds nothing.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_SITES } from '../../server/src/seed/demo-data';
import { expectNoViolations } from './axe';
import { cutNetwork, restoreNetwork, submitLogin } from './support';

const MANAGER = 'operator@demo.vigie.test';
const TARGET = DEMO_SITES.Lyon![2]!;

/** The page came from public.html: its entry script, and no stylesheet link (its styles are inlined). */
async function isPublicEntry(page: Page): Promise<boolean> {
  return page.evaluate(() => document.querySelector('script[src*="/assets/public-"]') !== null && document.querySelector('link[rel="stylesheet"]') === null);
}

test('an installed app opens a share link as the light public page, online and offline', async ({ page, context }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await submitLogin(page, MANAGER);
  await expect(page.getByTestId('toolbar-district')).toHaveText('Lyon');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });

  const token = await page.evaluate(() => localStorage.getItem('token'));
  const headers = { Authorization: `Bearer ${token ?? ''}` };
  const sites = (await (await page.request.get('/api/third-party/links/sites', { headers })).json()) as { data: { id: string; name: string }[] };
  const site = sites.data.find((s) => s.name === TARGET.name)!;
  const created = await page.request.post('/api/third-party/links', {
    headers,
    data: { id: randomUUID(), siteId: site.id, recipientName: 'Karine Lemoine', recipientEmail: `karine.${randomUUID().slice(0, 8)}@bureau-controle.example`, message: '', items: [{ kind: 'site', id: site.id }], otp: false },
  });
  expect(created.status()).toBe(201);
  const path = new URL(((await created.json()) as { data: { url: string } }).data.url).pathname;

  // Online, through the app's service worker: the public page, not the app's shell.
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: TARGET.name })).toBeVisible();
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  expect(await isPublicEntry(page)).toBe(true);
  await expectNoViolations(page, 'the share link viewer in the installed app');

  // Offline: the same page from the worker's precache, which says the share could not be loaded.
  await cutNetwork(context);
  await page.reload();
  await expect(page.getByRole('alert')).toContainText('The share could not be loaded.');
  expect(await isPublicEntry(page)).toBe(true);
  await restoreNetwork(context);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: TARGET.name })).toBeVisible();

  // The terms come from the same entry; their link back leads to the app's login page.
  await page.goto('/terms');
  await expect(page.getByRole('heading', { name: 'Privacy notice', level: 2 })).toBeVisible();
  expect(await isPublicEntry(page)).toBe(true);
  await expectNoViolations(page, '/terms');
});
