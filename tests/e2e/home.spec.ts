/**
 * The home screens against the real server: the field demo account's dashboard
 * shows its actions and its inspections due, each opening its record; the calendar shows an
 * action assigned to it on its due day; axe finds nothing on either page, on a phone (360 px)
 * and on a desktop (1280 px).
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoViolations } from './axe';
import { submitLogin, tokenOf } from './support';

const FIELD = 'field@demo.vigie.test';
const MANAGER = 'operator@demo.vigie.test';
const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 900 };

/** A day as the API writes it, `offset` days from today (the machine's time zone, as the district's in the tests). */
function dayFromToday(offset: number): string {
  const date = new Date();
  date.setDate(date.getDate() + offset);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A manager assigns the field user an action due on `dueOn`; its id. */
async function assignAction(request: APIRequestContext, title: string, dueOn: string): Promise<string> {
  const auth = { Authorization: `Bearer ${await tokenOf(request, MANAGER)}` };
  const members = (await (await request.get('/api/actions/members', { headers: auth, params: { search: 'field' } })).json()) as { data: { id: string; name: string }[] };
  const field = members.data.find((member) => member.name === FIELD);
  expect(field, 'the field user can be assigned an action').toBeDefined();
  const id = randomUUID();
  const created = await request.post('/api/actions', {
    headers: { ...auth, 'Idempotency-Key': randomUUID() },
    data: { id, title, description: '', siteId: null, planId: null, assigneeId: field!.id, dueOn, priority: 'high', proof: { photo: false, note: false } },
  });
  expect(created.status()).toBe(201);
  return id;
}

async function openDashboard(page: Page) {
  await submitLogin(page, FIELD);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
}

test('the field user’s dashboard shows its actions and its inspections due, each opening its record', async ({ page, request }) => {
  const title = `Remplacer le garde-corps ${randomUUID().slice(0, 6)}`;
  // Overdue: the field user's overdue actions come first.
  const id = await assignAction(request, title, dayFromToday(-1));
  await openDashboard(page);

  const actions = page.getByRole('region', { name: 'My actions' });
  await expect(actions).toBeVisible();
  await expect(actions.getByRole('link').filter({ hasText: title })).toHaveAttribute('href', `/actionPlan/actions/${id}`);
  await expect(actions.getByRole('link').filter({ hasText: title })).toContainText('Overdue');
  await expect(actions.getByRole('link', { name: 'All my actions' })).toHaveAttribute('href', '/actionPlan/actions?mine=true');

  const inspections = page.getByRole('region', { name: 'My inspections due' });
  await expect(inspections).toBeVisible();
  const inspection = inspections.locator('a[href^="/questionnary-v2/inspections/"]').first();
  await expect(inspection).toBeVisible();
  const href = await inspection.getAttribute('href');
  await inspection.click();
  await expect(page).toHaveURL(new RegExp(`${href!}$`));
});

test('the calendar shows an action on its due day, opening it', async ({ page, request }) => {
  const title = `Vérifier les extincteurs ${randomUUID().slice(0, 6)}`;
  const dueOn = dayFromToday(3);
  const id = await assignAction(request, title, dueOn);
  await openDashboard(page);
  await page.goto(`/calendar?day=${dueOn}`);
  await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible();
  const day = page.locator(`[data-testid="calendar-grid"] td[data-day="${dueOn}"]`);
  const item = day.getByRole('link', { name: `Action ${title}` });
  await expect(item).toHaveAttribute('href', `/actionPlan/actions/${id}`);

  // The same day in the week view, with its details.
  await page.getByRole('button', { name: 'Week' }).click();
  await expect(page.locator(`[data-testid="calendar-week"] [data-day="${dueOn}"]`).getByRole('link', { name: new RegExp(title) })).toContainText('To do');
});

for (const [layout, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
  test.describe(`axe finds no violations on the home screens on a ${layout} (${viewport.width} px)`, () => {
    test.use({ viewport });

    test('the dashboard and the calendar', async ({ page, request }) => {
      await assignAction(request, `Contrôler l’éclairage ${randomUUID().slice(0, 6)}`, dayFromToday(1));
      // No private address yet (another layout's run made one): the panel offers to make one.
      const revoked = await request.delete('/api/calendar/feed', { headers: { Authorization: `Bearer ${await tokenOf(request, FIELD)}`, 'Idempotency-Key': randomUUID() } });
      expect(revoked.ok()).toBe(true);
      await openDashboard(page);
      await expect(page.getByRole('region', { name: 'My actions' })).toBeVisible();
      await expectNoViolations(page, `/dashboard (${layout})`);

      await page.goto('/calendar');
      await expect(page.getByTestId('calendar-grid')).toBeVisible();
      await expect(page.getByTestId('calendar-feed-state')).toBeVisible();
      await expectNoViolations(page, `/calendar month (${layout})`);
      await page.getByRole('button', { name: 'Week' }).click();
      await expect(page.getByTestId('calendar-week')).toBeVisible();
      await expectNoViolations(page, `/calendar week (${layout})`);
      await page.getByRole('button', { name: 'Make my private address' }).click();
      await expect(page.getByRole('textbox', { name: 'Private calendar address' })).toBeVisible();
      await expectNoViolations(page, `/calendar feed made (${layout})`);
    });
  });
}
