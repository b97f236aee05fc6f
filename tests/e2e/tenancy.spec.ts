/**
 * Tenancy dialogs in the browser: the operator changes client and district, the
 * districts-only account changes district, and the admin-route rule in both directions.
 * The menu entries are found by their labels (menu "Change client" / "Change district").
 */
import { expect, test, type Page } from '@playwright/test';
import { openDialog, submitLogin } from './support';
import { DEMO_ACCOUNTS } from '../../server/src/seed/demo-data';

const OPERATOR = 'operator@demo.vigie.test';
const DISTRICTS_ONLY = 'districts@demo.vigie.test';

async function logIn(page: Page, email: string) {
  await submitLogin(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
  // A login lands where the account last was: the tests share one database and move accounts.
  await expect(page.getByTestId('toolbar-district')).not.toBeEmpty();
}

const menuEntry = (page: Page, label: string) => page.locator('ion-menu').getByText(label, { exact: true });
const storedRights = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('rights') ?? '[]') as string[]);

async function changeClient(page: Page, client: string, district: string) {
  await menuEntry(page, 'Change client').click();
  const dialog = openDialog(page);
  await expect(dialog.getByRole('heading', { name: 'Change client' })).toBeVisible();
  await dialog.getByRole('button', { name: client, exact: true }).click();
  await dialog.getByRole('button', { name: district, exact: true }).click();
  await expect(dialog.getByText('Your session will move to this client and district.')).toBeVisible();
  await expect(dialog.locator('.tenancy-summary')).toContainText(client);
  await expect(dialog.locator('.tenancy-summary')).toContainText(district);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.locator('ion-modal.show-modal')).toHaveCount(0);
}

// The tests share one server: the operator goes back to where the demo starts it (Acme, Lyon),
// which the later files' tests take for granted, even when a test here stopped half-way.
test.afterAll(async ({ browser }, testInfo) => {
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  try {
    const page = await context.newPage();
    await logIn(page, OPERATOR);
    if ((await page.getByTestId('toolbar-district').textContent()) !== 'Lyon') await changeClient(page, 'Acme Industrie', 'Lyon');
    await expect(page.getByTestId('toolbar-district')).toHaveText('Lyon');
  } finally {
    await context.close();
  }
});

test('the operator changes client, then district, and works in the new tenant', async ({ page }) => {
  await logIn(page, OPERATOR);
  await expect(menuEntry(page, 'Change client')).toBeVisible();
  await expect(menuEntry(page, 'Change district')).toHaveCount(0);

  await menuEntry(page, 'Change client').click();
  const dialog = openDialog(page);
  // Lists sorted by name; only the clients the operator belongs to.
  await expect(dialog.getByRole('list', { name: 'Client' }).getByRole('button')).toHaveText(['Acme Industrie', 'Bellevue Santé']);
  await dialog.getByRole('button', { name: 'Bellevue Santé' }).click();
  await expect(dialog.getByRole('list', { name: 'District' }).getByRole('button')).toHaveText(['Nantes', 'Rennes']);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.locator('ion-modal.show-modal')).toHaveCount(0);

  await changeClient(page, 'Bellevue Santé', 'Nantes');
  await expect(page.getByTestId('toolbar-district')).toHaveText('Nantes');
  const operator = DEMO_ACCOUNTS.find((account) => account.email === OPERATOR)!;
  expect([...(await storedRights(page))].sort()).toEqual([...operator.rights].sort());
  expect(await page.evaluate(() => localStorage.getItem('reset'))).toBe('true');

  // A reload restores the session in the new tenant (the refreshed token names it).
  await page.reload();
  await expect(page.getByTestId('toolbar-district')).toHaveText('Nantes');

  await changeClient(page, 'Bellevue Santé', 'Rennes');
  await expect(page.getByTestId('toolbar-district')).toHaveText('Rennes');

  await changeClient(page, 'Acme Industrie', 'Paris');
  await expect(page.getByTestId('toolbar-district')).toHaveText('Paris');
});

test('the districts-only account sees Change district, not Change client, and changes district', async ({ page }) => {
  await logIn(page, DISTRICTS_ONLY);
  await expect(menuEntry(page, 'Change district')).toBeVisible();
  await expect(menuEntry(page, 'Change client')).toHaveCount(0);

  await menuEntry(page, 'Change district').click();
  const dialog = openDialog(page);
  await expect(dialog.getByRole('list', { name: 'District' }).getByRole('button')).toHaveText(['Lyon', 'Marseille', 'Paris']);
  await dialog.getByRole('button', { name: 'Marseille', exact: true }).click();
  await expect(dialog.locator('.tenancy-summary')).toContainText('Marseille');
  await dialog.getByRole('button', { name: 'Back' }).click();
  await dialog.getByRole('button', { name: 'Paris', exact: true }).click();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.locator('ion-modal.show-modal')).toHaveCount(0);

  await expect(page.getByTestId('toolbar-district')).toHaveText('Paris');
  const account = DEMO_ACCOUNTS.find((entry) => entry.email === DISTRICTS_ONLY)!;
  expect([...(await storedRights(page))].sort()).toEqual([...account.rights].sort());
  await expect(menuEntry(page, 'Change district')).toBeVisible();
});

test('after a change, the admin route flips between full and simple district management', async ({ page }) => {
  await logIn(page, OPERATOR);
  await page.goto('/admin/simpleDistrictManagement');
  await expect(page).toHaveURL(/\/admin\/simpleDistrictManagement$/);

  await changeClient(page, 'Acme Industrie', 'Marseille');
  await expect(page).toHaveURL(/\/admin\/districtManagement$/);
  await expect(page.getByTestId('toolbar-district')).toHaveText('Marseille');
  await expect(page.getByRole('heading', { name: 'District management', level: 1 })).toBeVisible();
  const districtList = page.locator('.admin-page ion-list ion-label');
  await expect(districtList).toHaveText(['Lyon', 'Marseille', 'Paris']);

  // The page of the new client shows the new client's districts, not a cached list of the old.
  await changeClient(page, 'Bellevue Santé', 'Nantes');
  await expect(page).toHaveURL(/\/admin\/simpleDistrictManagement$/);
  await expect(page.getByTestId('toolbar-district')).toHaveText('Nantes');
  await expect(page.getByRole('heading', { name: 'Districts', level: 1 })).toBeVisible();
  await expect(districtList).toHaveText(['Nantes', 'Rennes']);
});
