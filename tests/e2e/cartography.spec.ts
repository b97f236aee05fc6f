/**
 * The map in Chromium with its software WebGL, against the real server and its demo
 * district: the map draws the district's sites and incidents (read from the page's list of
 * what is in view, which is what the map rendered, clusters expanded), a layer switched off
 * takes its features away, the page passes axe, and after one online visit the map opens
 * offline with its features (the read cache's copy, MapLibre from the service worker's cache).
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoViolations } from './axe';
import { cutNetwork, offlineCacheText, restoreNetwork, submitLogin } from './support';

// Reads every declaration of Lyon (declarations.read, cartography.read).
const READER = 'district-admin@demo.vigie.test';

const inView = (page: Page) => page.getByRole('list', { name: 'Features in view' });
const inViewOf = (page: Page, kind: 'site' | 'incident') => inView(page).locator(`li[data-kind="${kind}"]`);

interface Features {
  features: { properties: { kind: string; name: string; layer: string } }[];
}

async function serverFeatures(page: Page): Promise<Features> {
  const token = (await page.evaluate(() => localStorage.getItem('token'))) ?? '';
  const response = await page.request.get('/api/cartography/features', { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: Features }).data;
}

async function openMapOnline(page: Page): Promise<void> {
  await submitLogin(page, READER);
  await expect(page).toHaveURL(/\/dashboard/);
  // The service worker controls the page before the map's code is first asked for, so it keeps it.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.goto('/cartography');
  await expect(page.getByRole('region', { name: 'Map of the district' })).toHaveAttribute('data-state', 'ready');
}

test('the map draws the district’s sites and incidents; a layer switched off takes its features away', async ({ page }) => {
  test.setTimeout(90_000);
  await openMapOnline(page);
  const { features } = await serverFeatures(page);
  const site = features.find((feature) => feature.properties.kind === 'site');
  const incident = features.find((feature) => feature.properties.kind === 'incident');
  expect(site, 'the demo district has a site with a position').toBeDefined();
  expect(incident, 'the demo district has an incident with a position').toBeDefined();

  await expect(inViewOf(page, 'site').getByRole('link', { name: site?.properties.name ?? '', exact: true }).first()).toBeVisible();
  await expect(inViewOf(page, 'incident').first()).toBeVisible();
  await expectNoViolations(page, 'map');

  await page.getByRole('switch', { name: 'Incidents' }).uncheck();
  await expect(inViewOf(page, 'incident')).toHaveCount(0);
  await expect(inViewOf(page, 'site').first()).toBeVisible();
  // The switch is the user's own, kept on the device.
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Incidents' })).not.toBeChecked();
  await expect(inViewOf(page, 'site').first()).toBeVisible();
  await expect(inViewOf(page, 'incident')).toHaveCount(0);
  await page.getByRole('switch', { name: 'Incidents' }).check();
  await expect(inViewOf(page, 'incident').first()).toBeVisible();

  // A tap on the list's incident opens its sheet.
  const first = inViewOf(page, 'incident').getByRole('link').first();
  const name = (await first.textContent()) ?? '';
  await first.click();
  await expect(page).toHaveURL(/\/declarations\/[0-9a-f-]{36}/);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
});

test('after one online visit, the map opens offline with its features', async ({ page, context }) => {
  test.setTimeout(90_000);
  await openMapOnline(page);
  await expect(inViewOf(page, 'site').first()).toBeVisible();
  const sites = await inViewOf(page, 'site').count();
  const incidents = await inViewOf(page, 'incident').count();
  // The features are in the read cache's offline copy, the basemap's style and tiles in the worker's cache.
  await expect.poll(() => offlineCacheText(page), { timeout: 30_000 }).toContain('"FeatureCollection"');
  await expect.poll(() => page.evaluate(async () => (await (await caches.open('vigie-basemap')).keys()).length), { timeout: 30_000 }).toBeGreaterThan(1);

  await cutNetwork(context);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Map of the district' })).toHaveAttribute('data-state', 'ready');
  await expect(inViewOf(page, 'site')).toHaveCount(sites);
  await expect(inViewOf(page, 'incident')).toHaveCount(incidents);
  await restoreNetwork(context);
});
