/**
 * A third-party share link in Chromium against the real server: a manager adds a photo to a
 * site, opens "Share this site" from the site's sheet and shares the site's general information
 * and its stages with an outsider; the link's address shows once the server made it, and the
 * outsider's e-mail carries it. A fresh browser without an account, on a phone, opens the link
 * (in French, its browser's language) and downloads the photo; the access appears in the
 * manager's access log; the manager revokes the link; the same address then says it is revoked.
 * axe finds nothing on the viewer.
 */
import AxeBuilder from '@axe-core/playwright';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { devices, expect, test } from '@playwright/test';
import sharp from 'sharp';
import { DEMO_SITES } from '../../server/src/seed/demo-data';
import { mailsTo } from './mail-capture';
import { cutNetwork, offlineCacheText, restoreNetwork, submitLogin } from './support';

const MANAGER = 'operator@demo.vigie.test';
const TARGET = DEMO_SITES.Lyon![2]!;
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

test('a manager shares a site with an outsider, who downloads a file on a phone; the access is logged; once revoked the link says so', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const tag = randomUUID().slice(0, 8);
  const photoName = `facade-${tag}.jpg`;
  const recipient = `Karine Lemoine ${tag}`;
  const email = `karine.${tag}@bureau-controle.example`;
  const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 40, g: 90, b: 140 } } }).jpeg().toBuffer();

  await submitLogin(page, MANAGER);
  await expect(page.getByTestId('toolbar-district')).toHaveText('Lyon');
  await page.goto('/site/view/infoV2');
  await page.getByRole('list', { name: 'Sites' }).getByRole('link').filter({ hasText: TARGET.name }).click();
  const files = page.getByRole('region', { name: 'Files and photos' });
  await expect(files).toBeVisible();
  const chooser = page.waitForEvent('filechooser');
  await files.getByRole('button', { name: 'Choose from gallery' }).click();
  await (await chooser).setFiles({ name: photoName, mimeType: 'image/jpeg', buffer: photo });
  const tile = files.getByRole('listitem').filter({ has: page.getByRole('button', { name: `Open ${photoName}` }) });
  await expect(tile).toHaveCount(1, { timeout: 30_000 });
  await expect(tile).not.toContainText('Waiting to be sent', { timeout: 30_000 });

  // From the site's sheet: "Share this site" opens the form prefilled with the site.
  const shared = page.getByRole('region', { name: 'Shared with third parties' });
  await shared.getByRole('link', { name: 'Share this site' }).click();
  await expect(page.getByRole('heading', { name: 'Share with someone outside' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /General information/ })).toBeChecked();
  await page.getByRole('checkbox', { name: /3D and 360 stages/ }).check();
  await page.getByLabel("Recipient's name", { exact: true }).fill(recipient);
  await page.getByLabel("Recipient's e-mail", { exact: true }).fill(email);
  await page.getByLabel('Message (optional)').fill('Plans et photos pour la visite de jeudi.');
  await page.getByRole('button', { name: 'Make and send the link' }).click();

  // The link's sheet: its address once the server made it.
  await expect(page.getByRole('heading', { name: recipient })).toBeVisible();
  const address = page.getByLabel('Link address');
  await expect(address).toHaveValue(/\/viewerThirdParty\/[A-Za-z0-9_-]{65}$/, { timeout: 30_000 });
  const url = await address.inputValue();
  const sheetUrl = page.url();
  await expect(page.getByText('Active', { exact: true })).toBeVisible();

  // The recipient's e-mail carries the same address.
  await expect.poll(async () => (await mailsTo([email])).length, { timeout: 30_000 }).toBe(1);
  const [mail] = await mailsTo([email]);
  expect(mail!.subject).toContain(TARGET.name);
  // The capture reads viewer links by an emergency token's 43 characters: the link's first 43.
  expect(mail!.links).toHaveLength(1);
  expect(url.startsWith(mail!.links[0]!)).toBe(true);

  // An outsider: no account, a phone, French.
  const outsider = await browser.newContext({ ...devices['Pixel 7'], locale: 'fr-FR' });
  const phone = await outsider.newPage();
  await phone.goto(new URL(url).pathname);
  await expect(phone.getByRole('heading', { level: 1, name: TARGET.name })).toBeVisible();
  await expect(phone.getByText('Plans et photos pour la visite de jeudi.')).toBeVisible();
  await expect(phone.getByText(/^Étape 360/).first()).toBeVisible();
  const { violations } = await new AxeBuilder({ page: phone, axeSource: AXE_SOURCE }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect.soft(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  const download = phone.waitForEvent('download');
  await phone.getByRole('link', { name: new RegExp(photoName.replace('.', '\\.')) }).click();
  expect((await download).suggestedFilename()).toBe(photoName);

  // The manager's access log shows the opening and the download.
  await page.goto(sheetUrl);
  const log = page.getByRole('region', { name: 'Access log' });
  await expect(log).toContainText(`Downloaded: ${photoName}`);
  await expect(log).toContainText('Opened');

  // Revoked: at once, and the same address says so.
  await page.getByRole('button', { name: 'Revoke the link' }).click();
  await page.getByRole('button', { name: 'Yes, revoke' }).click();
  await expect(page.getByText('Revoked', { exact: true }).first()).toBeVisible({ timeout: 30_000 });
  await phone.reload();
  await expect(phone.getByRole('heading', { level: 1 })).toHaveText('Ce lien de partage a été révoqué par la personne qui vous l’a envoyé.');
  await expect(phone.getByRole('link', { name: new RegExp(photoName.replace('.', '\\.')) })).toHaveCount(0);
  await outsider.close();
});

test('a link made offline on a phone is shown at once as waiting, also in the list kept for an offline start, made once when the connection is back, and its address then shows', async ({ page, context }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const tag = randomUUID().slice(0, 8);
  const recipient = `Thomas Garnier ${tag}`;
  await submitLogin(page, MANAGER);
  await expect(page.getByTestId('toolbar-district')).toHaveText('Lyon');
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const headers = { Authorization: `Bearer ${token ?? ''}` };
  const sites = (await (await page.request.get('/api/third-party/links/sites', { headers })).json()) as { data: { id: string; name: string }[] };
  const site = sites.data.find((s) => s.name === TARGET.name)!;

  // The list, then the form prefilled by the URL contract, both online; axe on both.
  await page.goto('/third-party');
  await expect(page.getByRole('heading', { level: 1, name: 'Share links' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Share links' });
  await expect(list.getByRole('link').first()).toBeVisible();
  const known = (await list.getByRole('link').first().locator('strong').textContent()) ?? '';
  // The list is kept on the device (the offline read cache) for an offline start.
  await expect.poll(async () => (await offlineCacheText(page)).includes(known), { timeout: 20_000 }).toBe(true);
  const axe = async (what: string) => {
    const { violations } = await new AxeBuilder({ page, axeSource: AXE_SOURCE }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect.soft(violations.map((v) => `${what} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  };
  await axe('list');
  await page.goto(`/third-party/new?siteId=${site.id}&items=site:${site.id},contacts:${site.id}&email=thomas.${tag}@elec-services.example`);
  await expect(page.getByRole('checkbox', { name: /Site contacts/ })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: /General information/ })).toBeChecked();
  await expect(page.getByLabel("Recipient's e-mail", { exact: true })).toHaveValue(`thomas.${tag}@elec-services.example`);
  await axe('form');
  // The app's service worker holds the screens before the network goes.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });

  await cutNetwork(context);
  await page.getByLabel("Recipient's name", { exact: true }).fill(recipient);
  await page.getByRole('checkbox', { name: /One-time|one-time/ }).check();
  await page.getByRole('button', { name: 'Make and send the link' }).click();
  await expect(page.getByText(/waiting to be sent/i).first()).toBeVisible();
  await expect(page.getByLabel('Link address')).toHaveCount(0);
  // The app started again offline on the list: the kept links, and the new one waiting.
  await page.goto('/third-party');
  await expect(list.getByRole('link').filter({ hasText: known }).first()).toBeVisible({ timeout: 30_000 });
  const waitingRow = list.getByRole('listitem').filter({ hasText: recipient });
  await expect(waitingRow).toBeVisible();
  await expect(waitingRow.getByText(/waiting to be sent/i)).toBeVisible();
  await waitingRow.getByRole('link').click();

  await restoreNetwork(context);
  await expect(page.getByLabel('Link address')).toHaveValue(/\/viewerThirdParty\/[A-Za-z0-9_-]{65}$/, { timeout: 60_000 });
  await axe('sheet');
  const held = (await (await page.request.get(`/api/third-party/links?siteId=${site.id}`, { headers })).json()) as { data: { recipientName: string; otp: boolean; items: { kind: string }[] }[] };
  const mine = held.data.filter((l) => l.recipientName === recipient);
  expect(mine).toHaveLength(1);
  expect(mine[0]!.otp).toBe(true);
  expect(mine[0]!.items.map((i) => i.kind).sort()).toEqual(['contacts', 'site']);
  // A reload sends nothing more.
  await page.reload();
  await expect(page.getByLabel('Link address')).toBeVisible();
  const again = (await (await page.request.get(`/api/third-party/links?siteId=${site.id}`, { headers })).json()) as { data: { recipientName: string }[] };
  expect(again.data.filter((l) => l.recipientName === recipient)).toHaveLength(1);
});

test('a manager shares a site’s folder from its files; an outsider on a phone downloads its PDF and the download is in the log', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const tag = randomUUID().slice(0, 8);
  const recipient = `Bureau de contrôle ${tag}`;
  await submitLogin(page, MANAGER);
  await expect(page.getByTestId('toolbar-district')).toHaveText('Lyon');
  await page.goto('/site/view/infoV2');
  await page.getByRole('list', { name: 'Sites' }).getByRole('link').filter({ hasText: TARGET.name }).click();
  const files = page.getByRole('region', { name: 'Site files' });
  await files.getByText('Registre de sécurité').click();
  await expect(files.getByText('Registre de sécurité.pdf')).toBeVisible();

  // The folder's share action opens the share form with the folder chosen.
  await files.getByRole('link', { name: 'Share this folder with someone outside' }).click();
  await expect(page.getByRole('heading', { name: 'Share with someone outside' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /Registre de sécurité/ })).toBeChecked();
  await page.getByLabel("Recipient's name", { exact: true }).fill(recipient);
  await page.getByLabel("Recipient's e-mail", { exact: true }).fill(`controle.${tag}@bureau-controle.example`);
  await page.getByRole('button', { name: 'Make and send the link' }).click();
  const address = page.getByLabel('Link address');
  await expect(address).toHaveValue(/\/viewerThirdParty\/[A-Za-z0-9_-]{65}$/, { timeout: 30_000 });
  const url = await address.inputValue();
  const sheetUrl = page.url();

  const outsider = await browser.newContext({ ...devices['Pixel 7'], locale: 'fr-FR' });
  const phone = await outsider.newPage();
  await phone.goto(new URL(url).pathname);
  await expect(phone.getByText('Registre de sécurité', { exact: true }).first()).toBeVisible();
  const download = phone.waitForEvent('download');
  await phone.getByRole('link', { name: /Registre de sécurité\.pdf/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('Registre de sécurité.pdf');
  expect(readFileSync(await file.path()).subarray(0, 5).toString()).toBe('%PDF-');
  await outsider.close();

  await page.goto(sheetUrl);
  await expect(page.getByRole('region', { name: 'Access log' })).toContainText('Downloaded: Registre de sécurité.pdf');
});
