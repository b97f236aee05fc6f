/**
 * 360° tours in Chromium against the real server: a site manager (the operator) opens the demo
 * tour from its site's sheet, places a marker by a tap on the panorama and links it to one of
 * the site's declarations (queued in the outbox, delivered once); from that declaration's sheet,
 * the marker is listed and opens the panorama turned to it, its details naming the declaration.
 * axe finds nothing on the tour (its arrows and navigation buttons named), with or without a
 * marker's details; the whole tour kept on the device (its size shown first) reloads offline
 * with its panorama and markers, and opens there a stage never opened online.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoViolations } from './axe';
import { cutNetwork, submitLogin } from './support';

const MANAGER = 'operator@demo.vigie.test';

async function authorization(page: Page): Promise<{ Authorization: string }> {
  return { Authorization: `Bearer ${(await page.evaluate(() => localStorage.getItem('token'))) ?? ''}` };
}

async function api<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path, { headers: await authorization(page) });
  expect(response.status(), path).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

test('a marker placed in a panorama is opened from the declaration it links to, and the kept tour reads offline', async ({ page, context }) => {
  test.setTimeout(90_000);
  await submitLogin(page, MANAGER);
  await expect(page.getByTestId('toolbar-district')).toHaveText('Lyon');

  // The demo tour's site (three stages).
  const sites = await api<{ items: { id: string }[] }>(page, '/api/sites?limit=50');
  let siteId = '';
  for (const site of sites.items) {
    const tour = await api<{ stages: unknown[] }>(page, `/api/360/sites/${site.id}`);
    if (tour.stages.length === 3) {
      siteId = site.id;
      break;
    }
  }
  expect(siteId).not.toBe('');

  // From the site's sheet to its tour.
  await page.goto(`/site/${siteId}`);
  await page.getByRole('link', { name: 'Open the 360° tour' }).click();
  await expect(page).toHaveURL(new RegExp(`/360/site/${siteId}`));
  const viewer = page.getByRole('region', { name: /^Panorama: / });
  await expect(viewer).toBeVisible();
  // The panorama is drawn (its stage shown by the virtual tour).
  await expect(viewer).toHaveAttribute('data-shown-stage', /.+/, { timeout: 20_000 });
  await expect(viewer).toHaveAttribute('data-drawn', 'true');
  // Its arrows to the other stages are buttons named after them.
  await expect(viewer.getByRole('button', { name: /^Go to: / }).first()).toBeAttached();
  await expectNoViolations(page, 'the tour');

  // A marker placed by a tap, linked to one of the site's declarations.
  await page.getByRole('button', { name: 'Add a marker' }).click();
  await expect(page.getByText('Tap the panorama where the marker goes.')).toBeVisible();
  const box = (await viewer.boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.3, box.y + box.height * 0.55);
  const form = page.getByRole('form', { name: 'New marker' });
  await expect(form).toBeVisible();
  await form.getByLabel('Kind of marker').selectOption('declaration');
  const record = form.getByLabel('Linked record');
  await expect(record.locator('option').nth(1)).toBeAttached();
  const title = (await record.locator('option').nth(1).textContent())!.trim();
  await record.selectOption({ index: 1 });
  const declarationId = await record.inputValue();
  await form.getByRole('button', { name: 'Place the marker' }).click();
  const pin = viewer.getByRole('button', { name: title });
  await expect(pin).toBeVisible();

  // Delivered once: the declaration's markers on the server.
  const held = async () => (await api<{ id: string }[]>(page, `/api/360/markers?kind=declaration&recordId=${declarationId}`)).length;
  await expect.poll(held, { timeout: 20_000 }).toBeGreaterThanOrEqual(1);

  // The marker's details open the declaration's sheet, which lists the marker.
  await pin.click();
  const details = page.getByRole('region', { name: 'Marker' });
  await expect(details.getByRole('heading', { name: title })).toBeVisible();
  await expectNoViolations(page, "the tour with a marker's details");
  await details.getByRole('button', { name: 'Open the record' }).click();
  await expect(page).toHaveURL(/\/declarations\//);
  const markers = page.getByRole('region', { name: '360° markers' });
  const back = markers.getByRole('link', { name: /^Marker in / }).last();
  await expect(back).toBeVisible();

  // …and back in the panorama, turned to the marker, its details shown.
  await back.click();
  await expect(page).toHaveURL(new RegExp(`/360/site/${siteId}\\?marker=`));
  await expect(page.getByRole('region', { name: 'Marker' }).getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByRole('region', { name: /^Panorama: / }).getByRole('button', { name: title })).toBeVisible();

  // The whole tour kept on the device: its size shown first, then downloaded.
  const seen = (await page.getByRole('region', { name: /^Panorama: / }).getAttribute('data-shown-stage'))!;
  const keep = page.getByRole('region', { name: 'On this device' });
  await keep.getByRole('button', { name: 'Keep the whole tour on this device' }).click();
  await expect(keep.getByText(/to download \(3 images/)).toBeVisible();
  await keep.getByRole('button', { name: 'Download' }).click();
  await expect(keep.getByRole('status')).toContainText('The whole tour is kept on this device', { timeout: 20_000 });

  // Offline, the tour reloads from the device: its answer, the panorama seen, its markers…
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await cutNetwork(context);
  await page.reload();
  const offline = page.getByRole('region', { name: /^Panorama: / });
  await expect(offline).toHaveAttribute('data-drawn', 'true', { timeout: 20_000 });
  await expect(offline.getByRole('button', { name: title })).toBeVisible();
  // …and a stage never opened online, from the kept tour.
  const stage = page.getByRole('combobox', { name: 'Stage', exact: true });
  const other = (await stage.locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value))).find((id) => id !== seen)!;
  await stage.selectOption(other);
  await expect(page.getByRole('region', { name: /^Panorama: / })).toHaveAttribute('data-shown-stage', other, { timeout: 20_000 });
  await expect(page.getByRole('region', { name: 'On this device' }).getByRole('status')).toContainText('The whole tour is kept on this device');
});
