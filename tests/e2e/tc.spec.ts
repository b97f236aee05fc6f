/**
 * The terms of use in Chromium against the real server: the operator publishes a new version
 * (every user must accept it) from the editor; its own dialog asks it at once; a field user is
 * asked at the next login and goes on once accepted; the operator finds the publication in the
 * audit log. Other spec files run after this one on the same server: afterAll accepts the
 * current version for every demo account, so none of them meets the dialog.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectNoViolations } from './axe';
import { DEMO_ACCOUNTS } from '../../server/src/seed/demo-data';
import { openDialog, submitLogin, tokenOf } from './support';

const OPERATOR = 'operator@demo.vigie.test';
const FIELD = 'field@demo.vigie.test';

async function acceptCurrent(request: APIRequestContext, email: string): Promise<void> {
  const headers = { Authorization: `Bearer ${await tokenOf(request, email)}` };
  const status = (await (await request.get('/api/tc/status', { headers })).json()) as { data: { current: { version: number } | null; mustAccept: boolean } };
  if (!status.data.mustAccept || status.data.current === null) return;
  const accepted = await request.post('/api/tc/accept', { headers: { ...headers, 'Idempotency-Key': randomUUID() }, data: { version: status.data.current.version } });
  expect(accepted.status()).toBe(200);
}

test.afterAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  for (const account of DEMO_ACCOUNTS) await acceptCurrent(request, account.email);
  await request.dispose();
});

test('a new version of the terms is published by the operator, accepted by a user at the next login, and in the audit log', async ({ page, browser }, testInfo) => {
  test.setTimeout(90_000);
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

  await submitLogin(page, OPERATOR);
  await expect(page.getByTestId('toolbar-district')).toBeVisible();
  await page.goto('/tc/editor');
  const termsEn = page.getByLabel('Terms of use (English)');
  await expect(termsEn).not.toHaveValue('');
  await termsEn.fill(`# Terms of use ${tag}\n\nA new clause: **visitors** sign in at the desk <b>${tag}</b>.`);
  await page.getByLabel('Version note (optional)').fill(`Visitors ${tag}`);
  await page.getByRole('button', { name: 'Publish' }).click();

  // The operator is asked too, as soon as the server holds the version.
  const dialog = openDialog(page);
  await expect(dialog.getByRole('heading', { name: `Terms of use ${tag}` })).toBeVisible({ timeout: 20_000 });
  // Markup in a text is shown as text.
  await expect(dialog.getByText(`<b>${tag}</b>`, { exact: false })).toBeVisible();
  await dialog.getByRole('button', { name: 'I accept' }).click();
  await expect(dialog).toHaveCount(0);

  // A field user, at the next login: the dialog blocks until accepted.
  const other = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const field = await other.newPage();
  await submitLogin(field, FIELD);
  const fieldDialog = openDialog(field);
  await expect(fieldDialog.getByRole('heading', { name: `Terms of use ${tag}` })).toBeVisible();
  await expect(fieldDialog.getByText('The terms of use have changed')).toBeVisible();
  await fieldDialog.getByRole('button', { name: 'I accept' }).click();
  await expect(fieldDialog).toHaveCount(0);
  await field.goto('/tc');
  await expect(field.getByText(/accepted by you \(version \d+\)/)).toBeVisible();
  await other.close();

  // The operator finds the publication in the audit log, filtered by act.
  await page.goto('/tc/audit');
  await page.locator('.tc-filters select').selectOption({ label: 'Terms of use published' });
  const row = page.getByRole('list', { name: 'Audit log' }).getByRole('listitem').first();
  await expect(row).toContainText('Terms of use published');
  await expect(row).toContainText(`By ${OPERATOR}`);
  await expect(row).toContainText(`Visitors ${tag}`);
  await expectNoViolations(page, 'the audit log');
});
