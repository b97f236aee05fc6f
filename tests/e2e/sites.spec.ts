/**
 * The Sites module in Chromium against the real server: a field user reads the
 * district's sites and a site's sheet, online and then offline after a reload; a manager's
 * offline edit meets another manager's online edit of the same site: different fields are
 * both kept, the same field asks the user to choose. axe finds nothing on the list, the
 * sheet and the form.
 */
import AxeBuilder from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_SITES } from '../../server/src/seed/demo-data';
import { cutNetwork, offlineCacheText, restoreNetwork, submitLogin } from './support';

const FIELD = 'field@demo.vigie.test';
const OPERATOR = 'operator@demo.vigie.test';
const LYON = DEMO_SITES.Lyon!;
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

async function expectNoViolations(page: Page, where: string) {
  const { violations } = await new AxeBuilder({ page, axeSource: AXE_SOURCE })
    .setLegacyMode(true)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    // Ionic's toolbar and the shell are checked by a11y.spec.ts; the module's content here.
    .disableRules(['region'])
    .analyze();
  expect.soft(violations.map((v) => `${where} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function logIn(page: Page, email: string) {
  await submitLogin(page, email);
  await expect(page.getByTestId('toolbar-district')).toHaveText('Lyon');
}

/**
 * How many live sites the server lists in the session's district: the demo's ten, plus any
 * another spec file added on this shared server (sites-offline-list.spec.ts creates one).
 */
async function districtSiteCount(page: Page): Promise<number> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const response = await page.request.get('/api/sites?limit=1', { headers: { Authorization: `Bearer ${token ?? ''}` } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { total: number } }).data.total;
}

const siteRows = (page: Page) => page.getByRole('list', { name: 'Sites' }).getByRole('link');

async function openList(page: Page) {
  await page.goto('/site/view/infoV2');
  await expect(siteRows(page).first()).toBeVisible();
}

/** How many site sheets the offline cache (IndexedDB vigie-cache, lib/idb) holds for this user. */
async function keptSheets(page: Page): Promise<number> {
  return ((await offlineCacheText(page)).match(/\\?"sites\\?",\\?"detail\\?"/g) ?? []).length;
}

test.describe('Sites', () => {
  test('a field user searches the district sites, opens a sheet, and sees no manage action', async ({ page }) => {
    await logIn(page, FIELD);
    await openList(page);
    await expect(page.getByText(`${await districtSiteCount(page)} sites`)).toBeVisible();
    await expectNoViolations(page, 'list');

    const target = LYON[0]!;
    await page.getByRole('searchbox', { name: 'Search by name, address or owner' }).fill(target.owner);
    await expect(siteRows(page)).toHaveCount(LYON.filter((s) => s.owner === target.owner || s.name.includes(target.owner) || s.address.includes(target.owner)).length);
    await expect(page).toHaveURL(/search=/);
    await siteRows(page).filter({ hasText: target.name }).click();
    await expect(page.getByRole('heading', { name: target.name }).first()).toBeVisible();
    await expect(page.getByText(target.address).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'History' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Delete this site' })).toHaveCount(0);
    await expectNoViolations(page, 'sheet');
  });

  test('offline right after an online login, the sites and their sheets are still readable after a reload', async ({ page, context }) => {
    test.setTimeout(90_000);
    await logIn(page, FIELD);
    // The shell keeps the district's sites and each one's sheet on the device at its first
    // idle moment, without any Sites screen opened.
    const count = await districtSiteCount(page);
    await expect.poll(() => keptSheets(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(count);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });

    await cutNetwork(context);
    await page.goto('/site/view/infoV2').catch(() => page.reload());
    await expect(siteRows(page).first()).toBeVisible({ timeout: 20_000 });
    await expect(siteRows(page)).toHaveCount(count);
    await siteRows(page).filter({ hasText: LYON[1]!.name }).click();
    await expect(page.getByText(LYON[1]!.address).first()).toBeVisible();
    await restoreNetwork(context);
  });

  test('an offline edit and an online edit of other fields are both kept; the same field asks which to keep', async ({ browser, page, context }) => {
    test.setTimeout(120_000);
    const target = LYON[2]!;
    await logIn(page, OPERATOR);
    await openList(page);
    await siteRows(page).filter({ hasText: target.name }).click();
    await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible();
    await page.getByRole('button', { name: 'Edit' }).click();
    await expectNoViolations(page, 'form');

    // Offline: this manager changes the owner and the description.
    await cutNetwork(context);
    await page.getByLabel('Owner', { exact: true }).fill('SCI Hors ligne');
    await page.getByLabel('Description').fill('Décrit hors ligne');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Waiting to be sent').first()).toBeVisible();

    // Meanwhile a second manager, online, changes the address and the description.
    const other = await browser.newContext({ locale: 'en-US' });
    const second = await other.newPage();
    await logIn(second, OPERATOR);
    await openList(second);
    await siteRows(second).filter({ hasText: target.name }).click();
    await second.getByRole('button', { name: 'Edit' }).click();
    await second.getByLabel('Address', { exact: true }).fill('1 place Bellecour, 69002 Lyon');
    await second.getByLabel('Description').fill('Décrit en ligne');
    await second.getByRole('button', { name: 'Save' }).click();
    await expect(second.getByText('1 place Bellecour, 69002 Lyon').first()).toBeVisible({ timeout: 20_000 });

    // Back online: the owner (changed only here) merges with the address (changed only there);
    // the description changed on both sides is shown with both values to choose.
    await restoreNetwork(context);
    const dialogText = page.getByText('Also changed on the server');
    await page.goto('/emergency/outbox');
    await expect(page.getByRole('button', { name: 'Choose the values' })).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Choose the values' }).click();
    await expect(dialogText).toBeVisible();
    await expect(page.getByText('Décrit hors ligne')).toBeVisible();
    await expect(page.getByText('Décrit en ligne')).toBeVisible();
    await page.getByRole('radio', { name: /Décrit hors ligne/ }).check();
    await page.getByRole('button', { name: 'Send' }).click();

    await second.reload();
    await expect(second.getByText('SCI Hors ligne').first()).toBeVisible({ timeout: 30_000 });
    await expect(second.getByText('1 place Bellecour, 69002 Lyon').first()).toBeVisible();
    await expect(second.getByText('Décrit hors ligne').first()).toBeVisible();
    await other.close();
  });
});
