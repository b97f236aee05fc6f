/**
 * A first visit's main-thread work (issue 14 item 15): every script the first screen loads
 * opens with V8's explicit compile hint, so the browser compiles its functions on a background
 * thread while the file downloads instead of on the main thread at their first call
 * (vite.config.ts, docs/decisions.md "First visit").
 */
import { expect, test } from '@playwright/test';
import { V8_COMPILE_HINT } from '../../common/constants';
import { submitLogin } from './support';

test('every script of the login page and of the dashboard opens with the compile hint', async ({ page }) => {
  const scripts = new Map<string, Promise<string>>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script' && new URL(response.url()).pathname.startsWith('/assets/')) {
      scripts.set(response.url(), response.text());
    }
  });
  await page.goto('/login');
  await expect(page.getByLabel('Email')).toBeVisible();
  const loginScripts = scripts.size;
  await submitLogin(page, 'operator@demo.vigie.test');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

  expect(loginScripts).toBeGreaterThan(0);
  expect(scripts.size).toBeGreaterThan(loginScripts);
  for (const [url, body] of scripts) {
    expect(`${url}: ${(await body).split('\n', 1)[0]}`).toBe(`${url}: ${V8_COMPILE_HINT}`);
  }
});
