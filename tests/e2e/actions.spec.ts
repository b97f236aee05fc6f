/**
 * Actions in Chromium against the real server: a manager gives the field user an
 * action in a plan, requiring a photo and a note to close; on a phone, the field user opens its
 * actions online (its open ones are kept on the device), goes offline and closes the action
 * with a photo taken with the camera and a closing note; it shows at once, waiting to be sent.
 * Back online the action is done on the server exactly once with its photo and note, its
 * plan's progress moved, and a manager's plan page open in another browser shows it without a
 * reload (records:changed on the socket). axe checks the list, the sheet and the plan page.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { DEMO_PASSWORD } from '../../server/src/seed/demo-data';
import { expectNoViolations } from './axe';
import { cutNetwork, offlineCacheText, outboxSize, restoreNetwork, submitLogin } from './support';

const PHONE = { width: 390, height: 844 };
const FIELD = 'field@demo.vigie.test';
const MANAGER = 'operator@demo.vigie.test';

test.use({ viewport: PHONE });

const photo = () => sharp(randomBytes(320 * 240 * 3), { raw: { width: 320, height: 240, channels: 3 } }).jpeg({ quality: 80 }).toBuffer();

interface ActionBody {
  data: { status: string; closingNote: string | null; attachments: { name: string }[]; statusChanges: { to: string }[]; doneBy: { id: string } | null };
}
interface PlanBody {
  data: { progress: { total: number; done: number; percent: number | null } };
}

test('a field user closes its action offline with a photo and a note: done on the server once, the plan’s progress moved, a manager’s page updated live', async ({ page, browser, request }) => {
  test.setTimeout(240_000);
  const login = await request.post('/api/auth/login', { data: { email: MANAGER, password: DEMO_PASSWORD } });
  const auth = { Authorization: `Bearer ${((await login.json()) as { data: { token: string } }).data.token}` };
  const fieldLogin = await request.post('/api/auth/login', { data: { email: FIELD, password: DEMO_PASSWORD } });
  const fieldId = (JSON.parse(Buffer.from(((await fieldLogin.json()) as { data: { token: string } }).data.token.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;
  const managerId = (JSON.parse(Buffer.from(auth.Authorization.slice(7).split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;

  // The manager's plan, and the field user's action in it (a photo and a note to close).
  const suffix = randomUUID().slice(0, 6);
  const planName = `Audit quai ${suffix}`;
  const title = `Remplacer l’extincteur ${suffix}`;
  const planId = randomUUID();
  const plan = await request.post('/api/actions/plans', {
    headers: { ...auth, 'Idempotency-Key': randomUUID() },
    data: { id: planId, name: planName, description: '', siteId: null, ownerId: managerId, startOn: null, endOn: null },
  });
  expect(plan.status()).toBe(201);
  const actionId = randomUUID();
  const action = await request.post('/api/actions', {
    headers: { ...auth, 'Idempotency-Key': randomUUID() },
    data: {
      id: actionId,
      title,
      description: 'L’extincteur du quai 3 est périmé.',
      siteId: null,
      planId,
      assigneeId: fieldId,
      dueOn: null,
      priority: 'high',
      proof: { photo: true, note: true },
    },
  });
  expect(action.status()).toBe(201);

  // The manager watches the plan's page in another browser.
  const watcherContext = await browser.newContext();
  const watcher = await watcherContext.newPage();
  await submitLogin(watcher, MANAGER);
  await expect(watcher.getByTestId('toolbar-district')).toHaveText('Lyon');
  await watcher.goto(`/actionPlan/actionPlanView/${planId}`);
  await expect(watcher.getByRole('heading', { level: 1, name: planName })).toBeVisible();
  await expect(watcher.getByText('0 of 1 done')).toBeVisible();
  await expectNoViolations(watcher, 'plan page');

  // Online: the field user's actions; its open ones and their sheets are kept on the device.
  await submitLogin(page, FIELD);
  await expect(page.getByTestId('toolbar-district')).toHaveText('Lyon');
  await page.goto('/actionPlan/actions');
  await expect(page.getByRole('heading', { level: 1, name: 'My actions' })).toBeVisible();
  // Without a due date it comes last among a year of demo actions: found by its name.
  await page.getByRole('searchbox', { name: 'Search the actions' }).fill(suffix);
  const row = page.getByRole('link', { name: new RegExp(title) });
  await expect(row).toBeVisible();
  await expectNoViolations(page, 'actions list');
  await expect.poll(() => offlineCacheText(page), { timeout: 30_000 }).toContain('L’extincteur du quai 3 est périmé.');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });

  // Offline: the sheet from the device; closing asks the proof, then shows at once as waiting.
  await cutNetwork(page.context());
  await row.click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expectNoViolations(page, 'action sheet');
  await page.getByRole('group', { name: 'Follow-up' }).getByRole('button', { name: 'Close' }).click();
  const form = page.getByRole('form', { name: 'Close' });
  await expect(form.getByText('Still missing: a photo, a closing note.')).toBeVisible();
  const chooser = page.waitForEvent('filechooser');
  await form.getByRole('button', { name: 'Take a photo' }).click();
  await (await chooser).setFiles([{ name: 'extincteur.jpg', mimeType: 'image/jpeg', buffer: await photo() }]);
  await expect(form.getByRole('button', { name: 'Open extincteur.jpg' })).toBeVisible({ timeout: 30_000 });
  await form.getByLabel('Closing note').fill('Extincteur remplacé, plombé et daté');
  await form.getByRole('button', { name: 'Confirm: Close' }).click();
  await expect(page.getByText('Waiting to be sent').first()).toBeVisible();
  await expect(page.getByText('Done').first()).toBeVisible();
  expect(await outboxSize(page)).toBe(1);

  // Online again: delivered once, with its photo and note; the plan moved; the manager sees it live.
  await restoreNetwork(page.context());
  await expect.poll(() => outboxSize(page), { timeout: 60_000 }).toBe(0);
  const got = (await (await request.get(`/api/actions/${actionId}`, { headers: auth })).json()) as ActionBody;
  expect(got.data.status).toBe('done');
  expect(got.data.closingNote).toBe('Extincteur remplacé, plombé et daté');
  expect(got.data.attachments.map((a) => a.name)).toEqual(['extincteur.jpg']);
  expect(got.data.statusChanges.filter((change) => change.to === 'done')).toHaveLength(1);
  expect(got.data.doneBy?.id).toBe(fieldId);
  const progress = (await (await request.get(`/api/actions/plans/${planId}`, { headers: auth })).json()) as PlanBody;
  expect(progress.data.progress).toMatchObject({ total: 1, done: 1, percent: 100 });
  await expect(watcher.getByText('1 of 1 done')).toBeVisible({ timeout: 30_000 });
  await expect(watcher.getByRole('link', { name: new RegExp(title) }).getByText('Done')).toBeVisible();
  await watcherContext.close();
});

test('a manager’s screens on a wide screen pass axe: the district’s actions beside a sheet, the new action form, the templates and a template’s form', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await submitLogin(page, MANAGER);
  await expect(page.getByTestId('toolbar-district')).toHaveText('Lyon');
  await page.goto('/actionPlan/actions?scope=all');
  const first = page.getByRole('list', { name: 'All of the district' }).getByRole('link').first();
  await expect(first).toBeVisible();
  await first.click();
  await expect(page.getByRole('region', { name: 'Details' })).toBeVisible();
  await expectNoViolations(page, 'actions beside a sheet');
  await page.goto('/actionPlan/actions/new');
  await expect(page.getByLabel('Title')).toBeVisible();
  await expectNoViolations(page, 'new action form');
  await page.goto('/actionsV3/templates');
  await expect(page.getByRole('heading', { level: 1, name: 'Action templates' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Action templates' })).toBeVisible();
  await expectNoViolations(page, 'templates');
  await page.getByRole('list', { name: 'Action templates' }).getByRole('link').first().click();
  await expect(page.getByLabel('Template name')).toBeVisible();
  await expectNoViolations(page, 'template form');
});

test('a manager deletes a plan, finds it in the deleted plans, and restores it', async ({ page, request }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const login = await request.post('/api/auth/login', { data: { email: MANAGER, password: DEMO_PASSWORD } });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const managerId = (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;
  const planName = `Plan à supprimer ${randomUUID().slice(0, 6)}`;
  const planId = randomUUID();
  const made = await request.post('/api/actions/plans', {
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': randomUUID() },
    data: { id: planId, name: planName, description: '', siteId: null, ownerId: managerId, startOn: null, endOn: null },
  });
  expect(made.status()).toBe(201);

  await submitLogin(page, MANAGER);
  await expect(page.getByTestId('toolbar-district')).toHaveText('Lyon');
  await page.goto(`/actionPlan/actionPlanView/${planId}`);
  await expect(page.getByRole('heading', { level: 1, name: planName })).toBeVisible();
  await page.getByRole('button', { name: 'Delete' }).click();
  const deletedAt = async () =>
    ((await (await request.get(`/api/actions/plans/${planId}`, { headers: { Authorization: `Bearer ${token}` } })).json()) as { data: { deletedAt: string | null } }).data.deletedAt;
  // Sent through the outbox: deleted on the server.
  await expect.poll(deletedAt).not.toBeNull();
  // Back on the plans in use: it is gone from them.
  await expect(page).toHaveURL(/\/actionPlan\/actionPlanView$/);
  const inUse = page.getByRole('list', { name: 'Action plans' });
  await expect(inUse).toBeVisible();
  await expect(inUse.getByText(planName)).toHaveCount(0);

  await page.getByLabel('Show').selectOption({ label: 'Deleted plans' });
  await expect(page).toHaveURL(/deleted=true/);
  const row = page.getByRole('list', { name: 'Deleted plans' }).getByRole('link', { name: new RegExp(planName) });
  await expect(row).toBeVisible();
  await expect(row.getByText('Deleted')).toBeVisible();
  await expectNoViolations(page, 'deleted plans');
  await row.click();
  await page.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible();
  await expect.poll(deletedAt).toBeNull();
  await page.goto('/actionPlan/actionPlanView');
  await expect(page.getByRole('list', { name: 'Action plans' }).getByText(planName)).toBeVisible();
});
