/**
 * Contacts in Chromium against the real server. A field user opens a site's sheet online and
 * finds its emergency contact there (the Contacts module's panel on the Sites sheet); offline
 * after a restart the sheet still shows the contact and their number as a link to call. A
 * manager imports a vCard, then the same card changed: the contact of that UID is updated, not
 * duplicated. Offline after a restart, the emergency dialog offers the chosen site's emergency
 * contacts to call (the shell's copy of every site's safety contacts), its actions still in view.
 */
import { expect, test, type Page } from '@playwright/test';
import { cutNetwork, offlineCacheText, openDialog, restoreNetwork, submitLogin } from './support';

const FIELD = 'field@demo.vigie.test';
const MANAGER = 'operator@demo.vigie.test';

async function authorization(page: Page): Promise<{ Authorization: string }> {
  return { Authorization: `Bearer ${(await page.evaluate(() => localStorage.getItem('token'))) ?? ''}` };
}

interface SiteContact {
  contactId: string;
  siteId: string;
  role: string;
  displayName: string;
  phones: { type: string; number: string }[];
}

test('a field user reads a site’s emergency contact and calls them, offline after a restart', async ({ page, context }) => {
  test.setTimeout(120_000);
  await submitLogin(page, FIELD);
  await expect(page.getByTestId('toolbar-district')).toHaveText('Lyon');
  const response = await page.request.get('/api/contact-v2/site-contacts?role=emergency', { headers: await authorization(page) });
  expect(response.status()).toBe(200);
  const [contact] = ((await response.json()) as { data: SiteContact[] }).data;
  expect(contact).toBeDefined();
  const number = contact!.phones[0]!.number;
  const tel = `tel:${number.replace(/[^\d+]/g, '')}`;

  await page.goto(`/site/${contact!.siteId}`);
  const panel = page.getByRole('list', { name: 'Site contacts' });
  await expect(panel.getByText(contact!.displayName)).toBeVisible();
  await expect(panel.getByText('Emergency contact').first()).toBeVisible();
  await expect(panel.getByRole('link', { name: `Call ${contact!.displayName} at ${number}` })).toHaveAttribute('href', tel);

  // Kept on the device (the site's contacts and every site's safety contacts), the app's code too.
  await expect.poll(() => offlineCacheText(page), { timeout: 30_000 }).toContain(contact!.displayName);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await cutNetwork(context);
  await page.reload();
  await expect(panel.getByText(contact!.displayName)).toBeVisible({ timeout: 20_000 });
  await expect(panel.getByRole('link', { name: `Call ${contact!.displayName} at ${number}` })).toHaveAttribute('href', tel);
  await restoreNetwork(context);
});

test('a manager imports a vCard, then the same card changed: one contact, updated', async ({ page }) => {
  test.setTimeout(90_000);
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const uid = `e2e-${tag}`;
  const card = (title: string) => ['BEGIN:VCARD', 'VERSION:3.0', `UID:${uid}`, `N:Import${tag};Hélène;;;`, `FN:Hélène Import${tag}`, `TITLE:${title}`, 'TEL;TYPE=CELL:06 12 00 00 01', 'END:VCARD', ''].join('\r\n');

  await submitLogin(page, MANAGER);
  await expect(page.getByTestId('toolbar-district')).toHaveText('Lyon');
  await page.goto('/contact-v2/contacts');
  await page.getByRole('button', { name: 'Import vCards' }).click();
  await page.getByLabel('vCard text').fill(card('Technicienne'));
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Import done' })).toHaveText('Import done: 1 created, 0 updated, 0 unchanged.');

  await page.getByLabel('vCard text').fill(card('Responsable d’agence'));
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Import done' })).toHaveText('Import done: 0 created, 1 updated, 0 unchanged.');

  await page.goto(`/contact-v2/contacts?search=Import${tag}`);
  const rows = page.getByRole('list', { name: 'Contacts' }).getByRole('link');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Responsable d’agence');
  await rows.first().click();
  await expect(page.getByRole('heading', { name: `Hélène Import${tag}` }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: `Call Hélène Import${tag} at 06 12 00 00 01` })).toHaveAttribute('href', 'tel:0612000001');
  await expect(page.getByRole('link', { name: 'Send a text' })).toHaveAttribute('href', 'sms:0612000001');
});

test('the emergency dialog offers the chosen site’s emergency contacts to call, offline after a restart', async ({ page, context }) => {
  test.setTimeout(120_000);
  await submitLogin(page, MANAGER);
  await expect(page.getByTestId('toolbar-district')).toHaveText('Lyon');
  const headers = await authorization(page);
  const [contact] = ((await (await page.request.get('/api/contact-v2/site-contacts?role=emergency', { headers })).json()) as { data: SiteContact[] }).data;
  const sites = ((await (await page.request.get('/api/contact-v2/sites', { headers })).json()) as { data: { id: string; name: string }[] }).data;
  const site = sites.find((s) => s.id === contact!.siteId)!;
  const number = contact!.phones[0]!.number;

  // The shell keeps every site's safety contacts on the device without any Contacts screen opened.
  await expect.poll(() => offlineCacheText(page), { timeout: 30_000 }).toContain(contact!.displayName);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await cutNetwork(context);
  await page.reload();
  await expect(page.getByTestId('toolbar-district')).toHaveText('Lyon');
  await page.getByRole('button', { name: 'Emergency alert' }).first().click();
  const dialog = openDialog(page);
  await dialog.getByRole('radio', { name: new RegExp(site.name) }).check();
  const panel = dialog.getByRole('region', { name: 'The site’s emergency contacts' });
  await expect(panel.getByText(contact!.displayName)).toBeVisible({ timeout: 20_000 });
  await expect(panel.getByRole('link', { name: `Call ${contact!.displayName} at ${number}` })).toHaveAttribute('href', `tel:${number.replace(/[^\d+]/g, '')}`);
  await expect(dialog.getByRole('button', { name: 'Next' })).toBeInViewport();
  await restoreNetwork(context);
});

test('a supplier’s sheet lists its people; a person’s sheet links back to the company by its address', async ({ page }) => {
  test.setTimeout(90_000);
  await submitLogin(page, MANAGER);
  await expect(page.getByTestId('toolbar-district')).toHaveText('Lyon');
  const suppliers = await page.request.get('/api/supplier/suppliers?limit=1', { headers: await authorization(page) });
  const [supplier] = ((await suppliers.json()) as { data: { items: { id: string; name: string }[] } }).data.items;
  await page.goto(`/supplier/supplier-view/${supplier!.id}`);
  const people = page.getByRole('list', { name: 'People' });
  await expect(people.getByRole('listitem').first()).toBeVisible();
  expect(await people.getByRole('listitem').count()).toBeGreaterThanOrEqual(2);
  const person = people.getByRole('listitem').first().getByRole('link').first();
  const name = (await person.textContent()) ?? '';
  await person.click();
  await expect(page.getByRole('heading', { name }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: supplier!.name, exact: true })).toHaveAttribute('href', `/supplier/supplier-view/${supplier!.id}`);
});
