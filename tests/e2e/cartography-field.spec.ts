/**
 * The map in the field, Chromium with its software WebGL against the real server:
 * "report here" (a tap in pick mode opens the report form with the pin there; the declaration
 * sent is an incident on the map at that place), the address search finding a demo site
 * offline and flying there, and "make this area available offline" (counted and sized first,
 * then downloaded into the service worker's cache, whose tiles the map draws offline; the
 * profile counts them).
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { cutNetwork, offlineCacheText, outboxSize, restoreNetwork, submitLogin, tokenOf } from './support';

// Reads every declaration of Lyon and reports (declarations, cartography.read).
const READER = 'district-admin@demo.vigie.test';
const MANAGER = 'operator@demo.vigie.test';

const mapRegion = (page: Page) => page.getByRole('region', { name: 'Map of the district' });
const inView = (page: Page) => page.getByRole('list', { name: 'Features in view' });
const inViewOf = (page: Page, kind: 'site' | 'incident') => inView(page).locator(`li[data-kind="${kind}"]`);

async function openMapOnline(page: Page): Promise<void> {
  await submitLogin(page, READER);
  await expect(page).toHaveURL(/\/dashboard/);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.goto('/cartography');
  await expect(mapRegion(page)).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
  await expect(inViewOf(page, 'site').first()).toBeVisible();
}

test('report here: a tap in pick mode opens the report form with the pin there; sent, it is an incident on the map at that place', async ({ page, request }) => {
  test.setTimeout(120_000);
  const manager = await tokenOf(request, MANAGER);
  const typeName = `Constat ${randomUUID().slice(0, 6)}`;
  const created = await request.post('/api/declarations/templates', {
    headers: { Authorization: `Bearer ${manager}`, 'Idempotency-Key': randomUUID() },
    data: { id: randomUUID(), name: typeName, icon: 'water', defaultSeverity: 'high', notify: [], fields: [{ key: 'note', label: 'Note', kind: 'text', required: false }] },
  });
  expect(created.status()).toBe(201);

  await openMapOnline(page);
  await page.getByRole('button', { name: 'Report here' }).click();
  await expect(page.getByText('Tap the map where it happened')).toBeVisible();
  const box = (await mapRegion(page).boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.4, box.y + box.height * 0.6);
  await expect(page).toHaveURL(/\/declarations\/new\?.*at=/);
  const at = new URL(page.url()).searchParams.get('at')!;
  const [lat, lng] = at.split(',').map(Number) as [number, number];
  expect(Math.abs(lat - 45.75)).toBeLessThan(0.5);
  expect(Math.abs(lng - 4.85)).toBeLessThan(0.5);

  await page.getByRole('button', { name: typeName }).click();
  const form = page.getByRole('form', { name: `Report: ${typeName}` });
  await expect(form.getByText(`${lat}, ${lng} (placed by hand)`)).toBeVisible();
  const title = `Chute d’objet ${randomUUID().slice(0, 8)}`;
  await form.getByLabel('Title').fill(title);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect.poll(() => outboxSize(page), { timeout: 30_000 }).toBe(0);

  // On the server, at the pressed place; on the map, an incident drawn there.
  const token = (await page.evaluate(() => localStorage.getItem('token'))) ?? '';
  const features = (await (await page.request.get('/api/cartography/features?layers=incidents', { headers: { Authorization: `Bearer ${token}` } })).json()) as {
    data: { features: { geometry: { coordinates: [number, number] }; properties: { name: string } }[] };
  };
  const incident = features.data.features.find((feature) => feature.properties.name === title);
  expect(incident?.geometry.coordinates).toEqual([lng, lat]);
  await page.goto('/cartography');
  await expect(mapRegion(page)).toHaveAttribute('data-state', 'ready');
  await expect(inViewOf(page, 'incident').getByRole('link', { name: title })).toBeVisible({ timeout: 30_000 });
});

test('the address search finds a demo site offline, flies to it and opens its sheet', async ({ page, context }) => {
  test.setTimeout(90_000);
  await openMapOnline(page);
  const sitesAtFirst = await inViewOf(page, 'site').count();
  expect(sitesAtFirst).toBeGreaterThan(1);
  const siteName = (await inViewOf(page, 'site').getByRole('link').first().textContent()) ?? '';
  await expect.poll(() => offlineCacheText(page), { timeout: 30_000 }).toContain('"FeatureCollection"');

  await cutNetwork(context);
  await page.reload();
  await expect(mapRegion(page)).toHaveAttribute('data-state', 'ready');
  const search = page.getByRole('combobox', { name: 'Search the map' });
  // Typed without its accents and in lower case: the device folds both.
  const typed = siteName.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().split(' ')[0]!;
  await search.fill(typed);
  const results = page.getByRole('listbox', { name: 'Search results' });
  await expect(results.getByRole('option').first()).toBeVisible();
  await expect(page.getByText("Offline: only the district's sites and points are searched.")).toBeVisible();
  const option = results.getByRole('option').filter({ hasText: siteName }).first();
  await expect(option).toBeVisible();
  // Chosen with the keyboard, as the combobox pattern has it.
  const index = await results.getByRole('option').evaluateAll((options, name) => options.findIndex((o) => o.textContent?.includes(name)), siteName);
  for (let i = 0; i <= index; i += 1) await search.press('ArrowDown');
  await expect(search).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id'))!);
  await search.press('Enter');

  await expect(page.getByRole('heading', { name: siteName, level: 2 })).toBeVisible();
  // Flown there: the view holds that site and fewer of the others.
  await expect.poll(() => inViewOf(page, 'site').count(), { timeout: 20_000 }).toBeLessThan(sitesAtFirst);
  await expect(inViewOf(page, 'site').getByRole('link', { name: siteName, exact: true })).toBeVisible();
  await restoreNetwork(context);
});

test('making the district available offline sizes it first, keeps its tiles, and the map draws them offline', async ({ page, context }) => {
  test.setTimeout(120_000);
  await openMapOnline(page);
  const panel = page.getByRole('region', { name: 'Map background offline' });
  // What the map kept while browsing is removed first: what follows is the download's.
  const remove = panel.getByRole('button', { name: 'Remove the map background kept' });
  if (await remove.isVisible()) await remove.click();
  await expect(panel.getByText('No map background is kept on this device yet.')).toBeVisible();

  await panel.getByRole('radio', { name: 'The whole district' }).check();
  await panel.getByRole('button', { name: 'Make this area available offline' }).click();
  // The count and the size before anything else is downloaded; the built-in basemap goes to zoom 8.
  const plan = panel.getByText(/^\d+ tiles? up to zoom 8, about .+\.$/);
  await expect(plan).toBeVisible({ timeout: 30_000 });
  const tiles = Number(/^(\d+)/.exec((await plan.textContent()) ?? '')![1]);
  expect(tiles).toBeGreaterThan(8);
  await panel.getByRole('button', { name: 'Download' }).click();
  await expect(panel.getByText('The area is available offline.')).toBeVisible({ timeout: 60_000 });
  await expect(panel.getByTestId('basemap-kept')).toContainText('up to zoom 8');
  const kept = await page.evaluate(async () => (await (await caches.open('vigie-basemap')).keys()).map((request) => new URL(request.url).pathname));
  expect(kept.filter((path) => /\/basemap\/tiles\/\d+\/\d+\/\d+\.pbf$/.test(path)).length).toBeGreaterThanOrEqual(tiles);
  expect(kept.filter((path) => path.includes('/tiles/8/')).length).toBeGreaterThan(0);

  // The profile counts it.
  await page.goto('/me');
  await expect(page.getByTestId('offline-basemap')).toContainText('Map background');

  // Offline, the map's tiles come from the worker's cache.
  await cutNetwork(context);
  const fromCache: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/basemap/tiles/') && response.status() === 200 && response.fromServiceWorker()) fromCache.push(response.url());
  });
  await page.goto('/cartography');
  await expect(mapRegion(page)).toHaveAttribute('data-state', 'ready');
  await expect(inViewOf(page, 'site').first()).toBeVisible();
  await expect.poll(() => fromCache.length, { timeout: 20_000 }).toBeGreaterThan(0);
  await restoreNetwork(context);
});

test('the map opened on the first visit, while the app installs, then its area kept: it draws offline across restarts, with its layers and features', async ({ page, context }) => {
  test.setTimeout(150_000);
  // The first visit on a slow network: the service worker is still installing (one of its
  // files held back) while the user opens the map, whose code then comes past it.
  let installed: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (installed = resolve));
  await context.route('**/icons/icon-maskable-512.png', async (route) => {
    await held;
    await route.continue();
  });
  await submitLogin(page, READER);
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto('/cartography');
  await expect(mapRegion(page)).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
  expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
  installed();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await context.unrouteAll({ behavior: 'wait' });

  const panel = page.getByRole('region', { name: 'Map background offline' });
  await panel.getByRole('radio', { name: 'The whole district' }).check();
  await panel.getByRole('button', { name: 'Make this area available offline' }).click();
  await panel.getByRole('button', { name: 'Download' }).click();
  await expect(panel.getByText('The area is available offline.')).toBeVisible({ timeout: 60_000 });
  await expect.poll(() => offlineCacheText(page), { timeout: 30_000 }).toContain('"FeatureCollection"');
  // The map's library is on the device: its code, its worker and its stylesheet.
  const mapCode = () => page.evaluate(async () => (await (await caches.open('vigie-map-code')).keys()).map((request) => new URL(request.url).pathname.replace(/-[\w-]{8}\./, '.')).sort());
  await expect.poll(mapCode, { timeout: 30_000 }).toEqual(expect.arrayContaining(['/assets/maplibre-gl-worker.mjs', '/assets/maplibre-gl.css', '/assets/maplibre-gl.js']));

  // No network for the page nor for its service worker; the app started again, twice, then
  // the map's address typed.
  await cutNetwork(context);
  for (const start of [() => page.reload(), () => page.reload(), () => page.goto('/cartography')]) {
    await start();
    await expect(mapRegion(page)).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
    await expect(mapRegion(page).locator('canvas')).toBeVisible();
    await expect(page.getByText('The map could not be loaded', { exact: false })).toHaveCount(0);
    const layers = page.getByRole('group', { name: 'Layers' });
    await expect(layers.getByRole('switch', { name: 'Sites' })).toBeChecked();
    await expect(inViewOf(page, 'site').first()).toBeVisible();
  }
  await restoreNetwork(context);
});
