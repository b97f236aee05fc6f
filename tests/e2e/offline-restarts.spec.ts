/**
 * A field user's day without network on a phone, in Chromium with the real service worker:
 * after one online login the app starts again and again offline (reloads and typed addresses)
 * and each start shows what the device holds: the district in the header and on the
 * dashboard, every module's list (sites, declarations, inspections, actions, action plans,
 * notifications), the report form's site picker (nearest first online, by name from the kept
 * choices offline, its search too); the report saved offline lands on the server once, with its
 * site. And an alert right after login, the network gone at once: the dialog offers the sites.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { cutNetwork, offlineCacheText, openDialog, outboxSize, restoreNetwork, submitLogin, tokenOf } from './support';

const FIELD = 'field@demo.vigie.test';
const OPERATOR = 'operator@demo.vigie.test';
const LYON_SITE = 'Entrepôt Gerland';

test.use({ viewport: { width: 390, height: 844 }, geolocation: { latitude: 45.7578, longitude: 4.832, accuracy: 8 }, permissions: ['geolocation'] });

interface KeptQuery {
  queryKey: unknown[];
  state: { data: unknown };
}

/** The queries the device keeps (the read cache's IndexedDB copy). */
async function keptQueries(page: Page): Promise<KeptQuery[]> {
  return (await offlineCacheText(page))
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as KeptQuery);
}

const startsWith = (key: unknown[], prefix: unknown[]) => prefix.every((part, i) => JSON.stringify(part) === JSON.stringify(key[i]));

/** The data of the kept query whose key starts with `prefix`. */
function kept<T>(queries: KeptQuery[], prefix: unknown[]): T {
  const query = queries.find((q) => startsWith(q.queryKey, prefix));
  expect(query, `kept ${JSON.stringify(prefix)}`).toBeDefined();
  return query!.state.data as T;
}

type Paged<T> = { pages: { items: T[] }[] };
type Listed<T> = { items: T[] };

/** An address typed offline: the page starts again from the service worker. */
async function visit(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByTestId('toolbar-district')).toHaveText('Lyon');
}

test('three offline starts in a row keep the district and every module list; the report form offers the sites; the report lands once', async ({ page, context, request }) => {
  test.setTimeout(240_000);
  // A declaration type of this run, with one text field.
  const manager = { Authorization: `Bearer ${await tokenOf(request, OPERATOR)}` };
  const typeName = `Chute ${randomUUID().slice(0, 6)}`;
  const created = await request.post('/api/declarations/templates', {
    headers: { ...manager, 'Idempotency-Key': randomUUID() },
    data: { id: randomUUID(), name: typeName, icon: 'warning', defaultSeverity: 'low', notify: [], fields: [{ key: 'zone', label: 'Zone', kind: 'text', required: false }] },
  });
  expect(created.status()).toBe(201);

  await submitLogin(page, FIELD);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('toolbar-district')).toHaveText('Lyon');
  await expect(page.getByTestId('dashboard-client')).toHaveText('Acme Industrie');
  // The app never opened a module's screen: what follows comes from the offline reads.
  const keys = [
    ['sites', 'list'],
    ['declarations', 'list'],
    ['declarations', 'sites', null, ''],
    ['questionnaires', 'inspections', 'todo'],
    ['actions', 'list', {}],
    ['actions', 'plans', 'list'],
    ['notifications', 'list'],
    ['dashboard'],
  ];
  await expect
    .poll(async () => {
      const queries = await keptQueries(page);
      return keys.filter((key) => !queries.some((q) => startsWith(q.queryKey, key))).map((key) => JSON.stringify(key));
    }, { timeout: 60_000 })
    .toEqual([]);
  await expect.poll(() => offlineCacheText(page), { timeout: 30_000 }).toContain(typeName);
  const queries = await keptQueries(page);
  const siteName = kept<Paged<{ name: string }>>(queries, ['sites', 'list']).pages[0]!.items[0]!.name;
  const declarationTitle = kept<Paged<{ title: string }>>(queries, ['declarations', 'list']).pages[0]!.items[0]!.title;
  const inspectionName = kept<Listed<{ templateName: string }>>(queries, ['questionnaires', 'inspections', 'todo']).items[0]!.templateName;
  const actionTitle = kept<Paged<{ title: string }>>(queries, ['actions', 'list', {}]).pages[0]!.items[0]!.title;
  const planName = kept<Listed<{ name: string }>>(queries, ['actions', 'plans', 'list']).items[0]!.name;
  const notificationName = kept<Listed<{ name: string }>>(queries, ['notifications', 'list']).items[0]!.name;
  const choices = kept<{ id: string; name: string }[]>(queries, ['declarations', 'sites', null, '']);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });

  // No network for the page nor its service worker; three starts in a row, then a typed address.
  await cutNetwork(context);
  // The app's timers under the test's hand: each start is given the time a user spends on it
  // (the saved copies are written a second after a change) without a sleep.
  await page.clock.install();
  for (let start = 1; start <= 3; start += 1) {
    await page.reload();
    await expect(page.getByTestId('toolbar-district')).toHaveText('Lyon');
    await expect(page.getByTestId('dashboard-district')).toHaveText('Lyon');
    // The dashboard was asked again and got no answer: it says what it shows is as loaded earlier.
    await expect(page.getByTestId('dashboard-as-of')).toBeVisible();
    await page.clock.runFor(10_000);
  }
  await visit(page, '/dashboard');
  await expect(page.getByTestId('dashboard-client')).toHaveText('Acme Industrie');
  await expect(page.getByText('Your work could not be loaded')).toHaveCount(0);

  const unreachable = page.getByText('Unable to reach the server');
  await visit(page, '/site/view/infoV2');
  await expect(page.getByRole('list', { name: 'Sites' }).getByText(siteName).first()).toBeVisible();
  await expect(unreachable).toHaveCount(0);
  await visit(page, '/declarations');
  await expect(page.getByRole('list', { name: 'The district’s declarations' }).getByText(declarationTitle).first()).toBeVisible();
  await visit(page, '/questionnary-v2/view');
  await expect(page.locator('.inspection-row-title').filter({ hasText: inspectionName }).first()).toBeVisible();
  await visit(page, '/actionPlan/actions');
  await expect(page.getByText(actionTitle).first()).toBeVisible();
  await expect(unreachable).toHaveCount(0);
  // Asked again without an answer, the plans and the notifications say they come from the device, without an error.
  const fromDevice = page.getByText('Shown from the device, saved at');
  await visit(page, '/actionPlan/actionPlanView');
  await expect(page.getByText(planName).first()).toBeVisible();
  await expect(fromDevice).toBeVisible({ timeout: 20_000 });
  await expect(unreachable).toHaveCount(0);
  await visit(page, '/notifications/notificationsView');
  await expect(page.getByTestId('notifications-list')).toContainText(notificationName);
  await expect(fromDevice).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('The notifications could not be loaded')).toHaveCount(0);

  // The report form: the device knows its position, a search never asked online; the kept choices answer both.
  await visit(page, '/declarations/new');
  await page.getByRole('button', { name: typeName }).click();
  const form = page.getByRole('form', { name: `Report: ${typeName}` });
  await expect(form.getByText('(± 8 m, the device’s position)')).toBeVisible();
  const picker = form.getByLabel('Site (nearest first)');
  for (const choice of choices) await expect(picker.getByRole('option', { name: choice.name, exact: true })).toHaveCount(1);
  const chosen = choices.find((choice) => choice.name === LYON_SITE) ?? choices[0]!;
  // Typed without its accents and in another case, as the server folds it.
  await form.getByLabel('Find a site').fill(chosen.name.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase());
  await expect(picker.getByRole('option')).toHaveText(['No site', chosen.name]);
  await picker.selectOption({ label: chosen.name });
  const title = `Chute offline ${randomUUID().slice(0, 8)}`;
  await form.getByLabel('Title').fill(title);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  expect(await outboxSize(page)).toBe(1);

  // Online: sent once, with its site.
  await restoreNetwork(context);
  await expect.poll(() => outboxSize(page), { timeout: 60_000 }).toBe(0);
  const listed = (await (await request.get(`/api/declarations?search=${encodeURIComponent(title)}`, { headers: manager })).json()) as {
    data: { items: { siteId: string | null }[]; total: number };
  };
  expect(listed.data.total).toBe(1);
  expect(listed.data.items[0]!.siteId).toBe(chosen.id);
});

test('an alert right after login, the network gone at once: the dialog offers the district’s sites and the alert is delivered once', async ({ page, context }) => {
  test.setTimeout(120_000);
  // The order of the session's first requests: the alert's site list comes before the deferred
  // offline reads (the modules' lists, such as the sites list or the notifications).
  const asked: string[] = [];
  page.on('request', (request) => asked.push(new URL(request.url()).pathname));
  // The installed app: its code is on the device (service worker) before the login.
  await page.goto('/login');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const siteList = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/emergency/sites' && response.ok());
  await submitLogin(page, OPERATOR);
  await expect(page).toHaveURL(/\/dashboard$/);
  await siteList;
  expect(asked.filter((path) => path === '/api/sites' || path === '/api/notifications')).toEqual([]);
  // The network drops at once.
  await cutNetwork(context);

  await page.getByRole('button', { name: 'Emergency alert' }).first().click();
  const dialog = openDialog(page);
  const sites = dialog.getByRole('radio');
  await expect(sites.first()).toBeVisible();
  await sites.first().check();
  await dialog.getByRole('button', { name: 'Next' }).click();
  const recipient = `secours+${randomUUID().slice(0, 8)}@example.org`;
  await dialog.getByLabel('Recipient e-mail 1').fill(recipient);
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Alert saved on this device', { exact: false })).toBeVisible();

  await restoreNetwork(context);
  await page.goto('/emergency/outbox');
  const rows = page.locator('li.emergency-alert');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute('data-state', 'sent', { timeout: 30_000 });
  const key = (await rows.first().getAttribute('data-key')) ?? '';
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const sent = await page.request.get(`/api/emergency/outbox?idempotencyKey=${key}`, { headers: { Authorization: `Bearer ${token ?? ''}` } });
  const items = ((await sent.json()) as { data: { items: { recipient: string }[] } }).data.items;
  expect(items.map((item) => item.recipient.toLowerCase())).toEqual([recipient]);
});
