/**
 * SSO in the browser: the login page's SSO toggle, the loopback OpenID provider that
 * scripts/e2e-server.mjs starts (oidc-provider's development login page), the server's
 * callback and the /sso page, back into the dashboard. The demo seed gives Acme that provider
 * and the SSO flag to operator@ and field@ (server/src/seed/demo-sso.ts).
 */
import { expect, test, type Page } from '@playwright/test';

/** The login page in SSO mode, e-mail filled, submitted: the browser leaves for the provider. */
async function startSso(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('switch', { name: 'Single sign-on (SSO)' }).click();
  await expect(page.getByLabel('Password')).toHaveCount(0);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue with SSO' }).click();
}

/** The provider's development login page: any password, the login is the e-mail. */
async function signInAtProvider(page: Page, login: string): Promise<void> {
  await expect(page).toHaveURL(/\/interaction\//);
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any-password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
}

test('SSO round trip: login page, provider, back into the dashboard of Lyon with an SSO session', async ({ page, baseURL }) => {
  await startSso(page, 'field@demo.vigie.test');
  await expect(page).toHaveURL(/\/interaction\//);
  // The provider is another origin than the app.
  expect(new URL(page.url()).origin).not.toBe(new URL(baseURL!).origin);
  await signInAtProvider(page, 'field@demo.vigie.test');

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('toolbar-district')).toHaveText('Lyon');
  await expect(page.getByRole('main')).toContainText('Acme Industrie');
  const stored = await page.evaluate(() => ({
    token: localStorage.getItem('token'),
    email: sessionStorage.getItem('usr_e'),
    sso: document.cookie.split('; ').includes('sso=true'),
  }));
  expect(stored.token).toBeTruthy();
  expect(stored.email).toBeTruthy();
  expect(stored.sso).toBe(true);

  // A reload restores the session like any other.
  await page.reload();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('toolbar-district')).toHaveText('Lyon');
});

test('a provider identity with another e-mail is refused on the /sso page, with a way back to login', async ({ page }) => {
  await startSso(page, 'field@demo.vigie.test');
  await signInAtProvider(page, 'operator@demo.vigie.test');
  await expect(page).toHaveURL(/\/sso\?error=auth\.sso_email_mismatch$/);
  await expect(page.getByRole('alert')).toHaveText("The identity provider's account does not match this email address.");
  await page.getByText('Go to the login page').click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('an account without SSO is told so on the login page and stays there', async ({ page }) => {
  await startSso(page, 'district-admin@demo.vigie.test');
  await expect(page.getByRole('alert')).toHaveText('Single sign-on (SSO) is not available for this account.');
  await expect(page).toHaveURL(/\/login$/);
});
