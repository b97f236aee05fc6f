/**
 * Workflows in Chromium against the real server: a field user requests a hot-work permit on a
 * phone while offline (the request and its risk analysis shown at once, waiting); a manager's
 * inbox, open on a desktop, gets it once the phone is back online, its toolbar badge moving live
 * (over the socket); the manager opens it from the inbox by its address's hash, approves it with
 * a signature, and the badge goes back; the field user declares the end of work, and the
 * end-of-work check is offered two hours later (the closure itself at that time is the server
 * test's: server/test/workflow.test.ts). Then a workflow manager edits the ready-made hot-work
 * permit in the visual editor: a step and a transition added, the unreachable step flagged until
 * a transition leads to it, the new version published, a running permit keeping its own.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoViolations } from './axe';
import { cutNetwork, restoreNetwork, submitLogin } from './support';

const badge = async (page: Page) => Number((await page.getByTestId('workflow-badge').textContent({ timeout: 1000 }).catch(() => '0')) || '0');

test('a hot-work permit requested offline on a phone, approved from the inbox with the badge moving live, then ended', async ({ browser }) => {
  test.setTimeout(120_000);
  const title = `Permis de feu – soudure e2e ${Date.now().toString(36)}`;
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const desk = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const field = await phone.newPage();
  const manager = await desk.newPage();

  // The manager's inbox is open on a desktop.
  await submitLogin(manager, 'district-admin@demo.vigie.test');
  await expect(manager).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  await manager.goto('/notificationsWorkflowV2');
  await expect(manager.getByRole('heading', { name: /wait(s)? on you|Nothing waits/ })).toBeVisible();
  await expect(manager.getByRole('list', { name: 'To do' }).getByTestId('workflow-row').first()).toBeVisible();
  await expectNoViolations(manager, 'the workflow inbox');
  const before = await badge(manager);

  // The field user opens the request form online (its chunk and the definitions on the device), then loses the network.
  await submitLogin(field, 'field@demo.vigie.test');
  await expect(field).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  await field.goto('/workflow/new');
  await field.waitForFunction(() => navigator.serviceWorker.controller !== null);
  const kind = field.getByLabel('Kind of request');
  await expect(kind.locator('option', { hasText: 'Permis de feu' })).toHaveCount(1);
  await cutNetwork(phone);
  await kind.selectOption({ label: 'Permis de feu' });
  await field.getByLabel('Title').fill(title);
  await field.getByRole('button', { name: 'Create the request' }).click();
  await expect(field.getByRole('heading', { name: title })).toBeVisible();
  await expect(field.getByText('Requested', { exact: true })).toBeVisible();
  await field.getByRole('button', { name: 'Submit the risk analysis' }).click();
  await field.getByLabel('Work location').fill('Quai 3 – rampe');
  await field.getByLabel('Risks and preventive measures').fill('Bâche ignifugée, extincteur CO2 à 5 m');
  await field.getByRole('button', { name: 'Confirm: Submit the risk analysis' }).click();
  await expect(field.getByText('Awaiting approval', { exact: true })).toBeVisible();
  await expect(field.getByText('Waiting to be sent').first()).toBeVisible();

  // Back online: both writes reach the server, and the manager's badge moves by itself.
  await restoreNetwork(phone);
  await expect(field.getByText('Waiting to be sent')).toHaveCount(0, { timeout: 30_000 });
  await expect.poll(() => badge(manager), { timeout: 20_000 }).toBe(before + 1);

  // The manager opens it from the inbox (its hash), approves it with a signature.
  const row = manager.getByRole('list', { name: 'To do' }).getByTestId('workflow-row').filter({ hasText: title });
  await row.click();
  await expect(manager).toHaveURL(/\/notificationsWorkflowV2#[0-9a-f-]{36}$/);
  const opened = manager.getByRole('region', { name: 'Opened request' });
  await expect(opened.getByRole('heading', { name: title })).toBeVisible();
  await opened.getByRole('button', { name: 'Approve' }).click();
  const canvas = opened.locator('canvas');
  const box = (await canvas.boundingBox())!;
  await manager.mouse.move(box.x + 20, box.y + 20);
  await manager.mouse.down();
  await manager.mouse.move(box.x + 120, box.y + 60, { steps: 5 });
  await manager.mouse.move(box.x + 200, box.y + 30, { steps: 5 });
  await manager.mouse.up();
  await opened.getByRole('button', { name: 'Confirm the signature' }).click();
  await opened.getByRole('button', { name: 'Confirm: Approve' }).click();
  await expect(opened.getByText('Work in progress', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => badge(manager), { timeout: 20_000 }).toBe(before);

  // The field user sees the approval live and declares the end of work; the check waits two hours.
  await expect(field.getByText('Work in progress', { exact: true })).toBeVisible({ timeout: 20_000 });
  await field.getByRole('button', { name: 'Declare the end of work' }).click();
  await field.getByRole('button', { name: 'Confirm: Declare the end of work' }).click();
  await expect(field.getByText('End-of-work check', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(field.getByRole('button', { name: 'Confirm the check (2 h after)' })).toBeDisabled({ timeout: 20_000 });
  await expect(field.getByText(/Too early.*possible from/)).toBeVisible();
  await phone.close();
  await desk.close();
});

test('a workflow manager adds a step and a transition to the hot-work permit in the visual editor, fixes what it flags, and publishes a version running requests do not take', async ({ page }) => {
  test.setTimeout(60_000);
  // The operator holds the workflow management right (workflows.workflowManagement).
  await submitLogin(page, 'operator@demo.vigie.test');
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  await page.goto('/workflow/definitions');
  const hotWork = page
    .getByRole('list', { name: 'Workflow definitions' })
    .locator(':scope > li')
    .filter({ has: page.locator('strong', { hasText: /^Permis de feu$/ }) });
  const published = hotWork.locator('.workflow-row-meta').first();
  await expect(published).toContainText('published version');
  const version = Number(/published version (\d+)/.exec((await published.textContent()) ?? '')![1]);
  await hotWork.getByRole('button', { name: 'Edit' }).click();
  const editor = page.getByRole('form', { name: 'Edit Permis de feu' });

  // A new step, final: nothing leads to it yet, and the editor says so next to it; nothing can be published.
  await editor.getByRole('button', { name: 'Add a step' }).click();
  const step = editor.locator(':scope > ol').first().locator(':scope > li').last();
  await step.getByLabel('French').fill('Zone nettoyée');
  await step.getByLabel('English').fill('Area cleaned');
  await step.getByLabel('Final step (closes the request)').check();
  await expect(step.getByRole('alert')).toHaveText('A step cannot be reached from the initial step.');
  await expect(editor.getByText('1 problem to fix before saving.')).toBeVisible();
  await expect(editor.getByRole('button', { name: 'Publish a new version' })).toBeDisabled();
  await expectNoViolations(page, 'the workflow definition editor');

  // A transition to it from the end-of-work check fixes it.
  await editor.getByRole('button', { name: 'Add a transition' }).click();
  const transition = editor.locator(':scope > ol').nth(1).locator(':scope > li').last();
  await transition.getByLabel('To step').selectOption({ label: 'Area cleaned' });
  await transition.getByLabel('French').fill('Constater la zone nettoyée');
  await transition.getByLabel('English').fill('Confirm the area is clean');
  await expect(editor.getByRole('alert')).toHaveCount(0);
  await expect(editor.getByText(`Publishing makes version ${version + 1}`)).toBeVisible();
  await editor.getByRole('button', { name: 'Publish a new version' }).click();
  await expect(hotWork.getByText(`published version ${version + 1}`)).toBeVisible({ timeout: 20_000 });

  // A permit already running keeps the version it started with.
  await page.goto('/workflow/workflow-view');
  await page.getByTestId('workflow-row').filter({ hasText: 'Permis de feu – soudure de la rampe quai 3' }).click();
  await expect(page.getByText('Permis de feu (version 1)')).toBeVisible();
});
