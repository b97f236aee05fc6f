/**
 * The template builder in Chromium against the real server: on a 360 px phone, a
 * template manager builds a template of two sections (a yes/no asking a note when it fails, a
 * question shown only when it is answered "No", a second section), previews it as the field
 * user fills it (the conditional question appears when the answer matches, the live score
 * shows), saves it (revision 1), edits it (revision 2); axe finds nothing on the list and the
 * builder. Then an edit kept across a reload, a revision saved elsewhere during the edit:
 * announced, and a save changing the same part asks which to keep without losing the edits; a
 * delete and a restore from the list. Questions, sections and a choice's options reordered by
 * dragging their handles (a mouse, a finger), announced, saved in the new order.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../../server/src/seed/demo-data';
import { expectNoViolations } from './axe';
import { storeCount, submitLogin } from './support';

const MANAGER = 'operator@demo.vigie.test';
const SMALL_PHONE = { width: 360, height: 740 };

/** The forms' drafts kept on the device (lib/drafts.ts: the drafts store of vigie-outbox). */
const keptDrafts = (page: Page) => storeCount(page, 'drafts');

/** A template of the questionnary family made through the API by the manager: its id and the manager's authorization. */
async function templateMade(request: APIRequestContext, name: string, sections: object[]) {
  const login = await request.post('/api/auth/login', { data: { email: MANAGER, password: DEMO_PASSWORD } });
  const auth = { Authorization: `Bearer ${((await login.json()) as { data: { token: string } }).data.token}` };
  const id = randomUUID();
  const created = await request.post('/api/questionnaires/templates', {
    headers: { ...auth, 'Idempotency-Key': randomUUID() },
    data: { id, family: 'questionnary', name: `${name} ${randomUUID().slice(0, 6)}`, description: '', passMark: null, sections },
  });
  expect(created.status()).toBe(201);
  return { id, auth };
}

test.use({ viewport: SMALL_PHONE });
// Logins and axe runs are slow on a loaded 2-core machine; nothing here measures time.
test.describe.configure({ timeout: 120_000 });

test('a template manager builds a two-section template with a conditional question, previews it, saves it and saves a second revision; an older revision opens read only and is taken back as a third', async ({ page }) => {
  const name = `Ronde ${randomUUID().slice(0, 6)}`;
  await submitLogin(page, MANAGER);
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/questionnary-v2/templates');
  await expect(page.getByRole('heading', { name: 'Templates', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Questionnaires', level: 2 })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Questionnaires templates', exact: true }).getByRole('listitem').first()).toBeVisible();
  await expectNoViolations(page, 'templates list');

  await page.getByRole('button', { name: 'New template: Questionnaires' }).click();
  await expect(page.getByRole('heading', { name: 'New Questionnaires template', level: 1 })).toBeVisible();
  // Nothing written yet: Save stays enabled; a tap saves nothing, lists each problem with where
  // it is, and moves the focus to the first (the name).
  await expect(page.getByText(/problems? to fix before saving/)).toBeVisible();
  const save = page.getByRole('button', { name: 'Save', exact: true });
  await expect(save).toBeEnabled();
  await save.click();
  const refused = page.getByRole('alert').filter({ hasText: /Not saved: \d+ problems? to fix\./ });
  await expect(refused).toContainText('Not saved: 3 problems to fix.');
  await expect(refused.getByRole('listitem')).toHaveText(['Name: Required.', 'Section 1, Section title: Required.', 'The template: At least one question.']);
  await expect(page.getByLabel('Name', { exact: true })).toBeFocused();
  await expect(page.getByText('At least one question.', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/new/);

  await page.getByLabel('Name', { exact: true }).fill(name);
  await expect(refused).toContainText('Not saved: 2 problems to fix.');
  await expect(refused.getByRole('listitem')).toHaveText(['Section 1, Section title: Required.', 'The template: At least one question.']);
  await page.getByLabel('Pass mark (%)').fill('50');
  await page.getByLabel('Section title').fill('Issues de secours');

  // Section 1: a yes/no that asks a note when it fails, then a text shown when it is "No".
  await page.getByRole('button', { name: 'Add a question to section 1' }).click();
  const first = page.getByRole('group', { name: /^Question 1:/ });
  await first.getByLabel('Question', { exact: true }).fill('Les issues sont-elles dégagées ?');
  await first.getByLabel('a note', { exact: true }).check();
  await page.getByLabel('Type of the new question (section 1)').selectOption({ label: 'Text' });
  await page.getByRole('button', { name: 'Add a question to section 1' }).click();
  const second = page.getByRole('group', { name: /^Question 2:/ });
  await second.getByLabel('Question', { exact: true }).fill('Qu’est-ce qui bloque ?');
  await expect(first.getByText('Answer key: les_issues_sont_elles_degagees')).toBeVisible();
  await second.getByLabel('Show only when an earlier answer matches').check();
  await expect(second.getByText('Choose the earlier question.')).toBeVisible();
  await second.getByLabel('Earlier question').selectOption({ label: 'Les issues sont-elles dégagées ?' });
  await expect(second.getByLabel('Condition', { exact: true })).toHaveValue('is');
  await second.getByRole('group', { name: 'Answers' }).getByLabel('No', { exact: true }).check();

  // Section 2, one yes/no.
  await page.getByRole('button', { name: 'Add a section' }).click();
  await page.getByLabel('Section title').nth(1).fill('Extincteurs');
  await page.getByRole('button', { name: 'Add a question to section 2' }).click();
  await page.getByRole('group', { name: /^Question 3:/ }).getByLabel('Question', { exact: true }).fill('Extincteur présent ?');
  await page.getByRole('group', { name: /^Question 3:/ }).getByLabel('Question', { exact: true }).blur();
  await expect(page.getByText('Ready to save as a new revision.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeEnabled();
  await expectNoViolations(page, 'builder');
  // Every control of the builder is a 44 px target at least (a checkbox through its label).
  const small = await page.locator('.template-builder').evaluate((root) =>
    [...root.querySelectorAll('ion-button, select, input[type=text], input[type=number], textarea, label.builder-check')]
      .map((el) => ({ el: el.outerHTML.slice(0, 80), box: el.getBoundingClientRect() }))
      .filter(({ box }) => box.height < 44 || box.width < 44)
      .map(({ el, box }) => `${el} ${box.width}x${box.height}`),
  );
  expect(small).toEqual([]);

  // The preview: the real filling screen; the conditional question follows the answer, the score shows.
  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  await expect(page.getByRole('heading', { name: `${name} – Preview`, level: 1 })).toBeVisible();
  const exits = page.locator('#question-les_issues_sont_elles_degagees');
  const why = page.locator('#question-qu_est_ce_qui_bloque');
  await expect(exits).toBeVisible();
  await expect(why).toHaveCount(0);
  await exits.getByRole('radio', { name: 'Yes', exact: true }).check();
  await expect(why).toHaveCount(0);
  await exits.getByRole('radio', { name: 'No', exact: true }).check();
  await expect(why).toBeVisible();
  await expect(exits.getByText('Failed item')).toBeVisible();
  await expect(exits.getByLabel('Note')).toBeVisible();
  await page.locator('#question-extincteur_present').getByRole('radio', { name: 'Yes', exact: true }).check();
  await expect(page.getByRole('status').getByText('Score: 50%')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Check the answers (preview: nothing is sent)' })).toBeVisible();
  await page.getByRole('button', { name: 'Back', exact: true }).click();

  // Back in the builder, the draft intact; saved: revision 1 on the server.
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/questionnary-v2\/templates\/[0-9a-f-]{36}$/);
  await expect(page.getByText(/^Revision 1 saved/)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(/Inspections already started keep the revision/)).toBeVisible();
  await expect(page.getByRole('group', { name: /^Question 2:/ }).getByLabel('Earlier question')).toHaveValue('les_issues_sont_elles_degagees');

  // A second revision: renamed, the keys kept.
  await page.getByRole('group', { name: /^Question 1:/ }).getByLabel('Question', { exact: true }).fill('Issues libres ?');
  await page.getByLabel('Name', { exact: true }).fill(`${name} v2`);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(/^Revision 2 saved/)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('group', { name: /^Question 1:/ }).getByText('Answer key: les_issues_sont_elles_degagees')).toBeVisible();

  // The revisions: each one with what it changed, an older one open read only, and taken back as a new revision.
  await page.getByText('Revisions (2)').click();
  const revisions = page.getByRole('list', { name: "The template's revisions, newest first" });
  await expect(revisions.getByRole('listitem')).toHaveCount(2);
  await expect(revisions.getByRole('listitem').first()).toContainText('Revision 2 (current)');
  await expect(revisions.getByRole('listitem').first()).toContainText('changed: name, sections and questions');
  await revisions.getByRole('link', { name: 'View revision 1' }).click();
  await expect(page).toHaveURL(/\/templates\/[0-9a-f-]{36}\?version=1$/);
  await expect(page.getByRole('note')).toContainText('Revision 1 (the current one is 2), read only');
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name);
  await expect(page.getByRole('group', { name: /^Question 1:/ }).getByLabel('Question', { exact: true })).toHaveValue('Les issues sont-elles dégagées ?');
  await expect(page.getByLabel('Name', { exact: true })).toBeDisabled();
  await expectNoViolations(page, 'an older revision');
  await page.getByRole('button', { name: 'Take revision 1 back as a new revision' }).click();
  await page.getByRole('link', { name: 'Back to revision 2' }).click();
  await expect(page.getByText(/^Revision 3 saved/)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name);
  await expect(page.getByRole('group', { name: /^Question 1:/ }).getByText('Answer key: les_issues_sont_elles_degagees')).toBeVisible();

  await page.getByRole('button', { name: 'Back', exact: true }).click();
  const row = page.getByRole('link', { name: new RegExp(`^${name}`) });
  await expect(row).toContainText('3 questions · pass mark 50 % · revision 3');
});

test('an edit is kept across a reload; a revision saved elsewhere meanwhile is announced; a save changing the same part asks which to keep, and keeps the edits; delete and restore from the list', async ({ page, request }) => {
  const login = await request.post('/api/auth/login', { data: { email: MANAGER, password: DEMO_PASSWORD } });
  const auth = { Authorization: `Bearer ${((await login.json()) as { data: { token: string } }).data.token}` };
  const name = `Portes ${randomUUID().slice(0, 6)}`;
  const id = randomUUID();
  const sections = (label: string) => [{ key: 'portes', title: 'Portes', questions: [{ key: 'porte_fermee', type: 'yesNo', label, required: true }] }];
  const created = await request.post('/api/questionnaires/templates', {
    headers: { ...auth, 'Idempotency-Key': randomUUID() },
    data: { id, family: 'questionnary', name, description: '', sections: sections('Porte fermée ?'), passMark: null },
  });
  expect(created.status()).toBe(201);

  await submitLogin(page, MANAGER);
  await expect(page).toHaveURL(/\/dashboard$/);
  // The frames each of the app's sockets (records:changed) received, in the order they opened:
  // a socket of the page before a reload may still get its CONNECT acknowledgement after it.
  const sockets: string[][] = [];
  page.on('websocket', (socket) => {
    if (!new URL(socket.url()).pathname.startsWith('/ws')) return;
    const frames: string[] = [];
    sockets.push(frames);
    socket.on('framereceived', (frame) => frames.push(String(frame.payload)));
  });
  await page.goto(`/questionnary-v2/templates/${id}`);
  await expect(page.getByText(/^Revision 1 saved/)).toBeVisible();
  const connected = (frames: string[]) => frames.some((f) => f.startsWith('40'));
  await expect.poll(() => sockets.some(connected)).toBe(true);
  const label = page.getByRole('group', { name: /^Question 1:/ }).getByLabel('Question', { exact: true });
  await label.fill('Porte coupe-feu fermée ?');

  // The edit is kept on the device: after a reload it is offered back.
  await expect.poll(() => keptDrafts(page)).toBe(1);
  const before = sockets.length;
  await page.reload();
  await page.getByRole('button', { name: 'Restore the draft' }).click();
  await expect(label).toHaveValue('Porte coupe-feu fermée ?');
  // The reloaded page's socket is connected (socket.io CONNECT acknowledged): in its rooms.
  await expect.poll(() => sockets.slice(before).some(connected)).toBe(true);

  // Someone else saves revision 2, changing the same question.
  const other = await request.patch(`/api/questionnaires/templates/${id}`, {
    headers: { ...auth, 'Idempotency-Key': randomUUID() },
    data: { baseVersion: 1, changes: { sections: sections('Porte fermée à clé ?') } },
  });
  expect(other.status()).toBe(200);
  await expect(page.getByRole('alert').filter({ hasText: 'Revision 2 was saved elsewhere while you were editing' })).toBeVisible({ timeout: 15_000 });
  await expect(label).toHaveValue('Porte coupe-feu fermée ?');

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const conflict = page.getByRole('alert').filter({ hasText: 'Revision 2 on the server changed the same parts as your save (sections and questions)' });
  await expect(conflict).toBeVisible({ timeout: 15_000 });
  await expect(label).toHaveValue('Porte coupe-feu fermée ?');
  await conflict.getByRole('button', { name: 'Keep my version' }).click();
  await expect(page.getByText(/^Revision 3 saved/)).toBeVisible({ timeout: 15_000 });
  await expect(label).toHaveValue('Porte coupe-feu fermée ?');
  const saved = await request.get(`/api/questionnaires/templates/${id}`, { headers: auth });
  const body = (await saved.json()) as { data: { version: number; sections: { questions: { key: string; label: string }[] }[] } };
  expect(body.data.version).toBe(3);
  expect(body.data.sections[0]!.questions[0]).toMatchObject({ key: 'porte_fermee', label: 'Porte coupe-feu fermée ?' });

  // Deleted from the list, then restored from the deleted ones.
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  const live = page.getByRole('list', { name: 'Questionnaires templates', exact: true });
  await expect(live.getByRole('link', { name: new RegExp(name) })).toBeVisible();
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('button', { name: `Yes, delete ${name}` }).click();
  await expect(live.getByRole('link', { name: new RegExp(name) })).toHaveCount(0);
  await page.getByLabel('Show deleted templates').check();
  const gone = page.getByRole('list', { name: 'Deleted Questionnaires templates', exact: true });
  await expect(gone.getByRole('link', { name: new RegExp(name) })).toBeVisible();
  await page.getByRole('button', { name: `Restore ${name}` }).click();
  await expect(live.getByRole('link', { name: new RegExp(name) })).toContainText('revision 5');
  await expect(gone.getByRole('link', { name: new RegExp(name) })).toHaveCount(0);
});

test('questions and sections are reordered by dragging their handle; a move that puts a condition before its question is told with Undo; the saved revision has the new order', async ({ page, request }) => {
  const question = (key: string, label: string, extra: object = {}) => ({ key, type: 'yesNo', label, required: true, ...extra });
  const { id, auth } = await templateMade(request, 'Glisser', [
    {
      key: 'portes',
      title: 'Portes',
      questions: [question('porte', 'Porte fermée ?'), question('extincteur', 'Extincteur présent ?', { showIf: { question: 'porte', op: 'is', values: ['no'] } })],
    },
    { key: 'eclairage', title: 'Éclairage', questions: [question('bloc', 'Bloc de secours allumé ?')] },
  ]);

  await submitLogin(page, MANAGER);
  await expect(page).toHaveURL(/\/dashboard$/);
  // A phone's width, tall enough for the whole builder on one screen (the drags below stay in view).
  await page.setViewportSize({ width: 412, height: 7000 });
  await page.goto(`/questionnary-v2/templates/${id}`);
  await expect(page.getByText(/^Revision 1 saved/)).toBeVisible();

  /** Takes the handle and lets it go at (x, y), moving as a hand does. */
  const drag = async (handleTitle: string, to: { x: number; y: number }) => {
    const box = (await page.getByTitle(handleTitle).boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(to.x, to.y, { steps: 12 });
    await page.mouse.up();
  };
  /** The same with a finger: touch events (Chromium's own, through the DevTools protocol), which the page sees as pointer events of a touch. */
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 1 });
  const touchDrag = async (handleTitle: string, to: { x: number; y: number }) => {
    const box = (await page.getByTitle(handleTitle).boundingBox())!;
    const from = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [from] });
    for (let step = 1; step <= 12; step++) {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: from.x + ((to.x - from.x) * step) / 12, y: from.y + ((to.y - from.y) * step) / 12 }] });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  };
  const top = async (name: RegExp) => {
    const box = (await page.getByRole('group', { name }).boundingBox())!;
    return { x: box.x + box.width / 2, y: box.y + 8 };
  };
  const questionLabels = () => page.locator('.builder-question > legend').allTextContents();

  // The third question dropped by a finger on the top of the first: it becomes the first, announced.
  await touchDrag('Drag to move question 3', await top(/^Question 1:/));
  await expect.poll(questionLabels).toEqual(['Question 1: Bloc de secours allumé ?', 'Question 2: Porte fermée ?', 'Question 3: Extincteur présent ?']);
  await expect(page.getByRole('status').filter({ hasText: 'moved' })).toHaveText('“Bloc de secours allumé ?” moved: now question 1, in section 1.');

  // The last question dropped into the emptied second section.
  const empty = (await page.getByText('No question in this section yet.').boundingBox())!;
  await drag('Drag to move question 3', { x: empty.x + empty.width / 2, y: empty.y + empty.height / 2 });
  await expect(page.getByRole('region', { name: /^Section 2: Éclairage/ }).getByRole('group', { name: 'Question 3: Extincteur présent ?' })).toBeVisible();

  // The second section dropped above the first: its question would come before the one its condition names.
  const first = (await page.getByRole('heading', { name: 'Section 1: Portes', level: 2 }).boundingBox())!;
  await drag('Drag to move section 2', { x: first.x + 20, y: first.y + 4 });
  await expect(page.getByRole('heading', { name: 'Section 1: Éclairage', level: 2 })).toBeVisible();
  await expect(page.getByText('After this move, the condition of “Extincteur présent ?” names a later question')).toBeVisible();
  await expect(page.getByText("The condition's question must come before this one")).toBeVisible();
  // Saved now, the condition would be broken: the tap is refused and says where.
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Not saved: 1 problem to fix.' }).getByRole('listitem')).toHaveText([
    "Question 1, Conditional display: The condition's question must come before this one (it was moved below it, or removed).",
  ]);
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Section 1: Portes', level: 2 })).toBeVisible();
  await expect(page.getByText('Ready to save as a new revision.')).toBeVisible();

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(/^Revision 2 saved/)).toBeVisible({ timeout: 20_000 });
  const saved = await request.get(`/api/questionnaires/templates/${id}`, { headers: auth });
  const body = (await saved.json()) as { data: { sections: { key: string; questions: { key: string }[] }[] } };
  expect(body.data.sections.map((s) => [s.key, s.questions.map((q) => q.key)])).toEqual([
    ['portes', ['bloc', 'porte']],
    ['eclairage', ['extincteur']],
  ]);
});

test('a choice’s options are reordered by dragging their handle, announced; the condition naming an option still names it in the saved revision', async ({ page, request }) => {
  const options = [
    { key: 'bon', label: 'Bon', score: 1 },
    { key: 'moyen', label: 'Moyen', score: 0.5 },
    { key: 'mauvais', label: 'Mauvais', score: 0, failed: true },
  ];
  const { id, auth } = await templateMade(request, 'Options', [
    {
      key: 'extincteurs',
      title: 'Extincteurs',
      questions: [
        { key: 'etat', type: 'choice', label: 'État de l’extincteur', required: true, options },
        { key: 'defaut', type: 'text', label: 'Quel défaut ?', required: false, showIf: { question: 'etat', op: 'is', values: ['mauvais'] } },
      ],
    },
  ]);

  await submitLogin(page, MANAGER);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.setViewportSize({ width: 412, height: 5000 });
  await page.goto(`/questionnary-v2/templates/${id}`);
  await expect(page.getByText(/^Revision 1 saved/)).toBeVisible();

  // "Mauvais" taken by its handle and let go on the top of the first option.
  const handle = (await page.getByTitle('Drag to move Mauvais').boundingBox())!;
  const first = (await page.locator('[data-drag-option="0:0:0"]').boundingBox())!;
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
  await page.mouse.down();
  await page.mouse.move(first.x + first.width / 2, first.y + 6, { steps: 12 });
  await page.mouse.up();
  await expect(page.getByRole('status').filter({ hasText: 'moved' })).toHaveText('“Mauvais” moved: now option 1 of “État de l’extincteur”.');
  await expect(page.getByRole('textbox', { name: 'Option 1', exact: true })).toHaveValue('Mauvais');
  // The buttons move it too, announced the same way.
  await page.getByRole('button', { name: 'Move Bon down' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'moved' })).toHaveText('“Bon” moved: now option 3 of “État de l’extincteur”.');

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(/^Revision 2 saved/)).toBeVisible({ timeout: 20_000 });
  const saved = await request.get(`/api/questionnaires/templates/${id}`, { headers: auth });
  const body = (await saved.json()) as { data: { sections: { questions: { key: string; options?: { key: string }[]; showIf?: unknown }[] }[] } };
  const [etat, defaut] = body.data.sections[0]!.questions;
  expect(etat!.options!.map((o) => o.key)).toEqual(['mauvais', 'moyen', 'bon']);
  expect(defaut!.showIf).toEqual({ question: 'etat', op: 'is', values: ['mauvais'] });
});
