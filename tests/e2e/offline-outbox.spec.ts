/**
 * The outbox of every write in the browser: a write waiting in the
 * IndexedDB outbox is counted in the shell and listed on the outbox page; one in conflict
 * opens the choice dialog, which axe finds accessible; the profile page says what is kept.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { openDialog, submitLogin } from './support';

const OPERATOR = 'operator@demo.vigie.test';

async function logIn(page: Page) {
  await submitLogin(page, OPERATOR);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('toolbar-district')).not.toBeEmpty();
}

/** Writes a 'sites.update' item in conflict into the app's outbox, for the session's tenant. */
async function seedConflict(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const token = localStorage.getItem('token') ?? '';
    const claims = JSON.parse(atob((token.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/'))) as { db: string; did: string; email: string };
    const database = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('vigie-outbox');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('open failed'));
    });
    const key = crypto.randomUUID();
    await new Promise<void>((resolve, reject) => {
      const tx = database.transaction(['items', 'payloads'], 'readwrite');
      tx.objectStore('items').add({
        key,
        idempotencyKey: key,
        kind: 'sites.update',
        module: 'sites',
        recordId: '00000000-0000-4000-8000-000000000001',
        baseVersion: 1,
        tenant: { clientDatabase: claims.db, districtId: claims.did, userEmail: claims.email },
        createdAt: Date.now(),
        state: 'conflict',
        attempts: 1,
        lastError: 'record.version_conflict',
        lastStatus: 409,
        attachmentIds: [],
        uploaded: [],
        written: false,
        summary: null,
        result: null,
        conflict: {
          fields: [{ field: 'name', base: 'Dépôt', mine: 'Dépôt nord', theirs: 'Dépôt sud' }],
          merged: {},
          theirs: { id: '00000000-0000-4000-8000-000000000001', version: 2, name: 'Dépôt sud' },
        },
      });
      tx.objectStore('payloads').add({ key, payload: { name: 'Dépôt nord' }, base: { name: 'Dépôt' } });
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error ?? new Error('write failed'));
    });
    database.close();
  });
}

test.describe('the outbox of every write', () => {
  test('a write in conflict is counted in the shell, listed, and its choice dialog is accessible', async ({ page }) => {
    test.setTimeout(90_000);
    await logIn(page);
    // The outbox page opens the database (version 3) before anything is written into it.
    await page.goto('/emergency/outbox');
    await expect(page.getByRole('heading', { name: 'Emergency alerts', level: 1 })).toBeVisible();
    await seedConflict(page);
    await page.reload();

    await expect(page.getByRole('link', { name: '1 record waiting to be sent' })).toBeVisible();
    const row = page.locator('li.outbox-write');
    await expect(row.getByText('Conflict to resolve')).toBeVisible();
    await row.getByText('Choose the values').click();
    const dialog = openDialog(page);
    await expect(dialog.getByRole('heading', { name: 'Also changed on the server' })).toBeVisible();
    await expect(dialog).toHaveJSProperty('presented', true);
    await expect(dialog.getByRole('radio', { name: /Your value:\s*Dépôt nord/ })).toBeChecked();
    await expect(dialog.getByRole('radio', { name: /Server's value:\s*Dépôt sud/ })).toBeVisible();
    // Legacy mode: axe runs in the page in one call (as in a11y.spec.ts), no extra blank page.
    const { violations } = await new AxeBuilder({ page }).setLegacyMode(true).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

    await page.keyboard.press('Escape');
    await expect(openDialog(page)).toHaveCount(0);
    await page.goto('/me/meInfos');
    await expect(page.getByRole('heading', { name: 'Offline on this device' })).toBeVisible();
    await expect(page.getByText('1 record waiting to be sent').last()).toBeVisible();
  });
});
