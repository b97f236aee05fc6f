import { expect, test } from '@playwright/test';
import { submitLogin } from './support';

test.use({ viewport: { width: 1280, height: 900 } });

// Files: a module still without screens of its own (Cartography has its map now), with functionalities.
test('a module page lists the district’s functionalities with what this user can open', async ({ page }) => {
  const answered: string[] = [];
  page.on('response', async (response) => {
    if (response.url().endsWith('/api/functionalities/getFunctionalityElements') && response.request().method() === 'POST') {
      answered.push(((await response.json()) as { data: { feature: string } }).data.feature);
    }
  });
  await submitLogin(page, 'district-admin@demo.vigie.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('navigation', { name: 'Main menu' }).getByText('Files').click();
  await expect(page).toHaveURL(/\/files\/sitesTypes$/);

  const section = page.getByTestId('module-elements');
  await expect(section.getByRole('heading', { name: 'Functionalities in this district' })).toBeVisible();
  await expect(section.getByTestId('module-element-sitesTypes')).toContainText('Available');
  await expect(section.getByTestId('module-element-siteFiles')).toContainText('Available');
  // The page asked the server about the district module behind the `files` prefix.
  expect(answered).toContain('files');
});

test('the operator can open every functionality of the files module', async ({ page }) => {
  await submitLogin(page, 'operator@demo.vigie.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/files/sitesTypes');
  const section = page.getByTestId('module-elements');
  await expect(section.getByTestId('module-element-siteFiles')).toContainText('Available');
  await expect(section.getByText('Not available')).toHaveCount(0);
});
