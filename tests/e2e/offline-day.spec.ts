/**
 * A field user's whole working day without network, on a phone, in Chromium with the real
 * service worker and one page throughout: logged in once online, the user opens what the day
 * needs (the dashboard, the sites and a site's sheet, the declarations and one's sheet, the
 * inspections, the actions and one's sheet, the action plans, the notifications, the map);
 * then the network goes, for the page and its service worker. The app starts three times in a
 * row offline and every list and sheet opened earlier reads from the device; the user reports
 * a declaration on a site with a photo, fills and submits a planned inspection, closes an
 * action and opens the map, which draws from the kept tiles; starts in the middle of it and at
 * its end keep the writes waiting, counted in the shell and shown on their sheets. Back online
 * the outbox empties and the server holds each write exactly once.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { cutNetwork, offlineCacheText, outboxSize, restoreNetwork, submitLogin, tokenOf } from './support';

const FIELD = 'field@demo.vigie.test';
const MANAGER = 'operator@demo.vigie.test';
// A demo site of Lyon, among the report form's kept site choices (nearest the device first).
const SITE = 'Entrepôt Gerland';

test.use({ viewport: { width: 390, height: 844 }, geolocation: { latitude: 45.7578, longitude: 4.832, accuracy: 8 }, permissions: ['geolocation'] });

const mapRegion = (page: Page) => page.getByRole('region', { name: 'Map of the district' });
const sitesInView = (page: Page) => page.getByRole('list', { name: 'Features in view' }).locator('li[data-kind="site"]');
/** The map drawn: ready, its canvas shown, the district's sites listed in view (behind "Layers and list" on a phone). */
async function expectMapDrawn(page: Page): Promise<void> {
  await expect(mapRegion(page)).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
  await expect(mapRegion(page).locator('canvas')).toBeVisible();
  await page.getByRole('button', { name: 'Layers and list' }).click();
  await expect(sitesInView(page).first()).toBeVisible();
  await expect(page.getByText('The map could not be loaded', { exact: false })).toHaveCount(0);
}
const unreachable = (page: Page) => page.getByText('Unable to reach the server');

/** The page's session, for the test's own calls to the API. */
async function sessionOf(page: Page): Promise<{ Authorization: string }> {
  return { Authorization: `Bearer ${(await page.evaluate(() => localStorage.getItem('token'))) ?? ''}` };
}

/** An address typed offline: the app starts again from its service worker. */
async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByTestId('toolbar-district')).toHaveText('Lyon');
}

interface Listed<T> {
  data: { items: T[]; total: number };
}

test('a field user’s day offline on a phone: three restarts read every module, a report with a site and a photo, an inspection, an action closed and the map; each write lands once', async ({ page, context, request }) => {
  test.setTimeout(180_000);
  const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

  // The day's work, prepared by a manager: a report type, a planned inspection and an action in a plan for the field user.
  const manager = { Authorization: `Bearer ${await tokenOf(request, MANAGER)}` };
  const written = (response: { status(): number }) => expect(response.status()).toBe(201);
  const fieldId = (JSON.parse(Buffer.from((await tokenOf(request, FIELD)).split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;
  const managerId = (JSON.parse(Buffer.from(manager.Authorization.slice(7).split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;
  const typeName = `Constat ${run}`;
  written(
    await request.post('/api/declarations/templates', {
      headers: { ...manager, 'Idempotency-Key': randomUUID() },
      data: { id: randomUUID(), name: typeName, icon: 'warning', defaultSeverity: 'low', notify: [], fields: [{ key: 'zone', label: 'Zone', kind: 'text', required: false }] },
    }),
  );
  const inspectionName = `Ronde ${run}`;
  const templateId = randomUUID();
  written(
    await request.post('/api/questionnaires/templates', {
      headers: { ...manager, 'Idempotency-Key': randomUUID() },
      data: {
        id: templateId,
        family: 'questionnary',
        name: inspectionName,
        description: '',
        passMark: 80,
        sections: [
          {
            key: 'ronde',
            title: 'Ronde',
            questions: [
              { key: 'exits', type: 'yesNo', label: 'Issues de secours dégagées', required: true },
              { key: 'lights', type: 'yesNo', label: 'Éclairage de sécurité en état', required: true },
              { key: 'remark', type: 'text', label: 'Remarque', required: true },
            ],
          },
        ],
      },
    }),
  );
  const inspectionId = randomUUID();
  written(
    await request.post('/api/questionnaires/inspections', {
      headers: { ...manager, 'Idempotency-Key': randomUUID() },
      data: { id: inspectionId, templateId, siteId: null, assigneeId: fieldId, dueAt: new Date(Date.now() + 86_400_000).toISOString() },
    }),
  );
  const planName = `Plan quai ${run}`;
  const planId = randomUUID();
  written(
    await request.post('/api/actions/plans', {
      headers: { ...manager, 'Idempotency-Key': randomUUID() },
      data: { id: planId, name: planName, description: '', siteId: null, ownerId: managerId, startOn: null, endOn: null },
    }),
  );
  const actionTitle = `Baliser le quai ${run}`;
  const actionDescription = `Le quai 2 n’est pas balisé (${run}).`;
  const actionId = randomUUID();
  written(
    await request.post('/api/actions', {
      headers: { ...manager, 'Idempotency-Key': randomUUID() },
      data: { id: actionId, title: actionTitle, description: actionDescription, siteId: null, planId, assigneeId: fieldId, dueOn: null, priority: 'high', proof: { photo: false, note: false } },
    }),
  );

  // 1. Online: one login, then what a field user opens in a day.
  await submitLogin(page, FIELD);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('toolbar-district')).toHaveText('Lyon');
  await expect(page.getByTestId('dashboard-client')).toHaveText('Acme Industrie');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  const field = await sessionOf(page);

  await page.goto('/site/view/infoV2');
  const siteRows = page.getByRole('list', { name: 'Sites' }).getByRole('link');
  await expect(siteRows.first()).toBeVisible();
  await siteRows.filter({ hasText: SITE }).click();
  await expect(page.getByRole('heading', { name: SITE }).first()).toBeVisible();
  const sitePath = new URL(page.url()).pathname;
  const siteId = /([0-9a-f-]{36})$/.exec(sitePath)![1]!;

  const declarations = page.getByRole('list', { name: 'The district’s declarations' });
  await page.goto('/declarations');
  const latest = ((await (await page.request.get('/api/declarations?limit=1', { headers: field })).json()) as Listed<{ id: string; title: string }>).data.items[0]!;
  await expect(declarations.getByText(latest.title).first()).toBeVisible();
  await page.goto(`/declarations/${latest.id}`);
  await expect(page.getByRole('heading', { name: latest.title })).toBeVisible();

  await page.goto('/questionnary-v2/view');
  const inspectionRow = page.getByRole('link', { name: new RegExp(inspectionName) });
  await expect(inspectionRow).toBeVisible();

  await page.goto('/actionPlan/actions');
  await expect(page.getByRole('heading', { level: 1, name: 'My actions' })).toBeVisible();
  await page.goto(`/actionPlan/actions/${actionId}`);
  await expect(page.getByRole('heading', { level: 1, name: actionTitle })).toBeVisible();

  await page.goto('/actionPlan/actionPlanView');
  await expect(page.getByText(planName).first()).toBeVisible();

  await page.goto('/notifications/notificationsView');
  const notifications = page.getByTestId('notifications-list');
  await expect(notifications).toBeVisible();
  // (Others may arrive meanwhile, live: the one read first is looked for, wherever it is.)
  const notificationName = (await notifications.locator('.notification-name').first().textContent()) ?? '';
  expect(notificationName).not.toBe('');

  await page.goto('/cartography');
  await expectMapDrawn(page);

  // What the device keeps of it, written a moment after each screen: the lists and sheets, the
  // inspection with its questions, the map's features, its library and the tiles it drew.
  await expect
    .poll(async () => {
      const kept = await offlineCacheText(page);
      return [latest.title, inspectionName, 'Éclairage de sécurité en état', actionDescription, planName, '"FeatureCollection"'].filter((text) => !kept.includes(text));
    }, { timeout: 30_000 })
    .toEqual([]);
  const cached = (name: string) => page.evaluate(async (cache) => (await (await caches.open(cache)).keys()).map((r) => new URL(r.url).pathname), name);
  await expect.poll(async () => (await cached('vigie-map-code')).some((path) => path.includes('maplibre-gl')), { timeout: 30_000 }).toBe(true);
  await expect.poll(async () => (await cached('vigie-basemap')).filter((path) => path.includes('/tiles/')).length, { timeout: 30_000 }).toBeGreaterThan(0);
  const keptTile = (await cached('vigie-basemap')).find((path) => path.includes('/tiles/'))!;
  await page.goto('/dashboard');
  await expect(page.getByTestId('dashboard-client')).toHaveText('Acme Industrie');

  // 2. No network for the page nor its service worker: a tile the worker does not hold (its
  // address never asked) is fetched by the worker itself, and fails.
  await cutNetwork(context);
  const probe = (path: string) => page.evaluate((url) => fetch(url).then((response) => response.status, () => 'failed'), path);
  expect(await probe(`${keptTile}?probe=${run}`)).toBe('failed');
  expect(await probe(keptTile)).toBe(200);

  // 3. Three starts in a row, each given the time a user spends on it (the app's timers under the test's hand).
  await page.clock.install();
  for (let start = 1; start <= 3; start += 1) {
    await page.reload();
    await expect(page.getByTestId('toolbar-district')).toHaveText('Lyon');
    await expect(page.getByTestId('dashboard-client')).toHaveText('Acme Industrie');
    await expect(page.getByTestId('dashboard-as-of')).toBeVisible();
    await page.clock.runFor(10_000);
  }
  await expect(page.getByText('Your work could not be loaded')).toHaveCount(0);

  // Every list and sheet opened this morning, from the device.
  await visit(page, '/site/view/infoV2');
  await expect(siteRows.filter({ hasText: SITE })).toBeVisible();
  await expect(unreachable(page)).toHaveCount(0);
  await visit(page, sitePath);
  await expect(page.getByRole('heading', { name: SITE }).first()).toBeVisible();
  await expect(page.getByText('12 rue de Gerland, 69007 Lyon').first()).toBeVisible();
  await visit(page, '/declarations');
  await expect(declarations.getByText(latest.title).first()).toBeVisible();
  await visit(page, `/declarations/${latest.id}`);
  await expect(page.getByRole('heading', { name: latest.title })).toBeVisible();
  await expect(page.getByText('This declaration cannot be found')).toHaveCount(0);
  await visit(page, '/questionnary-v2/view');
  await expect(inspectionRow).toBeVisible();
  await visit(page, '/actionPlan/actions');
  await expect(page.getByRole('heading', { level: 1, name: 'My actions' })).toBeVisible();
  await expect(unreachable(page)).toHaveCount(0);
  await visit(page, `/actionPlan/actions/${actionId}`);
  await expect(page.getByRole('heading', { level: 1, name: actionTitle })).toBeVisible();
  await expect(page.getByText(actionDescription)).toBeVisible();
  await visit(page, '/actionPlan/actionPlanView');
  await expect(page.getByText(planName).first()).toBeVisible();
  await expect(unreachable(page)).toHaveCount(0);
  await visit(page, '/notifications/notificationsView');
  await expect(notifications.locator('.notification-name').filter({ hasText: notificationName }).first()).toBeVisible();
  await expect(page.getByText('The notifications could not be loaded')).toHaveCount(0);

  // 4. The day's writes, offline. A report on a site, with a photo.
  await visit(page, '/declarations/new');
  await page.getByRole('button', { name: typeName }).click();
  const form = page.getByRole('form', { name: `Report: ${typeName}` });
  await expect(form).toBeVisible();
  const picker = form.getByLabel('Site (nearest first)');
  await expect(picker.getByRole('option', { name: SITE })).toHaveCount(1);
  await picker.selectOption({ label: SITE });
  const reportTitle = `Quai encombré ${run}`;
  await form.getByLabel('Title').fill(reportTitle);
  const photos = form.getByRole('group', { name: 'Photos' });
  const chooser = page.waitForEvent('filechooser');
  await photos.getByRole('button', { name: 'Choose from gallery' }).click();
  const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c63' } }).jpeg().toBuffer();
  await (await chooser).setFiles([{ name: `quai-${run}.jpg`, mimeType: 'image/jpeg', buffer: photo }]);
  await expect(photos.getByRole('listitem')).toHaveCount(1, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: reportTitle })).toBeVisible();
  await expect(page.getByText('Waiting to be sent').first()).toBeVisible();
  const reportPath = new URL(page.url()).pathname;
  const photoTile = page.getByRole('button', { name: `Open quai-${run}.jpg` });
  await expect(photoTile).toBeVisible();

  // The planned inspection, filled, signed and submitted.
  await visit(page, '/questionnary-v2/view');
  await inspectionRow.click();
  await expect(page.getByRole('heading', { name: inspectionName })).toBeVisible();
  const inspectionPath = new URL(page.url()).pathname;
  await page.locator('#question-exits').getByRole('radio', { name: 'Yes', exact: true }).check();
  await page.locator('#question-lights').getByRole('radio', { name: 'Yes', exact: true }).check();
  await page.locator('#question-remark').getByRole('textbox').fill(`RAS ${run}`);
  await expect(page.getByText('3 / 3 answers')).toBeVisible();
  await page.getByLabel('Name of the signatory').fill('Camille Terrain');
  await page.getByLabel('Or type your name').fill('Camille Terrain');
  await page.getByRole('button', { name: 'Confirm the signature' }).click();
  await page.getByRole('button', { name: 'Submit the inspection' }).click();
  await expect(page.getByText('it is waiting to be sent')).toBeVisible();

  // 5. A restart in the middle of the day, offline: the two writes still wait, counted in the shell and shown on their sheets.
  await page.reload();
  await expect(page.getByRole('link', { name: '2 records waiting to be sent' })).toBeVisible();
  expect(await outboxSize(page)).toBe(2);
  await visit(page, reportPath);
  await expect(page.getByRole('heading', { name: reportTitle })).toBeVisible();
  await expect(page.getByText('Waiting to be sent').first()).toBeVisible();
  await expect(photoTile).toBeVisible();
  await visit(page, inspectionPath);
  await expect(page.getByText('it is waiting to be sent')).toBeVisible();

  // The action, closed.
  await visit(page, `/actionPlan/actions/${actionId}`);
  await expect(page.getByRole('heading', { level: 1, name: actionTitle })).toBeVisible();
  await page.getByRole('group', { name: 'Follow-up' }).getByRole('button', { name: 'Close' }).click();
  await page.getByRole('form', { name: 'Close' }).getByRole('button', { name: 'Confirm: Close' }).click();
  await expect(page.getByText('Waiting to be sent').first()).toBeVisible();
  await expect(page.getByText('Done').first()).toBeVisible();

  // The map, drawn from the device: its features and the tiles kept this morning.
  const fromWorker: string[] = [];
  const tileFromWorker = (response: { url(): string; status(): number; fromServiceWorker(): boolean }) => {
    if (response.url().includes('/basemap/tiles/') && response.status() === 200 && response.fromServiceWorker()) fromWorker.push(response.url());
  };
  page.on('response', tileFromWorker);
  await visit(page, '/cartography');
  await expectMapDrawn(page);
  await expect.poll(() => fromWorker.length, { timeout: 20_000 }).toBeGreaterThan(0);
  page.off('response', tileFromWorker);

  // The day's last start offline: the three writes wait, the action's close shown on its sheet.
  await page.reload();
  await expect(page.getByRole('link', { name: '3 records waiting to be sent' })).toBeVisible();
  expect(await outboxSize(page)).toBe(3);
  await visit(page, `/actionPlan/actions/${actionId}`);
  await expect(page.getByText('Waiting to be sent').first()).toBeVisible();
  await expect(page.getByText('Done').first()).toBeVisible();
  await expect(page.getByRole('link', { name: '3 records waiting to be sent' })).toBeVisible();

  // 6. Back online: the outbox empties, as the shell shows.
  await restoreNetwork(context);
  await expect(page.getByTestId('pending-writes-badge')).toHaveCount(0, { timeout: 60_000 });
  expect(await outboxSize(page)).toBe(0);

  // On the server, each write exactly once. The report, on its site, with its photo.
  const reports = (await (await page.request.get(`/api/declarations?search=${encodeURIComponent(run)}`, { headers: field })).json()) as Listed<{ id: string; title: string; siteId: string | null }>;
  expect(reports.data.items.map((item) => item.title)).toEqual([reportTitle]);
  expect(reports.data.items[0]!.siteId).toBe(siteId);
  const report = (await (await page.request.get(`/api/declarations/${reports.data.items[0]!.id}`, { headers: field })).json()) as {
    data: { photos: string[]; attachments: { name: string }[] };
  };
  expect(report.data.photos).toHaveLength(1);
  expect(report.data.attachments.map((a) => a.name)).toEqual([`quai-${run}.jpg`]);

  // The inspection, submitted once with its answers.
  const inspections = (await (await request.get(`/api/questionnaires/inspections?template=${templateId}`, { headers: manager })).json()) as Listed<{ id: string }>;
  expect(inspections.data.items.map((item) => item.id)).toEqual([inspectionId]);
  const inspection = (await (await request.get(`/api/questionnaires/inspections/${inspectionId}`, { headers: manager })).json()) as {
    data: { status: string; answers: Record<string, { value: unknown }>; signedBy: string | null; attachments: { name: string }[] };
  };
  expect(inspection.data.status).toBe('submitted');
  expect(Object.fromEntries(Object.entries(inspection.data.answers).map(([key, answer]) => [key, answer.value]))).toEqual({ exits: 'yes', lights: 'yes', remark: `RAS ${run}` });
  expect(inspection.data.signedBy).toBe('Camille Terrain');
  expect(inspection.data.attachments.map((a) => a.name)).toEqual(['signature.png']);

  // The action, closed once: one status change to done, one closing write in its history.
  const action = (await (await request.get(`/api/actions/${actionId}`, { headers: manager })).json()) as {
    data: { status: string; statusChanges: { to: string }[]; doneBy: { id: string } | null };
  };
  expect(action.data.status).toBe('done');
  expect(action.data.statusChanges.filter((change) => change.to === 'done')).toHaveLength(1);
  expect(action.data.doneBy?.id).toBe(fieldId);
  const history = (await (await request.get(`/api/actions/${actionId}/history`, { headers: manager })).json()) as {
    data: { action: string; changes: { field: string; after: unknown }[] }[];
  };
  expect(history.data.filter((entry) => entry.changes.some((change) => change.field === 'status' && change.after === 'done'))).toHaveLength(1);
  const actions = (await (await request.get(`/api/actions?plan=${planId}`, { headers: manager })).json()) as Listed<{ id: string }>;
  expect(actions.data.items.map((item) => item.id)).toEqual([actionId]);
});
