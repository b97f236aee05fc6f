/**
 * Import in Chromium against the real server: a manager imports a CSV of 200 sites, 3 of them
 * bad (no name, a formula, a latitude that is not a number). The file is read on the device,
 * its columns mapped from its French headers; the dry run shows the 3 rejected rows with their
 * column and reason; the import (a job, with progress) creates the 197 others. A second file
 * with the same references and new owners updates those 197 sites and creates none; the sites'
 * list filtered on them exports those 197 as CSV from its "Export" button.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { expectNoViolations } from './axe';
import { submitLogin } from './support';

const MANAGER = 'operator@demo.vigie.test';

function sitesCsv(tag: string, owner: string): Buffer {
  const lines = ['Référence;Nom;Adresse;Propriétaire;Latitude;Longitude'];
  for (let i = 1; i <= 200; i += 1) {
    const ref = `${tag}-${String(i).padStart(3, '0')}`;
    let name = `Site importé ${tag} ${i}`;
    let address = `${i} rue de la République, Lyon`;
    let lat = (45.7 + i / 10_000).toFixed(4).replace('.', ',');
    if (i === 17) name = '';
    if (i === 88) address = '=HYPERLINK("http://exemple.test")';
    if (i === 150) lat = 'nord';
    lines.push([ref, name, address, owner, lat, '4,83'].map((c) => `"${c.replace(/"/g, '""')}"`).join(';'));
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
}

async function countSites(page: Page, tag: string): Promise<number> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const response = await page.request.get(`/api/sites?search=${encodeURIComponent(tag)}&limit=1`, { headers: { Authorization: `Bearer ${token ?? ''}` } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { total: number } }).data.total;
}

test('a CSV of 200 sites with 3 bad rows: the dry run shows the 3, the import creates 197, a second import updates them and creates none', async ({ page }) => {
  test.setTimeout(90_000);
  const tag = `imp${Date.now().toString(36)}`;
  await submitLogin(page, MANAGER);
  await expect(page.getByTestId('toolbar-district')).toHaveText('Lyon');
  await page.goto('/import-export/import');

  await page.getByLabel('CSV or XLSX file').setInputFiles({ name: `${tag}.csv`, mimeType: 'text/csv', buffer: sitesCsv(tag, 'Ville de Lyon') });
  await expect(page.getByText('200 rows, 6 columns.')).toBeVisible();
  await expect(page.getByText('Separator detected: “;”.')).toBeVisible();
  // Mapped from the French headers.
  await expect(page.getByLabel('Référence', { exact: true })).toHaveValue('ref');
  await expect(page.getByLabel('Nom', { exact: true })).toHaveValue('name');
  await expect(page.getByLabel('Latitude', { exact: true })).toHaveValue('lat');

  await page.getByRole('button', { name: 'Check (dry run)' }).click();
  await expect(page.getByTestId('dry-run-counts')).toHaveText('Dry run: 197 to create, 0 to update, 0 unchanged, 3 in error.');
  await expectNoViolations(page, 'the dry run of an import');
  const rejected = page.getByRole('table', { name: '3 rejected rows' });
  await expect(rejected.getByRole('row')).toHaveCount(4);
  await expect(rejected.getByRole('row', { name: /^18 Nom/ })).toContainText('required value missing');
  await expect(rejected.getByRole('row', { name: /^89 Adresse/ })).toContainText('formula refused');
  await expect(rejected.getByRole('row', { name: /^151 Latitude/ })).toContainText('a number is expected');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the rejected rows (CSV)' }).click();
  expect((await download).suggestedFilename()).toBe(`rejected-rows-${tag}.csv`);

  await page.getByRole('button', { name: 'Import the 197 valid rows (without the 3 rejected)' }).click();
  await expect(page.getByTestId('import-result')).toHaveText('Import done: 197 created, 0 updated, 0 unchanged, 3 rejected.', { timeout: 30_000 });
  expect(await countSites(page, tag)).toBe(197);

  // The same references again, with a new owner: updates, no new site.
  await page.getByLabel('CSV or XLSX file').setInputFiles({ name: `${tag}.csv`, mimeType: 'text/csv', buffer: sitesCsv(tag, 'Métropole de Lyon') });
  await page.getByRole('button', { name: 'Check (dry run)' }).click();
  await expect(page.getByTestId('dry-run-counts')).toHaveText('Dry run: 0 to create, 197 to update, 0 unchanged, 3 in error.');
  await page.getByRole('button', { name: 'Import the 197 valid rows (without the 3 rejected)' }).click();
  await expect(page.getByTestId('import-result')).toHaveText('Import done: 0 created, 197 updated, 0 unchanged, 3 rejected.', { timeout: 30_000 });
  expect(await countSites(page, tag)).toBe(197);

  // The sites' list, filtered, exports what it shows: "Export" of the generic list page, CSV.
  await page.goto(`/site/view/infoV2?search=${encodeURIComponent(tag)}`);
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const exported = page.waitForEvent('download');
  await page.getByRole('button', { name: 'CSV (spreadsheet, semicolon separated)' }).click();
  const file = await exported;
  expect(file.suggestedFilename()).toMatch(/^sites-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await readFile(await file.path())).toString('utf8').trim().split('\r\n');
  expect(lines).toHaveLength(198);
  expect(lines[1]).toContain('Métropole de Lyon');

  // The later files share this server and count Lyon's sites: the imported ones are deleted again.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const headers = { Authorization: `Bearer ${token ?? ''}` };
  for (;;) {
    const listed = await page.request.get(`/api/sites?search=${encodeURIComponent(tag)}&limit=100`, { headers });
    expect(listed.status()).toBe(200);
    const { items } = ((await listed.json()) as { data: { items: { id: string; version: number }[] } }).data;
    if (items.length === 0) break;
    for (const site of items) {
      const deleted = await page.request.delete(`/api/sites/${site.id}`, { headers: { ...headers, 'idempotency-key': crypto.randomUUID() }, data: { baseVersion: site.version } });
      expect(deleted.status()).toBe(200);
    }
  }
  expect(await countSites(page, tag)).toBe(0);
});
