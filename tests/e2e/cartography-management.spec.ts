/**
 * Cartography management in Chromium with its software WebGL, against the real
 * server and its demo district: a manager of points (the operator) places a new point of
 * interest with a tap on the map, then moves it by dragging its marker; a reader of the map
 * (another browser, cartography.read) finds the point at its new place (its sheet on the map
 * says where it is). A layer moved up and no longer shown by default is seen so by a new
 * reader (its layers panel's order and switch); the layer dragged back by its handle. A point written offline, placed by typing its
 * coordinates (the keyboard's way), shows at once, marked waiting, and is sent once the network
 * is back. axe on the three pages. On a phone, the points page's List / Map switch shows the map
 * then the list again, and a new point's form shows below the map it is placed on.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoViolations } from './axe';
import { cutNetwork, restoreNetwork, submitLogin } from './support';

const MANAGER = 'operator@demo.vigie.test';
const READER = 'field@demo.vigie.test';
const POINTS_LAYER = 'Équipements de sécurité';
const AREAS_LAYER = 'Zones';

async function login(page: Page, email: string): Promise<void> {
  await submitLogin(page, email);
  await expect(page).toHaveURL(/\/dashboard/);
}

/** A new browser (its own storage: no switch kept from an earlier visit) logged in as the reader, on the map. */
async function readerOnMap(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await login(page, READER);
  await page.goto('/cartography');
  await expect(page.getByRole('region', { name: 'Map of the district' })).toHaveAttribute('data-state', 'ready');
  return page;
}

test('a point placed and moved on the map by a manager is at its new place for a reader', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await login(page, MANAGER);
  await page.goto('/cartographyManagement/interestPoint/view');
  const map = page.getByRole('region', { name: 'Map of the points of interest' });
  await expect(map).toHaveAttribute('data-state', 'ready');
  await expect(page.getByRole('list', { name: 'Points of interest' }).getByRole('listitem').first()).toBeVisible();
  await expectNoViolations(page, 'points of interest');

  // New point: a tap on the map places it, the form takes the place.
  await page.getByRole('button', { name: 'New point' }).click();
  const form = page.getByRole('form', { name: 'New point of interest' });
  await expect(page.getByText('Tap the map where the point is, or type its position.')).toBeVisible();
  const box = (await map.boundingBox())!;
  await map.click({ position: { x: box.width / 2 + 30, y: box.height / 2 - 20 } });
  await expect(form.getByLabel('Latitude')).not.toHaveValue('');
  await expect(page.getByTestId('point-marker')).toBeVisible();
  const name = `Extincteur e2e ${Date.now()}`;
  await form.getByLabel('Name').fill(name);
  await form.getByRole('button', { name: 'Save' }).click();

  const sheet = page.getByRole('article', { name });
  await expect(sheet).toBeVisible();
  const placed = (await sheet.getByTestId('point-position').textContent()) ?? '';
  expect(placed).toMatch(/^-?\d+(\.\d+)?, -?\d+(\.\d+)?$/);
  await expect(sheet.getByText('Waiting to be sent')).toHaveCount(0, { timeout: 20_000 });

  // Move: drag the marker with the pointer; the fields follow, then save.
  await sheet.getByRole('button', { name: 'Move' }).click();
  const moveForm = page.getByRole('form', { name: `Move ${name}` });
  const marker = page.getByTestId('point-marker');
  await expect(marker).toBeVisible();
  const before = await moveForm.getByLabel('Latitude').inputValue();
  const start = (await marker.boundingBox())!;
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
  await page.mouse.down();
  await page.mouse.move(start.x + start.width / 2 + 60, start.y + start.height / 2 + 45, { steps: 12 });
  await page.mouse.up();
  await expect(moveForm.getByLabel('Latitude')).not.toHaveValue(before);
  const lat = await moveForm.getByLabel('Latitude').inputValue();
  const lng = await moveForm.getByLabel('Longitude').inputValue();
  await moveForm.getByRole('button', { name: 'Save the new place' }).click();
  await expect(sheet.getByTestId('point-position')).toHaveText(`${lat}, ${lng}`);
  expect(`${lat}, ${lng}`).not.toBe(placed);
  await expect(sheet.getByText('Waiting to be sent')).toHaveCount(0, { timeout: 20_000 });
  // The history says it moved.
  await expect(sheet.getByRole('region', { name: 'History' }).getByText(`Position: ${placed} → ${lat}, ${lng}`)).toBeVisible();

  // A reader, elsewhere, finds it at its new place.
  const reader = await readerOnMap(browser);
  const entry = reader.getByRole('list', { name: 'Features in view' }).locator('li[data-kind="poi"]').getByRole('button', { name, exact: true });
  await entry.click();
  await expect(reader.getByRole('region', { name })).toContainText(`Position: ${lat}, ${lng}`);
  await reader.context().close();
});

test('a layer moved up and hidden by default is seen so by a new reader; the categories and layers pages pass axe', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await login(page, MANAGER);
  await page.goto('/cartographyManagement/interestPoint/management');
  await expect(page.getByRole('list', { name: 'Point categories' }).getByText('Extincteur', { exact: true })).toBeVisible();
  await expectNoViolations(page, 'point categories');

  await page.goto('/cartographyManagement/layer/layerManagement');
  const layers = page.getByRole('list', { name: 'The district\'s layers, top first' });
  await expect(layers.getByRole('listitem')).toHaveText([new RegExp(POINTS_LAYER), new RegExp(AREAS_LAYER)]);
  await expectNoViolations(page, 'layers');
  await page.getByRole('button', { name: `Move ${AREAS_LAYER} up` }).click();
  await expect(page.getByRole('status').filter({ hasText: `${AREAS_LAYER} is now layer 1 of 2.` })).toBeAttached();
  await expect(layers.getByRole('listitem')).toHaveText([new RegExp(AREAS_LAYER), new RegExp(POINTS_LAYER)]);
  await page.getByRole('switch', { name: `Shown by default ${POINTS_LAYER}` }).uncheck();
  await expect(layers.getByText('Waiting to be sent')).toHaveCount(0, { timeout: 20_000 });
  await page.reload();
  await expect(layers.getByRole('listitem')).toHaveText([new RegExp(AREAS_LAYER), new RegExp(POINTS_LAYER)]);
  await expect(page.getByRole('switch', { name: `Shown by default ${POINTS_LAYER}` })).not.toBeChecked();

  const reader = await readerOnMap(browser);
  const switches = reader.getByRole('group', { name: 'Layers' }).getByRole('switch');
  await expect(switches).toHaveCount(4);
  const names = await reader.locator('.carto-layer-switch').allTextContents();
  expect(names.map((text) => text.trim())).toEqual(['Sites', 'Incidents', AREAS_LAYER, POINTS_LAYER]);
  await expect(reader.getByRole('switch', { name: POINTS_LAYER })).not.toBeChecked();
  await expect(reader.getByRole('switch', { name: AREAS_LAYER })).toBeChecked();
  await expect(reader.getByRole('list', { name: 'Features in view' }).locator('li[data-kind="poi"]')).toHaveCount(0);
  await reader.context().close();

  // Back as the demo had it, for whoever reads the map next: shown by default, and Zones dragged
  // by its handle (pointer events) below the points again.
  await page.getByRole('switch', { name: `Shown by default ${POINTS_LAYER}` }).check();
  const handle = (await page.getByRole('button', { name: `Drag ${AREAS_LAYER} to reorder` }).boundingBox())!;
  const below = (await layers.getByRole('listitem').nth(1).boundingBox())!;
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
  await page.mouse.down();
  await page.mouse.move(handle.x + handle.width / 2, below.y + below.height * 0.9, { steps: 10 });
  await page.mouse.up();
  await expect(page.getByRole('status').filter({ hasText: `${AREAS_LAYER} is now layer 2 of 2.` })).toBeAttached();
  await expect(layers.getByRole('listitem')).toHaveText([new RegExp(POINTS_LAYER), new RegExp(AREAS_LAYER)]);
  await expect(layers.getByText('Waiting to be sent')).toHaveCount(0, { timeout: 20_000 });
});

test('a point written offline with typed coordinates shows at once, waiting, and is sent when the network is back', async ({ page, context }) => {
  test.setTimeout(90_000);
  await login(page, MANAGER);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.goto('/cartographyManagement/interestPoint/view');
  await expect(page.getByRole('region', { name: 'Map of the points of interest' })).toHaveAttribute('data-state', 'ready');
  const list = page.getByRole('list', { name: 'Points of interest' });
  await expect(list.getByRole('listitem').first()).toBeVisible();

  await cutNetwork(context);
  await page.getByRole('button', { name: 'New point' }).click();
  const form = page.getByRole('form', { name: 'New point of interest' });
  const name = `Vanne hors ligne ${Date.now()}`;
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Latitude').fill('45,7601');
  await form.getByLabel('Longitude').fill('4.8402');
  await form.getByRole('button', { name: 'Save' }).click();
  const sheet = page.getByRole('article', { name });
  await expect(sheet.getByTestId('point-position')).toHaveText('45.7601, 4.8402');
  await expect(sheet.getByText('Waiting to be sent')).toBeVisible();
  await sheet.getByRole('button', { name: 'Back to the list' }).click();
  const row = list.getByRole('listitem').filter({ hasText: name });
  await expect(row.getByText('Waiting to be sent')).toBeVisible();

  await restoreNetwork(context);
  await expect(row.getByText('Waiting to be sent')).toHaveCount(0, { timeout: 30_000 });
  // Sent: the server's list has it (sorted by name among the district's points, so searched for).
  await page.getByRole('searchbox', { name: 'Search points' }).fill(name);
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(row).toBeVisible();
  await expect(row.getByText('Waiting to be sent')).toHaveCount(0);
});

test('on a phone the points page switches between the list and the map, and a new point is placed on the map above its form', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 412, height: 823 });
  await login(page, MANAGER);
  await page.goto('/cartographyManagement/interestPoint/view');
  const list = page.getByRole('list', { name: 'Points of interest' });
  const map = page.getByRole('region', { name: 'Map of the points of interest' });
  const views = page.getByRole('group', { name: 'Show the list or the map' });
  await expect(list.getByRole('listitem').first()).toBeVisible();
  await expect(views.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
  await expect(map).toHaveCount(0);

  await views.getByRole('button', { name: 'Map' }).click();
  await expect(map).toHaveAttribute('data-state', 'ready');
  await expect(views.getByRole('button', { name: 'Map' })).toHaveAttribute('aria-pressed', 'true');
  await expect(list).toHaveCount(0);
  await expect(page).toHaveURL(/view=map/);

  await views.getByRole('button', { name: 'List' }).click();
  await expect(list.getByRole('listitem').first()).toBeVisible();
  await expect(map).toHaveCount(0);
  await expect(page).not.toHaveURL(/view=map/);

  // A new point: the map (to tap its place) above the form, no switch.
  await page.getByRole('button', { name: 'New point' }).click();
  const form = page.getByRole('form', { name: 'New point of interest' });
  await expect(map).toHaveAttribute('data-state', 'ready');
  await expect(form.getByLabel('Name')).toBeVisible();
  await expect(views).toHaveCount(0);
  const mapBox = (await map.boundingBox())!;
  const formBox = (await form.boundingBox())!;
  expect(mapBox.y + mapBox.height).toBeLessThanOrEqual(formBox.y + 1);
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(list.getByRole('listitem').first()).toBeVisible();
  await expect(views.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
});
