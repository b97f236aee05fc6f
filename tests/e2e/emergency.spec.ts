/**
 * Emergency alerts end to end, as operator@demo.vigie.test (opteamum.admin): the alert is
 * durable on the device before any network call, and is delivered exactly once through an
 * offline period and a reload, a response lost after the server committed, two tabs draining
 * together, 503 answers and a timed-out request, a change of client and district with an
 * alert queued, and an expired session. "Exactly once" is read in two places: the server
 * (GET /api/emergency/outbox for the alert's Idempotency-Key lists one share and one e-mail
 * per recipient) and the SMTP server on loopback (one message per recipient, all announcing
 * that one share, with the Message-IDs of those rows). Each test has its own recipients, so
 * the messages of one test are told apart from the others'.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../../server/src/seed/demo-data';
import { mailsTo } from './mail-capture';
import { offlineCopyOf, openDialog, shortIdleTimeout, submitLogin } from './support';

const OPERATOR = 'operator@demo.vigie.test';
const LYON_SITE = 'Entrepôt Gerland';

/** Two recipients no other test uses. */
function recipientsFor(): [string, string] {
  const tag = randomUUID().slice(0, 8);
  return [`secours+${tag}@example.org`, `mairie+${tag}@example.org`];
}


async function logIn(page: Page) {
  await submitLogin(page, OPERATOR);
  await expect(page).toHaveURL(/\/dashboard$/);
  // A login lands where the account last was; the tests create their alerts in Lyon.
  const district = page.getByTestId('toolbar-district');
  await expect(district).not.toBeEmpty();
  if ((await district.textContent())?.trim() !== 'Lyon') await changeClient(page, 'Acme Industrie', 'Lyon');
}

async function openOutbox(page: Page) {
  await page.goto('/emergency/outbox');
  await expect(page.getByRole('heading', { name: 'Emergency alerts', level: 1 })).toBeVisible();
}

/** Fills the three steps up to Confirm (not clicked). */
async function fillAlert(page: Page, recipients: readonly [string, string], site = LYON_SITE) {
  await page.getByRole('button', { name: 'New alert' }).click();
  const dialog = openDialog(page);
  await dialog.getByRole('radio', { name: new RegExp(site) }).check();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByLabel('Recipient e-mail 1').fill(recipients[0]);
  await dialog.getByRole('button', { name: 'Add a recipient' }).click();
  await dialog.getByLabel('Recipient e-mail 2').fill(recipients[1]);
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByText(site)).toBeVisible();
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
  _id: string;
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

const sorted = (values: readonly string[]) => [...values].map((v) => v.toLowerCase()).sort();

/** One share and one e-mail per recipient, on the server and at the SMTP server. */
async function expectDeliveredOnce(page: Page, key: string, recipients: readonly string[]) {
  const rows = await deliveredRows(page, key);
  expect(new Set(rows.map((r) => r.shareId)).size).toBe(1);
  expect(sorted(rows.map((r) => r.recipient))).toEqual(sorted(recipients));
  // The mail worker delivers after the send: wait for the SMTP server to have them all.
  await expect
    .poll(async () => sorted((await mailsTo(recipients)).flatMap((mail) => mail.to)), { timeout: 30_000 })
    .toEqual(sorted(recipients));
  const mails = await mailsTo(recipients);
  // Every message announces the same share, and each is one of the server's rows.
  expect(new Set(mails.flatMap((mail) => mail.links)).size).toBe(1);
  const messageRowIds = mails.map((mail) => /^<([^@>]+)@/.exec(mail.messageId ?? '')?.[1] ?? '');
  expect(messageRowIds.sort()).toEqual(rows.map((r) => r._id).sort());
}

/** Cuts the network the way a dead link does, service worker requests included. */
async function goOffline(context: BrowserContext) {
  await context.setOffline(true);
  await context.route('**/api/**', (route) => route.abort('internetdisconnected'));
}

async function goOnline(context: BrowserContext) {
  // 'wait': a request the abort handler is holding at this moment is aborted before the routes
  // go ('ignoreErrors' could leave it paused for good, an outcome no real network has).
  await context.unrouteAll({ behavior: 'wait' });
  await context.setOffline(false);
}

const menuEntry = (page: Page, label: string) => page.locator('ion-menu').getByText(label, { exact: true });

/** The "Change client" stepper (tests/e2e/tenancy.spec.ts covers the dialog itself). */
async function changeClient(page: Page, client: string, district: string) {
  await menuEntry(page, 'Change client').click();
  const dialog = openDialog(page);
  await dialog.getByRole('button', { name: client, exact: true }).click();
  await dialog.getByRole('button', { name: district, exact: true }).click();
  await expect(dialog.locator('.tenancy-summary')).toContainText(district);
  // A send route cut by the test fails like a dead link, so until its health probe answers the
  // app believes it is offline and refuses the change with a toast, as it would for a user (who
  // confirms again). The test does the same: either the dialog closes, or it was refused.
  const modal = page.locator('ion-modal.show-modal');
  const refused = page.getByTestId('toast').filter({ hasText: 'This action needs a connection to the server' });
  for (let attempt = 1; ; attempt += 1) {
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    const outcome = await Promise.race([
      expect(modal).toHaveCount(0, { timeout: 15_000 }).then(() => 'closed', () => 'timeout'),
      refused.first().waitFor({ timeout: 15_000 }).then(() => 'refused', () => 'timeout'),
    ]);
    if (outcome === 'closed') break;
    if (outcome === 'timeout' || attempt === 3) throw new Error(`the change of client did not go through (${outcome}, attempt ${attempt})`);
    // The toast goes after a few seconds; by then the probe has found the server again.
    await expect(refused).toHaveCount(0, { timeout: 15_000 });
  }
  await expect(modal).toHaveCount(0);
  await expect(page.getByTestId('toolbar-district')).toHaveText(district);
}

// Long enough for the test to log in and fill the alert on a slow machine.
const IDLE_SECONDS = 12;

test.describe('emergency alerts', () => {
  test.describe.configure({ timeout: 60_000 });

  test('after a normal login, an alert raised offline after a reload (dialog never opened online) is delivered once when back online', async ({ page, context }) => {
    // A login, a wait for the saved data, a reload from the service worker and a delivery.
    test.setTimeout(120_000);
    const recipients = recipientsFor();
    await logIn(page);
    // The user stays on the dashboard and never opens the dialog online. Meanwhile the shell
    // saves the district's sites and their stage lists on the device, in the read cache's
    // IndexedDB copy (vigie-cache, lib/idb).
    // The site's own lists are waited for: the saved copy of another site's lists says nothing
    // of this one's (a run saves them one site after another).
    await expect
      .poll(async () => (await offlineCopyOf<{ _id: string; name: string }[]>(page, ['emergency', 'sites']))?.some((site) => site.name === LYON_SITE), { timeout: 20_000 })
      .toBe(true);
    const sites = (await offlineCopyOf<{ _id: string; name: string }[]>(page, ['emergency', 'sites'])) ?? [];
    const siteId = sites.find((site) => site.name === LYON_SITE)?._id ?? '';
    const names = async (kind: 'siteStages' | 'stages360') =>
      ((await offlineCopyOf<{ name: string }[]>(page, ['emergency', kind, siteId])) ?? []).map((stage) => stage.name);
    await expect.poll(() => names('stages360'), { timeout: 20_000 }).toEqual(['Entrée', 'Zone technique']);
    await expect.poll(() => names('siteStages'), { timeout: 20_000 }).toEqual(['Maquette']);
    // The installed app's code is on the device (service worker) for the reload below.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });

    // No network for the page nor for its service worker, then a reload.
    await context.setOffline(true);
    await context.route('**/*', (route) => route.abort('internetdisconnected'));
    await page.reload();
    await expect(page.getByTestId('toolbar-district')).toHaveText('Lyon');

    await page.getByRole('button', { name: 'Emergency alert' }).first().click();
    const dialog = openDialog(page);
    await dialog.getByRole('radio', { name: new RegExp(LYON_SITE) }).check();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByLabel('Recipient e-mail 1').fill(recipients[0]);
    await dialog.getByRole('button', { name: 'Add a recipient' }).click();
    await dialog.getByLabel('Recipient e-mail 2').fill(recipients[1]);
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Alert saved on this device', { exact: false })).toBeVisible();
    await expect(page.locator('ion-modal.show-modal')).toHaveCount(0);
    expect(await mailsTo(recipients)).toEqual([]);

    await goOnline(context);
    await openOutbox(page);
    const key = await onlyAlertKey(page);
    await expect(alertRows(page).first()).toHaveAttribute('data-state', 'sent', { timeout: 20_000 });
    await expectDeliveredOnce(page, key, recipients);

    // The share holds what the payload carried from the device: the site's stages, and the 360
    // images the app could not fetch offline, filled by the server.
    const [link] = (await mailsTo(recipients))[0]?.links ?? [];
    const token = link?.split('/viewerThirdParty/')[1] ?? '';
    const viewer = await page.request.get(`/api/viewerThirdParty/${token}`);
    expect(viewer.status()).toBe(200);
    const { site } = ((await viewer.json()) as { data: { site: { name: string; threeD: unknown[]; threeSixty: { name: string; image: string | null }[] } } }).data;
    expect(site.name).toBe(LYON_SITE);
    expect(site.threeD).toEqual([{ name: 'Maquette' }]);
    expect(site.threeSixty.map((stage) => stage.name)).toEqual(['Entrée', 'Zone technique']);
    for (const stage of site.threeSixty) expect(stage.image).toMatch(/^data:image\/png;base64,/);
  });

  test('an alert confirmed offline is kept through a reload and delivered once when back online', async ({ page, context }) => {
    const recipients = recipientsFor();
    await logIn(page);
    await openOutbox(page);
    const confirm = await fillAlert(page, recipients);
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
    await expectDeliveredOnce(page, key, recipients);
  });

  test('a response lost after the server committed is retried with the same key: still one share', async ({ page }) => {
    const recipients = recipientsFor();
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
    await (await fillAlert(page, recipients)).click();
    const key = await onlyAlertKey(page);
    await expect(alertRows(page).first()).toHaveAttribute('data-state', 'sent', { timeout: 20_000 });
    expect(lost).toBe(1);

    await page.reload();
    await expect(alertRows(page).first()).toHaveAttribute('data-state', 'sent');
    await expectDeliveredOnce(page, key, recipients);
  });

  test('two tabs draining together deliver the alert once', async ({ page, context }) => {
    test.setTimeout(120_000);
    const recipients = recipientsFor();
    await logIn(page);
    await openOutbox(page);
    const confirm = await fillAlert(page, recipients);
    await goOffline(context);
    await confirm.click();
    const key = await onlyAlertKey(page);

    // A second tab of the same browser: same device outbox, same lock manager.
    await context.setOffline(false);
    const tab2 = await context.newPage();
    await openOutbox(tab2);
    expect(await onlyAlertKey(tab2)).toBe(key);

    // Back online: both tabs get `online` and try to drain at once. A send caught by the cut
    // at that very moment may hang until its own time-out (60 s) before the retry delivers it.
    await context.setOffline(true);
    await goOnline(context);
    await expect(alertRows(page).first()).toHaveAttribute('data-state', 'sent', { timeout: 75_000 });
    await expect(alertRows(tab2).first()).toHaveAttribute('data-state', 'sent');
    await expectDeliveredOnce(page, key, recipients);
  });
  test('503 answers and a timed-out request, then the server recovers: delivered once', async ({ page }) => {
    const recipients = recipientsFor();
    await logIn(page);
    await openOutbox(page);
    const keys: (string | undefined)[] = [];
    await page.route('**/api/emergency/sendInformations', async (route) => {
      keys.push(route.request().headers()['idempotency-key']);
      if (keys.length === 1) {
        await route.fulfill({ status: 503, json: { message: 'unavailable' } });
      } else if (keys.length === 2) {
        // The server takes this one and commits, but the answer never comes in time.
        await route.fetch();
        await route.abort('timedout');
      } else {
        await route.continue();
      }
    });
    await (await fillAlert(page, recipients)).click();
    const key = await onlyAlertKey(page);
    await expect(alertRows(page).first()).toHaveAttribute('data-state', 'sent', { timeout: 30_000 });
    // Three attempts at least, every one with the alert's own key.
    expect(keys.length).toBeGreaterThanOrEqual(3);
    expect(new Set(keys)).toEqual(new Set([key]));
    await expectDeliveredOnce(page, key, recipients);
  });

  test('an alert queued before a change of client waits for its own client and district, never the new one', async ({ page }) => {
    test.setTimeout(150_000);
    const lyon = recipientsFor();
    const nantes = recipientsFor();
    await logIn(page);
    await openOutbox(page);
    // The send route is cut, the rest of the app works: the alert stays queued.
    await page.route('**/api/emergency/sendInformations', (route) => route.abort('internetdisconnected'));
    await (await fillAlert(page, lyon)).click();
    const lyonKey = await onlyAlertKey(page);

    await changeClient(page, 'Bellevue Santé', 'Nantes');
    await page.unroute('**/api/emergency/sendInformations');
    await openOutbox(page);
    const lyonRow = page.locator(`li.emergency-alert[data-key="${lyonKey}"]`);
    await expect(lyonRow).toContainText('Will be sent once you are logged in to its client and district again.');

    // An alert of the new tenant goes out: the drainer runs, and passes the Lyon one by.
    await (await fillAlert(page, nantes, 'Clinique Erdre')).click();
    const nantesRow = page.locator('li.emergency-alert').filter({ hasText: nantes[0] });
    await expect(nantesRow).toHaveAttribute('data-state', 'sent', { timeout: 20_000 });
    const nantesKey = (await nantesRow.getAttribute('data-key')) ?? '';
    await expectDeliveredOnce(page, nantesKey, nantes);
    await expect(lyonRow).toHaveAttribute('data-state', 'queued');
    // Nothing of the Lyon alert reached Bellevue's records or anybody's mailbox.
    expect(await deliveredRows(page, lyonKey)).toEqual([]);
    expect(await mailsTo(lyon)).toEqual([]);

    // Back in its own client and district, it goes, once.
    await changeClient(page, 'Acme Industrie', 'Lyon');
    await openOutbox(page);
    await expect(lyonRow).toHaveAttribute('data-state', 'sent', { timeout: 20_000 });
    await expectDeliveredOnce(page, lyonKey, lyon);
  });

  test('an alert queued when the session expires waits behind the reconnect dialog and goes once after reconnecting', async ({ page, context }) => {
    test.setTimeout(120_000);
    const recipients = recipientsFor();
    // A short idle time-out (the configuration is read at start-up, and kept): the session
    // expires once the test stops touching the page.
    await shortIdleTimeout(page, IDLE_SECONDS);
    await logIn(page);
    await openOutbox(page);
    // The send route is cut: the alert stays queued.
    await page.route('**/api/emergency/sendInformations', (route) => route.abort('internetdisconnected'));
    await (await fillAlert(page, recipients)).click();
    const key = await onlyAlertKey(page);

    const dialog = page.locator('ion-modal#reconnect-dialog.show-modal');
    await expect(dialog).toBeVisible({ timeout: 30_000 });
    await page.unroute('**/api/emergency/sendInformations');
    // The network is back while the session is still expired: nothing is sent.
    const sends: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/emergency/sendInformations')) sends.push(request.url());
    });
    await context.setOffline(true);
    await context.setOffline(false);
    await expect(alertRows(page).first()).toHaveAttribute('data-state', /queued|sending/);
    expect(sends).toEqual([]);
    expect(await mailsTo(recipients)).toEqual([]);

    await dialog.getByLabel('Password').fill(DEMO_PASSWORD);
    await dialog.getByRole('button', { name: 'Reconnect' }).click();
    await expect(page.locator('ion-modal#reconnect-dialog')).toBeHidden();
    await expect(alertRows(page).first()).toHaveAttribute('data-state', 'sent', { timeout: 20_000 });
    expect(sends.length).toBeGreaterThanOrEqual(1);
    await expectDeliveredOnce(page, key, recipients);
  });
});
