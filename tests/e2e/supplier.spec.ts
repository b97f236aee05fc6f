/**
 * Suppliers in Chromium against the real server: a manager (the operator) creates a supplier
 * and its insurance certificate with its scan while offline; both show at once, marked waiting,
 * and once the connection is back the server holds each once, the document's state computed
 * (expiring) and its file attached. A reader of the district then finds the supplier's phone on
 * its sheet as a link to call, offline after a restart.
 */
import { expect, test, type Page } from '@playwright/test';
import { cutNetwork, offlineCacheText, restoreNetwork, submitLogin } from './support';

const MANAGER = 'operator@demo.vigie.test';

async function authorization(page: Page): Promise<{ Authorization: string }> {
  return { Authorization: `Bearer ${(await page.evaluate(() => localStorage.getItem('token'))) ?? ''}` };
}

async function serverSuppliers(page: Page, search: string) {
  const response = await page.request.get(`/api/supplier/suppliers?search=${encodeURIComponent(search)}`, { headers: await authorization(page) });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { items: { id: string; name: string; documentState: string; nextExpiry: string | null }[] } }).data.items;
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test('a supplier and its document made offline show at once and reach the server once; its phone is a link to call, offline too', async ({ page, context }) => {
  test.setTimeout(120_000);
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const name = `Sécurité Incendie ${tag}`;

  await submitLogin(page, MANAGER);
  await expect(page.getByTestId('toolbar-district')).toHaveText('Lyon');
  // The app installed (its service worker holds the shell) before the network goes.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.goto('/supplier/supplier-view');
  const rows = page.getByRole('list', { name: 'Suppliers' }).getByRole('link');
  await expect(rows.first()).toBeVisible();
  // The demo's suppliers, by name.
  await expect(rows.first()).toContainText('Apave Régions');

  await page.getByRole('button', { name: 'New supplier' }).click();
  await expect(page.getByLabel('Name', { exact: true })).toBeVisible();
  await cutNetwork(context);
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Phone', { exact: true }).fill('04 72 00 11 22');
  await page.getByLabel('City', { exact: true }).fill('Lyon');
  await page.getByRole('checkbox', { name: 'Maintenance incendie' }).check();
  await page.getByRole('button', { name: 'Save' }).click();

  // The sheet of the supplier made on this device, waiting, its phone a link to call.
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByText('Waiting to be sent').first()).toBeVisible();
  await expect(page.getByRole('link', { name: '04 72 00 11 22' })).toHaveAttribute('href', 'tel:0472001122');
  await expect(rows.filter({ hasText: name })).toHaveCount(1);

  // Back online: sent once; its document is added online (the sheet's action needs the server's copy).
  await restoreNetwork(context);
  await expect(page.getByText('Waiting to be sent')).toHaveCount(0, { timeout: 30_000 });
  const [held] = await serverSuppliers(page, tag);
  expect(held?.name).toBe(name);

  await page.getByRole('button', { name: 'Add a document' }).click();
  await expect(page.getByLabel('Title', { exact: true })).toBeVisible();
  await cutNetwork(context);
  await page.getByLabel('Title', { exact: true }).fill('Attestation RC pro');
  await page.getByLabel('Expires on').fill(inDays(12));
  await page.getByLabel('Add files (PDF, photos)').setInputFiles({ name: 'attestation.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%test\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n') });
  await page.getByRole('button', { name: 'Save' }).click();
  // Shown at once on the sheet, waiting, and counted in the toolbar.
  const waitingDocument = page.getByRole('listitem').filter({ hasText: 'Attestation RC pro' });
  await expect(waitingDocument.getByText('Waiting to be sent')).toBeVisible();
  await expect(page.getByRole('link', { name: /records? waiting to be sent/ })).toBeVisible();

  await restoreNetwork(context);
  await expect.poll(async () => (await serverSuppliers(page, tag))[0]?.documentState, { timeout: 30_000 }).toBe('expiring');
  const [withDocument] = await serverSuppliers(page, tag);
  expect(withDocument!.nextExpiry).toBe(inDays(12));
  const sheet = await page.request.get(`/api/supplier/suppliers/${held!.id}`, { headers: await authorization(page) });
  const documents = ((await sheet.json()) as { data: { documents: { title: string; fileCount: number }[] } }).data.documents;
  expect(documents).toHaveLength(1);
  await expect.poll(async () => {
    const again = await page.request.get(`/api/supplier/suppliers/${held!.id}`, { headers: await authorization(page) });
    return ((await again.json()) as { data: { documents: { fileCount: number }[] } }).data.documents[0]?.fileCount;
  }, { timeout: 30_000 }).toBe(1);

  // Offline after a restart: the sheet reads from the device, the phone still a link to call.
  await page.goto(`/supplier/supplier-view/${held!.id}`);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByText('Attestation RC pro', { exact: true })).toBeVisible();
  // The device's copy holds the sheet as last read (saved a moment after it changed).
  await expect.poll(() => offlineCacheText(page), { timeout: 15_000 }).toContain('Attestation RC pro');
  await cutNetwork(context);
  await page.reload();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByRole('link', { name: '04 72 00 11 22' })).toHaveAttribute('href', 'tel:0472001122');
  await expect(page.getByRole('region', { name: 'Documents' }).getByText('To renew')).toBeVisible();
  await restoreNetwork(context);
});
