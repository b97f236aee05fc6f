/**
 * The planners' screens of Questionnaires in Chromium against the real server, on a phone
 * (360 px): a manager filters everyone's inspections
 * (a template's submitted ones scoring under its pass mark) and sees exactly those, the filter
 * survives a reload, and the CSV export downloads those rows; then the manager schedules the
 * template every week for the field user on a site, and the schedule is listed with its next
 * due date once the outbox has delivered it. axe finds nothing on these screens.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import type { InspectionSummary, Schedule, TemplateSummary } from '../../common/modules/questionnaires/schemas';
import type { SiteChoice } from '../../common/schemas/site-choices';
import { DEMO_PASSWORD } from '../../server/src/seed/demo-data';
import { expectNoViolations } from './axe';
import { outboxSize, submitLogin } from './support';

const PHONE = { width: 360, height: 740 };
const MANAGER = 'operator@demo.vigie.test';
const FIELD = 'field@demo.vigie.test';

test.use({ viewport: PHONE });

/**
 * The controls smaller than 44 px either way (a11y.spec.ts's measure), but for a checkbox in a
 * label at least that large: the label is what a finger taps.
 */
function tooSmall(page: Page) {
  return page.evaluate((min) => {
    const selector = 'button, a[href], input, select, textarea, ion-button, summary, [role="button"], [role="link"]';
    const small = (el: Element) => {
      const box = el.getBoundingClientRect();
      return box.width < min - 0.5 || box.height < min - 0.5;
    };
    return [...document.querySelectorAll<HTMLElement>(`.module-page ${selector.split(', ').join(', .module-page ')}`)]
      .filter((el) => {
        const box = el.getBoundingClientRect();
        if (box.width === 0 || box.height === 0 || getComputedStyle(el).visibility === 'hidden') return false;
        if (el.parentElement?.closest('ion-button, ion-input')) return false;
        if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')) return el.closest('label') === null || small(el.closest('label')!);
        return small(el);
      })
      .map((el) => `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 30)}" ${Math.round(el.getBoundingClientRect().width)}×${Math.round(el.getBoundingClientRect().height)}`);
  }, 44);
}

/** The template's select (its label also wraps the options' text). */
const templateFilter = (page: Page) => page.getByRole('combobox', { name: /^Template/ });

test('a manager filters everyone’s inspections (kept in the address, exported as CSV) and schedules one every week for the field user', async ({ page, request }) => {
  test.setTimeout(60_000);
  const login = await request.post('/api/auth/login', { data: { email: MANAGER, password: DEMO_PASSWORD } });
  const headers = { Authorization: `Bearer ${((await login.json()) as { data: { token: string } }).data.token}` };
  const get = async <T>(path: string) => ((await (await request.get(`/api/questionnaires/${path}`, { headers })).json()) as { data: T }).data;

  // What the demo data holds: the submitted inspections, and a template with some under its pass mark.
  const submitted = (await get<{ items: InspectionSummary[] }>('inspections?status=submitted&limit=200')).items;
  const templates = await get<TemplateSummary[]>('templates');
  const candidates = templates.filter((tpl) => tpl.passMark !== null && submitted.some((row) => row.templateId === tpl.id && row.percent !== null && row.percent <= tpl.passMark! - 1));
  const template = candidates[0];
  expect(template, 'a demo template with a submitted inspection under its pass mark').toBeDefined();
  const max = template!.passMark! - 1;
  const expected = submitted.filter((row) => row.templateId === template!.id && row.percent !== null && row.percent <= max);

  await submitLogin(page, MANAGER);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/questionnary-v2/manage');
  await expect(page.getByRole('heading', { name: 'All inspections', level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Questionnaires' }).getByRole('link', { name: 'All inspections' })).toHaveAttribute('aria-current', 'page');

  await page.getByText('Filters', { exact: true }).click();
  await page.getByLabel('Status').selectOption({ label: 'Submitted' });
  await expect(page).toHaveURL(/status=submitted/);
  await templateFilter(page).selectOption({ label: template!.name });
  await expect(page).toHaveURL(new RegExp(`template=${template!.id}`));
  await page.getByLabel('Score at most (%)').fill(String(max));
  await expect(page).toHaveURL(new RegExp(`maxPercent=${max}`));

  const count = `${expected.length} inspection${expected.length === 1 ? '' : 's'}`;
  const rows = page.getByRole('list', { name: 'Inspections' }).getByRole('listitem');
  const expectRows = async () => {
    await expect(page.getByRole('status').filter({ hasText: /^\d+ inspections?$/ })).toHaveText(count);
    await expect(rows.first()).toBeVisible();
    const shown = await rows.count();
    expect(shown).toBe(Math.min(expected.length, shown));
    for (let i = 0; i < shown; i++) {
      await expect(rows.nth(i)).toContainText(template!.name);
      await expect(rows.nth(i)).toContainText('Failed');
    }
  };
  await expectRows();
  await expectNoViolations(page, 'manage, filtered');
  expect(await tooSmall(page)).toEqual([]);

  // The filtered view survives a reload (it is the address).
  await page.reload();
  await expect(page.getByLabel('Status')).toHaveValue('submitted');
  await expect(templateFilter(page)).toHaveValue(template!.id);
  await expect(page.getByLabel('Score at most (%)')).toHaveValue(String(max));
  await expectRows();

  // The CSV export: the same rows.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  const csv = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
  const lines = csv.split(/\r?\n/).filter((line) => line.trim() !== '');
  expect(lines).toHaveLength(expected.length + 1);
  for (const row of expected) expect(csv).toContain(row.id);

  // Plan an inspection form: checked before anything is queued.
  await page.getByRole('button', { name: 'Plan an inspection' }).click();
  await page.getByRole('button', { name: 'Plan it' }).click();
  await expect(page.getByText('Choose the person who will inspect.')).toBeVisible();
  await expectNoViolations(page, 'manage, plan form');

  // A weekly schedule for the field user on a site.
  const members = await get<{ id: string; name: string }[]>('members');
  const field = members.find((m) => m.name === FIELD)!;
  const site = (await get<SiteChoice[]>('sites'))[0]!;
  await page.goto('/questionnary-v2/schedules');
  await expect(page.getByRole('heading', { name: 'Schedules', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'New schedule' }).click();
  await expect(page.getByRole('heading', { name: 'New schedule', level: 1 })).toBeVisible();
  await templateFilter(page).selectOption({ label: template!.name });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Choose at least one person.')).toBeVisible();
  await expectNoViolations(page, 'schedule form, with its messages');
  expect(await tooSmall(page)).toEqual([]);

  await page.getByLabel('Search sites').fill(site.name);
  await page.getByRole('checkbox', { name: site.name, exact: true }).check();
  await page.getByLabel('Filter people').fill('field@');
  await page.getByRole('checkbox', { name: FIELD, exact: true }).check();
  const first = new Date(Date.now() + 3 * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  await page.getByLabel('First due').fill(`${first.getFullYear()}-${pad(first.getMonth() + 1)}-${pad(first.getDate())}T09:00`);
  const preview = page.getByRole('region', { name: 'Next due dates' });
  await expect(preview).toContainText('Every week');
  await expect(preview.getByRole('listitem')).toHaveCount(5);
  const firstDue = (await preview.getByRole('listitem').first().textContent())!;
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page.getByRole('heading', { name: 'Schedules', level: 1 })).toBeVisible();
  const listed = page.getByRole('list', { name: 'Schedules' }).getByRole('listitem').filter({ hasText: site.name }).filter({ hasText: FIELD });
  await expect(listed).toContainText(template!.name);
  await expect(listed).toContainText('Every week');
  await expect(listed).toContainText(`Next due ${firstDue}`);
  // Delivered by the outbox: on the server, and no longer waiting.
  await expect.poll(() => outboxSize(page)).toBe(0);
  await expect(listed).not.toContainText('Waiting');
  const onServer = (await get<Schedule[]>('schedules')).filter((s) => s.templateId === template!.id && s.assigneeIds.includes(field.id) && s.siteIds.includes(site.id));
  expect(onServer).toHaveLength(1);
  expect(onServer[0]).toMatchObject({ recurrence: 'weekly', interval: 1 });
  await expectNoViolations(page, 'schedules list');

  // Deleted, it leaves the list and is found under "Deleted schedules", restored from there.
  await listed.getByRole('link').click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Schedules', level: 1 })).toBeVisible();
  await expect(listed).toHaveCount(0);
  await expect.poll(() => outboxSize(page)).toBe(0);
  await page.getByLabel('Show').selectOption({ label: 'Deleted schedules' });
  await expect(page).toHaveURL(/\/schedules\?deleted=true$/);
  const gone = page.getByRole('list', { name: 'Deleted schedules', exact: true }).getByRole('listitem').filter({ hasText: site.name }).filter({ hasText: FIELD });
  await expect(gone).toContainText(template!.name);
  await expect(gone).toContainText('Deleted');
  await expectNoViolations(page, 'deleted schedules');
  // The view survives a reload (it is in the address).
  await page.reload();
  await expect(gone).toBeVisible();
  await gone.getByRole('button', { name: `Restore the schedule ${template!.name}` }).click();
  await expect(gone).toHaveCount(0);
  await expect.poll(() => outboxSize(page)).toBe(0);
  await page.getByLabel('Show').selectOption({ label: 'Active schedules' });
  await expect(listed).toContainText('Every week');
  expect((await get<Schedule[]>('schedules')).filter((s) => s.id === onServer[0]!.id && s.deletedAt === null)).toHaveLength(1);
});
