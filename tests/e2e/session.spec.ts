// Session resilience in a real browser against the real server: the access token
// refreshed once for many requests in flight, the idle time-out opening the reconnect dialog
// with unsaved input kept and every non-auth request held, the 2-second suppression of token
// errors, and the login lockout message.
import { expect, test, type Page, type Request } from '@playwright/test';
import { DEMO_PASSWORD } from '../../server/src/seed/demo-data';
import { shortIdleTimeout, submitLogin } from './support';

const ADMIN = 'district-admin@demo.vigie.test';
const IDLE_SECONDS = 3;

const apiPath = (request: Request) => new URL(request.url()).pathname;
const isApi = (request: Request) => apiPath(request).startsWith('/api/');
const AUTH_FLOW = ['/api/auth/login', '/api/auth/loginSSO', '/api/auth/refresh', '/api/auth/logout', '/api/auth/clientIp'];
const isAuthFlow = (request: Request) => AUTH_FLOW.includes(apiPath(request));

const reconnectDialog = (page: Page) => page.locator('ion-modal#reconnect-dialog.show-modal');

test('many requests in flight when the access token nears expiry share one refresh, and none fails', async ({ page }) => {
  await page.clock.install();
  await submitLogin(page, ADMIN);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('toolbar-district')).toHaveText('Lyon');
  const before = await page.evaluate(() => localStorage.getItem('token'));

  const refreshes: string[] = [];
  const failures: string[] = [];
  page.on('request', (request) => {
    if (apiPath(request) === '/api/auth/refresh') refreshes.push(request.url());
  });
  page.on('response', (response) => {
    if (response.url().includes('/api/') && response.status() >= 400) failures.push(`${response.status()} ${response.url()}`);
  });

  // Listened for before the clock moves: a request whose timer the jump fires (the modules'
  // offline runs at an idle moment) may be the one that refreshes the token.
  const refreshed = page.waitForResponse((response) => response.url().endsWith('/api/auth/refresh'));
  // 14.5 minutes later the 15-minute token has 30 s left: inside the refresh margin.
  await page.clock.fastForward('14:30');
  // Everything on screen is stale now: coming back to the tab refetches it all at once.
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  expect((await refreshed).status()).toBe(200);
  await page.waitForLoadState('networkidle');

  expect(refreshes).toHaveLength(1);
  expect(failures).toEqual([]);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('toolbar-district')).toHaveText('Lyon');
  const after = await page.evaluate(() => localStorage.getItem('token'));
  expect(after).not.toBe(before);
});

test('idle time-out opens the reconnect dialog; unsaved input is still there after reconnecting', async ({ page }) => {
  await shortIdleTimeout(page.context(), IDLE_SECONDS);
  await submitLogin(page, ADMIN);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/admin/districtManagement');
  const name = page.getByLabel('District name');
  await name.fill('Quai des Brumes');

  const dialog = reconnectDialog(page);
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  expect(await page.evaluate(() => localStorage.getItem('awaitingReconnection'))).toBe('true');
  await expect(dialog.getByLabel('Email')).toHaveValue(ADMIN);

  await dialog.getByLabel('Password').fill(DEMO_PASSWORD);
  const login = page.waitForRequest((request) => apiPath(request) === '/api/auth/login');
  await dialog.getByRole('button', { name: 'Reconnect' }).click();
  expect((await login).postDataJSON()).toMatchObject({ email: ADMIN, reconnect: true });
  await expect(page.locator('ion-modal#reconnect-dialog')).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('awaitingReconnection'))).toBe('false');

  await expect(page).toHaveURL(/\/admin\/districtManagement$/);
  await expect(name).toHaveValue('Quai des Brumes');
});

test('awaiting reconnection survives a reload: nothing but auth calls leaves until the user reconnects', async ({ page }) => {
  await shortIdleTimeout(page.context(), IDLE_SECONDS);
  await submitLogin(page, ADMIN);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(reconnectDialog(page)).toBeVisible({ timeout: 15_000 });

  const sent: string[] = [];
  page.on('request', (request) => {
    if (isApi(request)) sent.push(apiPath(request));
  });
  // Without the saved read cache the start must ask for the district (with it, the page shows
  // the saved district and asks for nothing while it is fresh).
  await page.evaluate(() => localStorage.removeItem('queryCache'));
  await page.reload();
  const dialog = reconnectDialog(page);
  await expect(dialog).toBeVisible();
  // The app's start-up calls wait behind the gate.
  const whileAwaiting = [...sent];
  expect(whileAwaiting.filter((path) => !AUTH_FLOW.includes(path))).toEqual([]);

  await dialog.getByLabel('Password').fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Reconnect' }).click();
  await expect(page.locator('ion-modal#reconnect-dialog')).toBeHidden();
  // The held requests went out after the reconnection, with the new token.
  await expect.poll(() => sent.slice(whileAwaiting.length)).toEqual(expect.arrayContaining(['/api/auth/district']));
  await expect(page.getByTestId('toolbar-district')).toHaveText('Lyon');
});

/**
 * What the user faces after "Back to login": the login page and nothing over it. The dialog is
 * gone (not merely the address changed), the e-mail field takes focus and typing, and the form
 * logs the user in again.
 */
async function expectUsableLoginPage(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.locator('ion-modal#reconnect-dialog')).toBeHidden();
  await expect(page.locator('ion-modal.show-modal')).toHaveCount(0);
  expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('awaitingReconnection')])).toEqual([null, null]);
  const email = page.getByLabel('Email');
  await email.clear();
  await email.click();
  await expect(email).toBeFocused();
  await page.keyboard.type(ADMIN);
  await expect(email).toHaveValue(ADMIN);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  // The form logged the user in. Nothing more is checked: the short idle time-out applies to
  // the new session too, and on a slow machine it may hold the dashboard's requests again.
  await expect(page).toHaveURL(/\/dashboard$/);
}

test('back to login from the reconnect dialog logs out and leaves a usable login page', async ({ page }) => {
  // Two logins and an idle time-out: more than the default 30 s on a busy machine.
  test.setTimeout(90_000);
  await shortIdleTimeout(page.context(), IDLE_SECONDS);
  await submitLogin(page, ADMIN);
  await expect(page).toHaveURL(/\/dashboard$/);
  const dialog = reconnectDialog(page);
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  await dialog.getByRole('button', { name: 'Back to login' }).click();
  await expectUsableLoginPage(page);
});

test('back to login after a reload while awaiting reconnection leaves a usable login page', async ({ page }) => {
  // Two logins and an idle time-out: more than the default 30 s on a busy machine.
  test.setTimeout(90_000);
  await shortIdleTimeout(page.context(), IDLE_SECONDS);
  await submitLogin(page, ADMIN);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(reconnectDialog(page)).toBeVisible({ timeout: 15_000 });
  await page.reload();
  const dialog = reconnectDialog(page);
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Back to login' }).click();
  await expectUsableLoginPage(page);
});

test('token errors from many requests at once give one warning and one logout', async ({ page }) => {
  await page.addInitScript(() => {
    // Count every toast the app ever presents.
    const w = window as unknown as { __toasts: Element[] };
    w.__toasts = [];
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes) if (node instanceof Element && node.tagName === 'ION-TOAST') w.__toasts.push(node);
    }).observe(document, { childList: true, subtree: true });
  });
  await submitLogin(page, ADMIN);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('toolbar-district')).toHaveText('Lyon');

  // The app is closed first: its background reads (the offline copy of the sites) must not meet
  // the refusals below on a page the test then throws away with its warning.
  await page.goto('about:blank');
  // A restart without the saved read cache: the app asks for its start-up data all at once.
  await page.addInitScript(() => localStorage.removeItem('queryCache'));

  // The server now refuses the token on every call but the auth flow, and answers the refused
  // calls together once two of them are in flight.
  let refused = 0;
  let releaseAll: () => void = () => undefined;
  const together = new Promise<void>((resolve) => {
    releaseAll = resolve;
  });
  // On the context: after the reload the service worker controls the page.
  await page.context().route('**/api/**', async (route) => {
    if (isAuthFlow(route.request())) return route.continue();
    refused += 1;
    if (refused >= 2) releaseAll();
    await Promise.race([together, new Promise((resolve) => setTimeout(resolve, 5000))]);
    return route.fulfill({ status: 401, json: { message: 'token_expired', logout: true } });
  });
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  const toast = page.getByText('Your session has expired. Please log in again.');
  await expect(toast).toBeVisible();
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(toast).toBeHidden();
  // Every refused call had answered before the logout; a second warning would be queued now.
  await page.waitForLoadState('networkidle');
  const toasts = await page.evaluate(() =>
    (window as unknown as { __toasts: (Element & { message?: string })[] }).__toasts.map((toast) => String(toast.message)),
  );
  expect(refused).toBeGreaterThan(1);
  expect(toasts.filter((message) => message.includes('expired'))).toHaveLength(1);
});

test('repeated wrong passwords show the attempts left, then the lockout time', async ({ page }) => {
  // An address of its own: the lockout must not touch the accounts other tests use.
  const email = `lockout-${Date.now()}@demo.vigie.test`;
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('not-the-password');
  const alert = page.locator('.login-server-error');
  const submit = page.getByRole('button', { name: 'Log in' });
  // Each answer replaces the message: wait for this attempt's own text.
  for (let attempt = 1; attempt <= 4; attempt += 1) {
    await submit.click();
    await expect(alert).toContainText(`Attempt ${attempt} of 5.`);
  }
  await submit.click();
  await expect(alert).toContainText('Try again in 300 seconds.');
  // Locked: even the right password is refused until the time is over.
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await submit.click();
  await expect(alert).toContainText(/Try again in \d+ seconds\./);
  await expect(page).toHaveURL(/\/login$/);
});

test('reconnecting with SSO goes through the provider in a popup and keeps the page', async ({ page }) => {
  await shortIdleTimeout(page.context(), IDLE_SECONDS);
  // field@ has the SSO flag in the browser tests' demo (scripts/e2e-server.mjs starts the provider).
  await submitLogin(page, 'field@demo.vigie.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  const dialog = reconnectDialog(page);
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  await dialog.getByRole('switch', { name: 'Single sign-on (SSO)' }).click();
  await expect(dialog.getByLabel('Password')).toHaveCount(0);

  const popupOpened = page.waitForEvent('popup');
  await dialog.getByRole('button', { name: 'Reconnect' }).click();
  const popup = await popupOpened;
  // The provider's development login page: the login is the e-mail.
  await expect(popup).toHaveURL(/\/interaction\//);
  await popup.locator('input[name="login"]').fill('field@demo.vigie.test');
  await popup.locator('input[name="password"]').fill('any-password');
  await popup.getByRole('button', { name: 'Sign-in' }).click();

  await expect(page.locator('ion-modal#reconnect-dialog')).toBeHidden();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(
    await page.evaluate(() => [localStorage.getItem('awaitingReconnection'), document.cookie.split('; ').includes('sso=true')]),
  ).toEqual(['false', true]);
  await expect(page.getByTestId('toolbar-district')).toHaveText('Lyon');
});
