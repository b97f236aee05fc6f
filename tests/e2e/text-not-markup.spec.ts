/**
 * Names stored with markup are shown as text. Through the API, the operator
 * stores markup in every name it can write (a client, its districts created and renamed, a
 * user's e-mail, an announced notification) in a client of its own making, then the browser
 * opens every page that shows them: the literal text is visible and no injected element exists.
 * The operator is moved back where it was at the end (a login lands where the account last was).
 */
import { expect as baseExpect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { DistrictRef, Envelope, SessionData } from '../../common/api-types';
import { DEMO_PASSWORD } from '../../server/src/seed/demo-data';
import { openDialog, submitLogin } from './support';

// Listing clients opens each client's database: on a busy machine that takes more than the default.
const expect = baseExpect.configure({ timeout: 30_000 });
const OPERATOR = 'operator@demo.vigie.test';
/** Legitimate text for the server; markup for a page that parses it. */
const markup = (what: string) => `<a class="injected" href="https://evil.test">x</a><b class="injected">${what}</b>`;
const CLIENT = markup('client');
const FIRST_DISTRICT = markup('first district');
const RENAMED_DISTRICT = markup('renamed district');
const NOTIFICATION = markup('notification');
// An e-mail cannot hold tags (the one Email rule refuses <, > and ;), but it can hold what an
// HTML parser reads as an entity: shown literally, never as "o'brien&-co".
const EMAIL = "o'brien&amp-co@markup.test";

interface ClientEntry {
  name: string;
  database: string;
  districts: DistrictRef[];
}

async function storeMarkup(request: APIRequestContext): Promise<{ back: { database: string; district: string } }> {
  const login = await request.post('/api/auth/login', { data: { email: OPERATOR, password: DEMO_PASSWORD } });
  expect(login.status()).toBe(200);
  const session = ((await login.json()) as Envelope<SessionData>).data;
  const back = { database: session.client.database, district: session.district._id };
  let headers = { authorization: `Bearer ${session.token}` };

  const database = `markup_${Date.now().toString(36)}`;
  const created = await request.post('/api/clients', { headers, data: { name: CLIENT, database, district: FIRST_DISTRICT } });
  expect(created.status()).toBe(201);
  const client = ((await created.json()) as Envelope<ClientEntry>).data;
  expect(client.name).toBe(CLIENT);
  const moved = await request.post('/api/admin/changeClient', { headers, data: { database, district: client.districts[0]!._id } });
  expect(moved.status()).toBe(200);
  // The refresh cookie of that login (the request context keeps it) gives a token of the new client.
  headers = { authorization: `Bearer ${((await (await request.post('/api/auth/refresh')).json()) as Envelope<{ token: string }>).data.token}` };

  const second = await request.post('/api/districts', { headers, data: { name: 'plain name first' } });
  expect(second.status()).toBe(201);
  const renamed = await request.patch(`/api/districts/${((await second.json()) as Envelope<DistrictRef>).data._id}`, { headers, data: { name: RENAMED_DISTRICT } });
  expect(renamed.status()).toBe(200);
  const user = await request.post('/api/users', { headers, data: { email: EMAIL, password: 'long-enough-1', rights: ['sites.read'] } });
  expect(user.status()).toBe(201);
  const announced = await request.post('/api/notifications/announce', { headers, data: { name: NOTIFICATION } });
  expect(announced.status()).toBe(200);
  return { back };
}

/** Every name of `texts` is on the page as text, and nothing the names carried became an element. */
async function showsLiterally(page: Page, texts: string[]): Promise<void> {
  for (const text of texts) await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
  await expect(page.locator('.injected')).toHaveCount(0);
  await expect(page.locator('a[href="https://evil.test"]')).toHaveCount(0);
}

test('names stored with markup are shown as text on every page that shows them', async ({ page, request }) => {
  // A new client database and nine pages: more than one ordinary test's time.
  test.setTimeout(240_000);
  const { back } = await storeMarkup(request);
  try {
    await submitLogin(page, OPERATOR);
    await expect(page).toHaveURL(/\/dashboard$/);
    // The toolbar names the district the operator landed in.
    await expect(page.getByTestId('toolbar-district')).toHaveText(FIRST_DISTRICT);
    await showsLiterally(page, []);

    await page.goto('/admin/districtManagement');
    await showsLiterally(page, [FIRST_DISTRICT, RENAMED_DISTRICT]);
    // The rename form's label carries the name too.
    await page.getByRole('button', { name: 'Rename' }).first().click();
    await showsLiterally(page, [`New name of ${FIRST_DISTRICT}`]);

    await page.goto('/admin/simpleDistrictManagement');
    await showsLiterally(page, [FIRST_DISTRICT, RENAMED_DISTRICT]);

    await page.goto('/admin/userManagement');
    await showsLiterally(page, [EMAIL]);
    const row = page.locator('ion-item').filter({ hasText: EMAIL });
    await row.getByRole('button', { name: 'Disable' }).click();
    await expect(row).toContainText(`Disable ${EMAIL}?`);
    await row.getByRole('button', { name: 'Cancel' }).click();
    await showsLiterally(page, []);

    await page.goto('/opteamum/clientManagement');
    const clientRow = page.locator('ion-item').filter({ hasText: CLIENT });
    await expect(clientRow).toContainText(FIRST_DISTRICT);
    await expect(clientRow).toContainText(RENAMED_DISTRICT);
    await showsLiterally(page, [CLIENT]);

    await page.goto('/me/meInfos');
    await expect(page.getByTestId('profile-client')).toHaveText(CLIENT);
    await expect(page.getByTestId('profile-district')).toHaveText(FIRST_DISTRICT);
    await showsLiterally(page, []);

    await page.goto('/notifications/notificationsView');
    await showsLiterally(page, [NOTIFICATION]);

    await page.goto('/dashboard');
    await page.getByRole('button', { name: /^Notifications: \d+ unread$/ }).click();
    await expect(page.getByTestId('bell-list')).toContainText(NOTIFICATION);
    await showsLiterally(page, []);
    await page.keyboard.press('Escape');

    await page.locator('ion-menu').getByText('Change client', { exact: true }).click();
    const dialog = openDialog(page);
    await dialog.getByRole('button', { name: CLIENT, exact: true }).click();
    await expect(dialog.getByRole('button', { name: FIRST_DISTRICT, exact: true })).toBeVisible();
    await showsLiterally(page, [CLIENT, FIRST_DISTRICT, RENAMED_DISTRICT]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  } finally {
    await moveBack(request, back);
  }
});

/** The operator's account lands where it was before this test at its next login. */
async function moveBack(request: APIRequestContext, back: { database: string; district: string }): Promise<void> {
  const login = await request.post('/api/auth/login', { data: { email: OPERATOR, password: DEMO_PASSWORD } });
  const token = ((await login.json()) as Envelope<SessionData>).data.token;
  const moved = await request.post('/api/admin/changeClient', { headers: { authorization: `Bearer ${token}` }, data: back });
  expect(moved.status()).toBe(200);
}
