/**
 * Files in Chromium against the real server.
 *
 * 1. A field user on a phone opens a site's sheet, keeps its "Registre de sécurité" folder on the
 *    device (its size shown first), the network goes, the app is restarted three times offline,
 *    and the folder's PDF opens from the device (its bytes read from the kept copy), its first
 *    page drawn by pdf.js.
 *    A damaged PDF says it cannot be shown and offers its download.
 * 2. A district administrator uploads a file into a site's folder offline: shown at once as
 *    waiting; the network back, it arrives once; a second upload of the same name is version 2.
 */
import { expect, test, type Page } from '@playwright/test';
import { cutNetwork, restoreNetwork, submitLogin } from './support';

async function authorization(page: Page): Promise<{ Authorization: string }> {
  return { Authorization: `Bearer ${(await page.evaluate(() => localStorage.getItem('token'))) ?? ''}` };
}

/** The first demo site with folders (its type's template) and its folder `name`, as the page's session reads them. */
async function demoFolder(page: Page, name: string): Promise<{ siteId: string; folderId: string }> {
  const headers = await authorization(page);
  const choices = (await (await page.request.get('/api/files/choices', { headers })).json()) as { data: { sites: { id: string; siteTypeId: string | null }[] } };
  const site = choices.data.sites.find((s) => s.siteTypeId !== null)!;
  const tree = (await (await page.request.get(`/api/files/sites/${site.id}/folders`, { headers })).json()) as { data: { folders: { id: string; name: string }[] } };
  return { siteId: site.id, folderId: tree.data.folders.find((f) => f.name === name)!.id };
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a field user keeps a site folder on the device and opens its PDF offline after restarts', async ({ page, context }) => {
    test.setTimeout(120_000);
    await submitLogin(page, 'field@demo.vigie.test');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const { siteId } = await demoFolder(page, 'Registre de sécurité');
    await page.goto(`/site/${siteId}`);
    const panel = page.getByRole('region', { name: 'Site files' });
    await panel.getByText('Registre de sécurité').click();
    await expect(panel.getByText('Registre de sécurité.pdf')).toBeVisible();

    await panel.getByRole('button', { name: 'Keep this folder on this device' }).click();
    await expect(panel.getByText(/Size to download: \d/)).toBeVisible();
    await panel.getByRole('button', { name: 'Download' }).click();
    await expect(panel.getByText(/Kept on this device: 1 document/)).toBeVisible();
    // The document's sheet opened once online: its code is on the device.
    await panel.getByText('Registre de sécurité.pdf').click();
    await expect(panel.getByRole('heading', { name: 'Registre de sécurité.pdf' })).toBeVisible();

    await cutNetwork(context);
    for (let restart = 0; restart < 3; restart++) {
      await page.reload();
      await expect(page.getByRole('region', { name: 'Site files' })).toBeVisible({ timeout: 20_000 });
    }
    const offlinePanel = page.getByRole('region', { name: 'Site files' });
    await offlinePanel.getByText('Registre de sécurité').click();
    await offlinePanel.getByText('Registre de sécurité.pdf').click();
    // The PDF is read from the device and drawn by pdf.js (its code precached): its first page
    // is a canvas with ink on it, its page count shown.
    await expect(offlinePanel.getByText('3 pages')).toBeVisible({ timeout: 20_000 });
    const firstPage = offlinePanel.getByRole('img', { name: 'Page 1 of 3' });
    await expect(firstPage).toBeVisible();
    const inked = await firstPage.evaluate((canvas: HTMLCanvasElement) => {
      const pixels = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
      let dark = 0;
      for (let i = 0; i < pixels.length; i += 4) if (pixels[i + 3]! > 0 && pixels[i]! < 128) dark++;
      return { width: canvas.width, dark };
    });
    expect(inked.width).toBeGreaterThan(300);
    expect(inked.dark).toBeGreaterThan(100);
    // The last page is drawn once scrolled into view.
    await offlinePanel.locator('.files-pdf-page[data-page="3"]').scrollIntoViewIfNeeded();
    await expect(offlinePanel.getByRole('img', { name: 'Page 3 of 3' })).toBeVisible();
    // Zoomed in, the page is drawn again, wider.
    await offlinePanel.getByRole('button', { name: 'Zoom in' }).click();
    await expect.poll(() => offlinePanel.getByRole('img', { name: 'Page 1 of 3' }).evaluate((canvas: HTMLCanvasElement) => canvas.width)).toBeGreaterThan(inked.width);
    await restoreNetwork(context);
  });
});

test.describe('on a phone, without the service worker', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, serviceWorkers: 'block' });

  test('a damaged PDF says it cannot be shown and offers its download', async ({ page, context }) => {
    await context.route('**/api/attachments/*', (route) => route.fulfill({ status: 200, contentType: 'application/pdf', body: '%PDF-1.7\nnot a document\n%%EOF' }));
    await submitLogin(page, 'field@demo.vigie.test');
    await expect(page).toHaveURL(/\/dashboard$/);
    const { siteId } = await demoFolder(page, 'Registre de sécurité');
    await page.goto(`/site/${siteId}`);
    const panel = page.getByRole('region', { name: 'Site files' });
    await panel.getByText('Registre de sécurité').click();
    await panel.getByText('Registre de sécurité.pdf').click();
    const alert = panel.getByRole('alert');
    await expect(alert).toContainText('This PDF cannot be shown');
    await expect(alert.getByRole('button', { name: 'Download' })).toBeVisible();
  });
});

test('a district administrator uploads offline: waiting at once, sent once; the same name again is version 2', async ({ page, context }) => {
  test.setTimeout(120_000);
  await submitLogin(page, 'district-admin@demo.vigie.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  const { siteId, folderId } = await demoFolder(page, 'Plans de prévention');
  await page.goto(`/files/sites?site=${siteId}&folder=${folderId}`);
  await expect(page.getByRole('button', { name: 'Upload files' })).toBeVisible();
  const name = `Plan de prévention ${Date.now().toString(36)}.txt`;

  await cutNetwork(context);
  await page.getByTestId('files-picker').setInputFiles({ name, mimeType: 'text/plain', buffer: Buffer.from('Plan de prévention, version 1') });
  const waiting = page.getByTestId('files-waiting-upload').filter({ hasText: name });
  await expect(waiting).toBeVisible();
  await expect(waiting.getByText('Waiting to be sent')).toBeVisible();

  await restoreNetwork(context);
  await expect(waiting).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByRole('list', { name: 'Documents' }).getByText(name)).toBeVisible({ timeout: 30_000 });
  const headers = await authorization(page);
  const listed = async () =>
    ((await (await page.request.get(`/api/files/folders/${folderId}/documents`, { headers })).json()) as { data: { name: string; versions: number }[] }).data.filter((d) => d.name === name);
  expect(await listed()).toEqual([expect.objectContaining({ versions: 1 })]);

  await page.getByTestId('files-picker').setInputFiles({ name, mimeType: 'text/plain', buffer: Buffer.from('Plan de prévention, version 2') });
  await expect.poll(async () => (await listed()).map((d) => d.versions), { timeout: 30_000 }).toEqual([2]);
});
