/**
 * A signed inspection's report on a phone: the field user ticks two protective equipments, then
 * "Aucun" (exclusive: the others are cleared), fills the failed item's corrective action (the
 * inspector is its assignee unless changed), signs with a typed name and submits online. The
 * report shows the signature whole, ink on white (not a black square, not cropped), the
 * stored PNG is opaque white under the ink, the multiple choice's answer is given the row's
 * width (not one letter a line), the result is Failed, and the action is the inspector's.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { DEMO_PASSWORD } from '../../server/src/seed/demo-data';
import { submitLogin } from './support';

const PHONE = { width: 390, height: 844 };
const FIELD = 'field@demo.vigie.test';
const LABEL = 'EPI portés par toutes les personnes présentes sur le chantier au moment de la visite';

test.use({ viewport: PHONE, geolocation: { latitude: 45.7578, longitude: 4.832, accuracy: 8 }, permissions: ['geolocation'] });

test('a signed report shows the signature whole on white and a multiple choice wide; "Aucun" clears the others, fails, and its action is the inspector’s', async ({ page, request }) => {
  test.setTimeout(120_000);
  const token = async (email: string) => ((await (await request.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } })).json()) as { data: { token: string } }).data.token;
  const manager = { Authorization: `Bearer ${await token('operator@demo.vigie.test')}` };
  const fieldToken = await token(FIELD);
  const fieldId = (JSON.parse(Buffer.from(fieldToken.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;
  const name = `Visite EPI ${randomUUID().slice(0, 6)}`;
  const templateId = randomUUID();
  const template = await request.post('/api/questionnaires/templates', {
    headers: { ...manager, 'Idempotency-Key': randomUUID() },
    data: {
      id: templateId,
      family: 'questionnary',
      name,
      description: '',
      passMark: 80,
      sections: [
        {
          key: 'epi',
          title: 'Équipements',
          questions: [
            {
              key: 'worn',
              type: 'multiChoice',
              label: LABEL,
              required: true,
              weight: 3,
              options: [
                { key: 'casque', label: 'Casque', score: 0.4 },
                { key: 'chaussures', label: 'Chaussures de sécurité', score: 0.4 },
                { key: 'gilet', label: 'Gilet haute visibilité', score: 0.2 },
                { key: 'aucun', label: 'Aucun', score: 0, failed: true, exclusive: true },
              ],
              onFail: { action: true },
            },
          ],
        },
      ],
    },
  });
  expect(template.status()).toBe(201);
  const inspectionId = randomUUID();
  const planned = await request.post('/api/questionnaires/inspections', {
    headers: { ...manager, 'Idempotency-Key': randomUUID() },
    data: { id: inspectionId, templateId, siteId: null, assigneeId: fieldId, dueAt: new Date(Date.now() + 86_400_000).toISOString() },
  });
  expect(planned.status()).toBe(201);

  await submitLogin(page, FIELD);
  await expect(page.getByTestId('toolbar-district')).toHaveText('Lyon');
  await page.goto('/questionnary-v2/view');
  await page.getByRole('link', { name: new RegExp(name) }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();

  // "Aucun" is chosen alone: ticking it clears the others.
  const worn = page.locator('#question-worn');
  await worn.getByRole('checkbox', { name: 'Casque' }).check();
  await worn.getByRole('checkbox', { name: 'Chaussures de sécurité' }).check();
  await worn.getByRole('checkbox', { name: 'Aucun' }).check();
  await expect(worn.getByRole('checkbox', { name: 'Aucun' })).toBeChecked();
  await expect(worn.getByRole('checkbox', { name: 'Casque' })).not.toBeChecked();
  await expect(worn.getByRole('checkbox', { name: 'Chaussures de sécurité' })).not.toBeChecked();

  // The failed item's action: the inspector is its assignee.
  await worn.getByLabel('Action to take').fill('Fournir les EPI manquants');
  await expect(worn.getByLabel('Assigned to').locator('option:checked')).toHaveText(`You (${FIELD})`);

  await page.getByLabel('Name of the signatory').fill('Pierre Terrain');
  await page.getByLabel('Or type your name').fill('Pierre Terrain');
  await page.getByRole('button', { name: 'Confirm the signature' }).click();
  await page.getByRole('button', { name: 'Submit the inspection' }).click();

  // The report, once on the server.
  await expect(page.getByText('Failed', { exact: true }).first()).toBeVisible({ timeout: 30_000 });
  // The image itself (its alt text): until it has loaded, a placeholder of the same role and
  // name stands in its place, and is replaced by it.
  const signature = page.getByAltText('Signature of Pierre Terrain');
  await signature.scrollIntoViewIfNeeded();
  await expect(signature).toBeVisible();
  await expect.poll(() => signature.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  // Whole (its 3:1 shape, not a square crop) and ink on white: few dark pixels, not a black square.
  const box = (await signature.boundingBox())!;
  expect(box.width).toBeGreaterThan(2 * box.height);
  const dark = await signature.evaluate((img: HTMLImageElement) => {
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const context = canvas.getContext('2d')!;
    context.drawImage(img, 0, 0);
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    let count = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i + 3]! > 128 && data[i]! + data[i + 1]! + data[i + 2]! < 200) count += 1;
    return count / (data.length / 4);
  });
  expect(dark).toBeLessThan(0.2);
  expect(dark).toBeGreaterThan(0);

  // At 390 px the answer has the row's width, not a column one letter wide.
  const answer = page.locator('.inspection-answer dd', { hasText: 'Aucun' });
  expect((await answer.boundingBox())!.width).toBeGreaterThan(200);

  // The stored PNG: opaque white under the ink.
  const field = { Authorization: `Bearer ${fieldToken}` };
  const inspection = (await (await request.get(`/api/questionnaires/inspections/${inspectionId}`, { headers: field })).json()) as {
    data: { passed: boolean; signature: string; attachments: { id: string; url: string }[] };
  };
  expect(inspection.data.passed).toBe(false);
  const file = inspection.data.attachments.find((a) => a.id === inspection.data.signature)!;
  const png = await request.get(file.url, { headers: field });
  expect(png.ok()).toBe(true);
  const { data } = await sharp(await png.body()).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  expect([...data.subarray(0, 4)]).toEqual([255, 255, 255, 255]);

  // Its corrective action is the inspector's.
  const actions = (await (await request.get('/api/actions?source=inspection&limit=200', { headers: manager })).json()) as {
    data: { items: { source: { id: string } | null; assignee: { id: string } | null }[] };
  };
  expect(actions.data.items.filter((a) => a.source?.id === inspectionId).map((a) => a.assignee?.id)).toEqual([fieldId]);
});
