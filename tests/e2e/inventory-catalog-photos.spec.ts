/**
 * A new item's photos chosen in its create form, in Chromium against the real server: the item
 * and its photo go through the outbox together, and once sent the item on the server holds the
 * photo (the same file its sheet shows).
 */
import { expect, test } from '@playwright/test';
import type { Equipment } from '../../common/modules/inventory/catalog';
import { DEMO_PASSWORD } from '../../server/src/seed/demo-data';
import { submitLogin } from './support';

const OPERATOR = 'operator@demo.vigie.test';
// A 1 × 1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

test('a manager creates an item with a photo chosen in the form: both reach the server', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await submitLogin(page, OPERATOR);
  await expect(page.getByTestId('toolbar-district')).toHaveText('Lyon');
  const tag = `PHOTO-${Date.now().toString(36)}`;
  await page.goto(`/inventory-v2/equipment/new?barcode=3760123450023&tag=${tag}`);
  await expect(page.getByLabel('Tag', { exact: true })).toHaveValue(tag);
  await page.getByLabel('Add photos').setInputFiles({ name: `plaque-${tag}.png`, mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('list', { name: '1 photo chosen' })).toContainText(`plaque-${tag}.png`);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(tag).first()).toBeVisible();

  const login = await page.request.post('/api/auth/login', { data: { email: OPERATOR, password: DEMO_PASSWORD } });
  const headers = { authorization: `Bearer ${((await login.json()) as { data: { token: string } }).data.token}` };
  const get = async <T>(url: string): Promise<T> => ((await (await page.request.get(url, { headers })).json()) as { data: T }).data;
  await expect
    .poll(async () => {
      const found = (await get<{ items: { id: string }[] }>(`/api/inventory/equipment?tag=${tag}`)).items[0];
      return found === undefined ? [] : (await get<Equipment>(`/api/inventory/equipment/${found.id}`)).files.map((f) => f.name);
    }, { timeout: 30_000 })
    .toEqual([`plaque-${tag}.png`]);
});
