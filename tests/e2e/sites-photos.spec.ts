/**
 * A site's photo added offline, in Chromium against the real server: a manager
 * opens a site's sheet, loses the connection, picks a photo (resized on the device to a JPEG
 * of several upload chunks) and sees it at once, marked as waiting. The connection comes
 * back and the tus upload is cut after its first chunk (sent with the creation): it resumes
 * from the offset the server reports (the bytes it holds are not sent again), the photo shows
 * on the sheet without the mark, the server holds it once with the size the app sent, and a
 * reload sends nothing more.
 * axe finds nothing in the sheet's files section with its waiting photo and the picker.
 */
import AxeBuilder from '@axe-core/playwright';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { UPLOAD_CHUNK_BYTES } from '../../src/lib/uploads';
import { DEMO_SITES } from '../../server/src/seed/demo-data';
import { cutNetwork, outboxSize, restoreNetwork, submitLogin } from './support';

// The demo account that manages sites (district-admin holds sites.read only).
const MANAGER = 'operator@demo.vigie.test';
const TARGET = DEMO_SITES.Lyon![4]!;
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface UploadRequest {
  method: string;
  url: string;
  offset: string | undefined;
  length: string | undefined;
}

/**
 * A JPEG of random pixels, 2000 px square: the app's resize keeps its size (long edge 2000)
 * and noise stays large when re-encoded, so the upload takes at least three chunks.
 */
async function noisyPhoto(): Promise<Buffer> {
  const edge = 2000;
  const pixels = randomBytes(edge * edge * 3);
  return sharp(pixels, { raw: { width: edge, height: edge, channels: 3 } }).jpeg({ quality: 92 }).toBuffer();
}

/** The app's API with the session's token, as the app itself calls it. */
async function apiGet(page: Page, path: string) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  return page.request.get(path, { headers: { Authorization: `Bearer ${token ?? ''}` } });
}

test('a photo added offline reaches the server once after reconnecting, its upload resumed after a cut', async ({ page, context }) => {
  // About 25 s on a quiet machine; the margin is for one shared with other runs.
  test.setTimeout(180_000);
  const photo = await noisyPhoto();
  const name = `facade-${randomUUID().slice(0, 8)}`;

  // Every request of the upload once the network is back, in order, with the offsets the
  // server answered to HEADs (offline, the app's attempt never leaves the device).
  const uploads: UploadRequest[] = [];
  const headOffsets: string[] = [];
  let online = true;
  page.on('request', (request) => {
    if (!online || !request.url().includes('/api/uploads')) return;
    const headers = request.headers();
    uploads.push({ method: request.method(), url: request.url(), offset: headers['upload-offset'], length: headers['upload-length'] });
  });
  page.on('response', (response) => {
    if (response.url().includes('/api/uploads/') && response.request().method() === 'HEAD' && response.status() === 200) {
      headOffsets.push(response.headers()['upload-offset'] ?? '');
    }
  });

  await submitLogin(page, MANAGER);
  await expect(page.getByTestId('toolbar-district')).toHaveText('Lyon');
  await page.goto('/site/view/infoV2');
  await page.getByRole('list', { name: 'Sites' }).getByRole('link').filter({ hasText: TARGET.name }).click();
  await expect(page.getByRole('heading', { name: 'Files and photos' })).toBeVisible();
  const siteId = decodeURIComponent(new URL(page.url()).pathname.split('/')[2] ?? '');
  const before = (await (await apiGet(page, `/api/sites/${siteId}`)).json()) as { data: { attachments: { id: string }[] } };

  // Offline: the photo is picked from the gallery and shows at once, waiting.
  await cutNetwork(context);
  online = false;
  const files = page.getByRole('region', { name: 'Files and photos' });
  const chooser = page.waitForEvent('filechooser');
  await files.getByRole('button', { name: 'Choose from gallery' }).click();
  await (await chooser).setFiles({ name: `${name}.jpg`, mimeType: 'image/jpeg', buffer: photo });
  const tile = files.getByRole('list', { name: 'Photos and files' }).getByRole('listitem').filter({ has: page.getByRole('button', { name: `Open ${name}.jpg` }) });
  // The resize of a 4-megapixel photo takes seconds on a slow device (or a loaded machine).
  await expect(tile).toHaveCount(1, { timeout: 30_000 });
  await expect(tile).toContainText('Waiting to be sent');
  await expect(tile.locator('img')).toBeVisible();
  const { violations } = await new AxeBuilder({ page, axeSource: AXE_SOURCE })
    .setLegacyMode(true)
    // The section this test adds to (sites.spec.ts checks the rest of the sheet).
    .include('.record-section:has(.attachment-grid)')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  expect.soft(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  // The connection comes back; the PATCH of the second chunk is cut (the server holds the first).
  let cutOffset: string | null = null;
  await page.route('**/api/uploads/*', async (route) => {
    const request = route.request();
    const offset = request.headers()['upload-offset'];
    if (request.method() === 'PATCH' && offset !== undefined && Number(offset) > 0 && cutOffset === null) {
      cutOffset = offset;
      await route.abort('connectionreset');
      return;
    }
    await route.fallback();
  });
  const delivered = page.waitForResponse(
    (response) => response.url().includes('/api/uploads/') && response.request().method() === 'PATCH' && response.status() === 204 && response.headers()['upload-offset'] === uploads.find((u) => u.method === 'POST')?.length,
  );
  const created = page.waitForResponse((response) => response.url().endsWith('/api/uploads') && response.request().method() === 'POST');
  online = true;
  await restoreNetwork(context);
  expect((await created).status()).toBe(201);
  await delivered;

  // On the sheet: the photo, no longer waiting, and nothing else of this site waits.
  await expect(tile).toHaveCount(1);
  await expect(tile).not.toContainText('Waiting to be sent', { timeout: 15_000 });
  await expect(page.getByText('Waiting to be sent')).toHaveCount(0);
  await expect.poll(() => outboxSize(page)).toBe(0);

  // The upload: created once, its size several chunks; cut at the second chunk, then resumed
  // from the server's offset (a HEAD answered it, the next PATCH started there), never from 0.
  const posts = uploads.filter((u) => u.method === 'POST');
  expect(posts).toHaveLength(1);
  const size = Number(posts[0]!.length);
  expect(size).toBeGreaterThan(2 * UPLOAD_CHUNK_BYTES);
  expect(Number(cutOffset)).toBe(UPLOAD_CHUNK_BYTES);
  // The first PATCH at that offset is the one cut; the resumed one comes after.
  const cutAt = uploads.findIndex((u) => u.method === 'PATCH' && u.offset === cutOffset);
  expect(cutAt).toBeGreaterThan(0);
  const after = uploads.slice(cutAt + 1);
  expect(after[0]?.method).toBe('HEAD');
  expect(headOffsets.at(-1)).toBe(cutOffset);
  expect(after.find((u) => u.method === 'PATCH')?.offset).toBe(cutOffset);
  // The first chunk went with the creation (tus creation-with-upload): no PATCH ever from 0.
  expect(uploads.filter((u) => u.method === 'PATCH' && u.offset === '0')).toHaveLength(0);
  const attachmentId = new URL(uploads[cutAt]!.url).pathname.split('/').at(-1)!;

  // The server holds it once, with every byte the app sent.
  const site = (await (await apiGet(page, `/api/sites/${siteId}`)).json()) as { data: { attachments: { id: string; name: string; size: number }[] } };
  expect(site.data.attachments).toHaveLength(before.data.attachments.length + 1);
  expect(site.data.attachments.filter((a) => a.name === `${name}.jpg`)).toEqual([expect.objectContaining({ id: attachmentId, size })]);
  const file = await apiGet(page, `/api/attachments/${attachmentId}`);
  expect(file.status()).toBe(200);
  expect((await file.body()).length).toBe(size);

  // A reload shows the server's copy (its thumbnail) and sends nothing again.
  const sent = uploads.length;
  const thumbnail = page.waitForResponse((response) => response.url().endsWith(`/api/attachments/${attachmentId}/thumbnail`) && response.status() === 200);
  await page.reload();
  await thumbnail;
  await expect(tile).toHaveCount(1);
  await expect(tile).not.toContainText('Waiting to be sent');
  const again = (await (await apiGet(page, `/api/sites/${siteId}`)).json()) as { data: { attachments: { name: string }[] } };
  expect(again.data.attachments.filter((a) => a.name === `${name}.jpg`)).toHaveLength(1);
  expect(uploads.slice(sent)).toEqual([]);
});
