/**
 * The Sharing bank in Chromium against the real server. A member (the district administrator,
 * sharing-bank.read) finds a resource just published to the district among those to acknowledge,
 * opens it, goes offline, acknowledges it: the sheet says so at once, waiting to be sent, and
 * still does after a reload without network; back online the acknowledgement reaches the server
 * once and the administrator's board shows it. An administrator of another district of the same
 * client imports a template Lyon shares, and the copy is a template of its own district.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoViolations } from './axe';
import { cutNetwork, offlineCacheText, outboxSize, restoreNetwork, submitLogin, tokenOf } from './support';

const ADMIN = 'operator@demo.vigie.test';
const MEMBER = 'district-admin@demo.vigie.test';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function pageToken(page: Page): Promise<string> {
  return (await page.evaluate(() => localStorage.getItem('token'))) ?? '';
}

/** The administrator's API session moved to `district` of Acme (its next login lands there too). */
async function adminIn(request: APIRequestContext, district: string): Promise<string> {
  const token = await tokenOf(request, ADMIN);
  const moved = await request.post('/api/admin/changeClient', { headers: bearer(token), data: { database: 'acme', district } });
  expect(moved.status()).toBe(200);
  const refreshed = await request.post('/api/auth/refresh');
  expect(refreshed.status()).toBe(200);
  return ((await refreshed.json()) as { data: { token: string } }).data.token;
}

async function districtOf(request: APIRequestContext, token: string): Promise<{ _id: string; name: string }> {
  const answer = await request.get('/api/auth/district', { headers: bearer(token) });
  return ((await answer.json()) as { data: { _id: string; name: string } }).data;
}

test('a member acknowledges a resource offline; after a reload offline it is still acknowledged, and it reaches the board once', async ({ page, context, browser, request }) => {
  test.setTimeout(180_000);
  const title = `Consigne chariots élévateurs ${Date.now().toString(36)}`;

  await submitLogin(page, MEMBER);
  await expect(page.getByTestId('toolbar-district')).not.toBeEmpty();
  const district = await districtOf(request, await pageToken(page));
  const admin = await adminIn(request, district._id);
  const created = await request.post('/api/sharing-bank/resources', {
    headers: { ...bearer(admin), 'idempotency-key': randomUUID() },
    data: { id: randomUUID(), title, kind: 'instruction', description: 'Vitesse limitée à 10 km/h dans les allées ; klaxon aux intersections.', tags: ['logistique'] },
  });
  expect(created.status()).toBe(201);
  const resourceId = ((await created.json()) as { data: { id: string } }).data.id;

  // The app installed (its service worker holds the shell and the module's chunks) before the network goes.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.goto('/sharing-bank/sharingBankView?todo=true');
  const library = page.getByRole('list', { name: 'Sharing bank' });
  const row = library.getByRole('link').filter({ hasText: title });
  await expect(row).toBeVisible();
  await expect(row.getByText('To acknowledge')).toBeVisible();
  await row.click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByRole('button', { name: 'I have read and acknowledge' })).toBeVisible();
  // The sheet is kept on the device, and its opening has reached the server.
  await expect.poll(() => offlineCacheText(page), { timeout: 15_000 }).toContain(title);
  await expect.poll(() => outboxSize(page), { timeout: 15_000 }).toBe(0);

  await cutNetwork(context);
  await page.getByRole('button', { name: 'I have read and acknowledge' }).click();
  await expect(page.getByText('You acknowledged version 1; it will be sent as soon as the network is back.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'I have read and acknowledge' })).toHaveCount(0);
  expect(await outboxSize(page)).toBe(1);

  // Offline after a reload: read from the device, the acknowledgement still shown, waiting.
  await page.reload();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByText('You acknowledged version 1; it will be sent as soon as the network is back.')).toBeVisible();
  // It has left the resources to acknowledge (the list beside the sheet is filtered on them).
  await expect(library.getByRole('link').filter({ hasText: title })).toHaveCount(0);

  await restoreNetwork(context);
  await expect.poll(() => outboxSize(page), { timeout: 30_000 }).toBe(0);
  await expect(page.getByText(/You acknowledged version 1 on/)).toBeVisible({ timeout: 30_000 });
  const board = await request.get(`/api/sharing-bank/resources/${resourceId}/board`, { headers: bearer(admin) });
  const rows = ((await board.json()) as { data: { rows: { name: string; acknowledgedAt: string | null; openedAt: string | null }[] } }).data.rows.filter((r) => r.name === MEMBER);
  expect(rows).toHaveLength(1);
  expect(rows[0]!.acknowledgedAt).not.toBeNull();
  expect(rows[0]!.openedAt).not.toBeNull();

  // The administrator's board, in its own browser.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  try {
    await submitLogin(adminPage, ADMIN);
    await expect(adminPage.getByTestId('toolbar-district')).toHaveText(district.name);
    await adminPage.goto(`/sharing-bank/sharingBankView/${resourceId}/board`);
    const memberRow = adminPage.getByRole('row').filter({ hasText: MEMBER });
    await expect(memberRow.getByText(/^Acknowledged /)).toBeVisible();
    await expect(adminPage.getByRole('button', { name: 'Export (CSV)' })).toBeVisible();
  } finally {
    await adminContext.close();
  }
});

test('an administrator imports into its district a template another district of the client shares', async ({ page, request }) => {
  test.setTimeout(120_000);
  // The administrator in Marseille (Lyon shares a questionnaire template and a declaration type in the demo).
  const lyonToken = await tokenOf(request, MEMBER);
  const districts = await request.get('/api/districts', { headers: bearer(lyonToken) });
  const list = ((await districts.json()) as { data: { _id: string; name: string }[] }).data;
  const marseille = list.find((d) => d.name === 'Marseille')!;
  const lyon = list.find((d) => d.name === 'Lyon')!;
  const admin = await adminIn(request, marseille._id);
  try {
    const before = await request.get('/api/sharing-bank/shared-templates', { headers: bearer(admin) });
    const shared = ((await before.json()) as { data: { id: string; title: string; districtName: string; importedAs: string | null; kind: string }[] }).data;
    const template = shared.find((t) => t.districtName === 'Lyon' && t.importedAs === null && t.kind === 'declarationType') ?? shared.find((t) => t.districtName === 'Lyon' && t.importedAs === null);
    expect(template, 'a template of Lyon not imported yet').toBeDefined();

    await submitLogin(page, ADMIN);
    await expect(page.getByTestId('toolbar-district')).toHaveText('Marseille');
    await page.goto('/sharing-bank/sharingBankView');
    await page.getByRole('button', { name: "Other districts' templates" }).click();
    const item = page.getByRole('listitem').filter({ hasText: template!.title });
    await expect(item.getByText('Lyon district')).toBeVisible();
    await item.getByRole('button', { name: `Import “${template!.title}” into my district` }).click();
    await expect(item.getByText('Imported into your district')).toBeVisible({ timeout: 30_000 });

    const after = await request.get('/api/sharing-bank/shared-templates', { headers: bearer(admin) });
    const importedAs = ((await after.json()) as { data: { id: string; importedAs: string | null }[] }).data.find((t) => t.id === template!.id)!.importedAs;
    expect(importedAs).not.toBeNull();
    const copyPath = template!.kind === 'declarationType' ? `/api/declarations/templates/${importedAs}` : `/api/questionnaires/templates/${importedAs}`;
    const copy = await request.get(copyPath, { headers: bearer(admin) });
    expect(copy.status()).toBe(200);
    expect(((await copy.json()) as { data: { districtId: string } }).data.districtId).toBe(marseille._id);
  } finally {
    await adminIn(request, lyon._id);
  }
});

for (const [device, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1280, height: 800 }],
] as const) {
  test(`the library, a sheet, its board, the publishing form, the groups and the shared templates are axe clean on a ${device}`, async ({ page, request }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    const member = await tokenOf(request, MEMBER);
    const lyon = ((await (await request.get('/api/districts', { headers: bearer(member) })).json()) as { data: { _id: string; name: string }[] }).data.find((d) => d.name === 'Lyon')!;
    await adminIn(request, lyon._id);
    await submitLogin(page, ADMIN);
    await expect(page.getByTestId('toolbar-district')).toHaveText('Lyon');
    await page.goto('/sharing-bank/sharingBankView');
    const row = page.getByRole('list', { name: 'Sharing bank' }).getByRole('link').filter({ hasText: 'Procédure d’évacuation incendie' });
    await expect(row).toBeVisible();
    await expectNoViolations(page, '/sharing-bank/sharingBankView');
    await row.click();
    await expect(page.getByRole('heading', { name: 'Procédure d’évacuation incendie' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Open procedure-evacuation-incendie.pdf' })).toBeVisible();
    await expectNoViolations(page, '/sharing-bank/sharingBankView/:id');
    await page.getByRole('button', { name: 'Readings' }).click();
    await expect(page.getByRole('table')).toBeVisible();
    await expectNoViolations(page, '/sharing-bank/sharingBankView/:id/board');
    await page.goto('/sharing-bank/new');
    await expect(page.getByLabel('Title')).toBeVisible();
    await expectNoViolations(page, '/sharing-bank/new');
    await page.goto('/sharing-bank/groups');
    await expect(page.getByRole('heading', { name: 'Chefs d’équipe' })).toBeVisible();
    await expectNoViolations(page, '/sharing-bank/groups');
    await page.goto('/sharing-bank/shared');
    await expect(page.getByRole('heading', { name: "Other districts' templates" })).toBeVisible();
    await expectNoViolations(page, '/sharing-bank/shared');
  });
}
