/**
 * Inventory audits in Chromium against the real server. A field user (reading the equipment
 * only) on a phone goes offline right after logging in, starts an audit of a room and "scans"
 * (photos of QR codes, read by the self-hosted WebAssembly decoder: Chromium on Linux has no
 * native BarcodeDetector), including an item of another room and a code no item has, and an
 * item twice; reloads while offline: everything is still there and "Complete" waits for the
 * scans. Online again: each scan is on the server once, the audit completes and shows found,
 * missing, misplaced and unknown. A manager prints a room's labels: the PDF's QR codes decode
 * to the items' codes.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import QRCode from 'qrcode';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import type { Audit, ScanIndex } from '../../common/modules/inventory/audit';
import { equipmentCode } from '../../common/modules/inventory/codes';
import { DEMO_PASSWORD } from '../../server/src/seed/demo-data';
import { expectNoViolations } from './axe';
import { cutNetwork, offlineCacheText, restoreNetwork, submitLogin } from './support';

const PHONE = { width: 390, height: 844 };

async function bearer(request: APIRequestContext, email: string, password: string) {
  const login = await request.post('/api/auth/login', { data: { email, password } });
  expect(login.status()).toBe(200);
  return { authorization: `Bearer ${((await login.json()) as { data: { token: string } }).data.token}` };
}

/** A QR code of `text` as a PNG, the photo the scanner is given. */
const qrPhoto = async (name: string, text: string) => ({ name, mimeType: 'image/png', buffer: await QRCode.toBuffer(text, { width: 480, margin: 4 }) });

async function scanPhoto(page: Page, name: string, text: string) {
  await page.getByLabel('Scan from a photo').setInputFiles(await qrPhoto(name, text));
}

test('a field user audits a room offline from login on a phone: each scan reaches the server once, and the audit completes with its four groups', async ({ page, context, request, baseURL }) => {
  test.setTimeout(180_000);
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const email = `audit-${tag}@demo.vigie.test`;
  const password = 'long-enough-1';
  const operator = await bearer(request, 'operator@demo.vigie.test', DEMO_PASSWORD);
  const created = await request.post('/api/users', { headers: operator, data: { email, password, rights: ['inventoryV2.equipment_read'] } });
  expect(created.status()).toBe(201);

  // The district's items: a room with at least two, and an item of another room.
  const index = ((await (await request.get('/api/inventory/scan-index', { headers: operator })).json()) as { data: ScanIndex }).data;
  const live = index.items.filter((row) => row[6] !== 'retired' && row[4] >= 0 && row[5] !== '');
  const places = new Map<string, typeof live>();
  for (const row of live) places.set(`${row[4]}|${row[5]}`, [...(places.get(`${row[4]}|${row[5]}`) ?? []), row]);
  const [placeKey, inRoom] = [...places.entries()].find(([, rows]) => rows.length >= 2)!;
  const [sitePosition, room] = placeKey.split('|') as [string, string];
  const elsewhere = live.find((row) => `${row[4]}|${row[5]}` !== placeKey)!;
  const siteName = index.sites[Number(sitePosition)]![1];
  const [first, second] = inRoom as [(typeof live)[number], (typeof live)[number]];
  const unknown = `INCONNU-${tag}`;

  await page.setViewportSize(PHONE);
  await submitLogin(page, email, password);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  // The scan index is on the device (the offline reads after login) before the network goes.
  await expect.poll(() => offlineCacheText(page), { timeout: 30_000 }).toContain(first[0]);
  await cutNetwork(context);

  await page.goto('/inventory-v2/audits');
  await expect(page.getByText(/items? on this device for scanning/).first()).toBeVisible();
  await expectNoViolations(page, '/inventory-v2/audits');
  await page.getByLabel('Site', { exact: true }).selectOption({ label: siteName });
  await page.getByLabel('Room (optional)').fill(room);
  await page.getByRole('button', { name: 'Start the audit' }).click();
  await expect(page).toHaveURL(/\/inventory-v2\/audits\/[0-9a-f-]{36}$/);
  const auditId = page.url().split('/').pop()!;
  await expect(page.getByText('The start of this audit is waiting to be sent.')).toBeVisible();
  const counts = page.getByTestId('audit-counts');
  await expect(counts).toContainText(`0 of ${inRoom.length} found`);

  // Scans: an expected item by its label's QR, the same again, another expected one by its tag,
  // an item of another room, a code no item has.
  const origin = baseURL!;
  await scanPhoto(page, 'first.png', equipmentCode(origin, first[0]));
  await expect(page.getByRole('status').filter({ hasText: `Found: ${first[1]}` })).toBeVisible();
  await scanPhoto(page, 'again.png', equipmentCode(origin, first[0]));
  await expect(page.getByRole('status').filter({ hasText: `Already scanned: ${first[1]}` })).toBeVisible();
  await scanPhoto(page, 'second.png', second[2] || equipmentCode(origin, second[0]));
  await expect(page.getByRole('status').filter({ hasText: `Found: ${second[1]}` })).toBeVisible();
  await scanPhoto(page, 'elsewhere.png', equipmentCode(origin, elsewhere[0]));
  await expect(page.getByRole('status').filter({ hasText: `Not expected here: ${elsewhere[1]}` })).toBeVisible();
  await scanPhoto(page, 'unknown.png', unknown);
  await expect(page.getByRole('status').filter({ hasText: `Unknown code: ${unknown}` })).toBeVisible();
  await expect(counts).toContainText(`2 of ${inRoom.length} found · 1 misplaced · 1 unknown`);
  await expect(page.getByText('5 scans waiting to be sent')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Complete the audit' })).toBeDisabled();
  await expectNoViolations(page, 'an audit while scanning');

  // A restart, still offline: the audit and its scans are on the device.
  await page.reload();
  await expect(counts).toContainText(`2 of ${inRoom.length} found · 1 misplaced · 1 unknown`);
  await expect(page.getByText('5 scans waiting to be sent')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Complete the audit' })).toBeDisabled();

  await restoreNetwork(context);
  await expect(page.getByText(/scans? waiting to be sent/)).toHaveCount(0, { timeout: 30_000 });
  const field = await bearer(request, email, password);
  const onServer = async () => ((await (await request.get(`/api/inventory/audits/${auditId}`, { headers: field })).json()) as { data: Audit }).data;
  const held = await onServer();
  // Each scan once (five scans; the item scanned twice counts once).
  expect(held.scans).toHaveLength(5);
  expect(new Set(held.scans.map((s) => s.id)).size).toBe(5);
  expect(held.expectedIds.length).toBe(inRoom.length);

  const complete = page.getByRole('button', { name: 'Complete the audit' });
  await expect(complete).toBeEnabled();
  await complete.click();
  await expect(page.getByText('Completed', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Found (2)' })).toBeVisible();
  await expect(page.getByRole('heading', { name: `Missing (${inRoom.length - 2})` })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Misplaced (1)' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Unknown codes (1)' })).toBeVisible();
  await expect(page.getByText(unknown, { exact: true })).toBeVisible();
  await expectNoViolations(page, "an audit's result");
  // A field user does not move items: that is a manager's action.
  await expect(page.getByRole('button', { name: 'Move it here' })).toHaveCount(0);
  const done = await onServer();
  expect(done.status).toBe('completed');
  expect(done.result.misplaced).toEqual([elsewhere[0]]);
  expect(done.result.unknown).toEqual([unknown]);

  // The scan page, offline: an unknown code says so; an item's code opens its sheet.
  await cutNetwork(context);
  await page.goto('/inventory-v2/scan');
  await page.getByLabel('Or type the code').fill(unknown);
  await page.getByRole('button', { name: 'Use this code' }).click();
  await expect(page.getByRole('alert')).toContainText(`No item has the code ${unknown}.`);
  await expectNoViolations(page, '/inventory-v2/scan');
  await scanPhoto(page, 'open.png', equipmentCode(origin, second[0]));
  await expect(page).toHaveURL(new RegExp(`/inventory-v2/equipment/${second[0]}$`));
  await restoreNetwork(context);
});

test("a manager prints a room's labels: an A4 PDF whose QR codes decode to the items' codes", async ({ page, request, baseURL }) => {
  test.setTimeout(90_000);
  const operator = await bearer(request, 'operator@demo.vigie.test', DEMO_PASSWORD);
  const index = ((await (await request.get('/api/inventory/scan-index', { headers: operator })).json()) as { data: ScanIndex }).data;
  const withPlace = index.items.filter((row) => row[4] >= 0 && row[5] !== '');
  const [, , , , position, room] = withPlace[0]!;
  const inRoom = withPlace.filter((row) => row[4] === position && row[5].trim().toLowerCase() === room.trim().toLowerCase());
  const siteId = index.sites[position]![0];

  await submitLogin(page, 'operator@demo.vigie.test');
  await expect(page.getByTestId('toolbar-district')).toHaveText('Lyon');
  await page.goto(`/inventory-v2/labels?siteId=${siteId}&room=${encodeURIComponent(room)}`);
  await page.getByLabel('Label sheet').selectOption('L7163');
  await page.getByLabel(/First free label on the sheet/).fill('3');
  await expect(page.getByText(`${inRoom.length} label`)).toBeVisible();
  await expectNoViolations(page, '/inventory-v2/labels');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download the PDF' }).click()]);
  const dir = mkdtempSync(join(tmpdir(), 'vigie-e2e-labels-'));
  try {
    const pdf = join(dir, 'labels.pdf');
    await download.saveAs(pdf);
    expect(readFileSync(pdf).subarray(0, 5).toString()).toBe('%PDF-');
    execFileSync('pdftoppm', ['-r', '150', '-png', pdf, join(dir, 'page')]);
    const require = createRequire(import.meta.url);
    prepareZXingModule({ overrides: { wasmBinary: readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm')).buffer } });
    const decoded = new Set<string>();
    for (const file of readdirSync(dir).filter((f) => f.startsWith('page'))) {
      for (const code of await readBarcodes(new Uint8Array(readFileSync(join(dir, file))), { formats: ['QRCode'], maxNumberOfSymbols: 20 })) decoded.add(code.text);
    }
    expect(decoded).toEqual(new Set(inRoom.map((row) => equipmentCode(baseURL!, row[0]))));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
