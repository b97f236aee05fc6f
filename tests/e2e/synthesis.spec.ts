/**
 * The synthesis in Chromium against the real server: a manager (the operator) builds a table of
 * the declarations by severity and month, opens a cell and lands on the declarations' list with
 * the same filters (as many declarations as the cell said), saves the table (sent, then found again
 * after a reload beside the demo's saved tables), makes a dashboard of it, arranges its cards (a
 * drag by the handle, Undo, the move buttons, a card widened; kept after a reload) and exports that
 * dashboard as a PDF. Axe on both screens.
 */
import { expect, test } from '@playwright/test';
import { expectNoViolations } from './axe';
import { submitLogin } from './support';

test('a manager builds a table of declarations by severity and month, opens a cell, saves it, makes a dashboard of it and exports it as PDF', async ({ page }) => {
  test.setTimeout(60_000);
  await submitLogin(page, 'operator@demo.vigie.test');
  await expect(page.getByTestId('toolbar-district')).toHaveText('Lyon');
  await page.goto('/synthesisBuilder/synthesisTable');
  await expect(page.getByRole('heading', { name: 'Synthesis table', level: 1 })).toBeVisible();

  await page.getByRole('combobox', { name: 'Source' }).selectOption({ label: 'Declarations' });
  await page.getByRole('combobox', { name: 'Group by' }).selectOption({ label: 'Severity' });
  await page.getByRole('combobox', { name: 'Then by' }).selectOption({ label: 'Month' });
  await expect(page).toHaveURL(/groupBy=/);
  const table = page.locator('table.synthesis-table');
  const firstRow = table.locator('tbody tr').first();
  await expect(firstRow).toBeVisible();
  await expect(table.locator('tfoot')).toContainText('Total');
  await expect(page.getByText(/^Computed on/)).toBeVisible();
  await expectNoViolations(page, '/synthesisBuilder/synthesisTable');

  // A cell: its count opens the declarations of that severity and month.
  const severity = (await firstRow.locator('td').nth(0).innerText()).trim();
  const cell = firstRow.getByRole('link');
  const count = Number((await cell.innerText()).replace(/\D/g, ''));
  expect(count).toBeGreaterThan(0);
  await cell.click();
  await expect(page).toHaveURL(/\/declarations\?.*severity=/);
  await expect(page).toHaveURL(/from=\d{4}-\d{2}-01/);
  await expect(page.getByText(count === 1 ? '1 declaration' : `${count} declarations`, { exact: true }).first()).toBeVisible();
  expect(severity.length).toBeGreaterThan(0);

  // Back on the table: saved with a name, shared with the district; sent once, then the server's.
  await page.goBack();
  await expect(table.locator('tbody tr').first()).toBeVisible();
  const name = `Declarations by severity and month ${Date.now().toString(36)}`;
  await page.getByRole('textbox', { name: 'Table name' }).fill(name);
  await page.getByRole('combobox', { name: 'Chart' }).selectOption({ label: 'Stacked bars' });
  const sent = page.waitForResponse((r) => r.url().endsWith('/api/synthesisBuilder/tables') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Save the table' }).click();
  const saved = page.getByRole('region', { name: 'Saved tables' });
  await expect(saved.getByRole('button', { name, exact: true })).toBeVisible();
  expect((await sent).status()).toBe(201);
  await page.reload();
  await expect(saved.getByRole('button', { name, exact: true })).toBeVisible();
  await expect(saved.getByRole('button', { name: 'Déclarations par gravité et par mois', exact: true })).toBeVisible();

  // The district's dashboard, then a new one of the user's with the saved table as its card.
  await page.goto('/synthesisBuilder/synthesisView');
  await expect(page.getByRole('heading', { name: 'Overdue actions by plan', level: 2 })).toBeVisible();
  await page.getByRole('textbox', { name: 'New dashboard’s name' }).fill(`My follow-up ${Date.now().toString(36)}`);
  const created = page.waitForResponse((r) => r.url().endsWith('/api/synthesisBuilder/dashboards') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Create the dashboard' }).click();
  await expect(page).toHaveURL(/board=/);
  // The card is chosen once the new dashboard is on the server and listed as such: while its
  // write is delivered, the dashboard's editor is built again and a choice made in it is lost.
  expect((await created).status()).toBe(201);
  await expect(page.locator('.synthesis-saved').getByText('Waiting to be sent')).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Saved table' }).selectOption({ label: name });
  await page.getByRole('button', { name: 'Add the card' }).click();
  await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
  await expect(page.locator('.synthesis-card canvas').first()).toBeVisible();

  // Arranged on a desktop: a second card dragged by its handle onto the first takes its place,
  // announced, with Undo; the buttons move it too; widened to two columns; kept after a reload.
  const other = 'Actions en retard par plan';
  await page.getByRole('combobox', { name: 'Saved table' }).selectOption({ label: other });
  await page.getByRole('button', { name: 'Add the card' }).click();
  const cards = page.locator('.synthesis-grid > .synthesis-card');
  const titles = cards.locator('h2');
  await expect(titles).toHaveText([name, other]);
  // Measured once the card's write is delivered: the cards are drawn again with the server's
  // dashboard, and a box read in between is none.
  await expect(page.locator('.synthesis-saved').getByText('Waiting to be sent')).toHaveCount(0);
  await expect(cards.nth(1).locator('.synthesis-drag-handle')).toBeVisible();
  const handle = (await cards.nth(1).locator('.synthesis-drag-handle').boundingBox())!;
  const target = (await cards.nth(0).boundingBox())!;
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
  await page.mouse.down();
  await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect(titles).toHaveText([other, name]);
  const status = page.getByRole('status').filter({ hasText: `“${other}” is now in position 1 of 2.` });
  await expect(status).toBeVisible();
  await status.getByRole('button', { name: 'Undo' }).click();
  await expect(titles).toHaveText([name, other]);
  await page.getByRole('button', { name: `Move “${name}” down` }).click();
  await expect(titles).toHaveText([other, name]);
  await expect(page.getByRole('status').filter({ hasText: `“${name}” is now in position 2 of 2.` })).toBeVisible();
  await page.getByRole('button', { name: `Widen “${other}” to two columns` }).click();
  await expect(cards.nth(0)).toHaveClass(/synthesis-card-wide/);
  // Sent: the dashboard's line loses its waiting mark once the outbox has delivered every move.
  await expect(page.locator('.synthesis-saved-item .waiting-mark')).toHaveCount(0, { timeout: 20_000 });
  await page.reload();
  await expect(titles).toHaveText([other, name]);
  await expect(cards.nth(0)).toHaveClass(/synthesis-card-wide/);
  await expect(page.getByRole('button', { name: `Narrow “${other}” to one column` })).toBeVisible();
  await expectNoViolations(page, '/synthesisBuilder/synthesisView');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export as PDF' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.pdf$/);
  const path = await file.path();
  const { readFileSync } = await import('node:fs');
  expect(readFileSync(path).subarray(0, 5).toString()).toBe('%PDF-');
});
