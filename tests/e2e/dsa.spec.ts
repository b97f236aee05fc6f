/**
 * The data-sharing area in Chromium against the real server: a manager (the operator) opens the
 * demo exchange area and makes an upload-only link; an outside party, in a new browser without
 * any account and a phone's screen, opens the link's address, types a name and drops a PDF,
 * watching it arrive; the manager sees the deposit (who, what) on the area's sheet and moves it
 * into a folder of the area's site, where the files module then holds it.
 */
import { expect, test } from '@playwright/test';
import { expectNoViolations } from './axe';
import { submitLogin } from './support';

const MANAGER = 'operator@demo.vigie.test';

test('an outsider drops a PDF through an upload-only link and the manager moves it into a site folder', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const fileName = `Rapport ${tag}.pdf`;

  await submitLogin(page, MANAGER);
  await expect(page.getByTestId('toolbar-district')).toHaveText('Lyon');
  await page.goto('/dsa/dsaView');
  await page.getByRole('link', { name: /Maintenance incendie/ }).first().click();
  await expect(page.getByRole('heading', { name: 'Upload links' })).toBeVisible();

  // A new link: PDF only (the default), its address shown on this device once the server answers.
  await page.getByRole('button', { name: 'Create the link' }).click();
  const address = page.getByLabel('Upload link address').first();
  await expect(address).toHaveValue(/\/dsaDrop\/[A-Za-z0-9_-]{65}$/, { timeout: 20_000 });
  const path = new URL(await address.inputValue()).pathname;

  // The outsider: no account, a phone.
  const outsider = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-GB' });
  const drop = await outsider.newPage();
  await drop.goto(path);
  // Its words and the link's state arrive with the page's own chunk: the first paint may take a while on a busy machine.
  await expect(drop.getByRole('heading', { name: /Drop files/ })).toBeVisible({ timeout: 30_000 });
  await expect(drop.getByText('PDF', { exact: true })).toBeVisible();
  await expectNoViolations(drop, 'the drop page on a phone');
  await drop.getByLabel('Your name *').fill('Julien Marchand');
  await drop.getByLabel('Your e-mail (optional)').fill('j.marchand@securifeu-rhone.example');
  await drop.getByLabel('Files').setInputFiles({ name: fileName, mimeType: 'application/pdf', buffer: Buffer.from(`%PDF-1.4\n% ${tag}\n${'0'.repeat(200_000)}\n%%EOF\n`) });
  await drop.getByRole('button', { name: 'Send' }).click();
  await expect(drop.getByText(/^Received/)).toBeVisible({ timeout: 20_000 });
  await outsider.close();

  // The manager sees it, with who dropped it, and moves it into a folder of the area's site.
  await page.reload();
  const deposit = page.locator(`[data-deposit="${fileName}"]`);
  await expect(deposit).toContainText('Deposited by Julien Marchand');
  await deposit.getByRole('button', { name: 'Move to a folder' }).click();
  const folder = deposit.getByLabel('Site folder');
  await expect(folder.locator('option', { hasText: 'Vérifications périodiques' }).first()).toBeAttached();
  await folder.selectOption({ label: 'Vérifications périodiques' });
  await deposit.getByRole('button', { name: 'Move here' }).click();
  await expect(deposit).toContainText('Moved to', { timeout: 20_000 });
  await expect(deposit).toContainText('Vérifications périodiques');
});
