/**
 * The stock's manager screens and blind counts, in Chromium against the real server. A manager
 * on a desktop records an incoming delivery with its supplier picked in the form, renames an
 * area from its sheet, is told why an area holding stock cannot be deleted, and why it cannot
 * go under its own sub-area. A blind count hides the expected quantities from a field user's
 * phone while the manager still sees them.
 */
import { randomUUID } from 'node:crypto';
import { expect, request as apiRequest, test, type APIRequestContext } from '@playwright/test';
import type { CatalogChoices } from '../../common/modules/inventory/catalog';
import type { MovementPage, StockArea } from '../../common/modules/inventory/stock';
import { DEMO_PASSWORD } from '../../server/src/seed/demo-data';
import { submitLogin } from './support';

const PHONE = { width: 390, height: 844 };
const FIELD = 'field@demo.vigie.test';
const MANAGER = 'operator@demo.vigie.test';

async function operatorApi(request: APIRequestContext) {
  const login = await request.post('/api/auth/login', { data: { email: MANAGER, password: DEMO_PASSWORD } });
  expect(login.status()).toBe(200);
  const headers = { authorization: `Bearer ${((await login.json()) as { data: { token: string } }).data.token}` };
  const post = async <T>(url: string, data: unknown): Promise<T> => {
    const response = await request.post(url, { headers: { ...headers, 'idempotency-key': randomUUID() }, data });
    expect(response.status(), `${url}: ${await response.text()}`).toBeLessThan(300);
    return ((await response.json()) as { data: T }).data;
  };
  const get = async <T>(url: string): Promise<T> => ((await (await request.get(url, { headers })).json()) as { data: T }).data;
  return { post, get, setRights: async (id: string, rights: string[]) => expect((await request.put(`/api/users/${id}/rights`, { headers, data: { rights } })).status()).toBe(200) };
}

let restoreRights: { id: string; rights: string[] } | undefined;
test.afterEach(async ({ baseURL }) => {
  if (restoreRights === undefined) return;
  const context = await apiRequest.newContext({ baseURL });
  try {
    await (await operatorApi(context)).setRights(restoreRights.id, restoreRights.rights);
    restoreRights = undefined;
  } finally {
    await context.dispose();
  }
});

const tagOf = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test('a manager records a delivery with its supplier, renames an area, and is told why an area cannot be deleted or moved under itself', async ({ page, request }) => {
  test.setTimeout(120_000);
  const tag = tagOf();
  const operator = await operatorApi(request);
  const store = randomUUID();
  const shelf = randomUUID();
  await operator.post('/api/inventory/stock/areas', { id: store, name: `Magasin E2E ${tag}`, kind: 'store' });
  await operator.post('/api/inventory/stock/areas', { id: shelf, name: `Étagère E2E ${tag}`, kind: 'shelf', parentId: store });
  const article = { id: randomUUID(), name: `Gants E2E ${tag}` };
  await operator.post('/api/inventory/articles', { id: article.id, name: article.name, unit: 'u' });
  const supplier = (await operator.get<CatalogChoices>('/api/inventory/choices')).suppliers[0]!;

  await page.setViewportSize({ width: 1280, height: 900 });
  await submitLogin(page, MANAGER);
  await expect(page.getByTestId('toolbar-district')).toBeVisible();
  await page.goto('/stock-management/incoming-stuff');
  const form = page.getByRole('form', { name: 'Record an incoming movement' });
  await form.getByLabel('Article').selectOption({ label: `${article.name} (u)` });
  await form.getByLabel('Area').selectOption({ label: `Magasin E2E ${tag} > Étagère E2E ${tag}` });
  await form.getByLabel('Quantity').fill('12');
  await form.getByLabel('Supplier').selectOption({ label: supplier.name });
  await form.getByLabel('Delivery note').fill(`BL-${tag}`);
  await form.getByRole('button', { name: 'Record' }).click();
  await expect
    .poll(async () => (await operator.get<MovementPage>(`/api/inventory/stock/movements?articleId=${article.id}`)).items.map((m) => [m.supplierId, m.deliveryNote, m.quantity]), { timeout: 30_000 })
    .toEqual([[supplier.id, `BL-${tag}`, 12]]);

  // The shelf holds stock: its delete is refused with the reason; renamed, it shows at once.
  await page.goto(`/stock-management/stock-area?area=${shelf}`);
  const edit = page.getByRole('form', { name: 'Edit the area' });
  await expect(edit.getByText('Cannot delete: this area still holds stock.', { exact: false })).toBeVisible();
  await expect(edit.getByRole('button', { name: 'Delete the area' })).toBeDisabled();
  await edit.getByLabel('Name').fill(`Étagère A E2E ${tag}`);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('button', { name: `Étagère A E2E ${tag}` })).toBeVisible();
  await expect.poll(async () => (await operator.get<StockArea[]>('/api/inventory/stock/areas')).find((a) => a.id === shelf)?.name, { timeout: 30_000 }).toBe(`Étagère A E2E ${tag}`);

  // The store cannot go under its own shelf: said before anything is queued.
  await page.goto(`/stock-management/stock-area?area=${store}`);
  const storeEdit = page.getByRole('form', { name: 'Edit the area' });
  await storeEdit.getByLabel('Parent area').selectOption({ label: `Magasin E2E ${tag} > Étagère A E2E ${tag}` });
  await expect(storeEdit.getByRole('alert')).toContainText('cannot be placed under itself or one of its sub-areas');
  await expect(storeEdit.getByRole('button', { name: 'Save' })).toBeDisabled();
  await expect(storeEdit.getByText('this area has sub-areas', { exact: false })).toBeVisible();
});

test('a blind count hides the expected quantities from a field user’s phone; the manager sees them', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const tag = tagOf();
  const operator = await operatorApi(request);
  const users = await operator.get<{ _id: string; email: string; rights: string[] }[]>('/api/users');
  const field = users.find((u) => u.email === FIELD)!;
  restoreRights = { id: field._id, rights: field.rights };
  await operator.setRights(field._id, [...new Set([...field.rights, 'stockManagement.inventory_read', 'stockManagement.stockArea_read'])]);
  const areaId = randomUUID();
  await operator.post('/api/inventory/stock/areas', { id: areaId, name: `Étagère aveugle ${tag}`, kind: 'shelf' });
  const article = { id: randomUUID(), name: `Masques E2E ${tag}` };
  await operator.post('/api/inventory/articles', { id: article.id, name: article.name, unit: 'u' });
  await operator.post('/api/inventory/stock/movements', { id: randomUUID(), kind: 'incoming', articleId: article.id, areaId, quantity: 20 });
  const blindId = randomUUID();
  await operator.post('/api/inventory/stock/counts', { id: blindId, areaId, blind: true });

  const phone = await browser.newContext({ viewport: PHONE, locale: 'en-US' });
  const fieldPage = await phone.newPage();
  await submitLogin(fieldPage, FIELD);
  await expect(fieldPage.getByTestId('toolbar-district')).toBeVisible();
  await fieldPage.goto(`/stock-management/inventory?count=${blindId}`);
  const line = fieldPage.getByTestId('stock-count-line').filter({ hasText: article.name });
  await expect(line).toBeVisible();
  await expect(fieldPage.getByText('Blind count')).toBeVisible();
  await expect(line.getByTestId('stock-count-expected')).toHaveCount(0);
  // The quantity 20 as a number of its own: the article's name ends in a random tag, whose
  // digits may hold "20".
  await expect(line).not.toContainText(/\b20\b/);
  await phone.close();

  const desk = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
  const managerPage = await desk.newPage();
  await submitLogin(managerPage, MANAGER);
  await expect(managerPage.getByTestId('toolbar-district')).toBeVisible();
  await managerPage.goto(`/stock-management/inventory?count=${blindId}`);
  await expect(managerPage.getByTestId('stock-count-line').filter({ hasText: article.name }).getByTestId('stock-count-expected')).toContainText('expected 20');
  await desk.close();
});
