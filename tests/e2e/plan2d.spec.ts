/**
 * 2D plans in Chromium (software WebGL) against the real server: a field user on a phone opens
 * a site's plan online, loses the network, taps the plan to report a declaration; the pin shows
 * on the plan at once, waiting; back online, the declaration and its pin are on the server once,
 * the pin at the tapped point with the declaration's title.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { expectNoViolations } from './axe';
import type { Plan, PlanSheet } from '../../common/modules/plan2d/schemas';
import { cutNetwork, offlineCacheText, outboxSize, restoreNetwork, submitLogin, tokenOf } from './support';

const PHONE = { width: 390, height: 844 };
const FIELD = 'field@demo.vigie.test';
const MANAGER = 'operator@demo.vigie.test';

test.use({ viewport: PHONE, geolocation: { latitude: 45.7578, longitude: 4.832, accuracy: 8 }, permissions: ['geolocation'] });

test('a declaration reported by a tap on a plan offline on a phone: its pin shows at once, and is delivered once online', async ({ page, request }) => {
  test.setTimeout(150_000);
  const manager = await tokenOf(request, MANAGER);
  const auth = { Authorization: `Bearer ${manager}` };
  const typeName = `Constat plan ${randomUUID().slice(0, 6)}`;
  const created = await request.post('/api/declarations/templates', {
    headers: { ...auth, 'Idempotency-Key': randomUUID() },
    data: { id: randomUUID(), name: typeName, icon: 'warning', defaultSeverity: 'medium', notify: [], fields: [] },
  });
  expect(created.status()).toBe(201);
  // The demo's ground-floor plan of a Lyon site.
  const sites = ((await (await request.get('/api/plan2d/sites', { headers: auth })).json()) as { data: { id: string }[] }).data;
  let target: { siteId: string; plan: Plan } | null = null;
  for (const site of sites) {
    const plans = ((await (await request.get(`/api/plan2d/sites/${site.id}/plans`, { headers: auth })).json()) as { data: Plan[] }).data;
    const ground = plans.find((p) => p.level === 'RDC');
    if (ground) {
      target = { siteId: site.id, plan: ground };
      break;
    }
  }
  expect(target).not.toBeNull();
  const { siteId, plan } = target!;

  // Online: the declarations' types, then the plan, kept on the device.
  await submitLogin(page, FIELD);
  await expect(page.getByTestId('toolbar-district')).toHaveText('Lyon');
  await page.goto('/declarations');
  await expect.poll(() => offlineCacheText(page), { timeout: 30_000 }).toContain(typeName);
  await page.goto(`/plan2d/site/${siteId}?plan=${plan.id}`);
  const map = page.getByRole('region', { name: `Plan ${plan.name}` });
  await expect(map).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
  const pinsBefore = Number(await map.getAttribute('data-pins'));
  await expectNoViolations(page, 'a plan on a phone');
  expect(pinsBefore).toBeGreaterThan(0);
  await expect.poll(() => offlineCacheText(page), { timeout: 30_000 }).toContain(plan.imageId);
  await expect.poll(() => page.evaluate(async () => (await (await caches.open('vigie-plan2d')).keys()).length)).toBeGreaterThan(0);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

  // Offline: a tap on the plan opens the report form with the site chosen.
  await cutNetwork(page.context());
  await page.getByRole('button', { name: 'Report on the plan' }).click();
  await expect(page.getByText('Tap the plan where the problem is')).toBeVisible();
  const box = (await map.boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.5, box.y + box.height * 0.5);
  await expect(page).toHaveURL(/\/declarations\/new\?.*site=/);
  await page.getByRole('button', { name: typeName }).click();
  const form = page.getByRole('form', { name: `Report: ${typeName}` });
  const title = `Extincteur manquant ${randomUUID().slice(0, 8)}`;
  await form.getByLabel('Title').fill(title);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  // The declaration, then its pin: two writes waiting.
  await expect.poll(() => outboxSize(page)).toBe(2);

  // Back on the plan, still offline: the new pin is there, waiting.
  await page.goBack();
  await expect(map).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
  await expect(map).toHaveAttribute('data-pins', String(pinsBefore + 1));
  await page.getByText(`${pinsBefore + 1} pins`).click();
  await expect(page.getByRole('button', { name: `${title} · waiting to be sent` })).toBeVisible();

  // Online: both delivered once; the pin names the declaration, where the plan was tapped.
  await restoreNetwork(page.context());
  await expect.poll(() => outboxSize(page), { timeout: 60_000 }).toBe(0);
  const listed = (await (await request.get(`/api/declarations?search=${encodeURIComponent(title)}`, { headers: auth })).json()) as { data: { items: { id: string }[] } };
  expect(listed.data.items).toHaveLength(1);
  const sheet = ((await (await request.get(`/api/plan2d/plans/${plan.id}`, { headers: auth })).json()) as { data: PlanSheet }).data;
  const pins = sheet.pins.filter((p) => p.recordId === listed.data.items[0]!.id);
  expect(pins).toHaveLength(1);
  expect(pins[0]).toMatchObject({ kind: 'declaration', title });
  expect(Math.abs(pins[0]!.x - 0.5)).toBeLessThan(0.05);
  expect(Math.abs(pins[0]!.y - 0.5)).toBeLessThan(0.05);
  await expect(page.getByRole('button', { name: title, exact: true })).toBeVisible({ timeout: 30_000 });
});
