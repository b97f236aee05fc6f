/**
 * Third parties V2 in Chromium on a phone against the real server. The site's phone (the
 * district administrator, who reads the outside companies) has the app installed and its data
 * kept; the network goes. The outside company's representative and the district's sign the
 * prevention plan on the phone, drawing with the mouse on the shared signature pad, and a worker
 * is signed in on the register by their badge's code. The app restarts offline (a reload): the
 * signatures and the presence are still shown, waiting. Back online, each write arrives once
 * (read back through the API) and the plan shows as signed.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { cutNetwork, outboxSize, offlineCacheText, restoreNetwork, submitLogin, tokenOf } from './support';

const MANAGER = 'operator@demo.vigie.test';
const SITE_PHONE = 'district-admin@demo.vigie.test';

test.use({ viewport: { width: 390, height: 844 } });

async function draw(page: Page, pad: ReturnType<Page['getByRole']>) {
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let step = 1; step <= 10; step += 1) await page.mouse.move(box.x + 20 + step * 25, box.y + box.height / 2 + (step % 2 === 0 ? 20 : -20));
  await page.mouse.up();
}

test('on a phone offline, the representatives sign a prevention plan and a worker is signed in; after a restart offline, each arrives once', async ({ page, request }) => {
  test.setTimeout(180_000);
  const manager = await tokenOf(request, MANAGER);
  const auth = { Authorization: `Bearer ${manager}` };
  const post = async (url: string, data: object) => {
    const answer = await request.post(url, { headers: { ...auth, 'Idempotency-Key': randomUUID() }, data });
    expect(answer.status(), await answer.text()).toBe(201);
    return ((await answer.json()) as { data: { id: string } }).data;
  };
  // A manager prepares the intervention: the demo company, a new worker, a site of Lyon.
  const tag = randomUUID().slice(0, 6);
  const companies = ((await (await request.get('/api/third-party/companies', { headers: auth })).json()) as { data: { id: string; name: string }[] }).data;
  const company = companies.find((c) => c.name === 'Elec Services Rhône')!;
  const sites = ((await (await request.get('/api/third-party/presence/sites', { headers: auth })).json()) as { data: { sites: { id: string; name: string }[] } }).data.sites;
  const site = sites[sites.length - 1]!;
  const workerName = `Hugo Marchand ${tag}`;
  const worker = await post('/api/third-party/workers', { id: randomUUID(), companyId: company.id, name: workerName, role: 'Électricien', qualifications: [{ name: 'Habilitation électrique B1V', expiresOn: '2030-01-01' }] });
  const title = `Raccordement du groupe électrogène ${tag}`;
  const today = new Date().toISOString().slice(0, 10);
  const intervention = await post('/api/third-party/interventions', { id: randomUUID(), companyId: company.id, siteId: site.id, title, startsOn: today, endsOn: today, workerIds: [worker.id] });

  // The site's phone: the app opened online, the intervention kept on the device, the app's code installed.
  await submitLogin(page, SITE_PHONE);
  await expect(page.getByTestId('toolbar-district')).toHaveText('Lyon');
  await page.goto(`/third-party-v2/interventions/${intervention.id}`);
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => offlineCacheText(page), { timeout: 30_000 }).toContain(workerName);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 }).toBe(true);
  // The register's chunk is on the device before the network goes.
  await page.getByRole('link', { name: 'On site now' }).click();
  await expect(page.getByRole('heading', { name: 'Who is on site now' })).toBeVisible();
  await page.getByRole('link', { name: 'Interventions' }).click();
  await page.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(page.getByText('Plan to sign')).toBeVisible();

  await cutNetwork(page.context());

  // The outside company's representative, then the district's, sign on the phone.
  for (const [button, signer] of [
    ['Sign for the outside company', 'Sophie Garnier'],
    ['Sign for the host company', 'Claire Dumont'],
  ] as const) {
    await page.getByRole('button', { name: button }).click();
    const form = page.getByRole('form', { name: button });
    await form.getByLabel("Signer's name").fill(signer);
    await draw(page, form.getByRole('img', { name: 'Signature area: Signature' }));
    await form.getByRole('button', { name: 'Confirm the signature' }).click();
    await expect(form.getByRole('img', { name: 'Signature: Signature' })).toBeVisible();
    await form.getByRole('button', { name: 'Sign the plan' }).click();
    await expect(page.getByText(`Signed by ${signer}`)).toBeVisible();
  }
  await expect(page.getByText('Plan signed', { exact: true })).toBeVisible();
  await expect(page.getByText('Waiting to be sent').first()).toBeVisible();

  // The worker arrives: signed in on the register by their badge's code.
  await page.getByRole('link', { name: 'On site now' }).click();
  const signIn = page.getByRole('form', { name: 'Sign someone in' });
  await signIn.getByLabel('Site').selectOption(site.id);
  await signIn.getByLabel('Badge code').fill(`vigie-worker:${worker.id}`);
  await expect(signIn.getByLabel('Worker', { exact: true })).toHaveValue(worker.id);
  await signIn.getByRole('button', { name: 'Sign in' }).click();
  const row = page.locator('.third-party-co-row', { hasText: workerName });
  await expect(row).toBeVisible();
  await expect(row.getByText('Waiting to be sent')).toBeVisible();
  expect(await outboxSize(page)).toBe(3);

  // The app restarts offline: everything is still there, waiting.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Who is on site now' })).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.third-party-co-row', { hasText: workerName }).getByText('Waiting to be sent')).toBeVisible();
  expect(await outboxSize(page)).toBe(3);

  // Back online: each write arrives once.
  await restoreNetwork(page.context());
  await expect.poll(() => outboxSize(page), { timeout: 60_000 }).toBe(0);
  const held = ((await (await request.get(`/api/third-party/interventions/${intervention.id}`, { headers: auth })).json()) as {
    data: { planState: string; signatures: { role: string; name: string }[] };
  }).data;
  expect(held.planState).toBe('signed');
  expect(held.signatures.map((s) => `${s.role}:${s.name}`).sort()).toEqual(['company:Sophie Garnier', 'district:Claire Dumont']);
  const register = ((await (await request.get(`/api/third-party/presence?siteId=${site.id}`, { headers: auth })).json()) as { data: { workerId: string | null; signedOutAt: string | null }[] }).data;
  expect(register.filter((p) => p.workerId === worker.id)).toHaveLength(1);
  expect(register.find((p) => p.workerId === worker.id)?.signedOutAt).toBeNull();

  // The plan shows as signed, nothing waiting.
  await page.goto(`/third-party-v2/interventions/${intervention.id}`);
  await expect(page.getByText('Plan signed', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Waiting to be sent')).toHaveCount(0);
});
