/**
 * A declaration's sheet right after Save, online, on a phone: the record is in the outbox and
 * not yet on the server (its send is held), so the sheet shows the device's copy, waiting,
 * and never asks the server for it (which would answer 404, "cannot be found"); once sent, the
 * server's copy takes its place without the sheet leaving the page in between. A type with its own photo field shows one Photos block, in the form
 * and on the sheet.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { outboxSize, submitLogin, tokenOf } from './support';

const PHONE = { width: 390, height: 844 };

test.use({ viewport: PHONE, geolocation: { latitude: 45.7578, longitude: 4.832, accuracy: 8 }, permissions: ['geolocation'] });

test('right after Save online the sheet shows the pending copy, never "cannot be found"; a type with a photo field has one Photos block', async ({ page, request }) => {
  test.setTimeout(120_000);
  const manager = await tokenOf(request, 'operator@demo.vigie.test');
  const typeName = `Chute ${randomUUID().slice(0, 6)}`;
  const created = await request.post('/api/declarations/templates', {
    headers: { Authorization: `Bearer ${manager}`, 'Idempotency-Key': randomUUID() },
    data: {
      id: randomUUID(),
      name: typeName,
      icon: 'medkit',
      defaultSeverity: 'high',
      notify: [],
      fields: [
        { key: 'zone', label: 'Zone', kind: 'text', required: true },
        { key: 'photos', label: 'Photos', kind: 'photo', required: false },
      ],
    },
  });
  expect(created.status()).toBe(201);

  // Every read of a declaration that answered 404.
  const notFound: string[] = [];
  page.on('response', (response) => {
    if (/\/api\/declarations\/[0-9a-f-]{36}/.test(response.url()) && response.status() === 404) notFound.push(response.url());
  });
  // The report's send is held until the sheet was seen without the server's copy.
  let release = () => undefined as void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.context().route('**/api/declarations', async (route) => {
    if (route.request().method() === 'POST') await released;
    await route.continue();
  });

  await submitLogin(page, 'field@demo.vigie.test');
  await expect(page.getByTestId('toolbar-district')).toHaveText('Lyon');
  await page.goto('/declarations');
  await page.getByRole('button', { name: 'Report' }).click();
  await page.getByRole('button', { name: typeName }).click();
  const form = page.getByRole('form', { name: `Report: ${typeName}` });
  await expect(form).toBeVisible();
  // One Photos block: the type's own field.
  await expect(form.getByRole('group', { name: 'Photos' })).toHaveCount(1);
  const title = `Chute de plain-pied ${randomUUID().slice(0, 8)}`;
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Zone (required)').fill('Atelier');
  const chooser = page.waitForEvent('filechooser');
  await form.getByRole('group', { name: 'Photos' }).getByRole('button', { name: 'Choose from gallery' }).click();
  const photo = await sharp(randomBytes(200 * 150 * 3), { raw: { width: 200, height: 150, channels: 3 } }).jpeg().toBuffer();
  await (await chooser).setFiles([{ name: 'sol.jpg', mimeType: 'image/jpeg', buffer: photo }]);
  await expect(form.getByRole('group', { name: 'Photos' }).getByRole('listitem')).toHaveCount(1, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Save' }).click();

  // The sheet, from the device: its title, waiting, the photo once.
  const sheet = page.getByRole('article', { name: title });
  await expect(sheet).toBeVisible();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(sheet.getByText('Waiting to be sent').first()).toBeVisible();
  await expect(sheet.locator('dt', { hasText: /^Photos$/ })).toHaveCount(1);
  await expect(page.getByText('This declaration cannot be found')).toHaveCount(0);
  expect(await outboxSize(page)).toBe(1);

  // From here on, whether the sheet ever leaves the page (a spinner or an error in its place).
  await page.evaluate((label) => {
    const shown = () => [...document.querySelectorAll('article')].some((article) => article.getAttribute('aria-label') === label);
    const record = window as unknown as { sheetLeft: boolean };
    record.sheetLeft = false;
    new MutationObserver(() => {
      if (!shown()) record.sheetLeft = true;
    }).observe(document.body, { childList: true, subtree: true });
  }, title);

  // Sent: the server's copy, the sheet never having left nor said it cannot be found.
  release();
  await expect.poll(() => outboxSize(page), { timeout: 60_000 }).toBe(0);
  await expect(sheet.getByRole('button', { name: 'Print (PDF)' }).or(page.getByRole('button', { name: 'Print (PDF)' }))).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByText('This declaration cannot be found')).toHaveCount(0);
  await expect(sheet.locator('dt', { hasText: /^Photos$/ })).toHaveCount(1);
  expect(notFound).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { sheetLeft: boolean }).sheetLeft)).toBe(false);
});
