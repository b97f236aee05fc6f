/**
 * Records written offline shown at once in their list, in
 * Chromium against the real server: a manager (the operator) offline creates a site, sees it at once in
 * the site list marked "waiting to be sent", finds it by a search typed without its accents
 * and in another case, reconnects, and then sees it listed once without the mark, as the
 * server holds it once. A manager deletes a site's photo offline: gone from the sheet at once,
 * named as waiting, and gone from the server once the connection is back.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { appInstalled, cutNetwork, restoreNetwork, submitLogin } from './support';

// The demo's district administrator reads sites only (sites.read): the operator manages them.
const MANAGER = 'operator@demo.vigie.test';

const siteRows = (page: Page) => page.getByRole('list', { name: 'Sites' }).getByRole('link');

/** The page's session, for calls of the test itself. */
async function authorization(page: Page): Promise<{ Authorization: string }> {
  return { Authorization: `Bearer ${(await page.evaluate(() => localStorage.getItem('token'))) ?? ''}` };
}

/** The sites the server lists for `search`, with the page's session. */
async function serverSites(page: Page, search: string): Promise<{ id: string; name: string }[]> {
  const response = await page.request.get(`/api/sites?search=${encodeURIComponent(search)}`, { headers: await authorization(page) });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { items: { id: string; name: string }[] } }).data.items;
}

/** A photo of site `siteId` uploaded with tus (one request: it is small), as the app does. */
async function uploadPhoto(page: Page, siteId: string, name: string): Promise<string> {
  const id = randomUUID();
  const bytes = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a7' } }).jpeg().toBuffer();
  const meta = { attachmentId: id, module: 'sites', recordId: siteId, name, type: 'image/jpeg' };
  const headers = { ...(await authorization(page)), 'Tus-Resumable': '1.0.0' };
  const created = await page.request.post('/api/uploads', {
    headers: { ...headers, 'Upload-Length': String(bytes.length), 'Upload-Metadata': Object.entries(meta).map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`).join(',') },
  });
  expect(created.status()).toBe(201);
  const sent = await page.request.patch(`/api/uploads/${id}`, {
    headers: { ...headers, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
    data: bytes,
  });
  expect(sent.status()).toBe(204);
  return id;
}

test('a site created offline is listed at once, marked waiting and found by a folded search; once sent it is listed once', async ({ page, context }) => {
  test.setTimeout(90_000);
  // Unique per run: the server's data folder lives as long as the test server.
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const name = `Dépôt Évêché ${tag}`;

  await submitLogin(page, MANAGER);
  await expect(page.getByTestId('toolbar-district')).toHaveText('Lyon');
  await page.goto('/site/view/infoV2');
  await expect(siteRows(page).first()).toBeVisible();
  const count = page.locator('.record-list-count');
  const before = Number((await count.textContent())?.match(/\d+/)?.[0]);

  // The app installed, the form opened online, the connection lost while typing.
  await appInstalled(page);
  await page.getByRole('button', { name: 'New site' }).click();
  await expect(page.getByLabel('Name', { exact: true })).toBeVisible();
  await cutNetwork(context);
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Address', { exact: true }).fill('5 place du Change, 69005 Lyon');
  await page.getByRole('button', { name: 'Save' }).click();

  // The sheet opens beside the list (a wide screen): the new site is the list's first row.
  const row = siteRows(page).filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(siteRows(page).first()).toContainText(name);
  await expect(row.getByText('Waiting to be sent')).toBeVisible();
  await expect(count).toHaveText(`${before + 1} sites`);

  // A search never made online: only what this device wrote can answer it, folded as the server folds.
  await page.getByRole('searchbox', { name: 'Search by name, address or owner' }).fill(`DEPOT eveche ${tag.toUpperCase()}`);
  await expect(page).toHaveURL(/search=DEPOT/);
  await expect(siteRows(page)).toHaveCount(1);
  await expect(row.getByText('Waiting to be sent')).toBeVisible();
  await expect(count).toHaveText('1 site');

  // Back online: sent (nothing left waiting on the device), the mark goes, and the list (now
  // the server's) holds it once.
  await restoreNetwork(context);
  await expect(page.getByTestId('pending-writes-badge')).toHaveCount(0, { timeout: 30_000 });
  await expect(row.filter({ hasNotText: 'Waiting to be sent' })).toHaveCount(1);
  await expect(siteRows(page)).toHaveCount(1);
  const held = await serverSites(page, tag);
  expect(held.map((site) => site.name)).toEqual([name]);

  // A reload shows it from the server, once, and sends nothing again.
  await page.reload();
  await expect(siteRows(page)).toHaveCount(1);
  await expect(siteRows(page).first()).toContainText(name);
  await expect(siteRows(page).first().getByText('Waiting to be sent')).toHaveCount(0);
  expect(await serverSites(page, tag)).toHaveLength(1);
});

test('a photo deleted offline leaves the sheet at once, marked waiting, and the server once back online', async ({ page, context }) => {
  test.setTimeout(90_000);
  const name = `Façade ${Date.now().toString(36)}.jpg`;
  await submitLogin(page, MANAGER);
  await expect(page.getByTestId('toolbar-district')).toHaveText('Lyon');
  const [site] = await serverSites(page, '');
  const photoId = await uploadPhoto(page, site!.id, name);

  await page.goto(`/site/${site!.id}`);
  const files = page.getByRole('list', { name: 'Photos and files' });
  await expect(files.getByRole('button', { name: `Open ${name}` })).toBeVisible();
  await cutNetwork(context);
  await files.getByRole('button', { name: `Delete ${name}` }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(`Delete ${name}?`);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(files.getByRole('button', { name: `Open ${name}` })).toHaveCount(0);
  const waiting = page.locator('.record-attachments-deleting li').filter({ hasText: `${name} deleted` });
  await expect(waiting.getByText('Waiting to be sent')).toBeVisible();

  await restoreNetwork(context);
  await expect(waiting).toHaveCount(0, { timeout: 30_000 });
  await expect(files.getByRole('button', { name: `Open ${name}` })).toHaveCount(0);
  const held = await page.request.get(`/api/sites/${site!.id}`, { headers: await authorization(page) });
  const data = ((await held.json()) as { data: { attachments: { id: string }[] } }).data;
  expect(data.attachments.map((a) => a.id)).not.toContain(photoId);
  // The sheet's history names the deleted file.
  await expect(page.getByText(`Files and photos: ${name} →`)).toBeVisible();
});
