/**
 * Map areas in Cartography management, in Chromium with its software
 * WebGL against the real server and its demo district: a manager draws an area with pointer
 * taps on the map's canvas (closing on the first corner), names it and saves it; it is listed
 * and then drawn on the reader's map. A GeoJSON file the server refuses shows the server's
 * reason, naming the feature. The areas, groups and incidents pages pass axe.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoViolations } from './axe';
import { openDialog, submitLogin } from './support';

// Every right of the catalogue: manages areas, groups and incidents, and reads the map.
const MANAGER = 'operator@demo.vigie.test';

async function openAreas(page: Page): Promise<void> {
  await submitLogin(page, MANAGER);
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto('/cartographyManagement/layer/mapsArea');
  await expect(page.getByRole('region', { name: 'Map of the areas' })).toHaveAttribute('data-state', 'ready');
}

test('a manager draws an area on the map, saves it, and it is listed and drawn on the reader’s map', async ({ page }) => {
  test.setTimeout(120_000);
  await openAreas(page);
  await expectNoViolations(page, 'areas');
  const name = `Zone dessinée ${Date.now()}`;

  await page.getByRole('button', { name: 'Draw an area' }).click();
  const map = page.getByRole('region', { name: 'Map of the areas' });
  await expect(map).toHaveAttribute('data-draw', 'drawing');
  const box = (await map.boundingBox())!;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const corners: [number, number][] = [
    [cx - 60, cy - 50],
    [cx + 60, cy - 50],
    [cx + 60, cy + 50],
    [cx - 60, cy + 50],
  ];
  for (const [index, [x, y]] of corners.entries()) {
    await page.mouse.click(x, y);
    await expect(page.getByText(`(${index + 1} so far)`)).toBeVisible();
  }
  // A tap on the first corner closes the area and opens its form.
  await page.mouse.click(corners[0]![0], corners[0]![1]);
  const form = page.getByRole('form', { name: 'New area' });
  await expect(form).toBeVisible();
  const surface = form.getByText(/Surface: [\d,.\s]+ (m²|ha)\./);
  await expect(surface).toBeVisible();
  const drawn = await surface.textContent();

  // Back to the shape: a corner dragged outwards (pointer events) makes the area larger.
  await form.getByRole('button', { name: 'Change the shape' }).click();
  await expect(map).toHaveAttribute('data-draw', 'shaping');
  await page.mouse.move(corners[2]![0], corners[2]![1]);
  await page.mouse.down();
  await page.mouse.move(corners[2]![0] + 30, corners[2]![1] + 25, { steps: 5 });
  await page.mouse.move(corners[2]![0] + 60, corners[2]![1] + 50, { steps: 5 });
  await page.mouse.up();
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(form.getByText(/Surface: [\d,.\s]+ (m²|ha)\./)).toBeVisible();
  const reshaped = await form.getByText(/Surface: [\d,.\s]+ (m²|ha)\./).textContent();
  expect(reshaped).not.toBe(drawn);
  await form.getByLabel('Name').fill(name);
  await form.getByRole('button', { name: 'Save' }).click();

  // Its sheet, then the list.
  await expect(page.getByRole('article', { name })).toBeVisible();
  await page.getByRole('button', { name: 'Back to the list' }).click();
  await expect(page.getByRole('list', { name: 'Map areas' }).getByRole('link', { name: new RegExp(name) })).toBeVisible();

  // Delivered to the server (the outbox sends it at once online), then on the reader's map.
  const token = (await page.evaluate(() => localStorage.getItem('token'))) ?? '';
  await expect
    .poll(async () => {
      const response = await page.request.get(`/api/cartography/areas?search=${encodeURIComponent(name)}`, { headers: { Authorization: `Bearer ${token}` } });
      return ((await response.json()) as { data: { total: number } }).data.total;
    })
    .toBe(1);
  await page.goto('/cartography');
  await expect(page.getByRole('region', { name: 'Map of the district' })).toHaveAttribute('data-state', 'ready');
  const inView = page.getByRole('list', { name: 'Features in view' });
  await expect(inView.locator('li[data-kind="area"]', { hasText: name })).toHaveCount(1, { timeout: 30_000 });
});

test('a GeoJSON file the server refuses shows its reason, naming the feature', async ({ page }) => {
  test.setTimeout(90_000);
  await openAreas(page);
  await page.getByRole('button', { name: 'Import / export' }).click();
  const dialog = openDialog(page);
  await expect(dialog.getByRole('heading', { name: 'Import and export' })).toBeVisible();
  const line = { type: 'FeatureCollection', features: [{ type: 'Feature', properties: { name: 'Clôture' }, geometry: { type: 'LineString', coordinates: [[4.83, 45.73], [4.84, 45.74]] } }] };
  await dialog.getByLabel('Or paste its text').fill(JSON.stringify(line));
  await dialog.getByRole('button', { name: 'Check (dry run)' }).click();
  const problem = dialog.getByRole('alert');
  await expect(problem).toContainText('The file cannot be imported.');
  await expect(problem).toContainText('feature 0');
  await expect(problem).toContainText('LineString');
  await expect(dialog.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
  await expectNoViolations(page, 'import dialog');

  // A valid polygon: the dry run counts it, nothing is written until Import.
  const square = { type: 'Feature', properties: { name: 'Zone importée' }, geometry: { type: 'Polygon', coordinates: [[[4.83, 45.73], [4.831, 45.73], [4.831, 45.731], [4.83, 45.731], [4.83, 45.73]]] } };
  await dialog.getByLabel('Or paste its text').fill(JSON.stringify(square));
  await dialog.getByRole('button', { name: 'Check (dry run)' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'would create 0 point(s) and 1 area(s)' })).toBeVisible();
});

test('the groups and incidents pages pass axe', async ({ page }) => {
  test.setTimeout(90_000);
  await submitLogin(page, MANAGER);
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto('/cartographyManagement/layer/mapsAreaGroup');
  await expect(page.getByRole('list', { name: 'Groups of areas' }).getByRole('link').first()).toBeVisible();
  await page.getByRole('list', { name: 'Groups of areas' }).getByRole('link').first().click();
  await expect(page.getByRole('heading', { name: /Its areas? \(\d+\)/ })).toBeVisible();
  await expectNoViolations(page, 'groups');
  await page.goto('/cartographyManagement/incidentAll/incident');
  await expect(page.getByRole('region', { name: 'Map of the incidents' })).toHaveAttribute('data-state', 'ready');
  await expect(page.getByRole('button', { name: 'Change the status' }).first()).toBeVisible();
  await expectNoViolations(page, 'incidents');
});
