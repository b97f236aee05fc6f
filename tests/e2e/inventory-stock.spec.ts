/**
 * The stock's count on a phone, offline, in Chromium against the real server. A manager has
 * started a count of a shelf holding two articles (made through the catalog's and the stock's
 * APIs). A field user with the count right logs in on a 390 px phone and goes offline at once:
 * the count, its lines and the articles are on the device. It scans one article's code three
 * times, adds one from its line, scans the other and types its total; each entry shows at once,
 * marked waiting; the page reloads while offline and nothing is lost; one more scan after the
 * reload. Back online, every entry reaches the server once (the counted totals are the device's).
 * The manager closes the count on its phone: the recap table's totals move by the differences.
 */
import { randomUUID } from 'node:crypto';
import { expect, request as apiRequest, test, type APIRequestContext } from '@playwright/test';
import type { StockCount, StockRecap } from '../../common/modules/inventory/stock';
import { DEMO_PASSWORD } from '../../server/src/seed/demo-data';
import { expectNoViolations } from './axe';
import { cutNetwork, offlineCacheText, restoreNetwork, submitLogin } from './support';

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

test('a field user counts a shelf offline on a phone: every entry reaches the server once, and the closed count moves the recap', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const operator = await operatorApi(request);
  const users = await operator.get<{ _id: string; email: string; rights: string[] }[]>('/api/users');
  const field = users.find((u) => u.email === FIELD)!;
  restoreRights = { id: field._id, rights: field.rights };
  await operator.setRights(field._id, [...new Set([...field.rights, 'stockManagement.inventory_read', 'stockManagement.stockArea_read'])]);

  // The shelf, two articles on it, a count started by the manager.
  const areaId = randomUUID();
  await operator.post('/api/inventory/stock/areas', { id: areaId, name: `Étagère E2E ${tag}`, kind: 'shelf' });
  const gloves = { id: randomUUID(), name: `Gants E2E ${tag}`, barcode: `E2EG${tag}` };
  const masks = { id: randomUUID(), name: `Masques E2E ${tag}`, barcode: `E2EM${tag}` };
  for (const a of [gloves, masks]) await operator.post('/api/inventory/articles', { id: a.id, name: a.name, unit: 'u', barcode: a.barcode, unitCostCents: 250 });
  await operator.post('/api/inventory/stock/movements', { id: randomUUID(), kind: 'incoming', articleId: gloves.id, areaId, quantity: 10 });
  await operator.post('/api/inventory/stock/movements', { id: randomUUID(), kind: 'incoming', articleId: masks.id, areaId, quantity: 20 });
  const countId = randomUUID();
  await operator.post('/api/inventory/stock/counts', { id: countId, areaId });
  const before = await operator.get<StockRecap>('/api/inventory/stock/recap');

  // The field user's phone: logged in, then offline once the count is kept on the device.
  const phone = await browser.newContext({ viewport: PHONE, locale: 'en-US' });
  const page = await phone.newPage();
  await submitLogin(page, FIELD);
  await expect(page.getByTestId('toolbar-district')).toBeVisible();
  await expect.poll(() => offlineCacheText(page), { timeout: 30_000 }).toContain(masks.barcode);
  await expect.poll(() => offlineCacheText(page), { timeout: 30_000 }).toContain(`Étagère E2E ${tag}`);
  await page.goto(`/stock-management/inventory?count=${countId}`);
  await expect(page.getByRole('heading', { name: `Count: Étagère E2E ${tag}` })).toBeVisible();
  // The offline reload below is answered by the service worker: installed and in control first
  // (its install downloads the whole precache, which a loaded machine may not finish by now).
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
  await cutNetwork(phone);

  const code = page.getByLabel('Barcode, reference or article name');
  const scan = async (text: string) => {
    await code.fill(text);
    await page.getByRole('button', { name: '+1', exact: true }).click();
    await expect(code).toHaveValue('');
  };
  await scan(gloves.barcode);
  await scan(gloves.barcode);
  await scan(gloves.barcode);
  await page.getByRole('button', { name: `Add 1 to ${gloves.name}` }).click();
  await scan(masks.name);
  await page.getByLabel(`Counted quantity of ${masks.name}`).fill('18');
  await page.getByRole('button', { name: 'Set' }).nth(1).click();

  const line = (name: string) => page.getByTestId('stock-count-line').filter({ hasText: name });
  await expect(line(gloves.name).getByTestId('stock-count-total')).toHaveText('4 u');
  await expect(line(masks.name).getByTestId('stock-count-total')).toHaveText('18 u');
  await expect(page.getByTestId('stock-count-pending')).toContainText('6 entries waiting');
  await expectNoViolations(page, 'count on a phone', '.inventory-stock-count');

  // A reload while offline: the entries and the device's totals are still there.
  await page.reload();
  await expect(page.getByTestId('stock-count-pending')).toContainText('6 entries waiting');
  await expect(line(gloves.name).getByTestId('stock-count-total')).toHaveText('4 u');
  await expect(line(masks.name)).toContainText('on this device 18');
  await scan(gloves.barcode);
  await expect(page.getByTestId('stock-count-pending')).toContainText('7 entries waiting');

  // Back online: each entry delivered once.
  await restoreNetwork(phone);
  await expect(page.getByTestId('stock-count-pending')).toHaveCount(0, { timeout: 30_000 });
  const count = await operator.get<StockCount>(`/api/inventory/stock/counts/${countId}`);
  const lineOf = (id: string) => count.lines!.find((l) => l.articleId === id)!;
  expect(lineOf(gloves.id)).toMatchObject({ counted: 5, entries: 5, expected: 10, moved: false });
  expect(lineOf(masks.id)).toMatchObject({ counted: 18, entries: 2, expected: 20, moved: false });
  await expect(line(gloves.name).getByTestId('stock-count-total')).toHaveText('5 u');
  await phone.close();

  // The manager closes the count on its phone; the recap's totals move by the differences.
  const managerPhone = await browser.newContext({ viewport: PHONE, locale: 'en-US' });
  const manager = await managerPhone.newPage();
  await submitLogin(manager, MANAGER);
  await expect(manager.getByTestId('toolbar-district')).toHaveText('Lyon');
  await manager.goto(`/stock-management/inventory?count=${countId}`);
  await expect(manager.getByTestId('stock-count-line').filter({ hasText: gloves.name })).toContainText('expected 10');
  await manager.getByRole('button', { name: 'Close the count' }).click();
  await expect.poll(async () => (await operator.get<StockCount>(`/api/inventory/stock/counts/${countId}`)).status, { timeout: 30_000 }).toBe('closed');
  const after = await operator.get<StockRecap>('/api/inventory/stock/recap');
  expect(after.total).toBe(before.total - 5 - 2);
  const column = after.areas.findIndex((a) => a.id === areaId);
  expect(after.areas[column]).toMatchObject({ total: 23, valueCents: 23 * 250 });
  expect(after.articles.find((a) => a.id === gloves.id)).toMatchObject({ total: 5, valueCents: 1250 });

  await manager.goto('/stock-management/recap-table');
  await expect(manager.getByTestId('stock-recap-total')).toHaveText(new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 }).format(after.total));
  await expectNoViolations(manager, 'recap on a phone');
  // On a desktop, the virtualised table.
  await manager.setViewportSize({ width: 1280, height: 800 });
  await expect(manager.getByRole('table', { name: 'Recap table' })).toBeVisible();
  await expect(manager.getByRole('columnheader', { name: 'Article' })).toBeVisible();
  await expectNoViolations(manager, 'recap on a desktop');
  await managerPhone.close();
});
