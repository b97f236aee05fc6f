/**
 * Declarations in Chromium against the real server: a field user on a phone,
 * offline since just after an online login, reports a declaration with two photos and a
 * signature, reloads the page, and comes back online: the declaration and its three pictures
 * are on the server exactly once, the district admin named by the type sees it arrive live in
 * the bell, and a status change made by a manager reaches the author's bell.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { cutNetwork, offlineCacheText, outboxSize, restoreNetwork, submitLogin, tokenOf } from './support';

const PHONE = { width: 390, height: 844 };
const AUTHOR = 'field@demo.vigie.test';
const WATCHER = 'district-admin@demo.vigie.test';
const MANAGER = 'operator@demo.vigie.test';

test.use({ viewport: PHONE, geolocation: { latitude: 45.7578, longitude: 4.832, accuracy: 8 }, permissions: ['geolocation'] });

const photo = (seed: number) =>
  sharp(randomBytes(400 * 300 * 3), { raw: { width: 400, height: 300, channels: 3 } })
    .jpeg({ quality: 80 + seed })
    .toBuffer();

test('a field user reports offline with two photos and a signature; delivered once, the admin’s bell rings live, a status change reaches the author', async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  const manager = await tokenOf(request, MANAGER);
  const auth = { Authorization: `Bearer ${manager}` };
  const members = (await (await request.get('/api/declarations/members', { headers: auth })).json()) as { data: { id: string; name: string }[] };
  const watcherId = members.data.find((m) => m.name === WATCHER)!.id;
  const typeName = `Fuite ${randomUUID().slice(0, 6)}`;
  const created = await request.post('/api/declarations/templates', {
    headers: { ...auth, 'Idempotency-Key': randomUUID() },
    data: {
      id: randomUUID(),
      name: typeName,
      icon: 'water',
      defaultSeverity: 'high',
      notify: [watcherId],
      fields: [
        { key: 'zone', label: 'Zone', kind: 'text', required: true },
        { key: 'signature', label: 'Signature du témoin', kind: 'signature', required: true },
      ],
    },
  });
  expect(created.status()).toBe(201);

  // The district admin watches its bell in another browser.
  const watcherContext = await browser.newContext();
  const watcher = await watcherContext.newPage();
  await submitLogin(watcher, WATCHER);
  const watcherBadge = watcher.getByTestId('notifications-badge');
  await expect(watcherBadge).toBeVisible();
  const watcherBefore = Number(await watcherBadge.textContent());

  // The field user logs in online, opens Declarations; the types are kept on the device.
  await submitLogin(page, AUTHOR);
  await expect(page.getByTestId('toolbar-district')).toHaveText('Lyon');
  await page.goto('/declarations');
  await expect(page.getByRole('list', { name: 'The district’s declarations' })).toBeVisible();
  await expect.poll(() => offlineCacheText(page), { timeout: 30_000 }).toContain(typeName);
  const authorBadge = page.getByTestId('notifications-badge');
  const authorBefore = Number(await authorBadge.textContent());
  // The installed app's code is on the device (service worker) for the reload below.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });

  // Offline: the report, with two photos from the gallery and a drawn signature.
  await cutNetwork(page.context());
  await page.getByRole('button', { name: 'Report' }).click();
  await page.getByRole('button', { name: typeName }).click();
  const form = page.getByRole('form', { name: `Report: ${typeName}` });
  await expect(form).toBeVisible();
  await expect(form.getByText('(± 8 m, the device’s position)')).toBeVisible();
  const title = `Fuite d’eau ${randomUUID().slice(0, 8)}`;
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Zone (required)').fill('Local technique');
  const photos = form.getByRole('group', { name: 'Photos' });
  const chooser = page.waitForEvent('filechooser');
  await photos.getByRole('button', { name: 'Choose from gallery' }).click();
  await (await chooser).setFiles([
    { name: 'fuite-1.jpg', mimeType: 'image/jpeg', buffer: await photo(1) },
    { name: 'fuite-2.jpg', mimeType: 'image/jpeg', buffer: await photo(2) },
  ]);
  await expect(photos.getByRole('listitem')).toHaveCount(2, { timeout: 30_000 });
  const pad = form.getByRole('img', { name: 'Signature area: Signature du témoin' });
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let step = 1; step <= 10; step += 1) await page.mouse.move(box.x + 20 + step * 25, box.y + box.height / 2 + (step % 2 === 0 ? 20 : -20));
  await page.mouse.up();
  await page.getByRole('button', { name: 'Confirm the signature' }).click();
  await expect(page.getByRole('img', { name: 'Signature: Signature du témoin' })).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();

  // Its sheet, from the device, waiting; still there after a reload.
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByText('Waiting to be sent').first()).toBeVisible();
  expect(await outboxSize(page)).toBe(1);
  await page.reload();
  await expect(page.getByRole('heading', { name: title })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Waiting to be sent').first()).toBeVisible();

  // Online again: delivered once, with its pictures.
  await restoreNetwork(page.context());
  await expect.poll(() => outboxSize(page), { timeout: 60_000 }).toBe(0);
  const listed = (await (await request.get(`/api/declarations?search=${encodeURIComponent(title)}`, { headers: auth })).json()) as { data: { items: { id: string }[]; total: number } };
  expect(listed.data.total).toBe(1);
  const id = listed.data.items[0]!.id;
  const sheet = (await (await request.get(`/api/declarations/${id}`, { headers: auth })).json()) as {
    data: { version: number; photos: string[]; values: Record<string, unknown>; attachments: { id: string; name: string }[]; position: { source: string; accuracy: number } };
  };
  expect(sheet.data.photos).toHaveLength(2);
  expect(typeof sheet.data.values.signature).toBe('string');
  expect(sheet.data.attachments.map((a) => a.name).sort()).toEqual(['fuite-1.jpg', 'fuite-2.jpg', 'signature.png']);
  expect(sheet.data.position).toMatchObject({ source: 'device', accuracy: 8 });
  await expect(page.getByText('Waiting to be sent')).toHaveCount(0, { timeout: 15_000 });

  // Its sheet prints as a PDF made by the server, saved by the browser.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Print (PDF)' }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  expect(readFileSync(await download.path()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // The admin named by the type saw it arrive, live.
  await expect(watcherBadge).toHaveText(String(watcherBefore + 1), { timeout: 15_000 });
  await watcher.getByRole('button', { name: `Notifications: ${watcherBefore + 1} unread` }).click();
  await expect(watcher.getByTestId('bell-list')).toContainText(title);

  // A manager acknowledges it: the author is told.
  const step = await request.post(`/api/declarations/${id}/status`, {
    headers: { ...auth, 'Idempotency-Key': randomUUID() },
    data: { baseVersion: sheet.data.version, status: 'acknowledged', reason: 'Plombier prévenu.' },
  });
  expect(step.status()).toBe(200);
  await expect(authorBadge).toHaveText(String(authorBefore + 1), { timeout: 15_000 });
  await page.getByRole('button', { name: `Notifications: ${authorBefore + 1} unread` }).click();
  // In the author's language (the app in English told the server at sign-in).
  await expect(page.getByTestId('bell-list')).toContainText(`Your declaration "${title}": acknowledged`);
  await watcherContext.close();
});
