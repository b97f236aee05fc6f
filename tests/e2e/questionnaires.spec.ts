/**
 * Questionnaires in Chromium against the real server: a manager plans a
 * 30-question inspection for the field user; on a phone, the field user opens its
 * inspections online (the day's are kept on the device), goes offline, fills half with a
 * photo, closes and reopens the page (everything is still there), finishes (a failed item
 * with its note), signs and submits, and comes back online: the inspection is on the server
 * exactly once, locked and hashed, with its score, its photo and signature, and its report.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { DEMO_PASSWORD } from '../../server/src/seed/demo-data';
import { cutNetwork, offlineCacheText, outboxSize, restoreNetwork, submitLogin } from './support';

const PHONE = { width: 390, height: 844 };
const FIELD = 'field@demo.vigie.test';
const MANAGER = 'operator@demo.vigie.test';

test.use({ viewport: PHONE, geolocation: { latitude: 45.7578, longitude: 4.832, accuracy: 8 }, permissions: ['geolocation'] });

/** Three sections of ten: yes/no questions, a number with its range, a choice, and a note asked of a failed item. */
function sections() {
  return ['a', 'b', 'c'].map((section, s) => ({
    key: `s_${section}`,
    title: `Partie ${s + 1}`,
    questions: Array.from({ length: 10 }, (_, n) => {
      const key = `q${s * 10 + n + 1}`;
      const label = `Question ${s * 10 + n + 1}`;
      if (key === 'q5') return { key, type: 'number', label, required: true, min: 0, max: 10, unit: '°C', weight: 2 };
      if (key === 'q12') return { key, type: 'choice', label, required: true, weight: 2, options: [{ key: 'good', label: 'Bon', score: 1 }, { key: 'poor', label: 'Mauvais', score: 0, failed: true }] };
      if (key === 'q20') return { key, type: 'yesNo', label, required: true, onFail: { note: true } };
      return { key, type: 'yesNo', label, required: true };
    }),
  }));
}

const photo = () => sharp(randomBytes(320 * 240 * 3), { raw: { width: 320, height: 240, channels: 3 } }).jpeg({ quality: 80 }).toBuffer();
const question = (page: Page, n: number) => page.locator(`#question-q${n}`);

async function answerYes(page: Page, from: number, to: number) {
  for (let n = from; n <= to; n++) {
    if (n === 5 || n === 12) continue;
    await question(page, n).getByRole('radio', { name: 'Yes', exact: true }).check();
  }
}

test('a field user fills a planned 30-question inspection offline, across a reload, and submits it: on the server once, locked, scored, with its report', async ({ page, request }) => {
  test.setTimeout(240_000);
  const login = await request.post('/api/auth/login', { data: { email: MANAGER, password: DEMO_PASSWORD } });
  const auth = { Authorization: `Bearer ${((await login.json()) as { data: { token: string } }).data.token}` };
  const fieldLogin = await request.post('/api/auth/login', { data: { email: FIELD, password: DEMO_PASSWORD } });
  const fieldToken = ((await fieldLogin.json()) as { data: { token: string } }).data.token;
  const fieldId = (JSON.parse(Buffer.from(fieldToken.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;
  const name = `Tournée ${randomUUID().slice(0, 6)}`;
  const templateId = randomUUID();
  const template = await request.post('/api/questionnaires/templates', {
    headers: { ...auth, 'Idempotency-Key': randomUUID() },
    data: { id: templateId, family: 'questionnary', name, description: '', sections: sections(), passMark: 90 },
  });
  expect(template.status()).toBe(201);
  const inspectionId = randomUUID();
  const planned = await request.post('/api/questionnaires/inspections', {
    headers: { ...auth, 'Idempotency-Key': randomUUID() },
    data: { id: inspectionId, templateId, siteId: null, assigneeId: fieldId, dueAt: new Date(Date.now() + 86_400_000).toISOString() },
  });
  expect(planned.status()).toBe(201);

  // Online: the field user's inspections, kept on the device with the inspection's questions.
  await submitLogin(page, FIELD);
  await expect(page.getByTestId('toolbar-district')).toHaveText('Lyon');
  await page.goto('/questionnary-v2/view');
  const row = page.getByRole('link', { name: new RegExp(name) });
  await expect(row).toBeVisible();
  await expect.poll(() => offlineCacheText(page), { timeout: 30_000 }).toContain('Question 30');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });

  // Offline: half of it, and a photo on the first question.
  await cutNetwork(page.context());
  await row.click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByText('0 / 30 answers')).toBeVisible();
  await answerYes(page, 1, 15);
  await question(page, 5).getByRole('spinbutton').fill('4');
  await question(page, 12).getByRole('radio', { name: 'Bon' }).check();
  await question(page, 1).getByRole('button', { name: 'Add a photo' }).click();
  const chooser = page.waitForEvent('filechooser');
  await question(page, 1).getByRole('button', { name: 'Choose from gallery' }).click();
  await (await chooser).setFiles([{ name: 'extincteur.jpg', mimeType: 'image/jpeg', buffer: await photo() }]);
  await expect(question(page, 1).getByRole('img', { name: 'extincteur.jpg' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('15 / 30 answers')).toBeVisible();

  // The page closed and opened again, still offline: nothing is lost.
  await page.reload();
  await expect(page.getByText('15 / 30 answers')).toBeVisible({ timeout: 30_000 });
  await expect(question(page, 7).getByRole('radio', { name: 'Yes', exact: true })).toBeChecked();
  await expect(question(page, 1).getByRole('img', { name: 'extincteur.jpg' })).toBeVisible();

  // The rest; question 20 fails and asks for a note before the submit.
  await answerYes(page, 16, 30);
  await question(page, 20).getByRole('radio', { name: 'No', exact: true }).check();
  await expect(page.getByText('30 / 30 answers')).toBeVisible();
  await expect(question(page, 20).getByText('Failed item')).toBeVisible();
  await page.getByLabel('Name of the signatory').fill('Camille Martin');
  const pad = page.getByRole('img', { name: 'Signature area: Signature' });
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let step = 1; step <= 10; step += 1) await page.mouse.move(box.x + 20 + step * 25, box.y + box.height / 2 + (step % 2 === 0 ? 20 : -20));
  await page.mouse.up();
  await page.getByRole('button', { name: 'Confirm the signature' }).click();
  await page.getByRole('button', { name: 'Submit the inspection' }).click();
  await expect(question(page, 20).getByText('Add a note about this failed item.')).toBeVisible();
  await question(page, 20).getByLabel('Note').fill('Porte coupe-feu calée ouverte');
  await page.getByRole('button', { name: 'Submit the inspection' }).click();
  await expect(page.getByText('it is waiting to be sent')).toBeVisible();
  expect(await outboxSize(page)).toBe(1);

  // Online again: delivered once, locked, scored; the page shows its report.
  await restoreNetwork(page.context());
  await expect.poll(() => outboxSize(page), { timeout: 60_000 }).toBe(0);
  const listed = (await (await request.get(`/api/questionnaires/inspections?template=${templateId}`, { headers: auth })).json()) as { data: { total: number } };
  expect(listed.data.total).toBe(1);
  const got = (await (await request.get(`/api/questionnaires/inspections/${inspectionId}`, { headers: auth })).json()) as {
    data: { status: string; contentHash: string | null; total: { percent: number }; passed: boolean; failedItems: { questionKey: string; note: string }[]; attachments: { name: string }[]; signedBy: string };
  };
  expect(got.data.status).toBe('submitted');
  expect(got.data.contentHash).toMatch(/^[0-9a-f]{64}$/);
  // 28 yes/no worth 1 (q20 failed), q5 and q12 worth 2 each: 31 of 32.
  expect(got.data.total.percent).toBe(96.9);
  // Above the pass mark, but an item failed: not passed.
  expect(got.data.passed).toBe(false);
  expect(got.data.failedItems).toEqual([expect.objectContaining({ questionKey: 'q20', note: 'Porte coupe-feu calée ouverte' })]);
  expect(got.data.attachments.map((a) => a.name).sort()).toEqual(['extincteur.jpg', 'signature.png']);
  expect(got.data.signedBy).toBe('Camille Martin');
  await expect(page.getByText('Score: 96.9%').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(got.data.contentHash!)).toBeVisible();
  const resubmit = await request.post(`/api/questionnaires/inspections/${inspectionId}/submit`, {
    headers: { Authorization: `Bearer ${fieldToken}`, 'Idempotency-Key': randomUUID() },
    data: { answers: {}, signature: randomUUID(), signedBy: 'X', startedAt: new Date().toISOString(), finishedAt: new Date().toISOString(), startPosition: null, endPosition: null },
  });
  expect(resubmit.status()).toBe(423);
});
