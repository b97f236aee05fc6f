import { expect, test } from '@playwright/test';
import { submitLogin } from './support';

test.use({ viewport: { width: 1280, height: 900 } });

test('a module page lists the district’s functionalities with what this user can open', async ({ page }) => {
  const answered: string[] = [];
  page.on('response', async (response) => {
    if (response.url().endsWith('/api/functionalities/getFunctionalityElements') && response.request().method() === 'POST') {
      answered.push(((await response.json()) as { data: { feature: string } }).data.feature);
    }
  });
  await submitLogin(page, 'field@demo.vigie.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('navigation', { name: 'Main menu' }).getByText('Cartography').click();
  await expect(page).toHaveURL(/\/cartography$/);

  const section = page.getByTestId('module-elements');
  await expect(section.getByRole('heading', { name: 'Functionalities in this district' })).toBeVisible();
  await expect(section.getByTestId('module-element-map')).toContainText('Available');
  // Points of interest and incidents need the cartography management rights the field user lacks.
  await expect(section.getByTestId('module-element-interestPoints')).toContainText('Not available');
  await expect(section.getByTestId('module-element-incidents')).toContainText('Not available');
  // The page asked the server about the district module behind the `cartography` prefix.
  expect(answered).toContain('cartography');
});

test('the operator can open every functionality of the cartography module', async ({ page }) => {
  await submitLogin(page, 'operator@demo.vigie.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/cartography');
  const section = page.getByTestId('module-elements');
  await expect(section.getByTestId('module-element-incidents')).toContainText('Available');
  await expect(section.getByText('Not available')).toHaveCount(0);
});
