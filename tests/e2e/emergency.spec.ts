/**
 * Emergency alerts end to end, as operator@demo.vigie.test (opteamum.admin): the alert is
 * durable on the device before any network call, and is delivered exactly once through an
 * offline period and a reload, a response lost after the server committed, and two tabs
 * draining together. "Exactly once" is read from the server: GET /api/emergency/outbox for
 * the alert's Idempotency-Key lists one share and one e-mail per recipient.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { openDialog, submitLogin } from './support';

const OPERATOR = 'operator@demo.vigie.test';
const RECIPIENTS = ['secours@example.org', 'mairie@example.org'];


async function logIn(page: Page) {
  await submitLogin(page, OPERATOR);
  await expect(page).toHaveURL(/\/dashboard$/);
}

async function openOutbox(page: Page) {
  await page.goto('/emergency/outbox');
  await expect(page.getByRole('heading', { name: 'Emergency alerts', level: 1 })).toBeVisible();
}

/** Fills the three steps up to Confirm (not clicked). */
async function fillAlert(page: Page) {
  await page.getByRole('button', { name: 'New alert' }).click();
  const dialog = openDialog(page);
  await dialog.getByRole('radio', { name: /Entrepôt Gerland/ }).check();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByLabel('Recipient e-mail 1').fill(RECIPIENTS[0] ?? '');
  await dialog.getByRole('button', { name: 'Add a recipient' }).click();
  await dialog.getByLabel('Recipient e-mail 2').fill(RECIPIENTS[1] ?? '');
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByText('Entrepôt Gerland')).toBeVisible();
  return dialog.getByRole('button', { name: 'Confirm' });
}

const alertRows = (page: Page) => page.locator('li.emergency-alert');

async function onlyAlertKey(page: Page): Promise<string> {
  await expect(alertRows(page)).toHaveCount(1);
  const key = await alertRows(page).first().getAttribute('data-key');
  expect(key).toMatch(/^[0-9a-f-]{36}$/);
  return key ?? '';
}

interface MailRow {
  shareId: string;
  recipient: string;
}

/** The server's record of this alert, through the page's request context and session. */
async function deliveredRows(page: Page, key: string): Promise<MailRow[]> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const response = await page.request.get(`/api/emergency/outbox?idempotencyKey=${key}`, {
    headers: { Authorization: `Bearer ${token ?? ''}` },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { items: MailRow[] } }).data.items;
}

async function expectDeliveredOnce(page: Page, key: string) {
  const rows = await deliveredRows(page, key);
  expect(new Set(rows.map((r) => r.shareId)).size).toBe(1);
  expect(rows.map((r) => r.recipient).sort()).toEqual([...RECIPIENTS].sort());
}

/** Cuts the network the way a dead link does, service worker requests included. */
async function goOffline(context: BrowserContext) {
  await context.setOffline(true);
  await context.route('**/api/**', (route) => route.abort('internetdisconnected'));
}

async function goOnline(context: BrowserContext) {
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  await context.setOffline(false);
}

test.describe('emergency alerts', () => {
  test.describe.configure({ timeout: 60_000 });

  test('an alert confirmed offline is kept through a reload and delivered once when back online', async ({ page, context }) => {
    await logIn(page);
    await openOutbox(page);
    const confirm = await fillAlert(page);
    await goOffline(context);
    await confirm.click();
    await expect(page.getByText('Alert saved on this device', { exact: false })).toBeVisible();
    const key = await onlyAlertKey(page);
    await expect(alertRows(page).first()).toHaveAttribute('data-state', /queued|sending/);

    // Reload with the API still unreachable: the alert is read back from the device.
    await context.setOffline(false);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Emergency alerts', level: 1 })).toBeVisible();
    expect(await onlyAlertKey(page)).toBe(key);
    await expect(alertRows(page).first()).toHaveAttribute('data-state', /queued|sending/);

    await context.setOffline(true);
    await goOnline(context);
    await expect(alertRows(page).first()).toHaveAttribute('data-state', 'sent', { timeout: 20_000 });
    await expect(alertRows(page).first()).toContainText('Sent on');
    await expectDeliveredOnce(page, key);
  });

  test('a response lost after the server committed is retried with the same key: still one share', async ({ page }) => {
    await logIn(page);
    await openOutbox(page);
    let lost = 0;
    await page.route('**/api/emergency/sendInformations', async (route) => {
      if (lost === 0) {
        lost += 1;
        // The request reaches the server and commits; the answer never reaches the app.
        await route.fetch();
        await route.abort('connectionreset');
        return;
      }
      await route.continue();
    });
    await (await fillAlert(page)).click();
    const key = await onlyAlertKey(page);
    await expect(alertRows(page).first()).toHaveAttribute('data-state', 'sent', { timeout: 20_000 });
    expect(lost).toBe(1);

    await page.reload();
    await expect(alertRows(page).first()).toHaveAttribute('data-state', 'sent');
    await expectDeliveredOnce(page, key);
  });

  test('two tabs draining together deliver the alert once', async ({ page, context }) => {
    await logIn(page);
    await openOutbox(page);
    const confirm = await fillAlert(page);
    await goOffline(context);
    await confirm.click();
    const key = await onlyAlertKey(page);

    // A second tab of the same browser: same device outbox, same lock manager.
    await context.setOffline(false);
    const tab2 = await context.newPage();
    await openOutbox(tab2);
    expect(await onlyAlertKey(tab2)).toBe(key);

    // Back online: both tabs get `online` and try to drain at once.
    await context.setOffline(true);
    await goOnline(context);
    await expect(alertRows(page).first()).toHaveAttribute('data-state', 'sent', { timeout: 20_000 });
    await expect(alertRows(tab2).first()).toHaveAttribute('data-state', 'sent');
    await expectDeliveredOnce(page, key);
  });
});
