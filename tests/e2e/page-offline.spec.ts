/**
 * A screen whose code is not on the device yet, opened offline: the minutes after a first
 * login, before the service worker has finished keeping the whole app (blocked here), a field
 * user loses the network and opens a menu entry never opened before. The app says the screen
 * needs the connection once, stays in the app (no reload into the browser's "no internet"
 * page), and opens the screen by itself when the connection is back.
 */
import { expect, test } from '@playwright/test';
import { cutNetwork, restoreNetwork, submitLogin } from './support';

test.use({ serviceWorkers: 'block' });

test('a screen not on the device yet says so offline, keeps the app, and opens once the connection is back', async ({ page, context }) => {
  await submitLogin(page, 'field@demo.vigie.test');
  await expect(page.getByTestId('toolbar-district')).toHaveText('Lyon');
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('link', { name: 'Contacts' })).toBeVisible();

  await cutNetwork(context);
  await menu.getByRole('link', { name: 'Contacts' }).click();
  await expect(page.getByRole('heading', { name: 'Not available offline yet' })).toBeVisible();
  await expect(page.getByText('This screen is not on this device yet: it opens as soon as the connection is back.')).toBeVisible();
  // Still the app: its header and menu, not the browser's error page.
  await expect(page.getByTestId('toolbar-district')).toHaveText('Lyon');
  await expect(page).toHaveURL(/\/contact-v2/);

  await restoreNetwork(context);
  await expect(page.getByRole('heading', { name: 'Contacts', level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Not available offline yet' })).toHaveCount(0);
});
