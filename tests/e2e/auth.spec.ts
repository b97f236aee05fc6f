import { expect, test, type Page } from '@playwright/test';
import { openDialog, submitLogin } from './support';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../server/src/seed/demo-data';

const logIn = submitLogin;


async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Disconnect' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await openDialog(page).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

for (const account of DEMO_ACCOUNTS) {
  test(`${account.role} (${account.email}) logs in, sees the dashboard of Lyon, and logs out`, async ({ page }) => {
    await logIn(page, account.email);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('toolbar-product')).toHaveText('Vigie');
    await expect(page.getByTestId('toolbar-district')).toHaveText('Lyon');
    await expect(page.getByRole('main')).toContainText('Acme Industrie');

    const stored = await page.evaluate(() => ({
      token: localStorage.getItem('token'),
      rights: JSON.parse(localStorage.getItem('rights') ?? '[]') as string[],
      email: sessionStorage.getItem('usr_e'),
      sso: document.cookie.includes('sso=false'),
    }));
    expect(stored.token).toBeTruthy();
    expect([...stored.rights].sort()).toEqual([...account.rights].sort());
    expect(stored.email).toBeTruthy();
    expect(stored.sso).toBe(true);

    await logOut(page);
    expect(await page.evaluate(() => [localStorage.getItem('token'), sessionStorage.getItem('usr_e')])).toEqual([null, null]);
    // The session is over: a protected page sends back to login.
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });
}

test('root and /home lead to login when logged out, to the dashboard when logged in', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/home');
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, 'field@demo.vigie.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the login form explains what is wrong', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Password').fill('short');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText(/valid e-?mail/i)).toBeVisible();
  await expect(page.getByText(/at least 8 characters/i)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await logIn(page, 'field@demo.vigie.test', 'wrong-password-123');
  await expect(page.getByRole('alert')).toContainText(/incorrect|invalid/i);
  await expect(page).toHaveURL(/\/login$/);
});

test('a reload and a new tab keep the session', async ({ page, context }) => {
  await logIn(page, 'district-admin@demo.vigie.test');
  await expect(page.getByTestId('toolbar-district')).toHaveText('Lyon');
  await page.reload();
  await expect(page.getByTestId('toolbar-district')).toHaveText('Lyon');
  const tab = await context.newPage();
  await tab.goto('/dashboard');
  await expect(tab.getByTestId('toolbar-district')).toHaveText('Lyon');
  expect(await tab.evaluate(() => sessionStorage.getItem('usr_e'))).toBeTruthy();
});

test('quitting the disconnect dialog keeps the session', async ({ page }) => {
  await logIn(page, 'field@demo.vigie.test');
  await page.getByRole('button', { name: 'Disconnect' }).click();
  await openDialog(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.reload();
  await expect(page.getByTestId('toolbar-district')).toHaveText('Lyon');
});

test.describe('in French', () => {
  test.use({ locale: 'fr-FR' });
  test('the login page and the shell speak French', async ({ page }) => {
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await page.getByLabel('Adresse e-mail').fill('field@demo.vigie.test');
    await page.getByLabel('Mot de passe').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page.getByTestId('toolbar-district')).toHaveText('Lyon');
    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    await openDialog(page).getByRole('button', { name: 'Déconnexion' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});
