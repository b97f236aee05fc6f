/**
 * The equipment's periodic check in Chromium against the real server, as a field user does it on
 * a phone (390 px): with the equipment read right only, offline, the user records a check of an
 * overdue extinguisher with one item not OK; the check shows at once on the item's sheet, marked
 * waiting. Back online, the server holds the check once, the failed check opened its action, and
 * the item's next check moved a year on. The list and the sheet pass axe on the phone.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD } from '../../server/src/seed/demo-data';
import { expectNoViolations } from './axe';
import { cutNetwork, restoreNetwork, submitLogin } from './support';

const OPERATOR = 'operator@demo.vigie.test';
const FIELD = 'field@demo.vigie.test';

interface Envelope<T> {
  data: T;
}

async function operatorApi(request: APIRequestContext) {
  const login = await request.post('/api/auth/login', { data: { email: OPERATOR, password: DEMO_PASSWORD } });
  expect(login.status()).toBe(200);
  const { token } = ((await login.json()) as Envelope<{ token: string }>).data;
  const headers = { authorization: `Bearer ${token}` };
  const get = async <T>(url: string): Promise<T> => {
    const response = await request.get(url, { headers });
    expect(response.status(), url).toBe(200);
    return ((await response.json()) as Envelope<T>).data;
  };
  const post = async <T>(url: string, data: unknown): Promise<T> => {
    const response = await request.post(url, { headers: { ...headers, 'idempotency-key': crypto.randomUUID() }, data });
    expect(response.status(), `${url}: ${await response.text()}`).toBe(201);
    return ((await response.json()) as Envelope<T>).data;
  };
  return {
    get,
    post,
    async setRights(id: string, rights: string[]) {
      expect((await request.put(`/api/users/${id}/rights`, { headers, data: { rights } })).status()).toBe(200);
    },
  };
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
/** A day plus twelve months, as the server's rule (common/modules/inventory/catalog.ts) counts it. */
const nextYear = (iso: string) => `${Number(iso.slice(0, 4)) + 1}${iso.slice(4)}`;

let restore: { id: string; rights: string[] } | undefined;
test.afterEach(async ({ request }) => {
  if (restore === undefined) return;
  await (await operatorApi(request)).setRights(restore.id, restore.rights);
  restore = undefined;
});

test.use({ viewport: { width: 390, height: 844 } });

test('a field user offline records a failing check: shown at once as waiting, then on the server once with its action, and the next check moved', async ({ page, context, request }) => {
  test.setTimeout(120_000);
  const api = await operatorApi(request);
  // The field user reads the equipment (the read right: checks and reports are its own work; the demo gives it).
  const users = await api.get<{ _id: string; email: string; rights: string[] }[]>('/api/users');
  const field = users.find((u) => u.email === FIELD)!;
  if (!field.rights.includes('inventoryV2.equipment_read')) {
    restore = { id: field._id, rights: field.rights };
    await api.setRights(field._id, [...field.rights, 'inventoryV2.equipment_read']);
  }

  // An extinguisher commissioned 400 days ago: its yearly check is overdue.
  const articles = await api.get<{ items: { id: string; name: string }[] }>('/api/inventory/articles?barcode=3760123450016');
  const name = `Extincteur test ${Date.now().toString(36)}`;
  const item = await api.post<{ id: string; checkState: string; checklist: string[] }>('/api/inventory/equipment', {
    id: crypto.randomUUID(),
    articleId: articles.items[0]!.id,
    name,
    room: 'Hall',
    commissionedOn: day(-400),
  });
  expect(item.checkState).toBe('overdue');
  expect(item.checklist).toContain('Manomètre dans le vert');

  await submitLogin(page, FIELD);
  await expect(page.getByTestId('toolbar-district')).toBeVisible();
  await page.goto(`/inventory-v2/equipment?check=overdue&search=${encodeURIComponent(name)}`);
  await expect(page.getByRole('link', { name: new RegExp(name) })).toBeVisible();
  await expectNoViolations(page, '/inventory-v2/equipment (phone)');
  await page.getByRole('link', { name: new RegExp(name) }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByText('Check overdue', { exact: false }).first()).toBeVisible();
  // A field user neither edits nor deletes the item.
  await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(page.getByText('No check recorded.')).toBeVisible();
  await expectNoViolations(page, '/inventory-v2/equipment/$id (phone)');

  await cutNetwork(context);
  await page.getByRole('button', { name: 'Record a check' }).click();
  const form = page.getByRole('form', { name: 'Check' });
  for (const point of item.checklist) {
    const group = form.getByRole('group', { name: point });
    if (point === 'Manomètre dans le vert') {
      await group.getByLabel('Not OK').check();
      await group.getByLabel(`Finding: ${point}`).fill('Aiguille dans le rouge');
    } else await group.getByLabel('OK', { exact: true }).check();
  }
  await expect(form.getByText('the check will fail')).toBeVisible();
  await expectNoViolations(page, 'check form (phone)');
  await form.getByRole('button', { name: 'Save the check' }).click();

  // At once, offline: the check on the sheet, marked waiting.
  const checks = page.getByRole('list', { name: 'Checks' });
  await expect(checks.getByText('Failed')).toBeVisible();
  await expect(checks.getByText('Waiting to be sent')).toBeVisible();
  await expect(checks.getByText('Manomètre dans le vert : Aiguille dans le rouge')).toBeVisible();

  await restoreNetwork(context);
  await expect(checks.getByText('Waiting to be sent')).toHaveCount(0, { timeout: 30_000 });
  await expect(checks.getByRole('link', { name: 'See the action' })).toBeVisible();

  // On the server once, with its action; the next check a year after today.
  const held = await api.get<{ id: string; result: string; actionId: string | null }[]>(`/api/inventory/equipment/${item.id}/checks`);
  expect(held).toHaveLength(1);
  expect(held[0]!.result).toBe('fail');
  expect(held[0]!.actionId).not.toBeNull();
  const action = await api.get<{ title: string; dueOn: string }>(`/api/actions/${held[0]!.actionId}`);
  expect(action.title).toBe(`Vérification échouée : ${name}`);
  expect(action.dueOn).toBe(day(7));
  const after = await api.get<{ lastCheckOn: string; nextCheckOn: string; checkState: string }>(`/api/inventory/equipment/${item.id}`);
  expect(after.lastCheckOn).toBe(day(0));
  expect(after.nextCheckOn).toBe(nextYear(day(0)));
  expect(after.checkState).toBe('ok');
});

test.describe('a manager on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('creates an article offline: its sheet at once, marked waiting, then on the server once', async ({ page, context }) => {
    test.setTimeout(90_000);
    await submitLogin(page, OPERATOR);
    await expect(page.getByTestId('toolbar-district')).toHaveText('Lyon');
    await page.goto('/inventory-v2/article/new');
    await expect(page.getByLabel('Name', { exact: true })).toBeVisible();
    // The installed app: its service worker holds the screens' code (the sheet's chunk, offline).
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await cutNetwork(context);
    const name = `Gilet E2E ${Date.now().toString(36)}`;
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await expect(page.getByText('Waiting to be sent').first()).toBeVisible();
    await restoreNetwork(context);
    await expect(page.getByText('Waiting to be sent')).toHaveCount(0, { timeout: 30_000 });
    const api = await operatorApi(page.request);
    expect((await api.get<{ items: { name: string }[] }>(`/api/inventory/articles?search=${encodeURIComponent(name)}`)).items.map((a) => a.name)).toEqual([name]);
  });

  test('reads the catalog, and creates an item from a scanned barcode: the article chosen by its barcode, the tag prefilled', async ({ page }) => {
    test.setTimeout(90_000);
    await submitLogin(page, OPERATOR);
    await expect(page.getByTestId('toolbar-district')).toHaveText('Lyon');
    await page.goto('/inventory-v2/categories');
    await expect(page.getByRole('list', { name: 'Categories' }).getByText('Extincteurs', { exact: true })).toBeVisible();
    await expectNoViolations(page, '/inventory-v2/categories (desktop)');

    await page.goto('/inventory-v2/article?search=CO2');
    await page.getByRole('link', { name: /Extincteur CO2 2 kg/ }).click();
    await expect(page.getByRole('heading', { name: 'Extincteur CO2 2 kg' })).toBeVisible();
    await expect(page.getByText('3760123450023')).toBeVisible();
    await expectNoViolations(page, '/inventory-v2/article/$id (desktop)');

    const tag = `INV-T${Date.now().toString(36)}`;
    await page.goto(`/inventory-v2/equipment/new?barcode=3760123450023&tag=${tag}`);
    await expect(page.getByText('Code 3760123450023: article “Extincteur CO2 2 kg”.')).toBeVisible();
    await expect(page.getByLabel('Tag', { exact: true })).toHaveValue(tag);
    await expectNoViolations(page, '/inventory-v2/equipment/new (desktop)');
    // Its point, picked on the map (MapLibre, loaded with the dialog), which opens on the chosen site.
    const api = await operatorApi(page.request);
    const site = (await api.get<{ sites: { id: string; name: string; lat?: number | null; lng?: number | null }[] }>('/api/inventory/choices')).sites.find((s) => typeof s.lat === 'number');
    expect(site).toBeDefined();
    await page.getByRole('combobox', { name: 'Site', exact: true }).selectOption(site!.id);
    await page.getByRole('button', { name: 'Pick on the map' }).click();
    const map = page.getByRole('region', { name: "Map of the item's point" });
    await expect(map).toHaveAttribute('data-state', 'ready', { timeout: 20_000 });
    await expectNoViolations(page, 'the map point picker (desktop)');
    await map.click();
    await expect(page.getByText(/^Chosen point: /)).toBeVisible();
    await page.getByRole('button', { name: 'Use this point' }).click();
    await expect(map).toHaveCount(0);
    await expect(page.getByLabel('Latitude')).not.toHaveValue('');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('heading', { name: 'Extincteur CO2 2 kg' })).toBeVisible();
    await expect(page.getByText(tag).first()).toBeVisible();
    await expect(page.getByText('Point on the map', { exact: true })).toBeVisible();
    // Once sent, the item is on the server with its article, tag and point (the site's, tapped at the map's centre).
    await expect
      .poll(async () => (await api.get<{ items: { tag: string; articleName: string }[] }>(`/api/inventory/equipment?tag=${tag}`)).items, { timeout: 30_000 })
      .toEqual([expect.objectContaining({ tag, articleName: 'Extincteur CO2 2 kg' })]);
    const saved = await api.get<{ items: { id: string }[] }>(`/api/inventory/equipment?tag=${tag}`);
    const item = await api.get<{ position: { lat: number; lng: number } | null }>(`/api/inventory/equipment/${saved.items[0]!.id}`);
    expect(item.position).not.toBeNull();
    expect(Math.abs(item.position!.lat - site!.lat!)).toBeLessThan(0.01);
    expect(Math.abs(item.position!.lng - site!.lng!)).toBeLessThan(0.01);

    // A demo site's sheet shows its equipment and its checks due.
    const sites = await api.get<{ items: { id: string; name: string }[] }>(`/api/sites?limit=1&search=${encodeURIComponent('Siège')}`);
    await page.goto(`/site/${sites.items[0]!.id}`);
    const panel = page.getByRole('list', { name: 'Equipment' });
    await expect(panel.getByRole('link', { name: 'Extincteur eau hall' })).toBeVisible();
    await expect(page.getByText(/\d+ checks? due/)).toBeVisible();
  });
});
