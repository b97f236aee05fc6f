/**
 * Contracts in Chromium against the real server: a manager (the operator) creates a contract
 * for a demo supplier while offline; its sheet shows at once, marked waiting, with its notice
 * deadline computed on the device; once the connection is back the server holds it once, and its
 * notice deadline is in the manager's calendar, a link to the contract. From its sheet, offline
 * again, the manager adds the signed PDF and terminates the contract with a reason: both reach the
 * server once back online.
 */
import { expect, test, type Page } from '@playwright/test';
import { cutNetwork, restoreNetwork, submitLogin } from './support';

const MANAGER = 'operator@demo.vigie.test';

async function authorization(page: Page): Promise<{ Authorization: string }> {
  return { Authorization: `Bearer ${(await page.evaluate(() => localStorage.getItem('token'))) ?? ''}` };
}

async function serverContracts(page: Page, search: string) {
  const response = await page.request.get(`/api/contract/contracts?search=${encodeURIComponent(search)}`, { headers: await authorization(page) });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { items: { id: string; title: string; supplierName: string; noticeOn: string | null; status: string }[] } }).data.items;
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test('a contract made offline for a demo supplier reaches the server once, and its notice deadline is in the calendar', async ({ page, context }) => {
  test.setTimeout(120_000);
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const title = `Maintenance SSI ${tag}`;

  await submitLogin(page, MANAGER);
  await expect(page.getByTestId('toolbar-district')).toHaveText('Lyon');
  await page.goto('/contract/contract-view');
  const rows = page.getByRole('list', { name: 'Contracts' }).getByRole('link');
  await expect(rows.first()).toBeVisible();

  await page.getByRole('button', { name: 'New contract' }).click();
  const supplier = page.getByLabel('Supplier');
  // The form's choices are on the device before the network goes, and the app's code too (the
  // service worker installed: the form's later chunks come from its precache).
  await expect(supplier.locator('option', { hasText: 'Sécurifeu Rhône' })).toHaveCount(1);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await cutNetwork(context);
  await supplier.selectOption({ label: 'Sécurifeu Rhône' });
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('End', { exact: true }).fill(inDays(20));
  await page.getByLabel('Notice period (days)').fill('10');
  await page.getByRole('button', { name: 'Save' }).click();

  // Its sheet at once, waiting, the notice deadline computed on the device and highlighted.
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByText('Waiting to be sent').first()).toBeVisible();
  await expect(page.locator('.contract-notice-soon')).toContainText('Notice deadline');

  await restoreNetwork(context);
  await expect(page.getByText('Waiting to be sent')).toHaveCount(0, { timeout: 30_000 });
  const held = await serverContracts(page, tag);
  expect(held).toHaveLength(1);
  expect(held[0]).toMatchObject({ title, supplierName: 'Sécurifeu Rhône', noticeOn: inDays(10), status: 'active' });

  // In the manager's calendar, the week of its notice deadline: a link to the contract.
  await page.goto(`/calendar?view=week&day=${inDays(10)}`);
  const item = page.locator('a[data-kind="contractNotice"]', { hasText: title });
  await expect(item).toBeVisible();
  await expect(item).toHaveAttribute('href', `/contract/contract-view/${held[0]!.id}`);

  // Its sheet: the signed PDF and a termination with its reason, both offline.
  await item.click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Terminate' })).toBeVisible();
  await cutNetwork(context);
  await page.getByLabel('Add the signed contract or an annex (PDF, photo)').setInputFiles({ name: 'contrat-signe.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%test\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n') });
  await page.getByRole('button', { name: 'Terminate' }).click();
  const dialog = page.getByRole('dialog', { name: 'Move the contract to "Terminated"' });
  await dialog.getByLabel('Reason (required)').fill('Prestation reprise en interne');
  await dialog.getByRole('button', { name: 'Move to "Terminated"' }).click();
  await expect(page.getByText('Status change waiting to be sent')).toBeVisible();
  await restoreNetwork(context);
  const contractOnServer = async () => {
    const response = await page.request.get(`/api/contract/contracts/${held[0]!.id}`, { headers: await authorization(page) });
    return ((await response.json()) as { data: { status: string; statusReason: string; files: { name: string }[] } }).data;
  };
  await expect.poll(async () => (await contractOnServer()).status, { timeout: 30_000 }).toBe('terminated');
  await expect.poll(async () => (await contractOnServer()).files.map((f) => f.name), { timeout: 30_000 }).toEqual(['contrat-signe.pdf']);
  expect((await contractOnServer()).statusReason).toBe('Prestation reprise en interne');
});
