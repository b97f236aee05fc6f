/**
 * The error catalogue's global rows in a real browser against the real server (spec section 8,
 * docs/api.md "Errors"): a redirection, a logout flag, an envelope success message, each
 * produced by the server for a natural reason.
 */
import { expect, request as apiRequest, test, type APIRequestContext } from '@playwright/test';
import type { Envelope, SessionData } from '../../common/api-types';
import { DEMO_PASSWORD } from '../../server/src/seed/demo-data';
import { submitLogin } from './support';

interface UserEntry {
  _id: string;
  email: string;
  rights: string[];
}

/** The operator, through the API: it changes other accounts while the browser is on a page. */
async function operatorApi(request: APIRequestContext) {
  const login = await request.post('/api/auth/login', { data: { email: 'operator@demo.vigie.test', password: DEMO_PASSWORD } });
  expect(login.status()).toBe(200);
  const { token } = ((await login.json()) as Envelope<SessionData>).data;
  const headers = { authorization: `Bearer ${token}` };
  return {
    async users(): Promise<UserEntry[]> {
      return ((await (await request.get('/api/users', { headers })).json()) as Envelope<UserEntry[]>).data;
    },
    async setRights(id: string, rights: string[]) {
      expect((await request.put(`/api/users/${id}/rights`, { headers, data: { rights } })).status()).toBe(200);
    },
    async create(email: string, password: string): Promise<UserEntry> {
      const response = await request.post('/api/users', { headers, data: { email, password, rights: ['sites.read'] } });
      expect(response.status()).toBe(201);
      return ((await response.json()) as Envelope<UserEntry>).data;
    },
    async disable(id: string) {
      expect((await request.post(`/api/users/${id}/disable`, { headers })).status()).toBe(200);
    },
  };
}

/** Rights to give back after the test, whatever happened (a timeout included). */
let restoreRights: { id: string; rights: string[] } | undefined;

test.afterEach(async ({ baseURL }) => {
  if (restoreRights === undefined) return;
  // A context of its own: the test's `request` is already disposed when the test timed out,
  // and the district admin's rights must not stay withdrawn for the tests that follow.
  const context = await apiRequest.newContext({ baseURL });
  try {
    await (await operatorApi(context)).setRights(restoreRights.id, restoreRights.rights);
    restoreRights = undefined;
  } finally {
    await context.dispose();
  }
});

test('rights withdrawn while on an administration page: the message with the module, then the dashboard', async ({ page, request }) => {
  const operator = await operatorApi(request);
  const admin = (await operator.users()).find((u) => u.email === 'district-admin@demo.vigie.test')!;

  await submitLogin(page, admin.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/admin/userManagement');
  await expect(page.getByRole('heading', { name: 'New user' })).toBeVisible();
  // The page's own list request must be answered before the rights go: answered after, it is
  // refused too and redirects before the form is used (the same rule, but not this scenario).
  await expect(page.getByRole('heading', { name: admin.email, level: 3 })).toBeVisible();

  restoreRights = { id: admin._id, rights: admin.rights };
  await operator.setRights(admin._id, admin.rights.filter((right) => right !== 'district.admin'));
  const form = page.getByRole('form', { name: 'New user' });
  await form.getByLabel('Email').fill('too-late@demo.vigie.test');
  await form.getByLabel(/^Password/).fill('long-enough-1');
  await form.getByRole('button', { name: 'Create' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('toast')).toContainText('You do not have the rights needed for this action. District administration');
  // Still logged in: a redirection is not a logout.
  await expect(page.getByTestId('toolbar-district')).toHaveText('Lyon');
});

test('an account disabled mid-session: told so on the login page', async ({ page, request }) => {
  const operator = await operatorApi(request);
  const user = await operator.create('leaving.soon@demo.vigie.test', 'long-enough-1');

  await submitLogin(page, user.email, 'long-enough-1');
  await expect(page).toHaveURL(/\/dashboard$/);
  // The dashboard's own district request must be answered before the account goes: answered
  // after, it is refused on this page, which then goes to login before the reload.
  await expect(page.getByTestId('toolbar-district')).toHaveText('Lyon');
  await operator.disable(user._id);

  // The next requests of the session (a reload restores it and asks for the district) are refused.
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('toast')).toContainText('This account is disabled. Contact your administrator.');
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('an existing account added to the district: user_duplicated as a persistent error toast, once', async ({ page, request }) => {
  // An account of another client (no route removes a membership): the operator moves to
  // Bellevue, creates it there, and moves back to Lyon; then Lyon's administrator adds it.
  const login = await request.post('/api/auth/login', { data: { email: 'operator@demo.vigie.test', password: DEMO_PASSWORD } });
  const lyonToken = ((await login.json()) as Envelope<SessionData>).data.token;
  const districtsOf = async (database: string, token: string) =>
    ((await (await request.get(`/api/admin/districtNames?database=${database}`, { headers: { authorization: `Bearer ${token}` } })).json()) as Envelope<{ _id: string; name: string }[]>).data;
  const nantes = (await districtsOf('bellevue', lyonToken))[0]!;
  expect((await request.post('/api/admin/changeClient', { headers: { authorization: `Bearer ${lyonToken}` }, data: { database: 'bellevue', district: nantes._id } })).status()).toBe(200);
  // The refresh cookie of that login (the request context keeps it) gives a Bellevue token.
  const bellevueToken = ((await (await request.post('/api/auth/refresh')).json()) as Envelope<{ token: string }>).data.token;
  const created = await request.post('/api/users', {
    headers: { authorization: `Bearer ${bellevueToken}` },
    data: { email: 'nantes.nurse@demo.vigie.test', password: 'long-enough-1', rights: [] },
  });
  expect(created.status()).toBe(201);
  const lyon = (await districtsOf('acme', bellevueToken)).find((d) => d.name === 'Lyon')!;
  await request.post('/api/admin/changeClient', { headers: { authorization: `Bearer ${bellevueToken}` }, data: { database: 'acme', district: lyon._id } });

  await submitLogin(page, 'district-admin@demo.vigie.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/admin/userManagement');
  const form = page.getByRole('form', { name: 'New user' });
  await form.getByLabel('Email').fill('nantes.nurse@demo.vigie.test');
  await form.getByLabel(/^Password/).fill('long-enough-1');
  await form.getByRole('button', { name: 'Create' }).click();

  const toast = page.getByTestId('toast');
  await expect(toast).toContainText('This user already exists.');
  await expect(toast).toHaveCount(1);
  // Persistent: it waits for Close.
  await toast.getByRole('button', { name: 'Close' }).click();
  await expect(toast).toHaveCount(0);
  await expect(page.getByText('nantes.nurse@demo.vigie.test')).toBeVisible();
});
