/**
 * A report shared by link, in Chromium against the real server: a manager opens a
 * submitted inspection's report, makes a link, copies it; someone without any session (a fresh
 * browser context: no cookie, no token) downloads the PDF with it; the manager sends it by
 * e-mail (a wrong address is named first), the link's row shows the download and, once the mail
 * worker delivered the e-mail to the SMTP capture, that it was sent; the manager revokes it and
 * the same address answers 404.
 */
import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD } from '../../server/src/seed/demo-data';
import { expectNoViolations } from './axe';
import { mailsTo } from './mail-capture';
import { submitLogin } from './support';

const MANAGER = 'operator@demo.vigie.test';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('a manager shares a submitted report by link; a browser without a session downloads the PDF until the link is revoked', async ({ page, request, browser }) => {
  const login = await request.post('/api/auth/login', { data: { email: MANAGER, password: DEMO_PASSWORD } });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const list = await request.get('/api/questionnaires/inspections?status=submitted&limit=1', { headers: { Authorization: `Bearer ${token}` } });
  const inspection = ((await list.json()) as { data: { items: { id: string; templateName: string }[] } }).data.items[0]!;

  await submitLogin(page, MANAGER);
  await expect(page.getByTestId('toolbar-district')).toHaveText('Lyon');
  await page.goto(`/questionnary-v2/inspections/${inspection.id}`);
  const share = page.getByRole('region', { name: 'Share the report' });
  await expect(share).toBeVisible();
  await expect(share.getByText('No link yet.')).toBeVisible();

  await share.getByLabel('Valid for').selectOption({ label: '1 day' });
  await share.getByRole('button', { name: 'Create a link' }).click();
  const link = share.getByLabel('Share link');
  await expect(link).toHaveValue(/\/api\/shared\/reports\/[A-Za-z0-9_-]{65}\.pdf$/);
  const url = await link.inputValue();
  await share.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByText('Link copied.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await expect(share.getByText('Active')).toBeVisible();
  await expectNoViolations(page, 'report with a share link', '.record-sheet');

  // Someone else, without any session.
  const guest = await browser.newContext();
  try {
    expect(await guest.cookies()).toEqual([]);
    const pdf = await guest.request.get(url, { headers: { 'accept-language': 'fr-FR' } });
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect(pdf.headers()['referrer-policy']).toBe('no-referrer');
    expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // Sent by e-mail: a wrong address is named and nothing is sent; then sent and shown in the link's row.
    const to = share.getByLabel('Send the link by e-mail');
    await to.fill('client@example.org, pas-une-adresse');
    await share.getByRole('button', { name: 'Send by e-mail' }).click();
    await expect(share.getByRole('alert')).toHaveText('This is not an e-mail address: pas-une-adresse');
    await to.fill('client@example.org, Client@example.org');
    await share.getByRole('button', { name: 'Send by e-mail' }).click();
    await expect(page.getByText('The link will be e-mailed to 1 address: its row says when it is sent.')).toBeVisible();
    const row = share.getByRole('listitem').filter({ hasText: 'Active' });
    // The row says who asked; once the mail worker delivered it to the SMTP server, that it was sent and when.
    await expect(row).toContainText(/E-mail requested by operator@demo\.vigie\.test on /);
    await expect.poll(async () => (await mailsTo(['client@example.org'])).length, { timeout: 30_000 }).toBeGreaterThan(0);
    await expect(row).toContainText(/Sent to client@example\.org on \d/, { timeout: 30_000 });
    await expect(row).toContainText(/Downloaded once, on /);
    await expectNoViolations(page, 'report with a link sent by e-mail', '.record-sheet');

    await share.getByRole('button', { name: /^Revoke the link created on/ }).click();
    await expect(page.getByText('Link revoked.')).toBeVisible();
    await expect(share.getByText('Revoked', { exact: true })).toBeVisible();
    // Delivered before the revoke: the row still says so.
    await expect(share.getByRole('listitem').filter({ hasText: 'Revoked' })).toContainText(/Sent to client@example\.org on \d/);
    const gone = await guest.request.get(url);
    expect(gone.status()).toBe(404);
    expect(await gone.json()).toEqual({ message: 'questionnaires.shared_report_not_found' });
  } finally {
    await guest.close();
  }
});
